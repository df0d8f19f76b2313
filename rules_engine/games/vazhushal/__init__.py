"""Vazhushal: a rummy from Chennai whose discards lie in a line, any run of it taken at once.

- 54 cards (two jokers) for two players, 108 (two such packs) for three to six. Thirteen cards
  each; three or more doubled cards in one hand (two copies each of three cards) throw the deal
  in, the same dealer dealing again (``setup.throw-in``). The next card starts the discard line;
  the stock's bottom card, turned face up, is the negative joker (``setup.deal``).
- Jokers are wild, and so are the cards of the negative joker's rank in the suits of the other
  colour (``play.wild``); melds are sets and sequences (``play.meld``, rules in
  melds.py), at least one natural card each (``play.natural-card``), never two
  identical melds of one player (``play.identical``). A player's first meld is a natural
  sequence (``play.first-meld``), which the melds on the table always keep
  (``play.keep-natural``); cards are laid off on one's own melds only (``play.lay-off``).
- A turn: draw the stock's top card (``play.draw``), or take a run of the line from its newest
  card down to any card, that deepest card going at once into a new meld (``play.line``; a
  player who has not melded only to make the first natural sequence, ``play.line-first``, and
  may lay a natural sequence held before taking, ``play.meld-first``); meld and lay off, and once
  a turn take up one's earlier melds and lay their cards again in new melds, or put them all back
  (``play.rearrange``, ``interpretation.rearrange-pool``, rearrange.py); then
  discard one card (``play.discard``), keeping one to discard (``play.keep-one``).
- A player who discards the last card has gone out and wins the hand (``end.out``). When the
  turn that drew the stock's last card ends, each player may lay further melds, then every
  player counts melds less cards in hand, the highest winning (``end.stock``, ``scoring.count``).
- The ``hands`` option: hands in the game (one, as the text plays it), the deal passing to the
  left, each hand won counting one; the most hands won wins (``end.game``, ``interpretation.hands``).
"""

from collections import Counter
from operator import itemgetter

from ...cards import make_deck
from ...game import ALL, GameSpec, Option, Scores, State
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...selection import Built
from .ending import end_words, hand_count, hand_tally
from .listing import built_open, hand_melds, listed_takes, longest_each, selection
from .melds import (canonical, discard_move, extend, held_key, identity, lay_offs, meld_move, meld_words,
                    read_meld, take_move)
from .rearrange import laid_again, put_back, refusal, split, take_up

FORMS = MoveForms(
    MoveForm("draw", "draw"), MoveForm("take", "take {int} meld {cards}"), MoveForm("meld", "meld {cards}"),
    MoveForm("layoff", "layoff {card} on meld {int}"), MoveForm("discard", "discard {card}"),
    MoveForm("done", "done"), MoveForm("throw-in", "throw in"), MoveForm("rearrange", "rearrange"),
    MoveForm("put-back", "put back"),
)
HAND_SIZE = 13
HANDS = (1, 2, 3, 4, 6)
DOUBLES_THROWN_IN = 3   # doubled cards in one hand that throw the deal in


def deal_label(number, throw_ins):
    """The shuffle of hand ``number`` after ``throw_ins`` deals thrown in."""
    return f"hand-{number}" if not throw_ins else f"hand-{number}-again-{throw_ins}"


def doubled(hand):
    """How many cards ``hand`` holds both copies of (jokers aside)."""
    return sum(1 for card, n in Counter(hand).items() if n >= 2 and not card.is_joker)


class VazhushalState(State):
    spec = GameSpec(
        id="vazhushal",
        name="Vazhushal",
        family="rummy",
        seats=(2, 6),
        default_seats=3,
        deck="108",
        deck_by_seats=((2, "54"),),
        summary="Meld your whole hand first, in sets and sequences with jokers and wild cards, taking any run "
                "of the discard line whose deepest card goes at once into a new meld.",
        options=(Option("hands", 1, HANDS, "hands in the game, the deal passing to the left"),),
        rules=("setup.deal", "setup.throw-in", "play.turn", "play.draw", "play.line", "play.line-first",
               "play.meld-first", "play.meld", "play.wild", "play.natural-card", "play.identical",
               "play.first-meld", "play.keep-natural", "play.lay-off", "play.rearrange", "play.discard",
               "play.keep-one", "end.out", "end.stock", "scoring.count", "end.game", "interpretation.hands",
               "interpretation.ambiguous", "interpretation.rearrange", "interpretation.rearrange-pool",
               "interpretation.tie"),
        scoring=ScoreRule(wins="high", rule="scoring.count", end_rule="end.game", hands_option="hands",
                          unit="hands won", cites=("end.out", "end.stock")),
    )
    forms = FORMS
    lists_built_moves = False   # melds and takes: a few listed, any other checked (listing.py)
    lone_card_moves_finish = True   # a card picked alone may also be discarded

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self.points = (0,) * self.seats   # hands won
        self.hand_results = ()   # (hand number, row, lines)
        self.over, self.winners, self.said = False, (), None
        self._start_hand(1, 0)

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.stock, self.line, self.melds = list(self.stock), list(self.line), list(self.melds)
        self.pool = list(self.pool)   # before_rearrange is of tuples, never changed

    def _start_hand(self, number, dealer):
        self.hand_number, self.dealer, self.throw_ins = number, dealer, 0
        self._deal()

    def _deal(self):
        number, dealer = self.hand_number, self.dealer
        cards = self._shuffle(deal_label(number, self.throw_ins), make_deck(self.pack_name()))
        self.hands = self._deal_out(cards, dealer)
        for hand in self.hands:
            hand.sort(key=held_key)
        self.melds = []               # (owner, Meld), numbered from 1 in the order laid
        self.final_left = ()          # the seats still to lay melds once the stock is out
        self.pool, self.after_pool = [], None   # the cards being rearranged; the phase to go back to
        self.way = None               # while rearranging: the melds of one way to lay the pool again, listed
        self.before_rearrange = None   # while rearranging: (melds, the hand, taken_meld) as they were
        self.rearranged, self.taken_meld = False, None   # this turn: rearranged; the meld laid taking
        self.outcome = None
        doubles = [(dealer + step) % self.seats for step in range(1, self.seats + 1)
                   if doubled(self.hands[(dealer + step) % self.seats]) >= DOUBLES_THROWN_IN]
        if doubles:   # setup.throw-in: the player shows the doubled cards, and the deal is thrown in
            self.line, self.stock, self.negative = [], cards, None
            self.turn, self.phase = doubles[0], "throw-in"
            return
        self.line = [cards.pop()]
        self.stock = cards            # drawn from the end; stock[0], face up, is the negative joker
        self.negative = cards[0]
        self.turn, self.phase = (dealer + 1) % self.seats, "draw"

    def shown_doubles(self):
        """The doubled cards (both copies) of the player throwing the deal in, shown to all."""
        if self.phase != "throw-in":
            return []
        counts = Counter(self.hands[self.turn])
        return [c for c in self.hands[self.turn] if counts[c] >= 2 and not c.is_joker]

    def move_bound(self):
        """Each hand: at most a draw from the stock per card of the stock and a take from the line
        per three cards melded, each turn of at most a meld laid before drawing, the draw and the
        discard; each other meld or lay-off lays a card for good; then a "done" per player; and in
        each turn at most one rearranging, a meld per three cards laid again and one putting back.
        And a move for each deal thrown in, as the luck of the deal has them (``setup.throw-in``)."""
        pack = make_deck(self.pack_name())
        deck = len(pack)
        stock = deck - HAND_SIZE * self.seats - 1
        turns = stock + deck // 3 + self.seats
        hand = 3 * (stock + deck // 3) + deck + self.seats + turns * (2 + deck // 3)
        thrown_in = self._redeals_dealt(self.options["hands"], deal_label, pack, lambda cards: any(
            doubled(held) >= DOUBLES_THROWN_IN for held in self._deal_out(list(cards), self.dealer)))
        return self.options["hands"] * hand + thrown_in

    def _deal_out(self, cards, dealer):
        """The players' hands, ``HAND_SIZE`` cards each taken from the end of ``cards`` in turn from
        the dealer's left (``setup.deal``); ``cards`` keeps the rest."""
        hands = [[] for _ in range(self.seats)]
        for _ in range(HAND_SIZE):
            for step in range(1, self.seats + 1):
                hands[(dealer + step) % self.seats].append(cards.pop())
        return hands

    # ---- what may be played ---------------------------------------------------------------------

    @property
    def to_act(self):
        return None if self.over else self.turn

    def has_melded(self, seat):
        return seat in map(itemgetter(0), self.melds)

    def own_melds(self, seat):
        return [(n, m) for n, (owner, m) in enumerate(self.melds, 1) if owner == seat]

    def _identities(self, seat, without=None):
        return {identity(m) for n, m in self.own_melds(seat) if n != without}

    def _legal(self):
        seat, hand = self.turn, self.hands[self.turn]
        melded = self.has_melded(seat)
        if self.phase == "throw-in":
            return [FORMS["throw-in"].make()]
        if self.phase == "rearrange":
            moves = _Listed(meld_move(m.cards) for m in self.way)
            moves.melds = {m.cards: m for m in self.way}
            moves.append(FORMS["put-back"].make())
            return moves
        if self.phase == "draw":
            moves = _Listed([FORMS["draw"].make()])
            moves += [take_move(place, meld.cards) for place, meld in listed_takes(self)]
            melds = longest_each(hand_melds(self, 0)) if not melded else []
        else:
            keep = 0 if self.phase == "final" else 1
            moves = _Listed()
            melds = longest_each(hand_melds(self, keep))
        moves += [meld_move(m.cards) for m in melds]
        moves.melds = {m.cards: m for m in melds}
        if self.phase == "draw":
            return moves
        mine = self.own_melds(seat)
        if melded and len(hand) > keep:
            moves += [FORMS["layoff"].make(card, number) for number, card in self._lay_offs(mine, hand)]
        if self._may_rearrange(mine):
            moves.append(FORMS["rearrange"].make())
        if self.phase == "final":
            moves.append(FORMS["done"].make())
        else:
            moves += [discard_move(c) for c in dict.fromkeys(hand)]
        return moves

    def _may_rearrange(self, mine):
        """Whether the seat to act, whose melds are ``mine`` (``own_melds``), may take up some to rearrange."""
        return not self.rearranged and any(n != self.taken_meld for n, _ in mine)

    def _lay_offs(self, mine, hand):
        """``[(meld number, card)]``: the lay-offs open to the seat whose melds are ``mine``
        (``own_melds``), as ``_lay_off_refusal`` allows them."""
        return lay_offs(mine, hand, self.negative)

    def _lay_off_refusal(self, seat, number, meld, card):
        grown = extend(meld, card, self.negative)
        if grown is None:
            return f"the {card.symbol} does not extend {meld_words(meld)}", "play.lay-off"
        if identity(grown) in self._identities(seat, without=number):
            return f"{meld_words(grown)} would be identical to another of the player's melds", "play.identical"
        others = [m for n, m in self.own_melds(seat) if n != number] + [grown]
        if not any(m.kind == "run" and m.natural for m in others):
            return (f"the {card.symbol} as a wild card would leave no natural sequence among the melds",
                    "play.keep-natural")
        return None

    def _unlisted_legal(self, move):
        return not self.is_over and built_open(self, move)

    def parse_move(self, move):
        move = super().parse_move(move)
        # A meld in its one written order, as the legal moves already listed are written.
        listed = self.__dict__.get("_legal_cached") or ()
        if move.kind in ("meld", "take") and not any(m is move for m in listed):
            cards = canonical(move.args[-1], self.negative)
            return FORMS[move.kind].make(*move.args[:-1], cards)
        return move

    # ---- refusals ----------------------------------------------------------------------------------

    def _why_not(self, move):
        seat, kind, phase = self.turn, move.kind, self.phase
        name, hand = self.player_names()[seat], self.hands[seat]
        if phase == "throw-in":
            return (f"{name} was dealt both copies of three or more cards: the deal is thrown in and dealt again",
                    "setup.throw-in")
        if kind == "throw-in":
            return "only a player dealt both copies of three or more cards throws the deal in", "setup.throw-in"
        if phase == "rearrange":
            if kind != "meld":
                return (f"{name} is rearranging: every card taken up is laid again in new melds first, "
                        f"or all put back", "play.rearrange")
            return refusal(self, move.args[0])
        if kind == "put-back":
            return (f"{name} is not rearranging: only melds just taken up to rearrange are put back",
                    "interpretation.rearrange-pool")
        if kind == "rearrange":
            if phase == "draw":
                return f"{name} first draws, from the stock or the discard line", "play.draw"
            if self.rearranged:
                return f"{name} has already rearranged in this turn", "play.rearrange"
            return f"{name} has no melds laid before this meld to rearrange", "play.rearrange"
        if phase == "final":
            if kind in ("draw", "take", "discard"):
                return "the stock is out: each player only lays further melds, then is done", "end.stock"
        elif phase == "draw":
            if kind in ("discard", "layoff", "done"):
                return f"{name} first draws, from the stock or the discard line", "play.draw"
            if kind == "meld" and self.has_melded(seat):
                return "melds are laid after drawing", "play.meld-first"
        elif kind in ("draw", "take"):
            return f"{name} has drawn: now melds, lays off or discards", "play.discard"
        elif kind == "done":
            return "a turn ends with a discard", "play.discard"
        if kind == "discard":
            return f"{name} does not hold the {move.card.symbol}", "play.turn"
        if kind == "layoff":
            return self._why_not_lay_off(move.card, move.args[1])
        if kind == "take":
            return self._why_not_take(move.args[0], move.args[1])
        return self._why_not_meld(move.args[0], hand, keep=0 if phase in ("final", "draw") else 1)

    def _meld_problem(self, cards, seat, first_only):
        """Why ``cards`` are no meld ``seat`` may lay now (None: they are)."""
        meld = read_meld(cards, self.negative)
        words = " ".join(c.symbol for c in cards)
        if meld is None:
            if cards and all(c.is_joker for c in cards):
                return "a meld holds at least one natural card, not jokers alone", "play.natural-card"
            return (f"{words} is neither a set of one rank nor a sequence of one suit in order, the ace at "
                    f"either end", "play.meld")
        if first_only and not (meld.kind == "run" and meld.natural):
            return (f"a first meld is a natural sequence, with no wild card standing for another: not "
                    f"{meld_words(meld)}", "play.first-meld")
        if identity(meld) in self._identities(seat):
            return f"{meld_words(meld)} would be identical to one of the player's melds", "play.identical"
        return None

    def _why_not_meld(self, cards, pool, keep):
        seat = self.turn
        missing = Counter(cards) - Counter(pool)
        if missing:
            return f"{self.player_names()[seat]} does not hold the {next(iter(missing)).symbol}", "play.turn"
        problem = self._meld_problem(cards, seat, not self.has_melded(seat))
        if problem:
            return problem
        return "a card must be kept to discard", "play.keep-one"

    def _why_not_take(self, place, cards):
        seat, hand = self.turn, self.hands[self.turn]
        if not 1 <= place <= len(self.line):
            return f"the discard line has {len(self.line)} cards: there is no card {place}", "play.line"
        deepest = self.line[place - 1]
        if deepest not in cards:
            return (f"the deepest card taken, the {deepest.symbol}, goes at once into the new meld",
                    "play.line")
        pool = hand + self.line[place - 1:]
        missing = Counter(cards) - Counter(pool)
        if missing:
            return (f"the {next(iter(missing)).symbol} is neither in hand nor among the cards taken", "play.line")
        problem = self._meld_problem(cards, seat, not self.has_melded(seat))
        if problem:
            rule = "play.line-first" if problem[1] == "play.first-meld" else problem[1]
            return problem[0], rule
        return "a card must be kept to discard", "play.keep-one"

    def _why_not_lay_off(self, card, number):
        seat, hand = self.turn, self.hands[self.turn]
        if card not in hand:
            return f"{self.player_names()[seat]} does not hold the {card.symbol}", "play.turn"
        if not 1 <= number <= len(self.melds):
            return f"there is no meld {number} on the table", "play.lay-off"
        owner, meld = self.melds[number - 1]
        if owner != seat:
            return "cards are laid off on the player's own melds only", "play.lay-off"
        refusal = self._lay_off_refusal(seat, number, meld, card)
        if refusal:
            return refusal
        return "a card must be kept to discard", "play.keep-one"

    def candidate_moves(self):
        if self.over:
            return []
        hand = self.hands[self.turn]
        extra = [FORMS["draw"].make(), FORMS["done"].make(), FORMS["rearrange"].make(), FORMS["put-back"].make()]
        extra += [FORMS["discard"].make(c) for c in hand[:2] + make_deck("54")[::9]]
        extra += [FORMS["meld"].make(canonical(hand[i:i + 3], self.negative)) for i in range(0, len(hand) - 2, 3)]
        extra += [FORMS["layoff"].make(c, n) for c in hand[:2] for n in (1, 2, 9)]
        extra += [FORMS["take"].make(n, canonical(hand[:2] + self.line[n - 1:n], self.negative))
                  for n in range(1, min(len(self.line), 4) + 1)]
        legal = self.legal_moves()
        return legal + [m for m in dict.fromkeys(extra) if m not in legal and not self._unlisted_legal(m)]

    # ---- moves built from several cards -----------------------------------------------------------

    def _built(self, move):
        if move.kind not in ("meld", "take", "layoff"):
            return None
        if move.kind == "layoff":
            return Built((move.card.text,), f"meld-{move.args[1]}", "Lay off")
        cards = move.args[-1]
        if move.kind == "meld":
            meld = self._read(cards)
            return Built(tuple(c.text for c in cards), None, _meld_button(meld))
        place = move.args[0]
        return Built(tuple(c.text for c in cards), None,
                     f"Take from the {self.line[place - 1].symbol} ({_ordinal(place)} card) and meld "
                     f"{' '.join(c.symbol for c in cards)}")

    def _read(self, cards):
        """``read_meld`` of ``cards``: the meld found when the legal moves were listed, if it was
        (the table asks for every meld's button)."""
        meld = getattr(self._legal_now(), "melds", {}).get(cards) if not self.is_over else None
        return meld or read_meld(cards, self.negative)

    def _selection(self, picked, target):
        return selection(self, picked, target)

    def _click_choice(self, move):
        return "discard" if move.kind == "discard" else None

    def _click_source(self, move, where):
        if move.kind in ("meld", "take"):
            return None   # built card by card
        return super()._click_source(move, where)

    def _button_words(self, move):
        if move.kind in ("meld", "take"):
            built = self._built(move)
            return built.button if built else (
                f"Meld {' '.join(c.symbol for c in move.args[-1])}" if move.kind == "meld" else
                f"Take from card {move.args[0]} and meld {' '.join(c.symbol for c in move.args[-1])}")
        return {"draw": "Draw from the stock", "done": "Done", "put-back": "Put the melds back"}.get(move.kind)

    def _selection_refusal(self, picked, target):
        from ...cards import parse_card

        cards = [parse_card(t) for t in picked]
        seat, hand = self.turn, self.hands[self.turn]
        if target is not None:
            number = int(target[5:]) if target.startswith("meld-") and target[5:].isdecimal() else 0
            if len(cards) > 1:
                return "cards are laid off one at a time", "play.lay-off"
            if self.phase == "draw" or not number:
                return "cards are laid off on the player's own melds, after drawing", "play.lay-off"
            return self._why_not_lay_off(cards[0], number)
        pool = hand + (self.line if self.phase == "draw" else []) + self.pool
        missing = Counter(cards) - Counter(pool)
        if missing:
            return f"the {next(iter(missing)).symbol} is neither in hand nor in the line", "play.turn"
        if len(cards) >= 3:
            problem = self._meld_problem(canonical(cards, self.negative), seat, not self.has_melded(seat))
            if problem:
                return problem
        if self.phase == "rearrange":
            if not split(cards, self.pool)[0]:
                return "a meld laid while rearranging holds a card taken up", "play.rearrange"
            return ("no meld with these cards leaves the other cards taken up able to be laid again",
                    "play.rearrange")
        if self.phase == "draw" and self.has_melded(seat) and not any(c in self.line for c in cards):
            return "a meld laid before drawing holds a card taken from the line", "play.line"
        return "no meld open to the player holds these cards", "play.meld"

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        seat, kind = self.turn, move.kind
        name, hand = self.player_names()[seat], self.hands[seat]
        if kind == "throw-in":
            self.throw_ins += 1
            shown = " ".join(c.symbol for c in self.shown_doubles())
            self._deal()
            self.said = f"{name} shows both copies of three or more cards ({shown}): the same dealer deals again."
        elif kind == "draw":
            hand.append(self.stock.pop())
            hand.sort(key=held_key)
            self.phase = "meld"
            self.said = f"{name} draws from the stock" + (", its last card." if not self.stock else ".")
        elif kind == "take":
            place, cards = move.args
            taken = self.line[place - 1:]
            del self.line[place - 1:]
            hand.extend(taken)
            for card in cards:
                hand.remove(card)
            hand.sort(key=held_key)
            meld = read_meld(cards, self.negative)
            self.melds.append((seat, meld))
            self.phase, self.taken_meld = "meld", len(self.melds)
            more = f" with the {len(taken) - 1} cards above it" if len(taken) > 2 else (
                " with the card above it" if len(taken) == 2 else "")
            self.said = f"{name} takes the {taken[0].symbol} from the line{more}, and melds {meld_words(meld)}."
        elif kind == "rearrange":
            take_up(self)
        elif kind == "put-back":
            put_back(self)
        elif kind == "meld":
            from_pool, from_hand = split(move.args[0], self.pool)
            for card in from_hand:
                hand.remove(card)
            for card in from_pool:
                self.pool.remove(card)
            meld = read_meld(move.args[0], self.negative)
            self.melds.append((seat, meld))
            self.said = f"{name} melds {meld_words(meld)}."
            if self.phase == "rearrange":
                laid_again(self, meld)
                if not self.pool:
                    self.said = f"{name} melds {meld_words(meld)}, and has rearranged every card taken up."
        elif kind == "layoff":
            card, number = move.args
            hand.remove(card)
            owner, meld = self.melds[number - 1]
            self.melds[number - 1] = (owner, extend(meld, card, self.negative))
            self.said = f"{name} lays off the {card.symbol} on meld {number}."
        elif kind == "discard":
            hand.remove(move.card)
            self.line.append(move.card)
            self.rearranged, self.taken_meld = False, None
            self.said = f"{name} discards the {move.card.symbol}."
            if not hand:
                self.said = f"{name} discards the {move.card.symbol} and goes out."
                self._end_hand((seat,), "end.out")
            elif not self.stock:
                self.phase = "final"
                self.final_left = tuple((seat + k) % self.seats for k in range(1, self.seats + 1))
                self.turn = self.final_left[0]
                self.said = self.said[:-1] + "; the stock is out, and each player may lay further melds."
            else:
                self.turn, self.phase = (seat + 1) % self.seats, "draw"
        else:   # done, once the stock is out
            self.said = f"{name} is done."
            self.rearranged = False
            self.final_left = self.final_left[1:]
            if self.final_left:
                self.turn = self.final_left[0]
            else:
                counts = self.counts()
                best = max(counts)
                self._end_hand(tuple(s for s in range(self.seats) if counts[s] == best), "end.stock")

    def counts(self):
        """Each player's count: melds less the cards in hand (``scoring.count``)."""
        return [hand_count([m for o, m in self.melds if o == s], self.hands[s]) for s in range(self.seats)]

    def _end_hand(self, winners, rule):
        tally = hand_tally(self, winners, rule)
        row = tally.points
        ended, lines = end_words(self, winners, rule)
        self.points = tuple(p + r for p, r in zip(self.points, row))
        self.hand_results += ((self.hand_number, row, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), [list(h) for h in self.hands], list(self.melds), ended)
        self.hand_tally = tally.breakdown(self.player_names())
        self.outcome = (winners, rule)
        if self.hand_number >= self.options["hands"]:
            self.over, self.turn = True, None
            best = max(self.points)
            self.winners = tuple(s for s in range(self.seats) if self.points[s] == best)
            return
        self._start_hand(self.hand_number + 1, (self.dealer + 1) % self.seats)

    # ---- what each seat sees ---------------------------------------------------------------------

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over else (0,) * self.seats
        return Scores(tuple(hand), self.points)

    def hidden_from(self, seat):
        hidden = Counter(self.stock if self.negative is None else self.stock[1:])
        if seat != ALL:
            for s, hand in enumerate(self.hands):
                if s != seat:
                    hidden.update(hand)
            hidden.subtract(c for c in self.shown_doubles() if self.turn != seat)
        return list(hidden.elements())

    def _cards_in_play(self):
        return ([c for h in self.hands for c in h] + self.stock + self.line + self.pool
                + [c for _, m in self.melds for c in m.cards])

    def _table(self, seat):
        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "phase": self.phase,
            "hands": [[c.text for c in h] if seat in (s, ALL) else len(h) for s, h in enumerate(self.hands)],
            "shown": [c.text for c in self.shown_doubles()] if seat not in (self.turn, ALL) else [],
            "stock": len(self.stock), "negative": self.negative.symbol if self.negative else None, "line": [c.text for c in self.line],
            "pool": [c.text for c in self.pool],
            "melds": [{"number": n, "owner": o, "cards": [c.text for c in m.cards], "value": m.value,
                       "kind": m.kind, "natural": m.natural} for n, (o, m) in enumerate(self.melds, 1)],
            "points": list(self.points), "over": self.over, "winners": list(self.winners),
            "hands_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    def _said(self, seat):
        return self.said

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)


class _Listed(list):
    """Legal moves, with the melds they lay by their cards (``melds``)."""


def _ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _meld_button(meld):
    """"Meld", or for a sequence with wild cards, what it stands for: the same cards may make
    4♥ 5♥ 6♥ or 5♥ 6♥ 7♥ with a joker."""
    if meld.kind == "set" or meld.natural:
        return "Meld"
    return f"Meld as {' '.join(c.symbol for c in meld.stands)}"


GAME = VazhushalState
