"""Knock rummies (the Gin Rummy kind): draw and discard, knock by discarding face down, then lay
out melds one at a time and lay cards off onto others' melds, each move of several cards built
step by step (``state.choose``).

The family plays a hand: ten cards each from one pack, dealt from the dealer's left, the next
card turned up to start the discard pile; a turn draws from the stock or the discard pile and
discards, never the card just taken; a player whose other cards leave no more than ``limit`` in
deadwood may knock instead, discarding face down; the knocker lays out melds leaving no more than
``limit``, then each other player in turn from the knocker's left lays out melds and lays cards
off (none on gin); the hands' points add up towards ``target``, the hands won count in ``boxes``,
and the game ends when a player reaches the target or after ``max_hands``.

A game subclasses ``KnockRummyState`` with its move ``forms`` (draw-stock, draw-discard,
discard, knock, meld, layoff, done) and says what is its own: ``limit``, ``target``,
``max_hands``, ``hand_moves`` (the most moves of a hand), ``box_bonus``; the phase a hand starts
in (``FIRST_PHASE``) and the phases that lay melds (``LAYING``); what follows a discard
(``_after_discard``), how a knock scores (``_score_knock``), who deals next (``_next_dealer``),
the game's bonus at its end (``_game_bonus``), and the words of a few refusals. Its state
holds the hands (``hands``), ``stock``, ``discard``, the melds on the table (``melds``:
``(owner, cards)``), the seat to act (``turn``), its ``phase``, the card just taken from the
discard pile (``taken``), the ``knocker`` and the ``knock_card``. The family answers the rest:
the legal moves and the refusals, the melds a knocker may lay, a partial choice's refusal, the
knock's face-down discard, what each seat may see of it, and the table (``knock_table``).
"""

from ..cards import make_deck, parse_card
from ..game import ALL, Scores, State
from ..selection import Built
from ..table import Tally, plural, zone
from .rummy import (Arranger, candidate_melds, canonical, extends, held_order, least_deadwood, meld_kind, meld_words,
                    pips, unmatched)
from .rummy_table import description, hand_sheet, hand_zones, interlude, stock_zone

HAND_SIZE = 10


class KnockRummyState(State):
    FIRST_PHASE = "draw"                   # the phase in which a hand starts
    LAYING = ("lay", "answer")             # the phases in which melds are laid out
    KNOCKER_LAYS = "lay"                   # the phase in which the knocker lays out
    PLAIN_MOVES = ("draw-stock", "draw-discard", "done")   # moves without a card, for candidate_moves
    # A game words two refusals: LAYING_OUT_ONLY, of a move other than laying out while the hand is
    # laid out ("{name}" the player's), and KNOCKER_LAYS_OFF, of a lay-off by the knocker.

    @property
    def limit(self):
        """The most deadwood a knocker may keep."""
        raise NotImplementedError

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.stock, self.discard = list(self.stock), list(self.discard)
        self.melds = [(owner, list(cards)) for owner, cards in self.melds]

    @property
    def to_act(self):
        return None if self.over else self.turn

    def move_bound(self):
        """At most ``max_hands`` hands (a hand with no score counts), each of ``hand_moves``."""
        return self.max_hands * self.hand_moves

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self.points, self.boxes = (0,) * self.seats, (0,) * self.seats
        self.hand_results = ()   # (hand number, points per seat, lines)
        self.over, self.winners, self.final, self.said = False, (), None, None
        self._start_hand(1, 0)

    def _start_hand(self, number, dealer):
        self.hand_number, self.dealer = number, dealer
        cards = self._shuffle(f"hand-{number}", make_deck("52"))
        self.hands = [[] for _ in range(self.seats)]
        for _ in range(HAND_SIZE):
            for i in range(1, self.seats + 1):
                self.hands[(dealer + i) % self.seats].append(cards.pop())
        for hand in self.hands:   # held sorted, by suit then rank, as players hold them
            hand.sort(key=held_order)
        self.discard = [cards.pop()]
        self.stock = cards
        self.phase, self.turn, self.taken, self.turns = self.FIRST_PHASE, (dealer + 1) % self.seats, None, 0
        self.knocker, self.knock_card, self.gin, self.melds = None, None, False, []

    # ---- moves ---------------------------------------------------------------------------------

    def _legal(self):
        forms, hand, phase = self.forms, self.hands[self.turn], self.phase
        if phase == "draw":
            top = self.discard[-1] if self.discard else None
            takes = top is not None and self._may_take(top, hand)
            return [forms["draw-stock"].make()] + ([forms["draw-discard"].make()] if takes else [])
        if phase == "discard":
            free = [c for c in hand if c is not self.taken]
            return [forms["discard"].make(c) for c in free] + [forms["knock"].make(c) for c in self._knocks(hand, free)]
        moves = [forms["meld"].make(m) for m in self._melds_allowed(hand)]
        if phase != self.KNOCKER_LAYS and not self.gin:
            moves += [forms["layoff"].make(c, n) for n, c in self._lay_offs(hand)]
        if phase != self.KNOCKER_LAYS or sum(map(pips, hand)) <= self.limit:
            moves.append(forms["done"].make())
        return moves

    def _knocks(self, hand, free):
        """The cards of ``free`` whose discard leaves no more than ``limit`` in deadwood. The cards
        no meld can hold count in every arrangement: when those left after a discard count more
        than the limit, that discard is no knock, with no search of the arrangements."""
        loose = unmatched(hand)
        least_left = sum(map(pips, loose))
        if least_left - max(map(pips, loose), default=0) > self.limit:   # so for every discard
            return []
        maybe = [c for c in free if least_left - (pips(c) if c in loose else 0) <= self.limit]
        arranger = Arranger(hand)
        return [c for c in maybe if arranger.least((c,)).points <= self.limit]

    def _may_take(self, card, hand):
        """Whether the discard pile's top ``card`` may be drawn into ``hand``."""
        return True

    def _lay_onto(self, owner):
        """Whether the player to act may lay off onto a meld of ``owner``'s: the knocker's."""
        return owner == self.knocker

    def _lay_offs(self, hand):
        return [(number, card) for number, (owner, cards) in enumerate(self.melds, 1) if self._lay_onto(owner)
                for card in hand if extends(cards, card)]

    def _melds_allowed(self, hand):
        """The melds of ``hand`` that may be laid now: for the knocker, those that leave no more
        than the limit in deadwood (so a knock once allowed can always be laid out)."""
        melds = sorted(set(candidate_melds(hand)), key=lambda m: [hand.index(c) for c in m])
        if self.phase == self.KNOCKER_LAYS:
            arranger = Arranger(hand)
            return [m for m in melds if arranger.least(m).points <= self.limit]
        return melds

    def parse_move(self, move):
        if isinstance(move, str) and not self.over:   # a legal move's own text, as bots and records give it
            legal = next((m for m in self._legal_now() if m.text == move), None)
            if legal is not None:
                return legal
        move = super().parse_move(move)
        if move.kind == "meld":   # a meld is written in one order, whatever order it is given in
            return self.forms["meld"].make(canonical(move.args[0]))
        return move

    def _why_not(self, move):
        seat, phase, kind = self.turn, self.phase, move.kind
        name, hand = self.player_names()[seat], self.hands[seat]
        if phase == "draw":
            if kind != "draw-discard":
                return f"{name} first draws, from the stock or the discard pile", "play.draw"
            if not self.discard:
                return "the discard pile is empty", "play.draw"
            return self._take_refusal(self.discard[-1])
        cards = move.args[0] if kind == "meld" else (move.card,) if move.card else ()
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"{name} does not hold the {missing[0].symbol}", "play.turn"
        if phase == "discard":
            if kind not in ("discard", "knock"):
                return f"{name} has drawn and now discards, or knocks", "play.discard"
            if move.card is self.taken:
                return (f"the {move.card.symbol} was just taken from the discard pile: another card goes",
                        "play.discard")
            return self._knock_refusal(Arranger(hand).least((move.card,)).points)
        if kind not in ("meld", "layoff", "done"):
            return self.LAYING_OUT_ONLY.format(name=name), "play.meld"
        if kind == "meld":
            return self._meld_refusal(move.args[0])
        if kind == "layoff":
            return self._lay_off_refusal(move.card, move.args[1])
        left = sum(map(pips, hand))
        return (f"the cards left count {left} in deadwood, more than {self.limit}: the knocker lays more melds",
                "play.knocker-melds")

    def _take_refusal(self, card):
        """Why the discard pile's top ``card`` may not be drawn, for a game whose ``_may_take`` refuses it."""
        raise NotImplementedError

    def _knock_refusal(self, left):
        """Why a knock leaving ``left`` in deadwood is refused."""
        return f"the other cards would leave {left} in deadwood, more than {self.limit}: no knock", "play.knock"

    def _meld_refusal(self, cards):
        if meld_kind(cards) is None:
            return f"{meld_words(cards)} is neither a set nor a run (aces are low)", "play.meld"
        left = Arranger(self.hands[self.turn]).least(cards).points
        return (f"melding {meld_words(cards)} would leave {left} in deadwood, more than {self.limit}",
                "play.knocker-melds")

    def _lay_off_refusal(self, card, number):
        if self.phase == self.KNOCKER_LAYS:
            return self.KNOCKER_LAYS_OFF, "play.lay-off"
        if self.gin:
            return "no card is laid off on gin", "play.gin"
        if not 1 <= number <= len(self.melds):
            return f"there is no meld {number} on the table", "play.lay-off"
        owner, cards = self.melds[number - 1]
        if not self._lay_onto(owner):
            return f"meld {number} is not the knocker's: cards are laid off onto the knocker's melds", "play.lay-off"
        return f"the {card.symbol} does not extend {meld_words(cards)}", "play.lay-off"

    def candidate_moves(self):
        if self.over:
            return []
        hand = self.hands[self.turn]
        extra = [self.forms[k].make() for k in self.PLAIN_MOVES]
        extra += [self.forms[k].make(c) for k in ("discard", "knock") for c in make_deck("52")[::7]]
        extra += [self.forms["meld"].make(canonical(hand[i:i + 3])) for i in range(0, max(len(hand) - 2, 0), 2)]
        extra += [self.forms["layoff"].make(c, n) for c in hand[:3] for n in (1, 2, 5)]
        legal = self.legal_moves()
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        seat, kind = self.turn, move.kind
        name, hand = self.player_names()[seat], self.hands[seat]
        if kind == "draw-stock":
            hand.append(self.stock.pop())
            hand.sort(key=held_order)
            self.phase, self.taken = "discard", None
            self.said = f"{name} draws from the stock."
        elif kind == "draw-discard":
            self.taken = self.discard.pop()
            hand.append(self.taken)
            hand.sort(key=held_order)
            self.phase = "discard"
            self.said = f"{name} takes the {self.taken.symbol}."
        elif kind == "discard":
            hand.remove(move.card)
            self.discard.append(move.card)
            self.turns += 1
            self.said = f"{name} discards the {move.card.symbol}."
            self._after_discard()
        elif kind == "knock":
            hand.remove(move.card)
            self.knock_card, self.knocker, self.phase, self.taken = move.card, seat, "lay", None
            self.said = f"{name} {self._knock_words()}, discarding face down."
        elif kind == "meld":
            for card in move.args[0]:
                hand.remove(card)
            self.melds.append((seat, list(move.args[0])))
            self.said = f"{name} melds {meld_words(move.args[0])}."
        elif kind == "layoff":
            hand.remove(move.card)
            number = move.args[1]
            owner, cards = self.melds[number - 1]
            self.melds[number - 1] = (owner, list(canonical(cards + [move.card])))
            self.said = f"{name} lays off the {move.card.symbol} on meld {number}."
        elif seat == self.knocker:   # done laying out
            self.gin = not hand
            self.phase, self.turn = "answer", (seat + 1) % self.seats
            left = sum(map(pips, hand))
            self.said = f"{name} goes gin." if self.gin else f"{name} has laid out, with {left} in deadwood."
        elif (seat + 1) % self.seats != self.knocker:
            self.turn = (seat + 1) % self.seats
            self.said = f"{name} is done."
        else:   # the last to answer the knock is done
            self._score_knock()

    def _knock_words(self):
        return "knocks"

    def _after_discard(self):
        """What follows a discard face up: the next player's turn, unless the game says otherwise."""
        self._pass_turn()

    def _pass_turn(self):
        self.phase, self.turn, self.taken = "draw", (self.turn + 1) % self.seats, None

    def _score_knock(self):
        """Score the hand once every player has laid out after a knock, and end it."""
        raise NotImplementedError

    def _deadwood(self):
        """Each hand's deadwood: what its cards count once laid out after a knock, else the least
        over every arrangement."""
        if self.knocker is not None:
            return tuple(sum(map(pips, h)) for h in self.hands)
        return tuple(least_deadwood(h).points for h in self.hands)

    def knock_tally(self, scorer, items):
        """The hand's score as a ``table.Tally``: ``items`` for the ``scorer``, each ``(label,
        points, rule, whose)`` as the game's ``hand_items`` gives them, ``whose`` the seat whose
        deadwood the item counts (its cards shown), or None for a bonus."""
        tally, names = Tally(self.seats), self.player_names()
        for label, points, rule, whose in items:
            if whose is None:
                tally.add(scorer, label, points, rule)
            else:
                held = self.hands[whose]
                tally.add(scorer, label.format(name=names[whose]), points, rule, held,
                          plural(sum(map(pips, held)), "point"))
        return tally

    def _end_hand(self, tally, lines, winner, deadwood=None, ended=None):
        """``tally``: the hand's score, item by item; ``deadwood``: each hand's count, shown at the
        hand's end if anything was laid out or scored; ``ended``: what ended the hand, in words."""
        row = tally.points
        self.points = tuple(a + b for a, b in zip(self.points, row))
        if winner is not None:
            self.boxes = tuple(b + (s == winner) for s, b in enumerate(self.boxes))
        self.hand_results += ((self.hand_number, row, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), [list(h) for h in self.hands], self.melds, deadwood, ended)
        self.hand_tally = tally.breakdown(self.player_names())
        reached = [s for s in range(self.seats) if self.points[s] >= self.target]
        if reached or self.hand_number >= self.max_hands:
            self._end_game(reached)
            return
        self._start_hand(self.hand_number + 1, self._next_dealer(winner))

    def _next_dealer(self, winner):
        raise NotImplementedError

    def _end_game(self, reached):
        self.over, self.turn = True, None
        best = max(self.points)
        self.winners = tuple(reached) if reached else tuple(s for s in range(self.seats) if self.points[s] == best)
        bonuses = Tally(self.seats)
        for s in range(self.seats):
            bonuses.add(s, "Hands won", self.box_bonus * self.boxes[s], "end.game", note=plural(self.boxes[s], "hand"))
        self._game_bonus(bonuses, reached)
        self.final = tuple(p + b for p, b in zip(self.points, bonuses.points))
        self.end_bonuses = bonuses.breakdown(self.player_names())

    def _game_bonus(self, bonuses, reached):
        """Add the game's bonus to ``bonuses`` (a ``table.Tally`` holding each player's box bonuses)."""
        raise NotImplementedError

    # ---- moves built from several cards -----------------------------------------------------------

    def _built(self, move):
        if move.kind == "meld":
            return Built(tuple(c.text for c in move.args[0]), None, "Meld")
        if move.kind == "layoff":
            return Built((move.card.text,), f"meld-{move.args[1]}", "Lay off")
        return None

    def _selection_refusal(self, picked, target):
        cards = [parse_card(t) for t in picked]
        if self.phase not in self.LAYING:
            return "no move of this turn is made of several cards", "play.turn"
        name, hand = self.player_names()[self.turn], self.hands[self.turn]
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"{name} does not hold the {missing[0].symbol}", "play.turn"
        if target is not None:
            number = int(target[5:]) if target.startswith("meld-") and target[5:].isdecimal() else 0
            if len(cards) > 1:
                return "cards are laid off one at a time", "play.lay-off"
            return self._lay_off_refusal(cards[0], number) if number else (f"{target} is no meld", "play.lay-off")
        if len(cards) >= 3 and (meld_kind(cards) is None or len(cards) > 4 and meld_kind(cards) == "set"):
            return self._meld_refusal(canonical(cards))
        if not any(set(cards) <= set(m) for m in candidate_melds(hand)):
            return f"no set or run of the hand holds {meld_words(cards)}", "play.meld"
        return self._meld_refusal(next(m for m in candidate_melds(hand) if set(cards) <= set(m)))

    def _click_choice(self, move):
        if self.phase == "discard" and any(m.kind == "knock" and m.card is move.card for m in self.legal_moves()):
            return "knock" if move.kind == "knock" else "discard"
        return None

    def _told_in_part(self, move):
        # play.knock: the knock's discard goes face down; the others learn only of the knock.
        return ("knock", {self.turn}) if move.kind == "knock" else None

    # ---- what each seat sees ---------------------------------------------------------------------

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over else (0,) * self.seats
        return Scores(tuple(hand), self.points)

    def hidden_from(self, seat):
        hidden = set(self.stock)
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.hands) if s != seat and not self._shown(s) for c in hand}
            if self.knock_card is not None and seat != self.knocker:
                hidden.add(self.knock_card)
        return hidden

    def _shown(self, seat):
        """Whether ``seat``'s hand lies face up: the knocker's, once laid out."""
        return seat == self.knocker and self.phase == "answer"

    def _cards_in_play(self):
        return ([c for h in self.hands for c in h] + self.stock + self.discard + [c for _, m in self.melds for c in m]
                + ([self.knock_card] if self.knock_card else []))

    def _table(self, seat):
        def visible(s):
            return seat in (s, ALL) or self._shown(s)

        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "phase": self.phase,
            "hands": [[c.text for c in h] if visible(s) else len(h) for s, h in enumerate(self.hands)],
            "stock": len(self.stock), "discard": [c.text for c in self.discard],
            # The card just taken from the discard pile, by its place in the hand (named once, there).
            "taken_at": self.hands[self.turn].index(self.taken) if self.taken and seat in (self.turn, ALL) else None,
            "knocker": self.knocker, "gin": self.gin, **self._table_more(),
            "knock_card": (self.knock_card.text if seat in (self.knocker, ALL) else "??") if self.knock_card else None,
            "melds": [{"number": n, "owner": o, "cards": [c.text for c in m]} for n, (o, m) in enumerate(self.melds, 1)],
            "points": list(self.points), "boxes": list(self.boxes), "over": self.over,
            "hands_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    def _table_more(self):
        """The game's own entries in ``view(seat)["table"]``, after the knocker's."""
        return {}

    def _said(self, seat):
        return self.said

    def _click_source(self, move, where):
        if move.kind == "draw-stock" and self.stock:
            return ["stock", len(self.stock) - 1]
        if move.kind == "draw-discard" and self.discard:
            return ["discard", len(self.discard) - 1]
        return super()._click_source(move, where)

    def knock_table(self, seat, doing, result, target, standing=()):
        """The table's description (``_describe``), as ``rummy_table.description`` takes its parts;
        ``target``: the score sheet's words, under the points, the hands won and, at the end, the
        totals with the bonuses."""
        totals = [("Points", list(self.points)), ("Hands won", list(self.boxes))]
        if self.final is not None:
            totals.append(("With bonuses", list(self.final)))
        return description(self, self.table_zones(seat), score=hand_sheet(self, totals, target),
                           result=result, ended=_hand_ended, doing=doing, standing=standing)

    def table_zones(self, seat):
        """The zones of a knock rummy's table as ``seat`` sees it: each hand (shown to its owner,
        or once laid out), the stock, the discard pile, the knocker's face-down discard and the melds."""
        zones = hand_zones(self, seat, [plural(p, "point") for p in self.points],
                           face_up=[s for s in range(self.seats) if self._shown(s)])
        # A draw is a click on the pile it takes from (_click_source); the discard pile's top card,
        # clicked when it may not be taken, says why.
        zones.append(stock_zone(len(self.stock), source=True))
        zones.append(zone("discard", "Discard pile", self.discard, kind="discard", layout="squared", group="middle",
                          source=True, tries="draw discard"))
        if self.knock_card is not None:
            zones.append(self._knock_discard_zone(seat))
        for number, (owner, cards) in enumerate(self.melds, 1):
            zones.append(zone(f"meld-{number}", f"Meld {number}", cards, kind="meld", owner=owner))
        return zones

    def _knock_discard_zone(self, seat):
        """The knocker's discard: face up to the knocker alone, and labelled so for whoever looks
        (a knocker reading "face down" beside a card it sees face up is misled)."""
        if seat in (self.knocker, ALL):
            others = "the other player" if self.seats == 2 else "the others"
            card, label = self.knock_card.text, f"Knocker's discard, face down to {others}"
        else:
            card, label = "??", "Knocker's discard, face down"
        return zone("knock-discard", label, [card], kind="set-aside", layout="squared", group="middle")


def _hand_ended(state, number, lines, hands, melds, deadwood, ended):
    """A hand's end: each hand's deadwood and the melds, face up, whose each is, unless nothing was
    laid out or scored."""
    names = state.player_names()
    zones = []
    if any(melds) or any(state.hand_results[-1][1]):
        zones += [zone(f"end-hand-{s}", f"{names[s]}'s deadwood: {deadwood[s]}", hand, kind="hand", owner=s,
                       source=False) for s, hand in enumerate(hands)]
        zones += [zone(f"end-meld-{n}", f"{names[owner]}'s meld", cards, kind="meld", owner=owner)
                  for n, (owner, cards) in enumerate(melds, 1)]
    return interlude(state, number, zones, lines, totals=range(state.seats), ended=ended)
