"""Cassino: the English-speaking world's fishing game, two players, with builds and sweeps.

The rules are the standard ones of the reference books (Foster's Complete Hoyle, the
Encyclopaedia Britannica's article on Casino), as the page says.

- 52 cards; four to each player and four face up to the table, dealt two at a time
  (``setup.deal``); new hands of four from the stock when both hands are played out
  (``play.new-hands``), none to the table.
- A turn plays one card from the hand: played to the table (``play.trail``), capturing
  (``play.capture``: numeral cards of its rank, sets of numeral cards adding up to its value,
  builds of its value, several at once; a face card takes one face card of its rank,
  ``play.face-cards``), or building (``play.build``: the card played with table cards into a
  build of a value the player holds another card of, up to 10; ``play.multiple``: a build of
  several sets of one value; ``play.increase``: a single build raised by the card played). A
  player who owns a build may not play a card to the table, nor spend the last card that takes it on anything
  else (``play.ownership``).
- Clearing the table with a capture is a sweep (``play.sweep``); the last to capture takes
  what is left at the end of the deal, which is no sweep (``end.rest``).
- A deal scores: most cards 3 (none at 26 each), most spades 1, the 10♦ 2, the 2♠ 1, each ace 1,
  each sweep 1 (``scoring.hand``). The deal alternates; the game ends once a player has 21 or
  more and more than the other (``end.game``, ``interpretation.level-at-21``).
"""

from ...cards import RANK_NAMES, make_deck
from ...families.fishing import cards_words
from ...families.fishing_builds import BuildingGame, award_most, check_counts, each_counts, holder, value
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreRule
from ...table import Tally, plural

FORMS = MoveForms(MoveForm("capture", "capture {cards} with {card}"),
                  MoveForm("build", "build {cards} with {card} as {int}"),
                  MoveForm("play", "play {card}"))
TABLE = 4
TARGET = 21
MOST_CARDS = 3
DEAL_MOVES = 52 - TABLE          # every move plays a card from a hand
# interpretation.level-at-21: level totals after this many deals are a draw. A deal gives out at least
# 8 points (spades, the casinos, the aces; most cards too unless level), so after six one player has
# 21 or more and only deals that leave the totals level go on; 300 games played at random went 5
# deals at most.
LAST_DEAL = 20


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
    return list(hand_tally(cards, spades, big_casino, little_casino, aces, sweeps).points)


def hand_tally(cards, spades, big_casino, little_casino, aces, sweeps, ace_cards=None):
    """A deal's points per player item by item (a ``table.Tally``), from the counts as
    ``hand_points`` takes them; ``ace_cards``, each player's aces, for the items to show.

    >>> [item["label"] for item in hand_tally([27, 25], [8, 5], 0, 1, [3, 1], [2, 0]).items[0]]
    ['Most cards', 'Most spades', 'Big casino', 'Aces', 'Sweeps']
    """
    tally = Tally(2)
    award_most(tally, cards, MOST_CARDS, "Most cards", "scoring.hand")
    award_most(tally, spades, 1, "Most spades", "scoring.hand")
    tally.add(big_casino, "Big casino", 2, "scoring.hand", ["TD"])
    tally.add(little_casino, "Little casino", 1, "scoring.hand", ["2S"])
    each_counts(tally, aces, 1, "Aces", "scoring.hand", ace_cards, "ace")
    each_counts(tally, sweeps, 1, "Sweeps", "play.sweep", word="sweep")
    return tally


def hand_row(hand, facts, context):
    """The score pad's calculator: a deal's points per player from the counts entered."""
    check_counts(facts, (("cards", 52), ("spades", 13), ("aces", 4)), "players", "deal")
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


class CassinoState(BuildingGame):
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
             "count": "scoring.hand", "end": "end.game", "pile": "play.build", "build": "play.build",
             "most": "play.build"}
    # A card laid loose is the move "play 4C": the table's button and sentences call it so too (the
    # books' "trail" is named once, on the page).
    BUILD, PILE, TRAIL, CLEARING, HAND = "build", "build", "play", "sweep", "deal"
    SAYS = {"single": "{name} plays the {card} onto {onto} for a build of {value}.",
            "multiple": "{name} plays the {card} onto {onto} for a multiple build of {value}s.",
            "raise": "{name} plays the {card} onto {pile}, increasing it to {value}",
            "beside": ", with {cards} beside it."}
    TARGET_WORDS = f"{TARGET} points, the higher total winning"

    # ---- the deal ----------------------------------------------------------------------------------

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

    def _new_hands(self):
        for _ in range(2):
            for seat in (1 - self.dealer, self.dealer):
                self.hands[seat] += [self.stock.pop(), self.stock.pop()]
        return "New hands of four are dealt" + (" (the last of the stock)." if not self.stock else ".")

    def move_bound(self):
        """Every move plays a card from a hand: 48 a deal, and ``LAST_DEAL`` deals at most
        (``interpretation.level-at-21``)."""
        return LAST_DEAL * DEAL_MOVES

    # ---- what a card may do ----------------------------------------------------------------------

    def _takes(self, card):
        v = value(card)
        if v is None:   # a face card takes a card of its rank (play.face-cards)
            return self.rank_mates(card)
        return self.combos_worth(v)

    def _takes_several(self, card):
        return value(card) is not None   # a face card takes one card of its rank at a time (play.face-cards)

    def _may_capture(self, card, made, parts):
        return value(card) is None or super()._may_capture(card, made, parts)   # a face card keeps no build

    def _spare(self, seat, card, taken_piles):
        """Whether ``seat`` may spend ``card`` on a move that takes (or builds on) ``taken_piles``:
        every other build it owns keeps a card of its value in the hand (play.ownership)."""
        rest = list(self.hands[seat])
        rest.remove(card)
        return all(any(value(c) == self.piles[i].value for c in rest)
                   for i in self.owned(seat) if i not in taken_piles)

    # ---- refusals ----------------------------------------------------------------------------------

    def _play_refusal(self, card):
        name = self.player_names()[self.turn]
        return (f"{name} owns {self.pile_words(self.piles[self.owned(self.turn)[0]])}: no card is played "
                f"to the table while a build of theirs is on it", "play.ownership")

    def _kept_refusal(self, card):
        rest = [c for c in self.hands[self.turn] if c != card]
        pile = next(self.piles[i] for i in self.owned(self.turn)
                    if not any(value(c) == self.piles[i].value for c in rest))
        return (f"the {card.symbol} is kept to take {self.pile_words(pile)}: a player keeps a card to take "
                f"each build they own", "play.ownership")

    def _own_capture_refusal(self, taken, card):
        if value(card) is not None:
            return None
        if len(taken) > 1 and all(c.rank == card.rank for c in taken):
            return f"the {card.symbol} takes one {RANK_NAMES[card.rank]} at a time", "play.face-cards"
        return f"the {card.symbol} takes only a card of its rank", "play.face-cards"

    def _takes_words(self, card):
        return f"cards of its rank and sets adding up to {value(card)}"

    def _own_build_refusal(self, taken, card, target, piles):
        if not self._spare(self.turn, card, piles):
            return self._kept_refusal(card)
        for i in piles:
            pile = self.piles[i]
            if pile.value != target and pile.sets > 1:
                return (f"{self.pile_label(pile)} cannot be increased: a multiple build keeps its value",
                        "play.multiple")
        return (f"the {card.symbol} and {cards_words(taken)} do not make sets of {target} each, "
                f"a build increased only by the card played", "play.increase")

    # ---- the count -------------------------------------------------------------------------------

    def _hand_tally(self):
        won, aces = self.won, self.won_by_side(lambda c: c.rank == "A")
        return hand_tally([len(w) for w in won], [sum(c.suit == "S" for c in w) for w in won], holder(won, "TD"),
                          holder(won, "2S"), [len(a) for a in aces], self.sweeps, aces)

    def _row_lines(self, row):
        names = self.player_names()
        return [f"{names[s]} scores {plural(row[s], 'point')}: {plural(len(self.won[s]), 'card')}, "
                f"{plural(sum(c.suit == 'S' for c in self.won[s]), 'spade')}, "
                f"{plural(self.sweeps[s], 'sweep')}" for s in (0, 1)]

    # ---- what each seat sees ---------------------------------------------------------------------

    @staticmethod
    def pile_words(pile):
        return f"the multiple build of {pile.value}s" if pile.sets > 1 else f"the build of {pile.value}"

    def _table(self, seat):
        return {**super()._table(seat), "sweeps": list(self.sweeps), "piles": self.piles_seen()}

    def _won_note(self, seat, pile):
        sweeps = self.sweeps[seat]
        return super()._won_note(seat, pile) + (f", {plural(sweeps, 'sweep')}" if sweeps else "")


GAME = CassinoState
