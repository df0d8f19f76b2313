"""Chinese Ten (Jian Hong Dian): pair cards to ten and pick up the red ones.

- 52 cards; 24 divided by the number of players to each (12, 8 or 6), one at a time from the
  dealer's left; four cards turned up from the stock as the layout (``setup.deal``).
- Four face cards, 10s or 5s turned up go to the dealer's won pile before play
  (``setup.dealer-takes``); three of a kind of those ranks are taken together by the fourth
  (``play.three-of-a-kind``).
- A turn: a card from the hand captures a table card with which it makes ten (ace to 9), or one
  of its own rank (10, jack, queen, king), and must when it can; otherwise it is laid on the
  table (``play.capture``, ``play.lay``). Then the stock's top card is turned up and captures for
  the same player, or is laid on the table (``play.stock``); the player chooses which card it
  takes when it could take several (``interpretation.stock-choice``).
- The hand ends when the hands and the stock are played out; cards left on the table go to the
  last to capture (``interpretation.leftover``). Red aces 20, red 9s to kings 10, other red
  cards their pips, the A♣ 40 with four players, the A♠ 30 with three or four
  (``scoring.cards``).
- The ``hands`` option: the deal passes to the left, points are carried, and the game ends after
  that many hands (one by default, as the text plays it), the highest total winning
  (``end.game``, ``interpretation.hands``).
"""

from ...cards import make_deck
from ...families.fishing import FishingGame, cards_words
from ...game import GameSpec, Option
from ...scoring import Fact, ScoreError, ScoreRule
from ...table import Tally, zone

BY_RANK = ("T", "J", "Q", "K")       # captured by a card of the same rank
KEEP_APART = ("5", "T", "J", "Q", "K")   # the ranks of the layout's special rules
PIPS = {"A": 1, **{str(n): n for n in range(2, 10)}}
RANK_ORDER = "A23456789TJQK"
HAND_CARDS = 24                       # divided among the players
LAYOUT = 4
HANDS = (1, 2, 3, 4, 6, 8, 12)


def pairs(card, other):
    """Whether ``card`` captures ``other``: ten together, or the same rank among 10s and faces.

    >>> from rules_engine.cards import parse_card as c
    >>> pairs(c("3S"), c("7H")), pairs(c("5C"), c("5D")), pairs(c("QS"), c("QH")), pairs(c("TS"), c("QH"))
    (True, True, True, False)
    """
    return other.rank in MATE_RANKS[card.rank]


def _ranks_pair(rank, other):
    if rank in BY_RANK or other in BY_RANK:
        return rank == other
    return PIPS[rank] + PIPS[other] == 10


# The ranks each rank captures, worked out once: every card of every hand is paired with the
# layout at every turn.
MATE_RANKS = {rank: frozenset(other for other in RANK_ORDER if _ranks_pair(rank, other)) for rank in RANK_ORDER}


def card_value(card, seats):
    """A card's points in a won pile, for ``seats`` players.

    >>> from rules_engine.cards import parse_card as c
    >>> [card_value(c(t), 4) for t in ("AH", "KD", "9H", "7D", "AC", "AS", "KS")]
    [20, 10, 10, 7, 40, 30, 0]
    >>> [card_value(c("AC"), n) for n in (2, 3, 4)], [card_value(c("AS"), n) for n in (2, 3, 4)]
    ([0, 0, 40], [0, 30, 30])
    """
    if card.suit in "HD":
        if card.rank == "A":
            return 20
        return 10 if card.rank in BY_RANK or card.rank == "9" else PIPS[card.rank]
    if card.text == "AC":
        return 40 if seats == 4 else 0
    if card.text == "AS":
        return 30 if seats >= 3 else 0
    return 0


def hand_total(seats):
    """The points a hand gives out in all: 210 for the red cards, and the black aces that count.

    >>> [hand_total(n) for n in (2, 3, 4)]
    [210, 240, 280]
    """
    return sum(card_value(c, seats) for c in make_deck("52"))


def hand_row(hand, facts, context):
    """The score pad's calculator: each player's points from the red cards and black aces won.

    >>> hand_row(None, {"red_aces": [1, 1], "red_tens": [6, 4], "red_pips": [40, 30],
    ...                 "club_ace": None, "spade_ace": None}, {})["points"]
    [120, 90]
    >>> hand_row(None, {"red_aces": [2, 0, 0, 0], "red_tens": [2, 3, 3, 2], "red_pips": [10, 20, 30, 10],
    ...                 "club_ace": 3, "spade_ace": 1}, {})["points"]
    [70, 80, 60, 70]
    """
    seats = len(facts["red_aces"])
    for name, most in (("red_aces", 2), ("red_tens", 10), ("red_pips", 70)):
        if sum(facts[name]) > most:
            raise ScoreError(f"the players' {name.replace('_', ' ')} add up to {sum(facts[name])}, "
                             f"more than the pack's {most}", "scoring.cards")
    row = [20 * a + 10 * t + p for a, t, p in zip(facts["red_aces"], facts["red_tens"], facts["red_pips"])]
    for fact, card in (("club_ace", "AC"), ("spade_ace", "AS")):
        if facts[fact] is not None:
            from ...cards import parse_card

            row[facts[fact]] += card_value(parse_card(card), seats)
    return {"points": row, "rule": "scoring.cards", "detail": "red cards and black aces won"}


FACTS = (
    Fact("red_aces", "Red aces won", per_seat=True, high=2),
    Fact("red_tens", "Red 9s, 10s and face cards won", per_seat=True, high=10),
    Fact("red_pips", "Pips of the red 2s to 8s won", per_seat=True, high=70),
    Fact("club_ace", "Who won the A♣ (it counts with four players)", kind="seat", optional=True),
    Fact("spade_ace", "Who won the A♠ (it counts with three or four)", kind="seat", optional=True),
)

SCORING = ScoreRule(wins="high", rule="scoring.cards", end_rule="end.game", hands_option="hands",
                    calculator=hand_row, facts=FACTS, tie_rule="end.game")


class ChineseTenState(FishingGame):
    spec = GameSpec(
        id="chinese-ten",
        name="Chinese Ten",
        aliases=("Jian Hong Dian", "Pick Up Red Spots"),
        family="fishing",
        seats=(2, 4),
        deck="52",
        summary="Capture cards from the table in pairs that make ten, and tens and face cards by "
                "rank; the red cards carry the points.",
        options=(Option("hands", 1, HANDS, "hands in the game, the deal passing to the left"),),
        rules=("setup.deal", "setup.dealer-takes", "play.turn", "play.capture", "play.lay", "play.stock",
               "play.three-of-a-kind", "scoring.cards", "end.game", "interpretation.leftover",
               "interpretation.stock-choice", "interpretation.hands", "interpretation.dealer-takes"),
        scoring=SCORING,
    )
    RULES = {"turn": "play.turn", "capture": "play.capture", "must": "play.capture",
             "rest": "interpretation.leftover", "count": "scoring.cards", "end": "end.game"}

    # ---- the deal ------------------------------------------------------------------------------

    def _deal(self):
        cards = self._shuffle(f"hand-{self.hand_number}", make_deck("52"))
        for _ in range(HAND_CARDS // self.seats):
            for step in range(1, self.seats + 1):
                self.hands[(self.dealer + step) % self.seats].append(cards.pop())
        for hand in self.hands:   # held sorted by rank, then suit
            hand.sort(key=lambda c: (RANK_ORDER.index(c.rank), "SHCD".index(c.suit)))
        self.layout = [cards.pop() for _ in range(LAYOUT)]
        self.stock, self.turned = cards, None
        opening = None
        if all(c.rank in KEEP_APART for c in self.layout):
            taken, self.layout = self.layout, []
            self.won[self.dealer] += taken
            self.last_capturer = self.dealer
            opening = (f"{self.player_names()[self.dealer]} deals and captures {cards_words(taken)}, "
                       f"all turned up at once.")
        if opening:
            self.said = f"{self.said} {opening}" if self.said else opening

    def move_bound(self):
        """Each hand: 24 cards played from the hands, and a choice for each of the 24 stock cards."""
        return self.options["hands"] * 2 * HAND_CARDS

    # ---- captures --------------------------------------------------------------------------------

    def captures(self, card):
        ranks = MATE_RANKS[card.rank]
        mates = [c for c in self.layout if c.rank in ranks]
        if card.rank in KEEP_APART and len(mates) == 3:
            return [tuple(mates)]    # play.three-of-a-kind: all three together
        return [(c,) for c in mates]

    def card_points(self, card):
        return card_value(card, self.seats)

    # The count's items, each a kind of card that counts (scoring.cards).
    COUNTED = (("Red aces", lambda c: c.suit in "HD" and c.rank == "A"),
               ("Red 9s, 10s and faces", lambda c: c.suit in "HD" and (c.rank in BY_RANK or c.rank == "9")),
               ("Red 2s to 8s", lambda c: c.suit in "HD" and c.rank in "2345678"),
               ("The A♣", lambda c: c.text == "AC"), ("The A♠", lambda c: c.text == "AS"))

    def _hand_tally(self):
        tally = Tally(self.seats)
        for s, pile in enumerate(self.won):
            for label, kind in self.COUNTED:
                cards = [c for c in pile if kind(c) and self.card_points(c)]
                if cards:
                    tally.add(s, label, sum(map(self.card_points, cards)), "scoring.cards", cards)
        return tally

    def _capturing_cards(self):
        return [self.turned] if self.phase == "stock" else self.hands[self.turn]

    def _not_yours(self, card):
        if self.phase == "stock":
            return (f"the {self.turned.symbol} turned up from the stock captures now, not the {card.symbol}",
                    "play.stock")
        return super()._not_yours(card)

    def _selection_refusal(self, picked, target):
        if self.phase == "stock" and self.turned.text not in picked:
            return (f"the {self.turned.symbol} turned up from the stock captures now: pick it, then the card it takes",
                    "play.stock")
        return super()._selection_refusal(picked, target)

    def _release(self, card):
        if self.phase == "stock":
            self.turned = None
        else:
            super()._release(card)

    def _capture_said(self, name, card, taken):
        if self.phase == "stock":
            return f"The {card.symbol} turned up from the stock captures {cards_words(taken)} for {name}."
        return super()._capture_said(name, card, taken)

    def _after_play(self, seat):
        if self.phase == "stock":
            self._next_turn()
            return
        card = self.stock.pop()
        found = self.captures(card)
        name = self.player_names()[seat]
        if len(found) > 1:
            self.turned, self.phase = card, "stock"
            options = " or ".join(cards_words(t) for t in found)
            self.said = f"{self.said[:-1]}; the stock turns up the {card.symbol}, which may capture {options}."
            return
        if found:
            self._capture(seat, card, found[0])
            self.said = f"{self.said[:-1]}; the stock turns up the {card.symbol}, which captures {cards_words(found[0])} for {name}."
        else:
            self.layout.append(card)
            self.said = f"{self.said[:-1]}; the stock turns up the {card.symbol}, which stays on the table."
        self._next_turn()

    def _hand_is_done(self):
        return not self.stock

    # ---- what each seat sees ---------------------------------------------------------------------

    def _cards_in_play(self):
        return super()._cards_in_play() + ([self.turned] if self.turned else [])

    def _table(self, seat):
        table = super()._table(seat)
        table.update(turned=self.turned.text if self.turned else None, seats=self.seats)
        return table

    def _describe(self, seat):
        middle = [self.stock_zone()]
        if self.turned is not None:
            middle.append(zone("turned", "Turned up from the stock", [self.turned], kind="set-aside",
                               layout="squared", group="middle", source=True))
        facts = []
        if not self.over:
            name = self.player_names()[self.turn]
            facts.append(f"{name} chooses what the {self.turned.symbol} captures" if self.phase == "stock"
                         else f"{name} to play")
            facts.append(self.stock_fact())
        return self.fishing_description(seat, facts, middle)


GAME = ChineseTenState
