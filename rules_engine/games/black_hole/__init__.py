"""Black Hole: David Parlett's patience of seventeen fans and one hole.

- The deal: the A♠ is taken out and starts the hole; the other 51 cards, in
  the order of the shuffle labelled ``deal``, are dealt face up in seventeen
  fans of three: cards 1-3 of the shuffle to fan 1, 4-6 to fan 2 and so on,
  the last card dealt to a fan lying on top of it (the one free to move).
- The only move is ``play {card}``: the top card of a fan goes onto the hole
  if its rank is one above or one below the rank of the hole's top card,
  whatever the suits; the ace and the king count as neighbours, so the
  ranks go round.
- All 52 cards in the hole win. The deal is lost when no fan's top card can
  go in (``end.game``): that is the text's rule, with no look-ahead, though
  the solver (``black_hole_search``) can often tell sooner that no order of
  play wins. The score is the cards in the hole.

Interpretation notes (repeated on the game's page):

- A card in the hole stays there (``interpretation.hole-final``).
- The hole starts with the A♠ itself, dealt to no fan; the deal is of the
  other 51 cards (``interpretation.ace-of-spades``).
"""

from ...cards import Card, make_deck
from ...families.solitaire import PatienceEnd, cards_placed_sheet, tally_piles
from ...game import GameSpec, Scores, State
from ...moves import MoveForm, MoveForms
from ...table import article, headline, plural, zone
from .search import UNKNOWN, Solver, adjacent, layout_ranks, rank_index

DECK = "52"
FANS = 17
FAN_SIZE = 3
HOLE_START = Card("A", "S")
FORMS = MoveForms(MoveForm("play", "play {card}"))
# The fans in bands of the table: six, six and five, under the hole.
BANDS = (("fans-1", range(0, 6)), ("fans-2", range(6, 12)), ("fans-3", range(12, FANS)))


def deal_fans(deck):
    """The seventeen fans (bottom card first) from the 51 cards in deal order."""
    return tuple(tuple(deck[FAN_SIZE * f:FAN_SIZE * (f + 1)]) for f in range(FANS))


class BlackHoleState(PatienceEnd, State):
    spec = GameSpec(
        id="black-hole",
        name="Black Hole",
        family="solitaire",
        seats=(1, 1),
        deck=DECK,
        summary="Seventeen fans of three round the A♠: send every card into the hole, each one rank "
                "above or below the last, the ace and king joined.",
        rules=("play.top-card", "play.adjacent", "interpretation.hole-final"),
        scoring=cards_placed_sheet(DECK),
    )
    forms = FORMS

    def _setup(self):
        cards = [card for card in make_deck(DECK) if card != HOLE_START]
        self.fans = deal_fans(self._shuffle("deal", cards))
        self.hole = (HOLE_START,)
        self.played_from = None  # the fan (index) the last card came from

    # ---- where the game stands -------------------------------------------------------------------

    @property
    def top(self):
        return self.hole[-1]

    @property
    def won(self):
        return len(self.hole) == 52

    @property
    def to_act(self):
        return None if self.won or not self._legal_now() else 0

    @property
    def result(self):
        if self.won:
            return "won"
        return "lost" if self.is_over else None

    def progress(self):
        return len(self.hole)

    def winning_line(self):
        """The moves that win from here, in order (a fresh search: black_hole_search), ``[]``
        once won, None when no order of play wins, ``UNKNOWN`` if the search gave up."""
        solver = Solver(layout_ranks([[c.text for c in fan] for fan in self.fans]))
        line = solver.winning_line([len(fan) for fan in self.fans], rank_index(self.top.text))
        if line is None or line is UNKNOWN:
            return line
        fans, moves = [list(fan) for fan in self.fans], []
        for f in line:
            moves.append(FORMS["play"].make(fans[f].pop()).text)
        return moves

    def _fan_of(self, card):
        for f, fan in enumerate(self.fans):
            if card in fan:
                return f
        return None

    # ---- moves -----------------------------------------------------------------------------------

    def _legal(self):
        hole = rank_index(self.top.text)
        return [FORMS["play"].make(fan[-1]) for fan in self.fans
                if fan and adjacent(rank_index(fan[-1].text), hole)]

    def _why_not(self, move):
        card = move.card
        if card in self.hole:
            return (f"the {card.symbol} is already in the hole, and cards there stay",
                    "interpretation.hole-final")
        f = self._fan_of(card)
        if card is not self.fans[f][-1]:
            above = self.fans[f][self.fans[f].index(card) + 1:]
            return (f"the {card.symbol} lies under the {' and the '.join(c.symbol for c in reversed(above))} "
                    f"in fan {f + 1}: only a fan's top card may go in", "play.top-card")
        return (f"the {card.symbol} cannot go on the {self.top.symbol}: the card played must be one rank "
                f"above or below it ({self._neighbours()}), whatever its suit", "play.adjacent")

    def _neighbours(self):
        r = rank_index(self.top.text)
        names = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
        return f"{article(names[(r - 1) % 13])} or {article(names[(r + 1) % 13])}"

    def candidate_moves(self):
        return [FORMS["play"].make(card) for card in make_deck(DECK)]

    def _play(self, move):
        card = move.card
        f = self._fan_of(card)
        self.fans = self.fans[:f] + (self.fans[f][:-1],) + self.fans[f + 1:]
        self.hole = self.hole + (card,)
        self.played_from = f

    # ---- scores and views ------------------------------------------------------------------------

    @property
    def scores(self):
        return Scores((len(self.hole),), (len(self.hole),))

    def _table(self, seat):
        return {
            "fans": [[c.text for c in fan] for fan in self.fans],
            "hole": [c.text for c in self.hole],
            "result": self.result,
        }

    def _cards_in_play(self):
        return [card for fan in self.fans for card in fan] + list(self.hole)

    def hidden_from(self, seat):
        return set()  # every card lies face up

    # ---- the table, described for the renderers ------------------------------------------------

    def _said(self, seat):
        return self._last_sentence()

    def _describe(self, seat):
        zones = [zone("hole", "The hole", self.hole, kind="layout", layout="squared", group="hole")]
        for group, fans in BANDS:
            zones += [zone(f"fan-{f + 1}", f"Fan {f + 1}", self.fans[f], kind="column", layout="column",
                           group=group, tries="play {card}") for f in fans]
        left = 52 - len(self.hole)
        return {
            "headline": headline(f"{len(self.hole)} of 52 cards in the hole",
                                 f"On top: the {self.top.symbol}; next, {self._neighbours()}" if left else None,
                                 f"Fans left: {sum(1 for fan in self.fans if fan)} of {FANS}"),
            "zones": zones,
            "last": self._last_sentence(),
            "result": self._result_sentence(),
            "interlude": self._end_interlude(zones),
        }

    def _tally_end(self, tally):
        tally_piles(tally, [("Cards in the hole", self.hole)])   # scoring.cards, the A♠ it starts with included

    def _ended(self):
        if self.won:
            return "the last card went into the hole: every fan is empty"
        left = 52 - len(self.hole)
        return (f"no fan's top card is one rank from the {self.top.symbol} on the hole, "
                f"with {plural(left, 'card')} left in the fans")

    def _last_sentence(self):
        if self.last_move is None:
            return "The A♠ starts the hole, and the other 51 cards lie in seventeen fans of three."
        card = self.top
        f = self.played_from
        said = f"The {card.symbol} goes into the hole from fan {f + 1}"
        if self.fans[f]:
            said += f", which shows the {self.fans[f][-1].symbol}"
        else:
            said += ", which is now empty"
        return said + "."

    def _result_sentence(self):
        if self.won:
            return "Won: all 52 cards are in the hole."
        if self.is_over:
            left = 52 - len(self.hole)
            return (f"Lost: no fan's top card is one rank from the {self.top.symbol}; "
                    f"{plural(left, 'card')} {'is' if left == 1 else 'are'} left in the fans.")
        return None


GAME = BlackHoleState
