"""Cassino: the English-speaking world's fishing game, two players, with builds and sweeps.

The rules are the standard ones of the reference books (Foster's Complete Hoyle, the
Encyclopaedia Britannica's article on Casino), as the page says.

- 52 cards; four to each player and four face up to the table, dealt two at a time
  (``setup.deal``); new hands of four from the stock when both hands are played out
  (``play.new-hands``), none to the table.
- A turn plays one card from the hand: trailed on the table (``play.trail``), capturing
  (``play.capture``: numeral cards of its rank, sets of numeral cards adding up to its value,
  builds of its value, several at once; a face card takes one face card of its rank,
  ``play.face-cards``), or building (``play.build``: the card played with table cards into a
  build of a value the player holds another card of, up to 10; ``play.multiple``: a build of
  several sets of one value; ``play.increase``: a single build raised by the card played). A
  player who owns a build may not trail, nor spend the last card that takes it on anything
  else (``play.ownership``).
- Clearing the table with a capture is a sweep (``play.sweep``); the last to capture takes
  what is left at the end of the deal, which is no sweep (``end.rest``).
- A deal scores: most cards 3 (none at 26 each), most spades 1, the 10♦ 2, the 2♠ 1, each ace 1,
  each sweep 1 (``scoring.hand``). The deal alternates; the game ends once a player has 21 or
  more and more than the other (``end.game``, ``interpretation.level-at-21``).
"""

from ...cards import RANK_NAMES, make_deck, parse_card
from ...families.fishing import FishingGame, cards_words
from ...families.fishing_piles import Pile, PilesOnTable, sums, unions
from ...game import GameSpec, Scores
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreRule
from ...selection import Built
from ...table import headline, plural, score_sheet, zone

FORMS = MoveForms(MoveForm("capture", "capture {cards} with {card}"),
                  MoveForm("build", "build {cards} with {card} as {int}"),
                  MoveForm("play", "play {card}"))
VALUES = {"A": 1, **{str(n): n for n in range(2, 10)}, "T": 10}   # face cards have none
HAND, TABLE = 4, 4
TARGET = 21
MOST_CARDS = 3
DEAL_MOVES = 52 - TABLE          # every move plays a card from a hand
# interpretation.level-at-21: level totals after this many deals are a draw. A deal gives out at least
# 8 points (spades, the casinos, the aces; most cards too unless level), so after six one player has
# 21 or more and only deals that leave the totals level go on; 300 games played at random went 5
# deals at most.
LAST_DEAL = 20


def value(card):
    """A card's value in sums and builds: its pips, the ace 1, the 10 ten; None for a face card."""
    return VALUES.get(card.rank)


def card_points(card):
    """A card's own points at the count: big casino (10♦) 2, little casino (2♠) and each ace 1."""
    return 2 if card.text == "TD" else 1 if card.rank == "A" or card.text == "2S" else 0


def hand_points(cards, spades, big_casino, little_casino, aces, sweeps):
    """A deal's points per player from the counts: cards, spades, aces and sweeps per player,
    and the player (0 or 1) who won big casino (10♦) and little casino (2♠).

    >>> hand_points([27, 25], [8, 5], 0, 1, [3, 1], [2, 0])
    [11, 2]
    >>> hand_points([26, 26], [6, 7], 1, 1, [2, 2], [0, 1])
    [2, 7]
    """
    row = [a + s for a, s in zip(aces, sweeps)]
    for counts, bonus in ((cards, MOST_CARDS), (spades, 1)):
        if counts[0] != counts[1]:
            row[0 if counts[0] > counts[1] else 1] += bonus
    row[big_casino] += 2
    row[little_casino] += 1
    return row


def hand_row(hand, facts, context):
    """The score pad's calculator: a deal's points per player from the counts entered."""
    for name, total in (("cards", 52), ("spades", 13), ("aces", 4)):
        if sum(facts[name]) != total:
            raise ScoreError(f"the players' {name} add up to {sum(facts[name])}: a deal gives out {total}",
                             "scoring.hand")
    row = hand_points(facts["cards"], facts["spades"], facts["big_casino"], facts["little_casino"], facts["aces"],
                      facts["sweeps"])
    return {"points": row, "rule": "scoring.hand",
            "detail": "most cards, most spades, big and little casino, aces and sweeps"}


FACTS = (
    Fact("cards", "Cards won", per_seat=True, high=52, total=52),
    Fact("spades", "Spades won", per_seat=True, high=13, total=13),
    Fact("big_casino", "Who won big casino (10♦)", kind="seat"),
    Fact("little_casino", "Who won little casino (2♠)", kind="seat"),
    Fact("aces", "Aces won", per_seat=True, high=4, total=4),
    Fact("sweeps", "Sweeps", per_seat=True, high=24),
)

SCORING = ScoreRule(wins="high", target=TARGET, rule="scoring.hand", end_rule="end.game", ties="play-on",
                    tie_rule="interpretation.level-at-21", calculator=hand_row, facts=FACTS,
                    last_hand=LAST_DEAL, last_rule="interpretation.level-at-21")


class CassinoState(PilesOnTable, FishingGame):
    spec = GameSpec(
        id="cassino",
        name="Cassino",
        family="fishing",
        seats=(2, 2),
        deck="52",
        summary="Pair and combine cards from the table, build for a card you hold, sweep the table, "
                "and count cards, spades, the casinos and aces; 21 points wins.",
        rules=("setup.deal", "play.turn", "play.trail", "play.capture", "play.face-cards", "play.build",
               "play.multiple", "play.increase", "play.ownership", "play.sweep", "play.new-hands", "end.rest",
               "scoring.hand", "end.game", "interpretation.level-at-21", "interpretation.no-capture",
               "interpretation.last-sweep", "interpretation.builds"),
        scoring=SCORING,
    )
    forms = FORMS
    RULES = {"turn": "play.turn", "capture": "play.capture", "must": "play.capture", "rest": "end.rest",
             "count": "scoring.hand", "end": "end.game"}

    # ---- setup and the deal ----------------------------------------------------------------------

    def _start_hand(self, number, dealer):
        self.piles, self.sweeps = [], [0, 0]
        super()._start_hand(number, dealer)

    def _deal(self):
        cards = self._shuffle(f"hand-{self.hand_number}", make_deck("52"))
        for _ in range(2):   # two at a time: the non-dealer, the table, the dealer
            for where in ("other", "table", "dealer"):
                pair = [cards.pop(), cards.pop()]
                if where == "table":
                    self.layout += pair
                else:
                    self.hands[self.dealer if where == "dealer" else 1 - self.dealer] += pair
        self.stock = cards

    def _deal_hands(self):
        for _ in range(2):
            for seat in (1 - self.dealer, self.dealer):
                self.hands[seat] += [self.stock.pop(), self.stock.pop()]

    def _copied(self):
        super()._copied()
        self.stock, self.sweeps = list(self.stock), list(self.sweeps)

    def move_bound(self):
        """Every move plays a card from a hand: 48 a deal, and ``LAST_DEAL`` deals at most
        (``interpretation.level-at-21``)."""
        return LAST_DEAL * DEAL_MOVES

    # ---- what a card may do ----------------------------------------------------------------------

    def owned(self, seat):
        """The indices of the builds ``seat`` owns (made or last added to)."""
        return [i for i, pile in enumerate(self.piles) if pile.owner == seat]

    def _spare(self, seat, card, taken_piles):
        """Whether ``seat`` may spend ``card`` on a move that takes (or builds on) ``taken_piles``:
        every other build it owns keeps a card of its value in the hand."""
        rest = list(self.hands[seat])
        rest.remove(card)
        return all(any(value(c) == self.piles[i].value for c in rest)
                   for i in self.owned(seat) if i not in taken_piles)

    def capture_sets(self, card):
        """Every legal capture of ``card`` (from the hand of the seat to act): ``{items: parts}``."""
        items = self._items()
        v = value(card)
        if v is None:   # a face card takes one card of its rank
            return {frozenset([it]): (frozenset([it]),) for it in items
                    if it[0] == "card" and it[1].rank == card.rank}
        loose = [it for it in items if it[0] == "card" and value(it[1]) is not None]
        combos = [frozenset(loose[i] for i in idx) for idx in sums([value(c) for _, c in loose], v)]
        combos += [frozenset([it]) for it in items if it[0] == "pile" and self.piles[it[1]].value == v]
        out = {}
        for made, parts in unions(combos).items():
            if self._spare(self.turn, card, {what for kind, what in made if kind == "pile"}):
                out[made] = parts
        return out

    def captures(self, card):
        return [tuple(self._item_cards(made)) for made in self.capture_sets(card)]

    def builds(self, card):
        """Every legal build with ``card``: ``{(items, value): parts}`` (``items`` without the card
        played)."""
        seat, v = self.turn, value(card)
        if v is None:
            return {}
        hand = self.hands[seat]
        played = ("hand", card)
        out = {}
        for target in range(max(v, 2), 11):
            if not any(value(c) == target for c in hand if c != card):
                continue
            items = [it for it in self._items() if self._item_value(it) is not None] + [played]
            values = [v if it is played else self._item_value(it) for it in items]
            combos = []
            for idx in sums(values, target):
                combo = frozenset(items[i] for i in idx)
                piles = [what for kind, what in combo if kind == "pile"]
                # A build inside a set: only a single build increased by the card played alone.
                if piles and len(combo) > 1 and (len(combo) != 2 or played not in combo
                                                 or self.piles[piles[0]].sets > 1):
                    continue
                combos.append(combo)
            for made, parts in unions(combos).items():
                if played not in made or len(made) < 2:
                    continue
                if self._spare(seat, card, {what for kind, what in made if kind == "pile"}):
                    out[(made - {played}, target)] = parts
        return out

    # ---- moves -----------------------------------------------------------------------------------

    def _moves_for(self, card):
        # Captures first and builds last, trailing between: a player always making the first or
        # the last move allowed then keeps the table small, as players do.
        moves = [self.capture_move(self._item_cards(made), card) for made in self.capture_sets(card)]
        if not self.owned(self.turn):
            moves.append(FORMS["play"].make(card))
        moves += [FORMS["build"].make(self._ordered(self._item_cards(items)), card, target)
                  for items, target in self.builds(card)]
        return moves

    def _legal(self):
        return [m for card in self.hands[self.turn] for m in self._moves_for(card)]

    def parse_move(self, move):
        move = super().parse_move(move)
        if move.kind == "build" and all(c in self._table_cards() for c in move.args[0]):
            return FORMS["build"].make(self._ordered(move.args[0]), move.args[1], move.args[2])
        return move

    def _capturing_card(self, move):
        return move.args[1] if move.kind in ("capture", "build") else move.card

    def _why_not(self, move):
        card = self._capturing_card(move)
        if card not in self.hands[self.turn]:
            return self._not_yours(card)
        name = self.player_names()[self.turn]
        if move.kind == "play":
            return (f"{name} owns {self.pile_words(self.piles[self.owned(self.turn)[0]])}: no card is trailed "
                    f"while a build of theirs is on the table", "play.ownership")
        taken = move.args[0]
        missing = [c for c in taken if c not in self._table_cards()]
        if missing:
            return f"the {missing[0].symbol} is not on the table", "play.capture"
        split = self.split_piles(taken)
        if split:
            return (f"{self.pile_label(self.piles[split[0]])} is taken or built on whole, all its cards together",
                    "play.build")
        if move.kind == "capture":
            return self._capture_refusal(taken, card)
        return self._build_refusal(taken, card, move.args[2])

    def _keeps(self, card):
        """Why ``card`` is kept for a build its player owns: ``(reason, rule)``."""
        rest = [c for c in self.hands[self.turn] if c != card]
        pile = next(self.piles[i] for i in self.owned(self.turn)
                    if not any(value(c) == self.piles[i].value for c in rest))
        return (f"the {card.symbol} is kept to take {self.pile_words(pile)}: a player keeps a card to take "
                f"each build they own", "play.ownership")

    def _capture_refusal(self, taken, card):
        piles = {self.pile_of(c) for c in taken} - {None}
        if not self._spare(self.turn, card, piles):
            return self._keeps(card)
        v = value(card)
        wrong = [self.piles[i] for i in piles if self.piles[i].value != v]
        if wrong:
            return (f"{self.pile_label(wrong[0])} is taken only by a card of value {wrong[0].value}, "
                    f"not the {card.symbol}", "play.build")
        if v is None:
            if len(taken) > 1 and all(c.rank == card.rank for c in taken):
                return f"the {card.symbol} takes one {RANK_NAMES[card.rank]} at a time", "play.face-cards"
            return f"the {card.symbol} takes only a card of its rank", "play.face-cards"
        if not self.captures(card):
            return f"the {card.symbol} captures nothing on the table", "play.capture"
        return (f"the {card.symbol} cannot capture {cards_words(taken)}: it takes cards of its rank and sets "
                f"adding up to {v}", "play.capture")

    def _build_refusal(self, taken, card, target):
        seat, name = self.turn, self.player_names()[self.turn]
        if value(card) is None or any(value(c) is None for c in taken):
            return "face cards have no value: they go into no build", "play.build"
        if not 1 < target <= 10:
            return f"a build is worth 2 to 10, not {target}: no card takes more than 10", "play.build"
        if not any(value(c) == target for c in self.hands[seat] if c != card):
            return (f"{name} holds no other card of value {target}: a build is made only by a player who "
                    f"can take it", "play.build")
        piles = {self.pile_of(c) for c in taken} - {None}
        if not self._spare(seat, card, piles):
            return self._keeps(card)
        for i in piles:
            pile = self.piles[i]
            if pile.value != target and pile.sets > 1:
                return f"{self.pile_label(pile)} cannot be increased: a multiple build keeps its value", "play.multiple"
        return (f"the {card.symbol} and {cards_words(taken)} do not make sets of {target} each, "
                f"a build increased only by the card played", "play.increase")

    def candidate_moves(self):
        if self.over:
            return []
        legal = self.legal_moves()
        hand, table = self.hands[self.turn], self._table_cards()
        extra = [FORMS["play"].make(c) for c in hand]
        extra += [FORMS["capture"].make((t,), c) for c in hand[:3] for t in table[:3]]
        extra += [FORMS["build"].make((t,), c, n) for c in hand[:2] for t in table[:2] for n in (9, 11)]
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    # ---- moves built from several cards ----------------------------------------------------------

    lone_card_moves_finish = True   # a hand card picked alone may be trailed with the "Trail" button

    def _click_choice(self, move):
        return "trail" if move.kind == "play" else None

    def _built(self, move):
        if move.kind == "build":
            return Built((move.args[1].text,) + tuple(c.text for c in move.args[0]), None,
                         f"Build {move.args[2]}")
        return super()._built(move)

    def _selection_refusal(self, picked, target):
        cards = [parse_card(t) for t in picked]
        own = [c for c in cards if c in self.hands[self.turn]]
        if len(own) == 1 and target is None and all(c in self._table_cards() for c in cards if c not in own):
            taken = tuple(c for c in cards if c not in own)
            split = self.split_piles(taken)
            if split:
                return (f"{self.pile_label(self.piles[split[0]])} is taken or built on whole, all its cards "
                        f"together", "play.build")
            if not taken:
                if self.owned(self.turn):
                    return self._why_not(FORMS["play"].make(own[0]))
                return f"the {own[0].symbol} makes no capture or build alone", "play.capture"
            return self._capture_refusal(taken, own[0])
        return super()._selection_refusal(picked, target)

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        if move.kind != "build":
            super()._play(move)
            if move.kind == "play":
                self.said = self.said.replace(" plays ", " trails ")
            return
        seat, card, target = self.turn, move.args[1], move.args[2]
        name = self.player_names()[seat]
        parts = self.builds(card)[(self._items_of(move.args[0]), target)]
        old = [self.piles[what] for kind, what in self._items_of(move.args[0]) if kind == "pile"]
        increased = [p for p in old if p.value != target]
        self.hands[seat].remove(card)
        cards = self.pile_cards(parts)
        sets = sum(self._sets_in(combo, target) for combo in parts)
        for c in move.args[0]:
            self._take_from_table(c)
        self.piles.append(Pile(cards, target, seat, sets))
        if increased:
            self.said = f"{name} increases {self.pile_label(increased[0])} to {target} with the {card.symbol}"
            self.said += f", with {cards_words([c for c in move.args[0] if c not in increased[0].cards])} " \
                         f"beside it." if len(parts) > 1 else "."
        elif sets > 1:
            self.said = f"{name} builds {target}s: the {card.symbol} with {cards_words(move.args[0])}."
        else:
            self.said = f"{name} builds {target}: the {card.symbol} with {cards_words(move.args[0])}."
        self._after_play(seat)

    def _sets_in(self, combo, target):
        """The sets of ``target`` a part of a build brings: a multiple build already there brings
        its own, anything else one."""
        (kind, what), = combo if len(combo) == 1 else ((None, None),)
        return self.piles[what].sets if kind == "pile" and self.piles[what].value == target else 1

    def _capture(self, seat, card, taken):
        cleared = set(taken) == set(self._table_cards())
        super()._capture(seat, card, taken)
        if cleared:
            self.sweeps[seat] += 1
            self.said = f"{self.said[:-1]}: a sweep!"

    def _next_turn(self):
        self.turn = 1 - self.turn
        if any(self.hands):
            return
        if self.stock:
            self._deal_hands()
            last = " (the last of the stock)" if not self.stock else ""
            self.said = f"{self.said} New hands of four are dealt{last}."
            return
        self._end_hand()

    # ---- the hand's end and the game's -------------------------------------------------------

    def _count(self):
        big = next(s for s in (0, 1) if any(c.text == "TD" for c in self.won[s]))
        little = next(s for s in (0, 1) if any(c.text == "2S" for c in self.won[s]))
        return hand_points([len(w) for w in self.won], [sum(c.suit == "S" for c in w) for w in self.won],
                           big, little, [sum(c.rank == "A" for c in w) for w in self.won], self.sweeps)

    def _end_hand(self):
        names = self.player_names()
        lines = []
        rest = list(self._table_cards())
        if rest:
            # Nobody captured in the whole deal: the cards left go to the dealer (interpretation.last-sweep).
            taker = self.dealer if self.last_capturer is None else self.last_capturer
            self.won[taker] += rest
            for c in rest:
                self._take_from_table(c)
            how = "made the last capture" if self.last_capturer is not None else "dealt, nobody having captured,"
            lines.append(f"{names[taker]} {how} and takes {cards_words(rest)}, left on the table")
        row = tuple(self._count())
        lines += [f"{names[s]} scores {plural(row[s], 'point')}: {plural(len(self.won[s]), 'card')}, "
                  f"{plural(sum(c.suit == 'S' for c in self.won[s]), 'spade')}, "
                  f"{plural(self.sweeps[s], 'sweep')}" for s in (0, 1)]
        self.points = tuple(a + b for a, b in zip(self.points, row))
        self.hand_results += ((self.hand_number, row, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), [list(w) for w in self.won])
        best = max(self.points)
        if best >= TARGET and min(self.points) < best:
            self.over, self.turn = True, None
            self.winners = (self.points.index(best),)
            return
        if self.hand_number >= LAST_DEAL:   # interpretation.level-at-21: still level, a draw
            self.over, self.turn = True, None
            return
        self._start_hand(self.hand_number + 1, 1 - self.dealer)

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over else (0, 0)
        return Scores(tuple(hand), self.points)

    # ---- what each seat sees ---------------------------------------------------------------------

    @staticmethod
    def pile_words(pile):
        return f"the multiple build of {pile.value}s" if pile.sets > 1 else f"the build of {pile.value}"

    def pile_label(self, pile):
        return f"{self.player_names()[pile.owner]}'s {self.pile_words(pile)[4:]}"

    def _face_down(self):
        return list(self.stock)

    def _table(self, seat):
        table = super()._table(seat)
        table.update(stock=len(self.stock), sweeps=list(self.sweeps),
                     piles=[{"cards": [c.text for c in p.cards], "value": p.value, "owner": p.owner, "sets": p.sets}
                            for p in self.piles])
        return table

    def fishing_zones(self, seat, middle=()):
        zones = super().fishing_zones(seat, middle)
        for z in zones:
            if z["id"].startswith("won-"):
                s = int(z["id"][4:])
                z["note"] = plural(len(z["cards"]), "card") + (f", {plural(self.sweeps[s], 'sweep')}"
                                                                if self.sweeps[s] else "")
        return zones

    def _describe(self, seat):
        middle = [zone("stock", "Stock", ["??"] * len(self.stock), kind="stock", layout="squared", group="middle")]
        middle += self.pile_zones()
        facts = []
        if not self.over:
            name = self.player_names()[self.turn]
            mine = self.owned(self.turn)
            facts.append(f"{name} to play" + (f", bound to take {self.pile_label(self.piles[mine[0]])}"
                                               if mine else ""))
            facts.append(f"Stock: {plural(len(self.stock), 'card')}")
            if any(self.sweeps):
                facts.append("Sweeps: " + ", ".join(f"{n} {x}" for n, x in zip(self.player_names(), self.sweeps)))
        described = self.fishing_description(seat, facts, middle)
        described["headline"] = headline(f"Deal {self.hand_number}", f"Dealer: {self.player_names()[self.dealer]}",
                                         *facts)   # deals until someone reaches 21, not a fixed number
        return described

    def _score_sheet(self):
        rows = [(f"Deal {n}", list(p)) for n, p, _ in self.hand_results]
        return score_sheet(self.player_names(), rows, [("Points", list(self.points))],
                           target=f"{TARGET} points, the higher total winning")

    def _result(self):
        if not self.over:
            return None
        if not self.winners:
            return (f"After {LAST_DEAL} deals the totals are still level, {plural(self.points[0], 'point')} each: "
                    f"a draw.")
        seat = self.winners[0]
        return f"{self.player_names()[seat]} wins with {plural(self.points[seat], 'point')}."

    def _interlude(self):
        ended = super()._interlude()
        if ended:
            ended["title"] = ended["title"].replace("hand", "deal")
        return ended

    def card_points(self, card):
        return card_points(card)

    def table_value(self, card):
        return value(card)


GAME = CassinoState
