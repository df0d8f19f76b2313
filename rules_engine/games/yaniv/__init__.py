"""Yaniv (Jhyap, Dhumbal): shed points by discarding sets and runs, and call "Yaniv" at five or less.

- 54 cards (two jokers), or two such packs with the ``packs`` option. Five cards each, the
  next card turned up as the first discard, the rest the stock (``setup.deal``); the first
  dealer is the first seat, and the deal passes left among the players still in
  (``setup.dealer``).
- A turn: first discard (``play.discard-first``) one card, a set of two or more of one rank
  (``play.set``, no jokers: ``play.joker``) or a run of three or more in one suit, aces low,
  jokers wild, laid in order (``play.run``); then draw the stock's top card or the first or
  last card of the discard the previous player made (``play.draw``). An empty stock is
  rebuilt from the older discards (``interpretation.stock``).
- At the start of a turn a hand counting five or less may call Yaniv instead
  (``play.yaniv``): the caller scores nothing if nobody counts less, otherwise everyone
  scores their cards and the caller 30 more (``scoring.hand``, ``scoring.assaf``).
- A total of exactly 100 falls to 50, of exactly 200 to 100 (``scoring.reset``); a player
  above 200 is out, and the last player left wins (``end.game``). A hand of ``ROUND_LIMIT``
  rounds with no call and a game of ``MAX_HANDS`` hands end as the notes say.
"""

from itertools import combinations

from ...cards import JOKER_CARD, RANKS, SUITS, Card, make_deck, parse_card
from ...game import ALL, GameSpec, Option, Scores, State
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreRule
from ...selection import Built
from ...table import Tally, plural

FORMS = MoveForms(
    MoveForm("yaniv", "yaniv"), MoveForm("discard", "discard {cards}"),
    MoveForm("draw", "draw"), MoveForm("take", "take {card}"),
)
HAND_SIZE = 5
CALL_LIMIT = 5      # the most a hand may count to call Yaniv
PENALTY = 30        # the caller's penalty when another player counts less
OUT_ABOVE = 200     # a total above this puts a player out
RESETS = {100: 50, 200: 100}
ROUND_LIMIT = 20    # turns of each player in one hand at most (interpretation.turn-limit)
MAX_HANDS = 100     # hands in one game at most (interpretation.hand-limit)


def card_value(card):
    """A card's value: a joker 0, an ace 1, a court card 10, any other its pips.

    >>> from rules_engine.cards import parse_cards
    >>> [card_value(c) for c in parse_cards("JK AS 7H TD QC")]
    [0, 1, 7, 10, 10]
    """
    if card.is_joker:
        return 0
    return min(RANKS.index(card.rank) + 1, 10)


def hand_value(cards):
    return sum(card_value(c) for c in cards)


def _rank(card):
    return RANKS.index(card.rank)


def _suit_key(card):
    return (4, 0) if card.is_joker else (SUITS.index(card.suit), _rank(card))


def discard_kind(cards):
    """What a discard laid in this order is: ``single``, ``set``, ``run``, or None.

    >>> from rules_engine.cards import parse_cards
    >>> [discard_kind(parse_cards(t)) for t in ("8D 9D TD JD", "7S 7H 7C", "JK 9D TD", "QS KS AS", "7S JK")]
    ['run', 'set', 'run', None, None]
    """
    if len(cards) == 1:
        return "single"
    naturals = [c for c in cards if not c.is_joker]
    if len(naturals) == len(cards) and len({c.rank for c in cards}) == 1:
        return "set"
    if len(cards) < 3 or not naturals or len({c.suit for c in naturals}) > 1:
        return None
    first = next(i for i, c in enumerate(cards) if not c.is_joker)
    start = _rank(cards[first]) - first
    if start < 0 or start + len(cards) > len(RANKS):
        return None
    if all(c.is_joker or _rank(c) == start + i for i, c in enumerate(cards)):
        return "run"
    return None


def canonical(cards):
    """A discard in the one order records keep: a run rising (a falling run is the same run), a
    set with its two end cards kept at the ends (the cards the next player may take) and the
    cards between them, then the ends, in suit order.

    >>> from rules_engine.cards import parse_cards, format_cards
    >>> format_cards(canonical(parse_cards("JD TD 9D 8D"))), format_cards(canonical(parse_cards("7C 7S 7H")))
    ('8D 9D TD JD', '7H 7S 7C')
    >>> format_cards(canonical(parse_cards("7H 7C 7S")))
    '7S 7C 7H'
    """
    cards = list(cards)
    kind = discard_kind(cards)
    if kind is None and len(cards) >= 3 and discard_kind(cards[::-1]) == "run":
        return tuple(cards[::-1])
    if kind == "set" and len(cards) >= 2:
        ends = sorted((cards[0], cards[-1]), key=_suit_key)
        return (ends[0], *sorted(cards[1:-1], key=_suit_key), ends[1])
    return tuple(cards)


def discards(hand):
    """Every discard ``hand`` may make, in canonical order, without repeats."""
    found = {}
    for card in hand:
        found.setdefault((card,), None)
    naturals = [c for c in hand if not c.is_joker]
    by_rank = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    for cards in by_rank.values():
        cards = sorted(cards, key=_suit_key)
        for size in range(2, len(cards) + 1):
            for group in dict.fromkeys(combinations(cards, size)):   # a set would order them by hash
                for ends in combinations(range(size), 2):
                    middle = [c for i, c in enumerate(group) if i not in ends]
                    found.setdefault(canonical((group[ends[0]], *middle, group[ends[1]])), None)
    jokers = len(hand) - len(naturals)
    for suit in dict.fromkeys(c.suit for c in naturals):
        held = sorted({_rank(c) for c in naturals if c.suit == suit})
        for length in range(3, len(hand) + 1):
            for start in range(max(0, held[0] - length + 1), min(held[-1], len(RANKS) - length) + 1):
                places = [r for r in held if start <= r < start + length]
                for size in range(max(1, length - jokers), len(places) + 1):
                    for kept in combinations(places, size):   # the natural cards; jokers fill the rest
                        found.setdefault(tuple(Card(RANKS[r], suit) if r in kept else JOKER_CARD
                                               for r in range(start, start + length)), None)
    return list(found)


def words(cards):
    return " ".join(c.symbol for c in cards)


def hand_row(hand, facts, context):
    """The score pad's calculator: a hand's row from who called Yaniv and what each hand
    counts (nobody: the turn limit ended the hand); ``context`` carries the totals so far, for
    the resets at exactly 100 and 200, and the players out.

    >>> row = hand_row(None, {"caller": 0, "counts": [3, 12, 25]}, {})
    >>> row["points"], row["state"]
    ([0, 12, 25], {'totals': [0, 12, 25]})
    >>> hand_row(None, {"caller": 0, "counts": [4, 2, 25]}, row["state"])["points"]
    [34, 2, 25]
    >>> hand_row(None, {"caller": 1, "counts": [40, 1, 30]}, {"totals": [60, 90, 170]})["points"]
    [-10, 0, -70]
    """
    caller, counts = facts["caller"], list(facts["counts"])
    before = list(context.get("totals") or [0] * len(counts))
    if len(before) != len(counts):
        raise ScoreError("the totals so far do not match the players", "scoring.hand")
    playing = [s for s in range(len(counts)) if before[s] <= OUT_ABOVE]
    if caller is not None and caller not in playing:
        raise ScoreError("a player who is out calls nothing", "end.game")
    if caller is not None and counts[caller] > CALL_LIMIT:
        raise ScoreError(f"a caller counts {CALL_LIMIT} at most, not {counts[caller]}", "play.yaniv")
    won, rule = hand_points(caller, counts, playing)
    after, _ = settle(before, won, playing)
    detail = {"scoring.assaf": f"a lower hand: the caller scores {PENALTY} more",
              "scoring.hand": "the caller scores nothing" if caller is not None else "the hand ran out of turns"}[rule]
    return {"points": [a - b for a, b in zip(after, before)], "rule": rule, "detail": detail,
            "state": {"totals": after}}


def hand_items(caller, counts, playing):
    """Each seat's items for a hand, as it scores them: ``[(label, points, rule, shows its
    hand)]`` for the players ``playing``, whose hands count ``counts``; none for a player out.

    >>> hand_items(0, [4, 3, 12], [0, 1, 2])[0]
    [('Cards held', 4, 'scoring.assaf', True), ('A lower hand: the call fails', 30, 'scoring.assaf', False)]
    """
    items = [[] for _ in counts]
    held = "scoring.hand" if caller is not None else "interpretation.turn-limit"
    for s in playing:
        if s != caller:
            items[s].append(("Cards held", counts[s], held, True))
    if caller is None:
        return items
    if any(counts[s] < counts[caller] for s in playing if s != caller):
        items[caller] += [("Cards held", counts[caller], "scoring.assaf", True),
                          ("A lower hand: the call fails", PENALTY, "scoring.assaf", False)]
    else:
        level = any(counts[s] == counts[caller] for s in playing if s != caller)
        items[caller].append(("Yaniv: nobody counts less", 0, "interpretation.tie" if level else "scoring.hand", True))
    return items


def hand_points(caller, counts, playing):
    """``(points per seat, rule)`` for a hand: ``counts`` of the players ``playing``; each seat's
    points are its items' sum (``hand_items``).

    >>> hand_points(0, [5, 5, 9], [0, 1, 2]), hand_points(0, [5, 4, 9], [0, 1, 2])
    (([0, 5, 9], 'scoring.hand'), ([35, 4, 9], 'scoring.assaf'))
    """
    items = hand_items(caller, counts, playing)
    failed = caller is not None and any(rule == "scoring.assaf" for _, _, rule, _ in items[caller])
    return [sum(points for _, points, _, _ in seat) for seat in items], "scoring.assaf" if failed else "scoring.hand"


def reset_item(total):
    """The item that brings a total of exactly 100 or 200 down: ``(label, points, rule)``, or None.

    >>> reset_item(200), reset_item(150)
    (('Exactly 200: down to 100', -100, 'scoring.reset'), None)
    """
    if total not in RESETS:
        return None
    return f"Exactly {total}: down to {RESETS[total]}", RESETS[total] - total, "scoring.reset"


def settle(before, won, playing):
    """The totals after a hand, exactly 100 and 200 reset, and which players reset.

    >>> settle([90, 180, 30], [10, 20, 3], [0, 1, 2])
    ([50, 100, 33], [0, 1])
    """
    after, reset = list(before), []
    for s in playing:
        total = before[s] + won[s]
        item = reset_item(total)
        if item:
            reset.append(s)
            total += item[1]
        after[s] = total
    return after, reset


FACTS = (
    Fact("caller", "Who called Yaniv (nobody: the hand ran out of turns)", kind="seat", optional=True),
    Fact("counts", "What each hand counts (a player out: 0)", per_seat=True, low=0, high=50),
)

SCORING = ScoreRule(wins="low", rule="scoring.hand", end_rule="end.game", out_at=OUT_ABOVE + 1,
                    tie_rule="interpretation.all-out", calculator=hand_row, facts=FACTS,
                    cites=("scoring.assaf", "scoring.reset", "play.yaniv"))


class YanivState(State):
    spec = GameSpec(
        id="yaniv",
        name="Yaniv",
        family="rummy",
        aliases=("Jhyap", "Dhumbal"),
        seats=(2, 5),
        default_seats=4,
        deck="54",
        summary="Discard single cards, sets and runs to bring a hand of five down to five points or less, then "
                "call Yaniv; above 200 you are out, and the last player left wins.",
        options=(Option("packs", 1, (1, 2), "packs of 54 cards: two suit four or five players, who then "
                        "rebuild the stock less often"),),
        rules=("setup.deal", "setup.dealer", "play.discard-first", "play.set", "play.run", "play.joker",
               "play.draw", "interpretation.stock", "play.yaniv", "scoring.hand", "scoring.assaf", "scoring.reset",
               "interpretation.tie", "interpretation.turn-limit", "interpretation.hand-limit",
               "interpretation.all-out", "interpretation.joker-set"),
        scoring=SCORING,
    )
    forms = FORMS
    max_hands, out_above = MAX_HANDS, OUT_ABOVE   # the table names these rule facts
    hand_value = staticmethod(hand_value)

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self.points = (0,) * self.seats
        self.active = tuple(range(self.seats))
        self.hand_results = ()   # (hand number, points per seat, lines)
        self.over, self.winners, self.said = False, (), None
        self._start_hand(1, 0)

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.stock, self.pile = list(self.stock), list(self.pile)

    def pack_name(self):
        return "54" if self.options["packs"] == 1 else "108"

    def _pack(self):
        return make_deck(self.pack_name())

    def _next(self, seat):
        seat = (seat + 1) % self.seats
        while seat not in self.active:
            seat = (seat + 1) % self.seats
        return seat

    def _start_hand(self, number, dealer):
        self.hand_number, self.dealer = number, dealer
        cards = self._shuffle(f"hand-{number}", self._pack())
        self.hands = [[] for _ in range(self.seats)]
        order, seat = [], dealer
        for _ in self.active:
            seat = self._next(seat)
            order.append(seat)
        for _ in range(HAND_SIZE):
            for seat in order:
                self.hands[seat].append(cards.pop())
        for hand in self.hands:
            hand.sort(key=_held)
        self.previous, self.fresh, self.pile = (cards.pop(),), (), []
        self.previous_by = None   # the seat whose discard ``previous`` is (None: the turned-up card)
        self.stock = cards
        self.turn, self.phase, self.turns, self.rebuilds = order[0], "discard", 0, 0

    def move_bound(self):
        """At most ``MAX_HANDS`` hands, each of ``ROUND_LIMIT`` rounds of a discard and a draw for
        every player, and a call."""
        return MAX_HANDS * (2 * ROUND_LIMIT * self.seats + 1)

    # ---- moves ---------------------------------------------------------------------------------

    @property
    def to_act(self):
        return None if self.over else self.turn

    def _legal(self):
        hand = self.hands[self.turn]
        if self.phase == "draw":
            moves = [FORMS["draw"].make()] if self.stock else []
            return moves + [FORMS["take"].make(c) for c in dict.fromkeys((self.previous[0], self.previous[-1]))]
        moves = [FORMS["yaniv"].make()] if hand_value(hand) <= CALL_LIMIT else []
        return moves + [FORMS["discard"].make(cards) for cards in discards(hand)]

    def parse_move(self, move):
        move = super().parse_move(move)
        if move.kind == "discard":
            return FORMS["discard"].make(canonical(move.args[0]))
        return move

    def _why_not(self, move):
        name, hand, kind = self.player_names()[self.turn], self.hands[self.turn], move.kind
        if self.phase == "draw":
            if kind in ("yaniv", "discard"):
                return f"{name} has discarded and now draws, from the stock or the previous discard", "play.draw"
            if kind == "draw":
                return "the stock is empty and no older discards are left to rebuild it", "interpretation.stock"
            ends = " or the ".join(c.symbol for c in dict.fromkeys((self.previous[0], self.previous[-1])))
            return (f"only the first or last card of the previous discard may be taken: the {ends}", "play.draw")
        if kind in ("draw", "take"):
            return f"{name} discards first, then draws", "play.discard-first"
        if kind == "yaniv":
            return (f"{name}'s hand counts {hand_value(hand)}, more than {CALL_LIMIT}: no Yaniv yet", "play.yaniv")
        return self._discard_refusal(move.args[0])

    def _discard_refusal(self, cards):
        name, hand = self.player_names()[self.turn], list(self.hands[self.turn])
        for card in cards:
            if card not in hand:
                return f"{name} does not hold {'another' if card in self.hands[self.turn] else 'the'} " \
                       f"{card.symbol}", "play.discard-first"
            hand.remove(card)
        naturals = [c for c in cards if not c.is_joker]
        if len(naturals) < len(cards) and len({c.rank for c in naturals}) <= 1 and len(naturals) >= 1 \
                and (len(cards) == 2 or len(naturals) >= 2):
            return f"a joker is wild in runs only, never in a set: {words(cards)}", "play.joker"
        if not naturals:
            return "jokers alone make no set and no run: a joker goes alone or in a run", "interpretation.joker-set"
        if len({c.suit for c in naturals}) == 1 and len(cards) >= 3:
            if any(c.rank == "A" for c in naturals) and any(c.rank == "K" for c in naturals):
                return "aces are low: a run ends at the king, and Q-K-A is no run", "play.run"
            ordered = sorted(naturals, key=_rank)
            return (f"{words(cards)} is no run: a run's cards follow one another in order, a joker standing "
                    f"for each card missing ({words(ordered)} laid low to high)", "play.run")
        if len(cards) == 2:
            return f"{words(cards)} is no set: the cards of a set are all of one rank", "play.set"
        return (f"{words(cards)} is neither a set of one rank nor a run of three or more in one suit",
                "play.set")

    def candidate_moves(self):
        if self.over:
            return []
        hand = self.hands[self.turn]
        extra = [FORMS["yaniv"].make(), FORMS["draw"].make()]
        extra += [FORMS["take"].make(c) for c in (*self.previous, parse_card("KD"))]
        extra += [FORMS["discard"].make(canonical(hand[i:i + k])) for k in (2, 3) for i in range(len(hand) - k + 1)]
        extra += [FORMS["discard"].make((parse_card(t),)) for t in ("AS", "KH", "JK")]
        legal = self.legal_moves()
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    # ---- moves built from several cards -----------------------------------------------------------

    def _built(self, move):
        cards = move.args[0] if move.kind == "discard" else ()
        if not cards:
            return None
        return Built(tuple(c.text for c in cards), None, f"Discard {words(cards)}")

    def _click_source(self, move, where):
        if move.kind == "take":
            return ["previous", 0 if move.card is self.previous[0] else len(self.previous) - 1]
        return None

    def _button_words(self, move):
        if move.kind == "discard":
            return f"Discard {words(move.args[0])}"
        return {"yaniv": "Call Yaniv", "draw": "Draw from the stock"}.get(move.kind)

    def _selection_refusal(self, picked, target):
        cards = [parse_card(t) for t in picked]
        if self.phase != "discard":
            return f"{self.player_names()[self.turn]} has discarded and now draws", "play.draw"
        if target is not None:
            return "a discard goes on the discard pile, not onto a place of the table", "play.discard-first"
        reason = self._discard_refusal(cards)
        if reason[1] == "play.discard-first" and all(c in self.hands[self.turn] for c in cards):
            return "no set or run holds these cards", "play.set"
        return reason

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        seat, kind = self.turn, move.kind
        name, hand = self.player_names()[seat], self.hands[seat]
        if kind == "yaniv":
            self._call(seat)
        elif kind == "discard":
            for card in move.args[0]:
                hand.remove(card)
            self.fresh, self.phase = move.args[0], "draw"
            self.turns += 1
            self.said = f"{name} discards {words(move.args[0])}."
        else:
            if kind == "draw":
                card = self.stock.pop()
                self.said = f"{name} draws from the stock."
            else:
                card = move.card
                rest = list(self.previous)
                rest.pop(0 if card is self.previous[0] else len(rest) - 1)
                self.previous = tuple(rest)
                self.said = f"{name} takes the {card.symbol}."
            hand.append(card)
            hand.sort(key=_held)
            self.pile.extend(self.previous)
            self.previous, self.previous_by, self.fresh = self.fresh, seat, ()
            if not self.stock and self.pile:   # interpretation.stock
                self.rebuilds += 1
                self.stock = self._shuffle(f"stock-{self.hand_number}-{self.rebuilds}", self.pile)
                self.pile = []
                self.said = self.said[:-1] + "; the older discards are shuffled into a new stock."
            self.turn, self.phase = self._next(seat), "discard"
            if self.turns >= ROUND_LIMIT * len(self.active):
                self.said = self.said[:-1] + f"; {ROUND_LIMIT} rounds without a call end the hand."
                self._end_hand(None)

    def _call(self, caller):
        self.said = f"{self.player_names()[caller]} calls Yaniv with {hand_value(self.hands[caller])}."
        self._end_hand(caller)

    def _end_hand(self, caller):
        names = self.player_names()
        counts = [hand_value(h) for h in self.hands]
        tally, reached = Tally(self.seats), {}   # the players reset: the total each reached
        for s, items in enumerate(hand_items(caller, counts, self.active)):
            for label, points, rule, shows in items:
                tally.add(s, label, points, rule, self.hands[s] if shows else ())
            total = self.points[s] + tally.points[s]
            item = reset_item(total) if s in self.active else None
            if item:
                tally.add(s, *item)
                reached[s] = total
        row = tally.points
        after = [p + r for p, r in zip(self.points, row)]
        lines = []
        if caller is not None:
            lower = [s for s in self.active if s != caller and counts[s] < counts[caller]]
            if lower:
                lines.append(f"{' and '.join(names[s] for s in lower)} {'counts' if len(lower) == 1 else 'count'} "
                             f"less than {counts[caller]}: {names[caller]} scores {counts[caller]} and "
                             f"{PENALTY} more")
            else:
                lines.append(f"nobody counts less than {counts[caller]}: {names[caller]} scores nothing")
        lines += [f"{names[s]} scores {plural(counts[s], 'point')}" for s in self.active
                  if s != caller]
        lines += [f"{names[s]} reaches exactly {total}, which falls to {after[s]}" for s, total in reached.items()]
        self.points = tuple(after)
        out = [s for s in self.active if after[s] > OUT_ABOVE]
        lines += [f"{names[s]} has {after[s]}, above {OUT_ABOVE}, and is out" for s in out]
        self.hand_results += ((self.hand_number, row, tuple(lines)),)
        ended = (f"{names[caller]} called Yaniv with {counts[caller]}" if caller is not None else
                 f"{ROUND_LIMIT} rounds went by without a call")
        self.hand_end = (self.hand_number, tuple(lines), [list(h) for h in self.hands], tuple(self.active), ended)
        self.hand_tally = tally.breakdown(names)
        left = tuple(s for s in self.active if s not in out)
        if len(left) <= 1 or self.hand_number >= MAX_HANDS:
            self.over, self.turn = True, None
            pool = left if left else tuple(out)
            best = min(after[s] for s in pool)
            self.winners = tuple(s for s in pool if after[s] == best)
            self.active = left
            return
        self.active = left
        self._start_hand(self.hand_number + 1, self._next(self.dealer))

    # ---- what each seat sees ---------------------------------------------------------------------

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over else (0,) * self.seats
        return Scores(tuple(hand), self.points)

    def hidden_from(self, seat):
        hidden = set(self.stock)
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        return hidden

    def _cards_in_play(self):
        return [c for h in self.hands for c in h] + self.stock + self.pile + list(self.previous) + list(self.fresh)

    def _table(self, seat):
        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "phase": self.phase, "turns": self.turns,
            "active": list(self.active),
            "hands": [[c.text for c in h] if seat in (s, ALL) else len(h) for s, h in enumerate(self.hands)],
            "stock": len(self.stock), "pile": [c.text for c in self.pile],
            "previous": [c.text for c in self.previous], "fresh": [c.text for c in self.fresh],
            "points": list(self.points), "over": self.over, "winners": list(self.winners),
            "hands_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    def _said(self, seat):
        return self.said

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)


def _held(card):
    """Held by rank, as players sort a Yaniv hand: jokers first, then aces up to kings."""
    return (-1, 0) if card.is_joker else (_rank(card), SUITS.index(card.suit))


GAME = YanivState
