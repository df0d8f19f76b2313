"""The Clock: thirteen piles laid out like a clock face, and no choice at all.

- The deal: the pack, in the order of the shuffle labelled ``deal``, is dealt
  round the clock one card a pile at a time, four rounds: the first card to
  the aces' pile (one o'clock), the second to the 2s, ..., the twelfth to the
  queens (twelve o'clock), the thirteenth to the kings' pile in the centre,
  then round again. Card ``i`` of the deck goes to pile ``i % 13`` (aces
  first, kings last) and the last card dealt to a pile is its top card; so
  the top of the kings' pile is the deck's last card. All are face down.
- The deal ends by turning up the top card of the kings' pile: that card is
  in the player's hand.
- The only move is ``place {card}``: the card in hand goes face up under (at
  the bottom of) the pile of its rank, and the top face-down card of that
  pile is turned up into the hand.
- The game is lost when the fourth king is turned up while any card is still
  face down; it is won when every card is face up in the pile of its rank
  (the last move then places the fourth king).

Interpretation notes (repeated on the game's page):

- The turned-up card goes under its pile, face up, so the face-down cards
  stay on top and the next to turn is always that pile's top face-down card
  (``interpretation.under-the-pile``).
- The fourth king ends the game as it shows, even when the cards still face
  down happen to lie in the piles of their own ranks: they were never turned
  up (``interpretation.fourth-king``).
- A placed card stays where it is (``interpretation.placed-final``).
"""

from ...cards import RANKS, make_deck
from ...families.solitaire import PatienceEnd, cards_placed_sheet, tally_piles
from ...game import GameSpec, Scores, State
from ...moves import MoveForm, MoveForms
from ...table import headline, plural, zone

PILES = len(RANKS)  # 13: the aces to the queens round the dial, the kings in the centre
KINGS = PILES - 1
DECK = "52"
FORMS = MoveForms(MoveForm("place", "place {card}"))

# Names of the piles, as labels and in sentences.
LABELS = ("Aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Jacks", "Queens", "Kings (centre)")
NAMES = ("aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings")
IDS = tuple(f"pile-{'10' if r == 'T' else r}" for r in RANKS)  # pile-A ... pile-10, pile-J, pile-Q, pile-K
HAND = "hand"

# Where the piles go on a clock face, in bands from top to bottom: ten to two
# o'clock, then nine o'clock, the centre and three o'clock, then eight to four.
BANDS = (
    ("clock-top", (9, 10, 11, 0, 1)),
    ("clock-middle", (8, KINGS, HAND, 2)),
    ("clock-bottom", (7, 6, 5, 4, 3)),
)


def pile_of(card):
    """The index of the pile that takes ``card``: 0 for aces ... 12 for kings."""
    return RANKS.index(card.rank)


def deal_piles(deck):
    """The thirteen piles of face-down cards (bottom to top) from a deck in deal order."""
    return tuple(tuple(deck[p::PILES]) for p in range(PILES))


class TheClockState(PatienceEnd, State):
    spec = GameSpec(
        id="the-clock",
        name="The Clock",
        family="solitaire",
        seats=(1, 1),
        deck=DECK,
        aliases=("Clock Patience",),
        summary="Thirteen piles round a clock face: turn up each card and put it under the pile of its rank, "
                "and hope the fourth king comes last.",
        rules=("play.place", "interpretation.placed-final"),
        scoring=cards_placed_sheet(DECK),
    )
    forms = FORMS

    def _setup(self):
        piles = deal_piles(self._shuffle("deal", make_deck("52")))
        self.down = piles[:KINGS] + (piles[KINGS][:-1],)
        self.up = ((),) * PILES
        self.hand = piles[KINGS][-1]  # the kings' pile's top card, turned up to start the game
        self.turned = None  # (card, pile) turned up by the last move

    # ---- where the game stands -------------------------------------------------------------------

    @property
    def home(self):
        """Cards face up in the piles of their ranks."""
        return sum(map(len, self.up))

    @property
    def face_down(self):
        return sum(map(len, self.down))

    @property
    def kings_out(self):
        """Kings turned up so far: those under the centre pile and one in hand."""
        return len(self.up[KINGS]) + (self.hand is not None and self.hand.rank == "K")

    @property
    def won(self):
        return self.home == 52

    @property
    def lost(self):
        return self.kings_out == 4 and self.face_down > 0

    @property
    def to_act(self):
        return None if self.won or self.lost else 0

    @property
    def result(self):
        return "won" if self.won else "lost" if self.lost else None

    # ---- moves -----------------------------------------------------------------------------------

    def _legal(self):
        return [FORMS["place"].make(self.hand)]

    def _why_not(self, move):
        card = move.card
        if card in self.up[pile_of(card)]:
            return (f"the {card.symbol} already lies face up under the {NAMES[pile_of(card)]}, "
                    f"and a placed card stays", "interpretation.placed-final")
        return (f"the {card.symbol} is not the card in hand: only the {self.hand.symbol}, "
                f"just turned up, may be placed", "play.place")

    def candidate_moves(self):
        return [FORMS["place"].make(card) for card in make_deck("52")]

    def _play(self, move):
        card = move.card
        p = pile_of(card)
        self.up = self.up[:p] + (self.up[p] + (card,),) + self.up[p + 1:]
        self.hand = self.turned = None
        if self.down[p]:
            self.hand = self.down[p][-1]
            self.down = self.down[:p] + (self.down[p][:-1],) + self.down[p + 1:]
            self.turned = (self.hand, p)

    # ---- scores and views ------------------------------------------------------------------------

    @property
    def scores(self):
        return Scores((self.home,), (self.home,))

    def _table(self, seat):
        return {
            "piles": [{"rank": rank, "down": ["??"] * len(down), "up": [c.text for c in up]}
                      for rank, down, up in zip(RANKS, self.down, self.up)],
            "hand": self.hand.text if self.hand else None,
            "result": self.result,
        }

    def _cards_in_play(self):
        cards = [card for pile in self.down for card in pile] + [card for pile in self.up for card in pile]
        return cards + ([self.hand] if self.hand else [])

    def hidden_from(self, seat):
        return {card for pile in self.down for card in pile}

    # ---- the table, described for the renderers ------------------------------------------------

    def _said(self, seat):
        return self._last_sentence()

    def _describe(self, seat):
        zones = []
        for group, places in BANDS:
            for p in places:
                if p == HAND:
                    zones.append(zone(HAND, "Turned up", [self.hand] if self.hand else [], kind="hand",
                                      layout="row", group=group))
                    continue
                cards = ["??"] * len(self.down[p]) + [c.text for c in self.up[p]]
                zones.append(zone(IDS[p], LABELS[p], cards, kind="layout", layout="row", group=group,
                                  empty="10" if RANKS[p] == "T" else RANKS[p]))
        return {
            "headline": headline(f"{self.home} of 52 cards face up in their piles",
                                 f"Kings turned up: {self.kings_out} of 4",
                                 f"Face down: {self.face_down}"),
            "zones": zones,
            "last": self._last_sentence(),
            "result": self._result_sentence(),
            "interlude": self._end_interlude(zones),
        }

    def _tally_end(self, tally):
        tally_piles(tally, zip((name.capitalize() for name in NAMES), self.up))   # scoring.cards: face up in their piles

    def _ended(self):
        if self.won:
            return "the fourth king was the last card turned up: every card lies face up in the pile of its rank"
        return f"the fourth king came up with {plural(self.face_down, 'card')} still face down, and ends the game"

    def _click_target(self, move, table):
        return IDS[pile_of(move.card)]

    def _last_sentence(self):
        if self.last_move is None:
            return f"The {self.hand.symbol} is turned up from the kings' pile."
        card = self.parse_move(self.last_move[0]).card
        said = f"The {card.symbol} goes under the {NAMES[pile_of(card)]}"
        if self.turned:
            fourth = ""
            if self.turned[0].rank == "K" and self.kings_out == 4:
                fourth = ", the fourth king" + ("" if self.face_down else " and the last card")
            said += f"; the {self.turned[0].symbol} is turned up{fourth}"
        return said + "."

    def _result_sentence(self):
        if self.won:
            return "Won: all 52 cards lie face up, each in the pile of its rank."
        if self.lost:
            return (f"Lost: the fourth king came up with {self.face_down} card"
                    f"{'' if self.face_down == 1 else 's'} still face down; "
                    f"{self.home} of 52 cards {'is' if self.home == 1 else 'are'} face up in their piles.")
        return None


GAME = TheClockState
