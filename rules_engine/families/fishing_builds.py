"""Fishing games with builds: a card played with table cards into a pile of a value its player
holds another card of, which only a card of that value takes (Cassino's builds, Diloti's
declarations); hands refilled from a stock; clearing the table counted (a sweep, a xeri); hands
dealt until a side reaches a target of points and is ahead.

:class:`BuildingGame` lists the moves of a card (its captures first, the card laid next, its
builds last: a player always making the first or the last move allowed then keeps the table
small, as players do), explains the refusals every such game shares, plays the moves, deals new
hands, counts the clearings and ends the hand and the game. A game gives:

- its words: ``BUILD`` (the move's verb: ``build 3D with 5S as 8``), ``PILE`` (what a build is
  called in refusals), ``TRAIL`` (the button of a card laid), ``CLEARING`` (a capture that clears
  the table: the state keeps them per side in the attribute of that name, plural: ``sweeps``),
  ``SAYS`` (the sentences of a build made, raised and beside other sets: ``{card}`` the card
  played from the hand, ``{onto}`` the table cards it goes onto, ``{pile}`` the build raised), ``RULES`` (rule ids,
  beside the family's: ``pile`` a build taken whole and by its value, ``build`` what a build
  needs, ``most`` its highest value) and ``TARGET_WORDS`` (how the game is won, its target being
  the spec's ``scoring.target``);
- its rules: what a card takes (``_takes``, ``_takes_several``), whether a capture or build is
  allowed while its player owns a build (``_may_capture``, ``_may_build``, ``_spare``: one that
  owns none may make any), whether a build may be raised (``_may_raise``), its sides (``side``,
  ``side_names``), its deal and new hands, its count (``_hand_row``, ``_row_lines``) and its own
  refusals.
"""

from bisect import bisect_left, bisect_right

from ..cards import RANKS, SUITS, Card, build_deck, parse_card
from ..game import Scores
from ..scoring import ScoreError
from ..selection import Built
from ..table import plural
from .fishing import FishingGame, cards_words, once_per_state
from .fishing_piles import Pile, PilesOnTable, lexical, unions

VALUES = {"A": 1, **{str(n): n for n in range(2, 10)}, "T": 10}   # face cards have none
LOWEST = 2      # the lowest value of a build; the highest is the table's HIGHEST sum, 10

# A card's value in sums and builds: its pips, the ace 1, the 10 ten; None for a face card (and
# a joker). A lookup by the (interned) card, not a function: the moves of a state ask it hundreds
# of times.
value = {Card(rank, suit): VALUES.get(rank) for rank in RANKS for suit in SUITS}.get
# Its value or 0, for the highest of a hand: every card of any pack (a joker 0, as a face card).
_worth = {card: VALUES.get(card.rank, 0) for card in build_deck(jokers=1)}.__getitem__


def award_most(tally, counts, bonus, label, rule):
    """Add ``bonus`` to the side (of two) with more of ``counts`` (a ``table.Tally`` item named
    ``label``, noting the two counts); to neither when level."""
    if counts[0] != counts[1]:
        side = 0 if counts[0] > counts[1] else 1
        tally.add(side, label, bonus, rule, note=f"{counts[side]} to {counts[1 - side]}")


def each_counts(tally, counts, points, label, rule, cards=None, word=None):
    """Add ``points`` for each of ``counts`` per side (aces, sweeps) as an item of ``tally``
    named ``label``, with each side's ``cards`` if given, else noting the count of ``word``s."""
    for side, n in enumerate(counts):
        if n:
            tally.add(side, label, points * n, rule, cards[side] if cards else (),
                      None if cards else plural(n, word))


def one_card(tally, side, points, card, rule):
    """Add ``points`` to the side that won ``card`` (a text), named by its symbol."""
    tally.add(side, f"The {parse_card(card).symbol}", points, rule, [card])


def holder(piles, text):
    """The side whose won cards (``piles``, one per side) hold the card ``text``."""
    return next(side for side, pile in enumerate(piles) if any(c.text == text for c in pile))


def check_counts(facts, totals, whose, hand):
    """Refuse the counts entered on a score pad that do not add up to what every ``hand`` (the
    game's word) gives out: ``totals`` pairs each fact with its total; ``whose`` says whose the
    counts are (``players``, ``sides``)."""
    for name, total in totals:
        if sum(facts[name]) != total:
            raise ScoreError(f"the {whose}' {name} add up to {sum(facts[name])}: a {hand} gives out {total}",
                             "scoring.hand")


class BuildingGame(PilesOnTable, FishingGame):
    """A fishing game with builds, a stock and clearings, played by sides to a target of points."""

    BUILD, PILE, TRAIL, CLEARING = "build", "build", "trail", "sweep"
    TARGET_WORDS = SAYS = None
    lone_card_moves_finish = True   # a hand card picked alone may be laid with the TRAIL button

    # ---- sides, setup and the deal ---------------------------------------------------------------

    def side(self, seat):
        """The column of ``points`` that ``seat`` scores in: each player its own, by default."""
        return seat

    def side_names(self):
        return list(self.player_names())

    def seat_points(self, seat):
        return self.points[self.side(seat)]

    def _scorer_names(self):
        return self.side_names()

    def _members(self, column):
        return [s for s in range(self.seats) if self.side(s) == column]

    def won_by_side(self, keep):
        """Each side's won cards that ``keep`` picks (the aces), for the items of the count."""
        out = [[], []]
        for s, pile in enumerate(self.won):
            out[self.side(s)] += [c for c in pile if keep(c)]
        return out

    @property
    def clearings(self):
        """The table's clearings per side this hand (the game's ``sweeps``, ``xeris``)."""
        return getattr(self, self.CLEARING + "s")

    def _setup(self):
        super()._setup()
        self.points = (0, 0)     # a column per side

    def _start_hand(self, number, dealer):
        self.plays = 0           # cards played this hand
        # Replaced whole when it changes, never changed in place: a move's new state need not copy it.
        setattr(self, self.CLEARING + "s", [0, 0])
        super()._start_hand(number, dealer)

    def _new_hands(self):
        """Deal new hands from the stock: the sentence that says so."""
        raise NotImplementedError

    # ---- what a card may do ----------------------------------------------------------------------

    def owned(self, seat):
        """The indices of the builds ``seat`` owns (made or last raised), bound to take them."""
        if not self.piles:   # as a table mostly is: asked at every state
            return []
        return [i for i, pile in enumerate(self.piles) if pile.owner == seat]

    @once_per_state
    def _cached_bound(self):
        """The builds the seat to act is bound to take."""
        return self.owned(self.turn)

    table_value = staticmethod(value)

    def _takes(self, card):
        """The combinations of table items ``card`` takes, each a mask: a capture takes one or
        several disjoint ones at once (a list to read, not to change). They are among the loose
        cards of its rank (``rank_mates``) and the sets and piles of its value (``combos_worth``)."""
        raise NotImplementedError

    def _highest_sum(self):
        # A card captures sums of its own value and builds to the value of a card its player
        # holds: no total above the highest card of the seat to act is asked, and the sums of
        # a table of many low cards grow fast with the total.
        if self.turn is None:
            return self.HIGHEST
        return max(map(_worth, self.hands[self.turn]), default=0)

    def rank_mates(self, card):
        """Each loose card of the rank of ``card``, as a combination."""
        return self._cached_rank_mates.get(card.rank, [])

    @once_per_state
    def _cached_rank_mates(self):
        """The loose cards of each rank, as combinations: the table is read once, not once a card."""
        mates = {}
        for i, c in enumerate(self.layout):
            mates.setdefault(c.rank, []).append(1 << i)
        return mates

    def combos_worth(self, total, least=1):
        """The combinations worth ``total``: the sets of loose cards adding up to it, of ``least``
        cards or more, then each pile of that value, as masks (to read, not to change: the list
        may be the table's own)."""
        table = self._cached_table
        sums, piles = table.sums.get(total), table.piles.get(total)
        if sums and least > 1:
            sums = [mask for mask in sums if mask.bit_count() >= least]
        if not piles:
            return sums or []
        return sums + piles if sums else piles

    def _spare(self, seat, card, taken_piles):
        """Whether ``seat`` may spend ``card`` on a move that takes (or builds on) ``taken_piles``."""
        raise NotImplementedError

    def _keeps_duty(self, card, made):
        """Whether spending ``card`` on the items ``made`` leaves the seat to act what its builds
        need (``_spare``): always, when it owns none."""
        return not self._cached_bound or self._spare(self.turn, card, self.piles_in(made))

    def _takes_several(self, card):
        """Whether ``card`` may take several of its combinations at once."""
        return True

    def _may_capture(self, card, made, parts):
        """Whether ``card`` may take the items ``made``, as the combinations ``parts``, while the
        seat to act owns a build (asked only then)."""
        return self._keeps_duty(card, made)

    def _may_build(self, card, made, parts):
        """Whether ``card`` may build the items ``made`` (the card played among them) as ``parts``,
        while the seat to act owns a build (asked only then)."""
        return self._keeps_duty(card, made)

    def _may_raise(self, pile, seat):
        """Whether ``seat`` may raise ``pile``, a single build, with the card played alone."""
        return True

    @once_per_state
    def _cached_captures(self):
        return {}

    def capture_sets(self, card):
        """Every legal capture of ``card`` (from the hand of the seat to act): ``{items: parts}``,
        kept for the refusals that ask again (the legal moves ask once a card: ``_capture_sets``)."""
        found = self._cached_captures
        sets = found.get(card)
        if sets is None:
            sets = found[card] = self._capture_sets(card)
        return sets

    def _capture_sets(self, card):
        combos = self._takes(card)
        if not combos:
            return {}   # as for most cards: no comprehension made, a comprehension being a call
        if len(combos) > 1 and self._takes_several(card):
            sets = unions(combos)
        else:
            sets = {}
            for combo in combos:
                sets[combo] = (combo,)
        if self._cached_bound:
            sets = {made: parts for made, parts in sets.items() if self._may_capture(card, made, parts)}
        return sets

    def captures(self, card):
        return [self.mask_cards(made) for made in self.capture_sets(card)]

    @once_per_state
    def _cached_builds(self):
        return {}

    def builds(self, card):
        """Every legal build with ``card``: ``{(items, value): parts}`` (``items`` without the card
        played), kept as ``capture_sets`` are."""
        found = self._cached_builds
        built = found.get(card)
        if built is None:
            built = found[card] = self._builds(card)
        return built

    def _builds(self, card, targets=None):
        """The builds with ``card`` (of the values ``targets`` alone, if given)."""
        out = {}
        targets = self._build_values(card) if targets is None else targets
        if not targets:
            return out
        v, seat, table, bound = value(card), self.turn, self._cached_table, self._cached_bound
        sums, piles, played = table.sums, table.piles, table.played
        for target in targets:
            # The sets adding up to ``target`` among the table's items and the card played, in
            # ``lexical`` order: those the card played completes (loose cards, or a pile it
            # raises), the card alone, and those of the table.
            below = sums.get(target - v)
            found = [mask | played for mask in below] if below else []
            if target - v in piles:
                found += [mask | played for mask in piles[target - v] if self._raises(mask, seat)]
            if v == target:
                found.append(played)
            if not found:
                continue   # the card played in no set, or alone
            alike = sums.get(target, []) + piles.get(target, [])
            combos = sorted(found + alike, key=lexical) if alike or len(found) > 1 else found
            for made, parts in unions(combos).items():
                if made & played and made != played and (not bound or self._may_build(card, made, parts)):
                    out[(made ^ played, target)] = parts
        return out

    def _raises(self, mask, seat):
        """Whether the pile alone of ``mask`` and the card played may make a build: a single pile,
        raised by the card played where ``seat`` may raise it."""
        pile = self.piles[mask.bit_length() - 1 - self._cached_table.first_pile]
        return pile.sets == 1 and self._may_raise(pile, seat)

    def _build_values(self, card):
        """The values a build with ``card`` may have, from its own (and 2) to 10: those of another
        card its player holds (a build is made only by a player who can take it)."""
        v = value(card)
        if v is None:
            return []
        values, targets = self._cached_held
        if card in self.hands[self.turn]:
            return targets[v]
        return values[bisect_left(values, v):]

    @once_per_state
    def _cached_held(self):
        """The values from 2 to 10 of the cards the seat to act holds, in increasing order, and the
        values a build with each card of its hand may have, by the card's value (``_build_values``:
        the moves of a state ask them for every card)."""
        counts = {}   # counted by hand: a Counter takes longer to make than the rest of the builds
        for card in self.hands[self.turn]:
            v = value(card)
            if v is not None:
                counts[v] = counts.get(v, 0) + 1
        values = sorted(counts)
        values = values[bisect_left(values, LOWEST):bisect_right(values, self.HIGHEST)]
        targets = {}   # a loop, not a comprehension: a hand holds a few values, and a comprehension is a call
        for v, n in counts.items():
            targets[v] = values[bisect_left(values, v) if n > 1 else bisect_right(values, v):]
        return values, targets

    # ---- moves -----------------------------------------------------------------------------------

    def _legal(self):
        free = not self._cached_bound
        # The moves written by the forms' makers and the table cards put in order directly, not
        # through ``capture_move`` and ``_move``: every legal move of every state is written.
        capture, play, build = self._makers["capture"], self._makers["play"], self._makers[self.BUILD]
        mask_cards, capture_sets, builds = self.mask_cards, self._capture_sets, self._builds
        build_values, table = self._cached_held[1], self._cached_table
        moves = []
        add = moves.append
        for card in self.hands[self.turn]:
            v = value(card)
            # A card takes among the loose cards of its rank and the sets and piles of its value
            # (``_takes``): with none on the table, it is not asked. A card of its rank is a set
            # of its value (the sums count each card alone), but a face card has no value.
            if (v in table.sums or v in table.piles) if v is not None else card.rank in self._cached_rank_mates:
                for made in capture_sets(card):
                    add(capture(mask_cards(made), card))
            if free:
                add(play(card))
            if v is not None and build_values[v]:
                for items, target in builds(card, build_values[v]):
                    add(build(mask_cards(items), card, target))
        return moves

    def _taking_refusal(self, move, card):
        taken = move.args[0]
        split = self.split_piles(taken)
        if split:
            return self._whole_refusal(split[0])
        if move.kind == "capture":
            return self._capture_refusal(taken, card)
        return self._build_refusal(taken, card, move.args[2])

    def _whole_refusal(self, pile):
        return (f"{self.pile_label(self.piles[pile])} is taken or built on whole, all its cards together",
                self.RULES["pile"])

    def _kept_refusal(self, card):
        """Why ``card`` is kept for a build its player is bound to take."""
        raise NotImplementedError

    def _capture_refusal(self, taken, card):
        piles = {self.pile_of(c) for c in taken} - {None}
        if not self._spare(self.turn, card, piles):
            return self._kept_refusal(card)
        v = value(card)
        wrong = [self.piles[i] for i in piles if self.piles[i].value != v]
        if wrong:
            return (f"{self.pile_label(wrong[0])} is taken only by a card of value {wrong[0].value}, "
                    f"not the {card.symbol}", self.RULES["pile"])
        own = self._own_capture_refusal(taken, card)
        if own:
            return own
        if not self.captures(card):
            return f"the {card.symbol} captures nothing on the table", self.RULES["capture"]
        return (f"the {card.symbol} cannot capture {cards_words(taken)}: it takes {self._takes_words(card)}",
                self.RULES["capture"])

    def _own_capture_refusal(self, taken, card):
        """A refusal of the game's own, before the family's last ones; None for none."""
        return None

    def _takes_words(self, card):
        """What ``card`` takes, in words."""
        raise NotImplementedError

    def _build_refusal(self, taken, card, target):
        name = self.player_names()[self.turn]
        if value(card) is None or any(value(c) is None for c in taken):
            return f"face cards have no value: they go into no {self.PILE}", self.RULES["build"]
        if not LOWEST <= target <= self.HIGHEST:
            return f"a {self.PILE} is worth 2 to 10, not {target}: no card takes more than 10", self.RULES["most"]
        if not any(value(c) == target for c in self.hands[self.turn] if c != card):
            return (f"{name} holds no other card of value {target}: a {self.PILE} is made only by a player who "
                    f"can take it", self.RULES["build"])
        return self._own_build_refusal(taken, card, target, {self.pile_of(c) for c in taken} - {None})

    def _own_build_refusal(self, taken, card, target, piles):
        """Why a build of the cards ``taken`` (``piles`` among them) with ``card`` is refused, once
        it is made of cards with a value, worth 2 to 10, by a player holding a card that takes it."""
        raise NotImplementedError

    def _more_candidates(self, hand, table):
        build = self.forms[self.BUILD]
        return [build.make((t,), c, n) for c in hand[:2] for t in table[:2] for n in (9, 11)]

    # ---- moves built from several cards ----------------------------------------------------------

    def _click_choice(self, move):
        return self.TRAIL if move.kind == "play" else None

    def _built(self, move):
        if move.kind == self.BUILD:
            return Built((move.args[1].text,) + tuple(c.text for c in move.args[0]), None,
                         f"{self.BUILD.capitalize()} {move.args[2]}")
        return super()._built(move)

    def _selection_refusal(self, picked, target):
        cards = [parse_card(t) for t in picked]
        own = [c for c in cards if c in self.hands[self.turn]]
        if len(own) == 1 and target is None and all(c in self._table_cards() for c in cards if c not in own):
            taken = tuple(c for c in cards if c not in own)
            split = self.split_piles(taken)
            if split:
                return self._whole_refusal(split[0])
            if taken:
                return self._capture_refusal(taken, own[0])
            if self.owned(self.turn):
                return self._play_refusal(own[0])
            return f"the {own[0].symbol} makes no capture or {self.PILE} alone", self.RULES["capture"]
        return super()._selection_refusal(picked, target)

    # ---- playing a move --------------------------------------------------------------------------

    def _play_own(self, move):
        taken, card, target = move.args
        seat, name = self.turn, self.player_names()[self.turn]
        items = self._items_of(taken)
        parts = self._builds(card, [target])[(items, target)]
        raised = [p for p in (self.piles[i] for i in sorted(self.piles_in(items))) if p.value != target]
        cards = self.pile_cards(parts, card)
        sets = self._sets_of(parts, target)
        onto = self._onto_words(parts, taken)
        self._forget()
        self.hands[seat].remove(card)
        for c in taken:
            self._take_from_table(c)
        self.piles = self.piles + [Pile(cards, target, seat, sets)]   # a new list (``PilesOnTable``)
        says, words = self.SAYS, {"name": name, "card": card.symbol, "value": target, "onto": onto}
        if raised:
            beside = [c for c in taken if c not in raised[0].cards]
            self.said = says["raise"].format(pile=self.pile_label(raised[0]), **words) + (
                says["beside"].format(cards=cards_words(beside)) if len(parts) > 1 else ".")
        else:
            self.said = says["multiple" if sets > 1 else "single"].format(**words)

    def _onto_words(self, parts, taken):
        """The table cards a build's card goes onto, in words (those of its own sum, then any set
        taken in beside it): every seat reads which card came from the hand and which lay there."""
        played = self._cached_table.played
        own = next((self.mask_cards(part & ~played) for part in parts if part & played and part != played), ())
        beside = [c for c in taken if c not in own]
        if not own or not beside:
            return cards_words(taken)
        return f"{cards_words(own)}, taking in {cards_words(beside)},"

    def _sets_of(self, parts, target):
        """The sets of ``target`` a new build made of ``parts`` holds: a multiple build of that
        value taken in whole brings its own, any other part one."""
        table, sets = self._cached_table, 0
        for part in parts:
            pile = self.piles[part.bit_length() - 1 - table.first_pile] \
                if table.loose <= part < table.played and not part & (part - 1) else None
            sets += pile.sets if pile is not None and pile.value == target else 1
        return sets

    def _capture(self, seat, card, taken):
        super()._capture(seat, card, taken)
        if not self.layout and not self.piles and self._counts_clearing():   # it took every card left
            counts = list(self.clearings)
            counts[self.side(seat)] += 1
            setattr(self, self.CLEARING + "s", counts)   # a new list (``_start_hand``)
            self.said = f"{self.said[:-1]}: a {self.CLEARING}!"

    def _counts_clearing(self):
        """Whether a capture clearing the table now counts."""
        return True

    def _after_play(self, seat):
        self.plays += 1
        self._next_turn()

    def _next_turn(self):
        self.turn = (self.turn + 1) % self.seats
        if any(self.hands):
            return
        if self.stock:
            self.said = f"{self.said} {self._new_hands()}"
            return
        self._end_hand()

    # ---- the hand's end and the game's ---------------------------------------------------------

    def _rest_taker(self):
        # Nobody captured in the whole hand: the cards left go to the dealer, who played its last
        # card (Cassino's interpretation.last-sweep, Diloti's interpretation.nobody-captured).
        return self.dealer if self.last_capturer is None else self.last_capturer

    def _end_hand(self):
        super()._end_hand()
        if not self.over and self.hand_number >= self.spec.scoring.last_hand:
            self.over, self.turn = True, None   # still level after the last hand: a draw (its note)

    def _winners(self):
        """The seats of the side that has reached the target and is ahead; none before."""
        best = max(self.points)
        if best < self.spec.scoring.target or min(self.points) == best:
            return ()
        side = self.points.index(best)
        return tuple(s for s in range(self.seats) if self.side(s) == side)

    def _scores(self):
        hand = self.hand_results[-1][1] if self.over else (0, 0)
        return Scores(tuple(hand[self.side(s)] for s in range(self.seats)),
                      tuple(self.points[self.side(s)] for s in range(self.seats)))

    # ---- what each seat sees ---------------------------------------------------------------------

    def pile_words(self, pile):
        raise NotImplementedError

    def pile_label(self, pile):
        return f"{self.player_names()[pile.owner]}'s {self.pile_words(pile)[4:]}"

    def piles_seen(self):
        return [{"cards": [c.text for c in p.cards], "value": p.value, "owner": p.owner, "sets": p.sets}
                for p in self.piles]

    def _won_note(self, seat, pile):
        return f"won {plural(len(pile), 'card')}"

    def _title(self):
        return f"{self.HAND.capitalize()} {self.hand_number}"   # until a side reaches the target

    def _describe(self, seat):
        facts = []
        if not self.over:
            name = self.player_names()[self.turn]
            mine = self.owned(self.turn)
            facts.append(f"{name} to play" + (f", bound to take {self.pile_label(self.piles[mine[0]])}"
                                               if mine else ""))
            facts.append(self.stock_fact())
            if any(self.clearings):
                facts.append(f"{self.CLEARING.capitalize()}s: "
                             + ", ".join(f"{n} {x}" for n, x in zip(self.side_names(), self.clearings)))
        return self.fishing_description(seat, facts, [self.stock_zone()] + self.pile_zones())

    def _target_words(self):
        return self.TARGET_WORDS

    def _result(self):
        if not self.over:
            return None
        if not self.winners:
            return (f"After {self.spec.scoring.last_hand} {self.HAND}s the totals are still level, "
                    f"{plural(self.points[0], 'point')} each: a draw.")
        side = self.side(self.winners[0])
        verb = "wins" if self.seats == 2 else "win"
        return f"{self.side_names()[side]} {verb} with {plural(self.points[side], 'point')}."
