"""Diloti: a Greek fishing game with declarations and xeris, two players or four in partnerships.

- 52 cards; six to each player and four face up to the table, dealt again while three or more
  of the four share a rank (``setup.deal``, ``setup.redeal``); new hands of six from the stock
  when all hands are played out (``play.new-hands``).
- A turn plays one card from the hand: laid on the table (``play.lay``), capturing
  (``play.capture``: cards of its rank, or sets of pip cards adding up to its value, or piles
  of its value, several at once), or declaring (``play.declare``: the card played with table
  cards into a pile of a value the player holds another card of, up to 10; ``play.raise``: an
  opponent's pile raised by the card played; ``play.group``: a pile of several sets of one
  value). A player with a pile pending may not lay or declare anew, nor spend the last card that
  takes it on another capture (``play.obligation``).
- Clearing the table after the hand's first play is a xeri (``play.xeri``); the last to capture
  takes what is left at the end (``end.rest``).
- A hand scores, per side: xeri 10, most cards 4 (none at 26 each), the 10♦ 2, each ace 1,
  the 2♣ 1 (``scoring.hand``). The deal passes to the left; the game ends once a side has 61 or
  more and more than the other (``end.game``, ``interpretation.level-at-61``).
"""

from ...cards import make_deck
from ...families.fishing import FishingGame, cards_words
from ...families.fishing_piles import Pile, PilesOnTable, sums, unions
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreRule
from ...selection import Built
from ...table import headline, plural, score_sheet, zone

FORMS = MoveForms(MoveForm("capture", "capture {cards} with {card}"),
                  MoveForm("declare", "declare {cards} with {card} as {int}"),
                  MoveForm("play", "play {card}"))
VALUES = {"A": 1, **{str(n): n for n in range(2, 10)}, "T": 10}   # face cards have none
HAND, TABLE = 6, 4
TARGET = 61
MOST_CARDS, XERI = 4, 10
HAND_MOVES = 52 - TABLE          # every move plays a card from a hand
# interpretation.level-at-61: level totals after this many hands are a draw. A hand gives out at least
# 7 points (the 10♦, the aces, the 2♣), so after 18 the sides hold 126 and one has 61 or more, and
# only hands that leave the totals level go on; 300 games played at random went 13 hands at most.
LAST_HAND = 40


def value(card):
    """A card's value in sums and piles: its pips, the ace 1, the 10 ten; None for a face card."""
    return VALUES.get(card.rank)


def card_points(card):
    """A card's points at the count: the 10♦ 2, each ace and the 2♣ 1."""
    return 2 if card.text == "TD" else 1 if card.rank == "A" or card.text == "2C" else 0


def hand_points(xeris, cards, ten_of_diamonds, aces, two_of_clubs):
    """A hand's points per side from the counts: xeris and cards won and aces per side, and the
    side (0, 1) that won the 10♦ and the 2♣.

    >>> hand_points([1, 0], [30, 22], 0, [1, 3], 1)
    [17, 4]
    >>> hand_points([0, 2], [26, 26], 1, [2, 2], 0)
    [3, 24]
    """
    row = [XERI * x + a for x, a in zip(xeris, aces)]
    if cards[0] != cards[1]:
        row[0 if cards[0] > cards[1] else 1] += MOST_CARDS
    row[ten_of_diamonds] += 2
    row[two_of_clubs] += 1
    return row


def hand_row(hand, facts, context):
    """The score pad's calculator: a hand's points per side from the counts entered."""
    for name, total in (("cards", 52), ("aces", 4)):
        if sum(facts[name]) != total:
            raise ScoreError(f"the sides' {name} add up to {sum(facts[name])}: a hand gives out {total}",
                             "scoring.hand")
    row = hand_points(facts["xeris"], facts["cards"], facts["ten_diamonds"], facts["aces"], facts["two_clubs"])
    return {"points": row, "rule": "scoring.hand", "detail": "xeris, most cards, the 10♦, aces and the 2♣"}


FACTS = (
    Fact("xeris", "Xeris", per_seat=True, high=24),
    Fact("cards", "Cards won", per_seat=True, high=52, total=52),
    Fact("ten_diamonds", "Who won the 10♦", kind="seat"),
    Fact("aces", "Aces won", per_seat=True, high=4, total=4),
    Fact("two_clubs", "Who won the 2♣", kind="seat"),
)

SCORING = ScoreRule(wins="high", target=TARGET, partnerships=2, rule="scoring.hand", end_rule="end.game",
                    ties="play-on", tie_rule="interpretation.level-at-61", calculator=hand_row, facts=FACTS,
                    last_hand=LAST_HAND, last_rule="interpretation.level-at-61")


class DilotiState(PilesOnTable, FishingGame):
    spec = GameSpec(
        id="diloti",
        name="Diloti",
        family="fishing",
        seats=(2, 4),
        seat_counts=(2, 4),
        deck="52",
        summary="Capture by rank and by sums, bundle table cards into declarations only you can "
                "take, and clear the table for a xeri; 61 points wins.",
        rules=("setup.deal", "setup.redeal", "play.turn", "play.lay", "play.capture", "play.declare",
               "play.raise", "play.group", "play.obligation", "play.xeri", "play.new-hands", "end.rest",
               "scoring.hand", "end.game", "interpretation.level-at-61", "interpretation.no-duty",
               "interpretation.first-turn"),
        scoring=SCORING,
    )
    forms = FORMS
    RULES = {"turn": "play.turn", "capture": "play.capture", "must": "play.capture", "rest": "end.rest",
             "count": "scoring.hand", "end": "end.game"}

    # ---- sides, setup and the deal -----------------------------------------------------------

    def side(self, seat):
        return seat % 2

    def side_names(self):
        names = self.player_names()
        if self.seats == 2:
            return list(names)
        return [f"{names[0]} and {names[2]}", f"{names[1]} and {names[3]}"]

    def _setup(self):
        super()._setup()
        self.points = (0, 0)     # a column per side

    def _start_hand(self, number, dealer):
        self.piles, self.xeris, self.plays = [], [0, 0], 0
        super()._start_hand(number, dealer)

    def _deal(self):
        cards = self._shuffle(f"hand-{self.hand_number}", make_deck("52"))
        self._deal_hands(cards)
        redeals = 0
        while True:
            table = [cards.pop() for _ in range(TABLE)]
            if max(sum(c.rank == t.rank for c in table) for t in table) < 3:
                break
            redeals += 1
            cards = self._shuffle(f"hand-{self.hand_number}-redeal-{redeals}", cards + table)
        self.layout, self.stock = table, cards
        if redeals:
            self.said = (f"Three cards of one rank were turned up: the table was dealt again "
                         f"({plural(redeals, 'time')}).")

    def _deal_hands(self, cards):
        for _ in range(HAND):
            for step in range(1, self.seats + 1):
                self.hands[(self.dealer + step) % self.seats].append(cards.pop())

    def _copied(self):
        super()._copied()
        self.stock, self.xeris = list(self.stock), list(self.xeris)

    def move_bound(self):
        """Every move plays a card from a hand: 48 a hand, and ``LAST_HAND`` hands at most
        (``interpretation.level-at-61``)."""
        return LAST_HAND * HAND_MOVES

    # ---- what a card may do ----------------------------------------------------------------------

    def pending(self, seat):
        """The index of the pile ``seat`` is bound to take, or None."""
        return next((i for i, pile in enumerate(self.piles) if pile.owner == seat), None)

    def _spare(self, seat, card, taken_piles):
        """Whether ``seat`` may spend ``card`` on a move that takes ``taken_piles``: not the last
        card of its pending pile's value unless the move takes that pile."""
        mine = self.pending(seat)
        if mine is None or mine in taken_piles or value(card) != self.piles[mine].value:
            return True
        return sum(value(c) == value(card) for c in self.hands[seat]) > 1

    def capture_sets(self, card):
        """Every legal capture of ``card`` (from the hand of the seat to act): ``{items: parts}``."""
        items = self._items()
        v = value(card)
        combos = [frozenset([it]) for it in items if it[0] == "card" and it[1].rank == card.rank]
        if v is not None:
            loose = [it for it in items if it[0] == "card" and value(it[1]) is not None]
            combos += [frozenset(loose[i] for i in idx) for idx in sums([value(c) for _, c in loose], v, 2)]
            combos += [frozenset([it]) for it in items if it[0] == "pile" and self.piles[it[1]].value == v]
        out = {}
        for made, parts in unions(combos).items():
            piles = {what for kind, what in made if kind == "pile"}
            if self._spare(self.turn, card, piles):
                out[made] = parts
        return out

    def captures(self, card):
        return [tuple(self._item_cards(made)) for made in self.capture_sets(card)]

    def declarations(self, card):
        """Every legal declaration with ``card``: ``{(items, value): parts}`` (``items`` without
        the card played)."""
        seat, v = self.turn, value(card)
        if v is None:
            return {}
        hand = self.hands[seat]
        mine = self.pending(seat)
        played = ("hand", card)
        out = {}
        for target in range(max(v, 2), 11):
            if not any(value(c) == target for c in hand if c != card):
                continue
            items = [it for it in self._items() if self._item_value(it) is not None] + [played]
            values = [value(card) if it is played else self._item_value(it) for it in items]
            combos = []
            for idx in sums(values, target):
                combo = frozenset(items[i] for i in idx)
                piles = [what for kind, what in combo if kind == "pile"]
                if piles and len(combo) > 1:   # a pile raised: an opponent's plain pile and the card played
                    pile = self.piles[piles[0]]
                    if (len(combo) != 2 or played not in combo or pile.sets > 1
                            or self.side(pile.owner) == self.side(seat)):
                        continue
                combos.append(combo)
            for made, parts in unions(combos).items():
                if played not in made or len(made) < 2:
                    continue
                if mine is not None and frozenset([("pile", mine)]) not in parts:
                    continue
                if not self._spare(seat, card, {what for kind, what in made if kind == "pile"}):
                    continue
                out[(made - {played}, target)] = parts
        return out

    # ---- moves -----------------------------------------------------------------------------------

    def _moves_for(self, card):
        # Captures first and declarations last, laying between: a player always making the first
        # or the last move allowed then keeps the table small, as players do.
        moves = [self.capture_move(self._item_cards(made), card) for made in self.capture_sets(card)]
        if self.pending(self.turn) is None:
            moves.append(FORMS["play"].make(card))
        moves += [FORMS["declare"].make(self._ordered(self._item_cards(items)), card, target)
                  for items, target in self.declarations(card)]
        return moves

    def _legal(self):
        return [m for card in self.hands[self.turn] for m in self._moves_for(card)]

    def parse_move(self, move):
        move = super().parse_move(move)
        if move.kind == "declare" and all(c in self._table_cards() for c in move.args[0]):
            return FORMS["declare"].make(self._ordered(move.args[0]), move.args[1], move.args[2])
        return move

    def _capturing_card(self, move):
        return move.args[1] if move.kind in ("capture", "declare") else move.card

    def _why_not(self, move):
        card = self._capturing_card(move)
        if card not in self.hands[self.turn]:
            return self._not_yours(card)
        mine = self.pending(self.turn)
        name = self.player_names()[self.turn]
        if move.kind == "play":
            return (f"{name} must first take {self.pile_words(self.piles[mine])}, theirs to take: no card is "
                    f"laid while it is pending", "play.obligation")
        taken = move.args[0]
        missing = [c for c in taken if c not in self._table_cards()]
        if missing:
            return f"the {missing[0].symbol} is not on the table", "play.capture"
        split = self.split_piles(taken)
        if split:
            return (f"{self.pile_label(self.piles[split[0]])} is taken or built on whole, all its cards together",
                    "play.declare")
        if move.kind == "capture":
            return self._capture_refusal(taken, card)
        return self._declare_refusal(taken, card, move.args[2])

    def _capture_refusal(self, taken, card):
        piles = {self.pile_of(c) for c in taken} - {None}
        if not self._spare(self.turn, card, piles):
            return (f"the {card.symbol} is kept to take {self.pile_words(self.piles[self.pending(self.turn)])}: "
                    f"it captures nothing else", "play.obligation")
        v = value(card)
        wrong = [self.piles[i] for i in piles if self.piles[i].value != v]
        if wrong:
            return (f"{self.pile_label(wrong[0])} is taken only by a card of value {wrong[0].value}, "
                    f"not the {card.symbol}", "play.declare")
        found = self.captures(card)
        if not found:
            return f"the {card.symbol} captures nothing on the table", "play.capture"
        what = f"cards of its rank or sets adding up to {v}" if v else "cards of its rank"
        return f"the {card.symbol} cannot capture {cards_words(taken)}: it takes {what}", "play.capture"

    def _declare_refusal(self, taken, card, target):
        seat, name = self.turn, self.player_names()[self.turn]
        if value(card) is None or any(value(c) is None for c in taken):
            return "face cards have no value: they go into no pile", "play.declare"
        if not 1 < target <= 10:
            return f"a pile is worth 2 to 10, not {target}: no card takes more than 10", "play.raise"
        if not any(value(c) == target for c in self.hands[seat] if c != card):
            return (f"{name} holds no other card of value {target}: a pile is made only by a player who "
                    f"can take it", "play.declare")
        piles = {self.pile_of(c) for c in taken} - {None}
        mine = self.pending(seat)
        if mine is not None and mine not in piles:
            return (f"{name} must first take {self.pile_words(self.piles[mine])}, theirs to take: no new "
                    f"declaration while it is pending", "play.obligation")
        for i in piles:
            pile = self.piles[i]
            if pile.value != target and self.side(pile.owner) == self.side(seat):
                return f"{self.pile_label(pile)} may be raised only by an opponent", "play.raise"
            if pile.value != target and pile.sets > 1:
                return f"{self.pile_label(pile)} is a group: it cannot be raised", "play.group"
        return (f"the {card.symbol} and {cards_words(taken)} do not make sets of {target} each",
                "play.group")

    def candidate_moves(self):
        if self.over:
            return []
        legal = self.legal_moves()
        hand, table = self.hands[self.turn], self._table_cards()
        extra = [FORMS["play"].make(c) for c in hand]
        extra += [FORMS["capture"].make((t,), c) for c in hand[:3] for t in table[:3]]
        extra += [FORMS["declare"].make((t,), c, n) for c in hand[:2] for t in table[:2] for n in (9, 11)]
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    # ---- moves built from several cards ----------------------------------------------------------

    lone_card_moves_finish = True   # a hand card picked alone may be laid with the "Lay" button

    def _click_choice(self, move):
        return "lay" if move.kind == "play" else None

    def _built(self, move):
        if move.kind == "declare":
            return Built((move.args[1].text,) + tuple(c.text for c in move.args[0]), None,
                         f"Declare {move.args[2]}")
        return super()._built(move)

    def _selection_refusal(self, picked, target):
        from ...cards import parse_card

        cards = [parse_card(t) for t in picked]
        own = [c for c in cards if c in self.hands[self.turn]]
        if len(own) == 1 and target is None and all(c in self._table_cards() for c in cards if c not in own):
            taken = tuple(c for c in cards if c not in own)
            split = self.split_piles(taken)
            if split:
                return (f"{self.pile_label(self.piles[split[0]])} is taken or built on whole, all its cards "
                        f"together", "play.declare")
            if self.pending(self.turn) is not None and not taken:
                return self._why_not(FORMS["play"].make(own[0]))
            return self._capture_refusal(taken, own[0]) if taken else (
                f"the {own[0].symbol} makes no capture or pile alone", "play.capture")
        return super()._selection_refusal(picked, target)

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        if move.kind != "declare":
            super()._play(move)
            return
        seat, card, target = self.turn, move.args[1], move.args[2]
        name = self.player_names()[seat]
        parts = self.declarations(card)[(self._items_of(move.args[0]), target)]
        old = [self.piles[what] for kind, what in self._items_of(move.args[0]) if kind == "pile"]
        raised = [p for p in old if p.value != target]
        self.hands[seat].remove(card)
        cards = self.pile_cards(parts)
        for c in move.args[0]:
            self._take_from_table(c)
        pile = Pile(cards, target, seat, len(parts))
        self.piles.append(pile)
        if raised:
            self.said = f"{name} raises {self.pile_label(raised[0])} to {target} with the {card.symbol}"
            self.said += f", grouped with {cards_words([c for c in move.args[0] if c not in raised[0].cards])}." \
                if len(parts) > 1 else "."
        elif len(parts) > 1:
            self.said = f"{name} declares a group of {target}s: the {card.symbol} with {cards_words(move.args[0])}."
        else:
            self.said = f"{name} declares {target}: the {card.symbol} with {cards_words(move.args[0])}."
        self._after_play(seat)

    def _capture(self, seat, card, taken):
        cleared = set(taken) == set(self._table_cards())
        super()._capture(seat, card, taken)
        if cleared and self.plays:
            self.xeris[self.side(seat)] += 1
            self.said = f"{self.said[:-1]}: a xeri!"

    def _after_play(self, seat):
        self.plays += 1
        self._next_turn()

    def _next_turn(self):
        self.turn = (self.turn + 1) % self.seats
        if any(self.hands):
            return
        if self.stock:
            self._deal_hands(self.stock)
            self.said = f"{self.said} New hands of six are dealt from the stock."
            return
        self._end_hand()

    # ---- the hand's end and the game's -------------------------------------------------------

    def side_piles(self):
        piles = [[], []]
        for s, pile in enumerate(self.won):
            piles[self.side(s)] += pile
        return piles

    def _count(self):
        piles = self.side_piles()
        ten = next(s for s in (0, 1) if any(c.text == "TD" for c in piles[s]))
        two = next(s for s in (0, 1) if any(c.text == "2C" for c in piles[s]))
        return hand_points(self.xeris, [len(p) for p in piles], ten, [sum(c.rank == "A" for c in p) for p in piles],
                           two)

    def _end_hand(self):
        names, sides = self.player_names(), self.side_names()
        lines = []
        rest = list(self._table_cards())
        if rest:
            self.won[self.last_capturer] += rest
            for c in rest:
                self._take_from_table(c)
            lines.append(f"{names[self.last_capturer]} made the last capture and takes {cards_words(rest)}, "
                         f"left on the table")
        row = tuple(self._count())
        piles = self.side_piles()
        verb = "scores" if self.seats == 2 else "score"
        lines += [f"{sides[s]} {verb} {plural(row[s], 'point')}: {plural(self.xeris[s], 'xeri')}, "
                  f"{plural(len(piles[s]), 'card')}" for s in (0, 1)]
        self.points = tuple(a + b for a, b in zip(self.points, row))
        self.hand_results += ((self.hand_number, row, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), [list(w) for w in self.won])
        best = max(self.points)
        if best >= TARGET and min(self.points) < best:
            self.over, self.turn = True, None
            side = self.points.index(best)
            self.winners = tuple(s for s in range(self.seats) if self.side(s) == side)
            return
        if self.hand_number >= LAST_HAND:   # interpretation.level-at-61: still level, a draw
            self.over, self.turn = True, None
            return
        self._start_hand(self.hand_number + 1, (self.dealer + 1) % self.seats)

    @property
    def scores(self):
        from ...game import Scores

        hand = self.hand_results[-1][1] if self.over else (0, 0)
        return Scores(tuple(hand[self.side(s)] for s in range(self.seats)),
                      tuple(self.points[self.side(s)] for s in range(self.seats)))

    # ---- what each seat sees ---------------------------------------------------------------------

    @staticmethod
    def pile_words(pile):
        return f"the group of {pile.value}s" if pile.sets > 1 else f"the declaration of {pile.value}"

    def pile_label(self, pile):
        return f"{self.player_names()[pile.owner]}'s {self.pile_words(pile)[4:]}"

    def _face_down(self):
        return list(self.stock)

    def _table(self, seat):
        table = super()._table(seat)
        table.update(stock=len(self.stock), seats=self.seats, xeris=list(self.xeris), plays=self.plays,
                     piles=[{"cards": [c.text for c in p.cards], "value": p.value, "owner": p.owner, "sets": p.sets}
                            for p in self.piles])
        return table

    def seat_points(self, seat):
        return self.points[self.side(seat)]

    def _scorer_names(self):
        return self.side_names()

    def fishing_zones(self, seat, middle=()):
        zones = super().fishing_zones(seat, middle)
        for z in zones:
            if z["id"].startswith("won-"):
                z["note"] = plural(len(z["cards"]), "card")
        return zones

    def _describe(self, seat):
        middle = [zone("stock", "Stock", ["??"] * len(self.stock), kind="stock", layout="squared", group="middle")]
        middle += self.pile_zones()
        facts = []
        if not self.over:
            name = self.player_names()[self.turn]
            mine = self.pending(self.turn)
            facts.append(f"{name} to play" + (f", bound to take {self.pile_label(self.piles[mine])}"
                                               if mine is not None else ""))
            facts.append(f"Stock: {plural(len(self.stock), 'card')}")
            if any(self.xeris):
                facts.append("Xeris: " + ", ".join(f"{n} {x}" for n, x in zip(self.side_names(), self.xeris)))
        described = self.fishing_description(seat, facts, middle)
        described["headline"] = headline(f"Hand {self.hand_number}", f"Dealer: {self.player_names()[self.dealer]}",
                                         *facts)   # hands until a side reaches 61, not a fixed number
        return described

    def _score_sheet(self):
        rows = [(f"Hand {n}", list(p)) for n, p, _ in self.hand_results]
        return score_sheet(self.side_names(), rows, [("Points", list(self.points))],
                           target=f"{TARGET} points, the higher side winning")

    def _result(self):
        if not self.over:
            return None
        if not self.winners:
            return (f"After {LAST_HAND} hands the totals are still level, {plural(self.points[0], 'point')} each: "
                    f"a draw.")
        side = self.side(self.winners[0])
        verb = "wins" if self.seats == 2 else "win"
        return f"{self.side_names()[side]} {verb} with {plural(self.points[side], 'point')}."

    def card_points(self, card):
        return card_points(card)

    def table_value(self, card):
        return value(card)


GAME = DilotiState
