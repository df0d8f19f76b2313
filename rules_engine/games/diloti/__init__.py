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
  takes what is left at the end (``end.rest``), the dealer if nobody captured
  (``interpretation.nobody-captured``).
- A hand scores, per side: xeri 10, most cards 4 (none at 26 each), the 10♦ 2, each ace 1,
  the 2♣ 1 (``scoring.hand``). The deal passes to the left; the game ends once a side has 61 or
  more and more than the other (``end.game``, ``interpretation.level-at-61``).
"""

from ...cards import make_deck
from ...families.fishing import cards_words
from ...families.fishing_builds import BuildingGame, award_most, check_counts, each_counts, holder, one_card, value
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreRule
from ...table import Tally, plural

FORMS = MoveForms(MoveForm("capture", "capture {cards} with {card}"),
                  MoveForm("declare", "declare {cards} with {card} as {int}"),
                  MoveForm("play", "play {card}"))
HAND, TABLE = 6, 4
TARGET = 61
MOST_CARDS, XERI = 4, 10
HAND_MOVES = 52 - TABLE          # every move plays a card from a hand
# interpretation.level-at-61: level totals after this many hands are a draw. A hand gives out at least
# 7 points (the 10♦, the aces, the 2♣), so after 18 the sides hold 126 and one has 61 or more, and
# only hands that leave the totals level go on; 300 games played at random went 13 hands at most.
LAST_HAND = 40


def card_points(card):
    """A card's points at the count: the 10♦ 2, each ace and the 2♣ 1."""
    return 2 if card.text == "TD" else 1 if card.rank == "A" or card.text == "2C" else 0


def hand_tally(xeris, cards, ten_of_diamonds, aces, two_of_clubs, ace_cards=None):
    """A hand's points per side, item by item (a ``table.Tally``), from the counts: xeris and cards
    won and aces per side, and the side (0, 1) that won the 10♦ and the 2♣; ``ace_cards``, each
    side's aces, for the items to show.

    >>> hand_tally([1, 0], [30, 22], 0, [1, 3], 1).points
    (17, 4)
    >>> [item["label"] for item in hand_tally([0, 2], [26, 26], 1, [2, 2], 0).items[1]]
    ['Xeris', 'The 10♦', 'Aces']
    """
    tally = Tally(2)
    each_counts(tally, xeris, XERI, "Xeris", "play.xeri", word="xeri")
    award_most(tally, cards, MOST_CARDS, "Most cards", "scoring.hand")
    one_card(tally, ten_of_diamonds, 2, "TD", "scoring.hand")
    each_counts(tally, aces, 1, "Aces", "scoring.hand", ace_cards, "ace")
    one_card(tally, two_of_clubs, 1, "2C", "scoring.hand")
    return tally


def hand_points(xeris, cards, ten_of_diamonds, aces, two_of_clubs):
    """A hand's points per side from the counts (``hand_tally``'s sums).

    >>> hand_points([1, 0], [30, 22], 0, [1, 3], 1)
    [17, 4]
    >>> hand_points([0, 2], [26, 26], 1, [2, 2], 0)
    [3, 24]
    """
    return list(hand_tally(xeris, cards, ten_of_diamonds, aces, two_of_clubs).points)


def hand_row(hand, facts, context):
    """The score pad's calculator: a hand's points per side from the counts entered."""
    check_counts(facts, (("cards", 52), ("aces", 4)), "sides", "hand")
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


class DilotiState(BuildingGame):
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
               "interpretation.first-turn", "interpretation.nobody-captured"),
        scoring=SCORING,
    )
    forms = FORMS
    RULES = {"turn": "play.turn", "capture": "play.capture", "must": "play.capture", "rest": "end.rest",
             "count": "scoring.hand", "end": "end.game", "pile": "play.declare", "build": "play.declare",
             "most": "play.raise"}
    BUILD, PILE, TRAIL, CLEARING = "declare", "pile", "lay", "xeri"
    SAYS = {"single": "{name} plays the {card} onto {onto} and declares {value}.",
            "multiple": "{name} plays the {card} onto {onto} and declares a group of {value}s.",
            "raise": "{name} plays the {card} onto {pile}, raising it to {value}",
            "beside": ", grouped with {cards}."}
    TARGET_WORDS = f"{TARGET} points, the higher side winning"

    # ---- sides and the deal ----------------------------------------------------------------------

    def side(self, seat):
        return seat % 2

    def side_names(self):
        names = self.player_names()
        if self.seats == 2:
            return list(names)
        return [f"{names[0]} and {names[2]}", f"{names[1]} and {names[3]}"]

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

    def _new_hands(self):
        self._deal_hands(self.stock)
        return "New hands of six are dealt from the stock."

    def move_bound(self):
        """Every move plays a card from a hand: 48 a hand, and ``LAST_HAND`` hands at most
        (``interpretation.level-at-61``)."""
        return LAST_HAND * HAND_MOVES

    # ---- what a card may do ----------------------------------------------------------------------

    def pending(self, seat):
        """The index of the pile ``seat`` is bound to take, or None."""
        return next(iter(self.owned(seat)), None)

    def _takes(self, card):
        v = value(card)
        if v is None:
            return self.rank_mates(card)
        return self.rank_mates(card) + self.combos_worth(v, least=2)

    def _spare(self, seat, card, taken_piles):
        """Whether ``seat`` may spend ``card`` on a move that takes ``taken_piles``: not the last
        card of its pending pile's value unless the move takes that pile (play.obligation)."""
        mine = self.pending(seat)
        if mine is None or mine in taken_piles or value(card) != self.piles[mine].value:
            return True
        return sum(value(c) == value(card) for c in self.hands[seat]) > 1

    def _may_build(self, card, made, parts):
        # A player with a pile pending declares only a group that takes it in (play.obligation).
        pending = self._cached_bound
        if pending and self.pile_bit(pending[0]) not in parts:
            return False
        return super()._may_build(card, made, parts)

    def _may_raise(self, pile, seat):
        return self.side(pile.owner) != self.side(seat)   # an opponent's pile only (play.raise)

    def _sets_of(self, parts, target):
        return len(parts)   # each part one set of the group, a group taken in too

    def _counts_clearing(self):
        return self.plays > 0   # no xeri on the hand's first play (play.xeri)

    # ---- refusals ----------------------------------------------------------------------------------

    def _play_refusal(self, card):
        name = self.player_names()[self.turn]
        return (f"{name} must first take {self.pile_words(self.piles[self.pending(self.turn)])}, theirs to take: "
                f"no card is laid while it is pending", "play.obligation")

    def _kept_refusal(self, card):
        return (f"the {card.symbol} is kept to take {self.pile_words(self.piles[self.pending(self.turn)])}: "
                f"it captures nothing else", "play.obligation")

    def _takes_words(self, card):
        v = value(card)
        return f"cards of its rank or sets adding up to {v}" if v else "cards of its rank"

    def _own_build_refusal(self, taken, card, target, piles):
        name = self.player_names()[self.turn]
        mine = self.pending(self.turn)
        if mine is not None and mine not in piles:
            return (f"{name} must first take {self.pile_words(self.piles[mine])}, theirs to take: no new "
                    f"declaration while it is pending", "play.obligation")
        for i in piles:
            pile = self.piles[i]
            if pile.value != target and self.side(pile.owner) == self.side(self.turn):
                return f"{self.pile_label(pile)} may be raised only by an opponent", "play.raise"
            if pile.value != target and pile.sets > 1:
                return f"{self.pile_label(pile)} is a group: it cannot be raised", "play.group"
        return f"the {card.symbol} and {cards_words(taken)} do not make sets of {target} each", "play.group"

    # ---- the count -------------------------------------------------------------------------------

    def side_piles(self):
        piles = [[], []]
        for s, pile in enumerate(self.won):
            piles[self.side(s)] += pile
        return piles

    def _hand_tally(self):
        piles, aces = self.side_piles(), self.won_by_side(lambda c: c.rank == "A")
        return hand_tally(self.xeris, [len(p) for p in piles], holder(piles, "TD"), [len(a) for a in aces],
                          holder(piles, "2C"), aces)

    def _row_lines(self, row):
        sides, piles = self.side_names(), self.side_piles()
        verb = "scores" if self.seats == 2 else "score"
        return [f"{sides[s]} {verb} {plural(row[s], 'point')}: {plural(self.xeris[s], 'xeri')}, "
                f"{plural(len(piles[s]), 'card')}" for s in (0, 1)]

    # ---- what each seat sees ---------------------------------------------------------------------

    @staticmethod
    def pile_words(pile):
        return f"the group of {pile.value}s" if pile.sets > 1 else f"the declaration of {pile.value}"

    def _table(self, seat):
        return {**super()._table(seat), "seats": self.seats, "xeris": list(self.xeris), "plays": self.plays,
                "piles": self.piles_seen()}


GAME = DilotiState
