"""Pyramid: discard pairs of exposed cards that make 13 until the pyramid is gone.

The rules are those of Albert H. Morehead and Geoffrey Mott-Smith (*The
Complete Book of Solitaire and Patience Games*, 1949), with their scoring
against par; Keller and Masten's Solitaire Laboratory article on Pyramid
gives the one-pass original.

- The deal: the pack, in the order of the shuffle labelled ``deal``, lays out
  the pyramid row by row from the top (card ``i`` of row ``r`` is deck card
  ``r(r+1)/2 + i``), each card covered by the two below it; the other 24 cards
  are the stock, face down, deck card 28 on top.
- Values: ace 1, 2 to 10 as marked, jack 11, queen 12, king 13. A card is
  *available* if it is in the pyramid with neither card below it left, if it
  is the card last turned up from the stock, or if it tops the waste.
- ``pair {card} {card}``: two available cards that make 13 are discarded (the
  first named is the one the reader picked first; either order is legal).
  ``remove {card}``: an available king is discarded alone.
- ``deal``: the card turned up (if any) goes face up on the waste, and the top
  card of the stock is turned up. ``redeal``: once the stock is empty, if a
  pass is left (``passes``: 3 by default, Morehead and Mott-Smith's two
  redeals), the waste with the turned-up card on it is turned over, unshuffled,
  as the new stock.
- The game ends when no discard can come as far as the player can know (none
  now, and no card still to come round from the stock that is a king or
  could make 13 with an available card or another such card: the stock's
  hidden order is never read), or when the stock and its passes run out; it
  is won if the pyramid is cleared.
- Score (their par scoring): 50, 35 or 20 if the pyramid was cleared in the
  first, second or third pass, less the cards not discarded at the end; if it
  was never cleared, minus the cards not discarded.

Interpretation notes (repeated on the game's page): the pyramid cleared is the
win (``interpretation.pyramid-win``); a card cannot pair with a card that
covers it (``interpretation.covering-partner``); the game ends when no
discard can come as far as the player can know (``interpretation.no-progress``);
the cards left after a
cleared pyramid are all those not discarded (``interpretation.residue``).
"""

from ...cards import make_deck
from ...families.solitaire import PatienceEnd
from ...game import GameSpec, Option, Scores, State
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreRule
from ...table import headline, plain, plural, zone

DECK = "52"
ROWS = 7
SIZE = ROWS * (ROWS + 1) // 2  # 28 cards in the pyramid
VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12,
          "K": 13}
TOTAL = 13
CLEARED_IN = (50, 35, 20)  # the score's base for a pyramid cleared in pass 1, 2, 3
PASSES = (1, 2, 3)
FORMS = MoveForms(
    MoveForm("pair", "pair {card} {card}"),
    MoveForm("remove", "remove {card}"),
    MoveForm("deal", "deal"),
    MoveForm("redeal", "redeal"),
)


def position(index):
    """``(row, place in the row)`` of pyramid card ``index``, both from 0."""
    row = 0
    while (row + 1) * (row + 2) // 2 <= index:
        row += 1
    return row, index - row * (row + 1) // 2


def index_of(row, place):
    return row * (row + 1) // 2 + place


def covering(index):
    """The indexes of the two cards that cover pyramid card ``index`` (none for the bottom row)."""
    row, place = position(index)
    if row == ROWS - 1:
        return ()
    return index_of(row + 1, place), index_of(row + 1, place + 1)


COVERS = tuple(covering(i) for i in range(SIZE))
# The two covering places of each card as ``(index, left, right)``; the bottom row's are a place
# past the pyramid, which is always empty.
_COVERED_BY = tuple((i, *(COVERS[i] or (SIZE, SIZE))) for i in range(SIZE))


def exposed(pyramid):
    """Indexes of the pyramid's cards that no card covers."""
    places = pyramid + (None,)
    return [i for i, left, right in _COVERED_BY
            if places[i] is not None and places[left] is None and places[right] is None]


def par_score(cleared_in, left):
    """Morehead and Mott-Smith's score: the base for the pass that cleared the pyramid (None:
    never) less the ``left`` cards not discarded, or minus those cards."""
    return (CLEARED_IN[cleared_in - 1] - left) if cleared_in else -left


def par_row(hand, facts, context=None):
    """The score pad's row from what a player knows at the end: the pass that cleared the pyramid
    (0: never) and the cards not discarded."""
    cleared, left = facts["cleared"], facts["left"]
    if cleared and left > 52 - SIZE:
        raise ScoreError(f"with the pyramid cleared, at most {52 - SIZE} cards can be left, not {left}", "scoring.par")
    if not cleared and left < 1:
        raise ScoreError("a pyramid not cleared leaves at least one card", "scoring.par")
    points = par_score(cleared or None, left)
    base = f"{CLEARED_IN[cleared - 1]} for the pyramid cleared in pass {cleared}, less " if cleared else "minus "
    return {"points": [points], "rule": "scoring.par", "detail": f"{base}{plural(left, 'card')} left"}


SCORING = ScoreRule(
    wins="high", rule="scoring.par", per_game=True, cells=(-52, 50), calculator=par_row,
    facts=(
        Fact("cleared", "Pyramid cleared", kind="choice",
             choices=((0, "never"), (1, "in pass 1"), (2, "in pass 2"), (3, "in pass 3"))),
        Fact("left", "Cards not discarded at the end", high=52,
             help="in the pyramid, the stock, the waste and the card turned up"),
    ),
)


class PyramidState(PatienceEnd, State):
    spec = GameSpec(
        id="pyramid",
        name="Pyramid",
        family="solitaire",
        seats=(1, 1),
        deck=DECK,
        aliases=("Tut's Tomb",),
        options=(Option("passes", 3, PASSES, "times through the stock"),),
        summary="Take apart a pyramid of 28 cards by discarding exposed pairs that make 13, "
                "with the rest of the pack turned up one card at a time.",
        rules=("play.exposed", "play.pair", "play.king", "play.deal", "play.redeal",
               "interpretation.covering-partner", "interpretation.no-progress"),
        scoring=SCORING,
    )
    forms = FORMS

    def _setup(self):
        deck = self._shuffle("deal", make_deck(DECK))
        self.pyramid = tuple(deck[:SIZE])
        self.stock = tuple(reversed(deck[SIZE:]))  # bottom to top: deck card 28 is turned first
        self.turned = None   # the card last turned up from the stock
        self.waste = ()      # bottom to top
        self.discarded = ()  # in the order discarded
        self.pass_number = 1
        self.cleared_in = None  # the pass in which the pyramid was cleared

    # ---- where the game stands -------------------------------------------------------------------

    @property
    def passes(self):
        return self.options["passes"]

    @property
    def pyramid_left(self):
        return sum(card is not None for card in self.pyramid)

    @property
    def cards_left(self):
        return 52 - len(self.discarded)

    def available(self):
        """Every available card with where it lies: ``("pyramid", index)``, ``("turned",)``, ``("waste",)``."""
        if "_cached_available" in self.__dict__:  # the moves and the turn both ask, at every step
            return dict(self._cached_available)
        cards = {self.pyramid[i]: ("pyramid", i) for i in exposed(self.pyramid)}
        if self.turned is not None:
            cards[self.turned] = ("turned",)
        if self.waste:
            cards[self.waste[-1]] = ("waste",)
        self._cached_available = cards
        return dict(cards)

    def can_redeal(self):
        return not self.stock and self.pass_number < self.passes and bool(self.waste or self.turned)

    def discard_ahead(self):
        """Whether a discard may still come, as far as the player can know: one now, or a card still
        to come round from the stock (all of the stock, and the waste too while a redeal is left)
        that is a king or makes 13 with an exposed card, the card turned up, the waste's top or
        another such card. The stock's order is hidden, so it is never consulted: a deal whose
        order brings no such meeting ends when its passes run out."""
        if "_cached_ahead" in self.__dict__:
            return self._cached_ahead
        available = [VALUES[card.rank] for card in self.available()]
        found = TOTAL in available or any(TOTAL - v in available[i + 1:] for i, v in enumerate(available))
        if not found and (self.stock or self.can_redeal()):
            coming = list(self.stock)
            if self.pass_number < self.passes:
                coming += list(self.waste) + ([self.turned] if self.turned else [])
            values = [VALUES[card.rank] for card in coming]
            pyramid = {VALUES[self.pyramid[i].rank] for i in exposed(self.pyramid)}
            tops = [VALUES[card.rank] for card in (self.turned, self.waste[-1] if self.waste else None) if card]
            found = any(v == TOTAL or TOTAL - v in pyramid or TOTAL - v in tops for v in values) \
                or any(TOTAL - v in values[i + 1:] for i, v in enumerate(values))
        self._cached_ahead = found
        return found

    @property
    def to_act(self):
        return 0 if self.discard_ahead() else None

    @property
    def result(self):
        if not self.is_over:
            return None
        return "won" if self.cleared_in else "lost"

    def progress(self):
        return len(self.discarded), self.pass_number, len(self.stock)

    # ---- moves -----------------------------------------------------------------------------------

    def _legal(self):
        moves = []
        cards = list(self.available())
        for card in cards:
            if card.rank == "K":
                moves.append(FORMS["remove"].make(card))
        for first in cards:
            for second in cards:
                if first != second and VALUES[first.rank] + VALUES[second.rank] == TOTAL:
                    moves.append(FORMS["pair"].make(first, second))
        if self.stock:
            moves.append(FORMS["deal"].make())
        elif self.can_redeal():
            moves.append(FORMS["redeal"].make())
        return moves

    def _where(self, card):
        """Where ``card`` lies, as the player may know it."""
        if card in self.pyramid:
            return "pyramid", self.pyramid.index(card)
        if card == self.turned:
            return ("turned",)
        if card in self.waste:
            return ("waste",)
        if card in self.discarded:
            return ("discarded",)
        return ("unseen",)

    def _why_unavailable(self, card, partner=None):
        """Why ``card`` is not available, or None if it is."""
        where = self._where(card)
        if where[0] == "pyramid":
            over = [self.pyramid[c] for c in COVERS[where[1]] if self.pyramid[c] is not None]
            if not over:
                return None
            if partner is not None and over == [partner]:
                return (f"the {partner.symbol} covers the {card.symbol}: a card cannot pair with one that "
                        f"lies on it", "interpretation.covering-partner")
            return (f"the {card.symbol} is covered by the {' and the '.join(c.symbol for c in over)}",
                    "play.exposed")
        if where[0] == "waste" and card != self.waste[-1]:
            return (f"the {card.symbol} lies under the {self.waste[-1].symbol} on the waste: only the waste's "
                    f"top card is available", "play.exposed")
        if where[0] == "discarded":
            return (f"the {card.symbol} has already been discarded", "play.exposed")
        if where[0] == "unseen":
            return (f"the {card.symbol} is not face up on the table: it may be turned up from the stock "
                    f"later", "play.exposed")
        return None

    def _why_not(self, move):
        if move.kind == "deal":
            if self.can_redeal():
                return ("the stock is empty: turn the waste over with redeal to go through it again", "play.deal")
            return ("the stock is empty", "play.deal")
        if move.kind == "redeal":
            if self.stock:
                return (f"the stock still holds {plural(len(self.stock), 'card')}: deal them first", "play.redeal")
            if self.pass_number >= self.passes:
                return (f"this is the last pass through the stock ({self.passes} allowed)", "play.redeal")
            return ("there is no waste to turn over", "play.redeal")
        card = move.card
        if move.kind == "remove":
            if card.rank != "K":
                return (f"only a king is discarded alone: the {card.symbol} needs a partner making 13",
                        "play.king")
            return self._why_unavailable(card) or (f"the {card.symbol} cannot be removed now", "play.king")
        first, second = move.args
        if first == second:
            return (f"the {first.symbol} cannot pair with itself", "play.pair")
        if first.rank == "K" or second.rank == "K":
            king = first if first.rank == "K" else second
            return (f"the {king.symbol} is worth 13 by itself: it is removed alone", "play.king")
        total = VALUES[first.rank] + VALUES[second.rank]
        if total != TOTAL:
            return (f"the {first.symbol} and the {second.symbol} make {total}, not 13", "play.pair")
        for card, partner in ((first, second), (second, first)):
            reason = self._why_unavailable(card, partner)
            if reason:
                return reason
        return (f"the {first.symbol} and the {second.symbol} cannot pair now", "play.pair")  # not reached

    def candidate_moves(self):
        moves = list(self.legal_moves()) + [FORMS["deal"].make(), FORMS["redeal"].make()]
        deck = make_deck(DECK)
        for card in deck:
            if card.rank == "K":
                moves.append(FORMS["remove"].make(card))
        for first in list(self.available()) + [c for c in self.pyramid if c is not None][:10]:
            for second in deck:
                if VALUES[first.rank] + VALUES[second.rank] in (TOTAL, 12):
                    moves.append(FORMS["pair"].make(first, second))
        moves += [FORMS["remove"].make(deck[0]), FORMS["pair"].make(deck[0], deck[0])]
        return list(dict.fromkeys(moves))

    def _play(self, move):
        self.__dict__.pop("_cached_ahead", None)
        self.__dict__.pop("_cached_available", None)
        self.just_cleared = False
        if move.kind == "deal":
            if self.turned is not None:
                self.waste += (self.turned,)
            self.turned, self.stock = self.stock[-1], self.stock[:-1]
            return
        if move.kind == "redeal":
            self.stock = tuple(reversed(self.waste + ((self.turned,) if self.turned else ())))
            self.turned, self.waste = None, ()
            self.pass_number += 1
            return
        for card in move.args:
            where = self._where(card)
            if where[0] == "pyramid":
                self.pyramid = self.pyramid[:where[1]] + (None,) + self.pyramid[where[1] + 1:]
            elif where[0] == "turned":
                self.turned = None
            else:
                self.waste = self.waste[:-1]
            self.discarded += (card,)
        if self.cleared_in is None and not self.pyramid_left:
            self.cleared_in = self.pass_number
            self.just_cleared = True

    # ---- scores and views ------------------------------------------------------------------------

    @property
    def scores(self):
        points = par_score(self.cleared_in, self.cards_left)
        return Scores((points,), (points,))

    def _table(self, seat):
        return {
            "pyramid": [[None if c is None else c.text for c in self.pyramid[index_of(r, 0):index_of(r + 1, 0)]]
                        for r in range(ROWS)],
            "stock": len(self.stock),
            "turned": self.turned.text if self.turned else None,
            "waste": [c.text for c in self.waste],
            "discarded": [c.text for c in self.discarded],
            "pass": self.pass_number,
            "passes": self.passes,
            "result": self.result,
        }

    def _cards_in_play(self):
        cards = [c for c in self.pyramid if c is not None] + list(self.stock) + list(self.waste)
        return cards + list(self.discarded) + ([self.turned] if self.turned else [])

    def hidden_from(self, seat):
        return set(self.stock)

    # ---- the table, described for the renderers --------------------------------------------------

    def _said(self, seat):
        return self._last_sentence()

    def _describe(self, seat):
        zones = []
        for r in range(ROWS):
            for p in range(r + 1):
                card = self.pyramid[index_of(r, p)]
                zones.append(zone(f"pyramid-{r + 1}-{p + 1}", f"Row {r + 1}",
                                  [] if card is None else [card], kind="layout", layout="row",
                                  group=f"pyramid-row-{r + 1}", source=True, empty=" "))
        zones += [
            zone("stock", "Stock", ["??"] * len(self.stock), kind="stock", layout="squared", group="piles"),
            zone("turned", "Turned up", [self.turned] if self.turned else [], kind="hand", layout="row",
                 group="piles", empty=" "),
            zone("waste", "Waste", self.waste, kind="discard", layout="squared", group="piles", source=True),
            zone("discarded", "Discarded", self.discarded, kind="discard", layout="squared", group="piles"),
        ]
        return {
            "headline": headline(f"{self.pyramid_left} of 28 cards left in the pyramid",
                                 f"Pass {self.pass_number} of {self.passes}",
                                 f"Stock: {plural(len(self.stock), 'card')}",
                                 f"Score: {plain(self.scores.game[0])}"),
            "zones": zones,
            "last": self._last_sentence(),
            "result": self._result_sentence(),
            "interlude": self._end_interlude(zones),
        }

    END_UNIT = "points"

    def _tally_end(self, tally):
        """``par_score`` item by item: the base for the pass that cleared the pyramid, less a point
        for each card not discarded, where it lies (the stock's face down, counted)."""
        if self.cleared_in:
            tally.add(0, f"Pyramid cleared in pass {self.cleared_in}", CLEARED_IN[self.cleared_in - 1], "scoring.par")
        for label, cards in (("Left in the pyramid", [c for c in self.pyramid if c is not None]),
                             ("Left turned up", [self.turned] if self.turned else []), ("Left in the waste", self.waste)):
            if cards:
                tally.add(0, label, -len(cards), "scoring.par", cards)
        if self.stock:
            tally.add(0, "Left in the stock", -len(self.stock), "scoring.par", note=plural(len(self.stock), "card"))

    def _ended(self):
        if self.cleared_in and not self.cards_left:
            return f"every card is discarded, the pyramid cleared in pass {self.cleared_in}"
        cleared = f"the pyramid cleared in pass {self.cleared_in}" if self.cleared_in else \
            f"{plural(self.pyramid_left, 'card')} left in the pyramid"
        return f"no more cards can be discarded in pass {self.pass_number} of {self.passes}, {cleared}"

    def _click_source(self, move, where):
        return where.get(move.card.text) if move.card is not None else None  # deal, redeal: buttons

    def _click_target(self, move, table):
        if move.kind != "pair":
            return None
        where = self._where(move.args[1])
        if where[0] == "pyramid":
            row, place = position(where[1])
            return f"pyramid-{row + 1}-{place + 1}"
        return where[0]

    def _last_sentence(self):
        if self.last_move is None:
            return None
        move = self.parse_move(self.last_move[0])
        if move.kind == "deal":
            said = f"The {self.turned.symbol} is turned up from the stock"
        elif move.kind == "redeal":
            said = f"The waste is turned over as the stock for pass {self.pass_number} of {self.passes}"
        elif move.kind == "remove":
            said = f"The {move.card.symbol} is discarded alone"
        else:
            said = f"The {move.args[0].symbol} and the {move.args[1].symbol} make 13 and are discarded"
        if self.__dict__.get("just_cleared"):
            said += "; the pyramid is cleared"
        return said + "."

    def _result_sentence(self):
        if not self.is_over:
            return None
        points = plain(self.scores.game[0])
        if self.cleared_in:
            left = self.cards_left
            rest = "every card is discarded" if not left else \
                f"{plural(left, 'card')} {'was' if left == 1 else 'were'} never discarded"
            return f"Won: the pyramid was cleared in pass {self.cleared_in}, and {rest}; the score is {points}."
        return (f"Lost: no more cards can be discarded, with {plural(self.pyramid_left, 'card')} left in the "
                f"pyramid; the score is {points}.")


GAME = PyramidState
