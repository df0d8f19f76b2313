"""Forty Thieves (Napoleon at St Helena): a two-pack patience of ten columns,
built down by suit one card at a time, with a stock turned once.

- The deal: the two packs, shuffled together in the order of the shuffle
  labelled ``deal``, are dealt face up in four rows of ten: card ``i`` of the
  first forty goes to column ``i % 10`` (the last dealt to a column is its
  top card). The other 64 are the stock, face down; the 41st card of the deal
  is its top card, turned first.
- Only the top card of a column, or of the waste, moves, one card at a time:
  onto the top card of a column one rank higher in the same suit, into an
  empty column (any card), or onto a foundation.
- Eight foundations, two a suit, are built up by suit from the ace to the king.
- ``turn`` puts the stock's top card face up on the waste; the stock is gone
  through once, with no redeal.
- All 104 cards on the foundations win; the game is lost when no move can
  make progress (below).

Interpretation notes (repeated on the game's page):

- A card on a foundation stays there (``interpretation.foundation-final``).
- "No move can make progress" is read as in Yukon: with the stock empty, the
  deal is lost when no sequence of moves can build a card on a foundation or
  play the waste's top card, though cards may still go to and fro between
  the columns (``interpretation.way-forward``; the search is in
  ``forty_thieves_search``).
- The stock may be turned whenever the player likes, not only when nothing
  else can move (``interpretation.turn-any-time``).
- A move names the column or the waste it takes its card from: with two packs
  the same card may lie on top of two columns.
"""

from ...cards import SUIT_SYMBOLS, Card, make_deck
from ...families.solitaire import BuildRule, Column, PatienceEnd, cards_placed_sheet, column_zones, foundation_names, \
    foundation_zones, tally_piles
from ...game import GameSpec, Scores, State
from ...moves import MoveForm, MoveForms
from ...table import headline, plural, shown, zone
from .search import layout_of, way_forward

TABLEAU = BuildRule(direction=-1, suits="suit", empty="any", carry="top")
COLUMNS = 10
ROWS = 4
PILES = "SSHHDDCC"  # the eight foundations, two a suit
DECK = "104"
RANKS = "A23456789TJQK"
FORMS = MoveForms(
    MoveForm("turn", "turn"),
    MoveForm("column-column", "move {card} from column {int} to column {int}"),
    MoveForm("column-foundation", "move {card} from column {int} to foundation"),
    MoveForm("waste-column", "move {card} from the waste to column {int}"),
    MoveForm("waste-foundation", "move {card} from the waste to foundation"),
)


def deal_layout(deck):
    """The ten columns and the stock (its top card last) from a deck in deal order."""
    dealt = deck[:COLUMNS * ROWS]
    columns = tuple(Column((), tuple(dealt[c::COLUMNS])) for c in range(COLUMNS))
    return columns, tuple(reversed(deck[COLUMNS * ROWS:]))


def pile_for(card, foundations):
    """The index of the foundation that takes ``card`` now, or None."""
    for f, suit in enumerate(PILES):
        if suit == card.suit and len(foundations[f]) == RANKS.index(card.rank):
            return f
    return None


def wanted_by(foundations):
    """The texts of the cards the foundations take next."""
    return frozenset(RANKS[len(pile)] + suit for suit, pile in zip(PILES, foundations) if len(pile) < len(RANKS))


class FortyThievesState(PatienceEnd, State):
    spec = GameSpec(
        id="forty-thieves",
        name="Forty Thieves",
        family="solitaire",
        seats=(1, 1),
        deck=DECK,
        aliases=("Napoleon at St Helena", "Big Forty"),
        summary="A two-pack patience: ten columns built down by suit one card at a time, "
                "and a stock turned only once.",
        rules=(
            "play.move-unit", "play.build", "play.empty-column", "play.foundation", "play.stock", "play.waste",
            "interpretation.foundation-final", "interpretation.way-forward",
        ),
        scoring=cards_placed_sheet(DECK),
    )
    forms = FORMS

    def _setup(self):
        self.columns, self.stock = deal_layout(self._shuffle("deal", make_deck(DECK)))
        self.waste = ()
        self.foundations = ((),) * len(PILES)

    # ---- where the game stands ------------------------------------------------------------

    @property
    def home(self):
        return sum(map(len, self.foundations))

    @property
    def won(self):
        return self.home == 104

    @property
    def to_act(self):
        return None if self.won or self.way_forward() is None else 0

    def way_forward(self):
        """``()`` while the stock can be turned; else the column moves to make before a card
        can go home or the waste's top card be played (forty_thieves_search): None once lost."""
        if self.stock:
            return ()
        if "_cached_way" not in self.__dict__:  # once per state: the search is the costly part
            top = self.waste[-1].text if self.waste else None
            self._cached_way = way_forward(layout_of(self.columns), wanted_by(self.foundations), top)
        return self._cached_way

    def progress(self):
        return self.home, len(self.stock), len(self.waste)

    @property
    def result(self):
        if self.won:
            return "won"
        return "lost" if self.is_over else None

    @property
    def scores(self):
        return Scores((self.home,), (self.home,))

    # ---- moves ------------------------------------------------------------------------------

    def _legal(self):
        moves = []
        # The cards a foundation takes now (those pile_for finds a pile for), once for every column.
        wanted = {Card(RANKS[len(pile)], suit) for suit, pile in zip(PILES, self.foundations) if len(pile) < 13}
        for c, column in enumerate(self.columns):
            if column.up and column.up[-1] in wanted:
                moves.append(FORMS["column-foundation"].make(column.up[-1], c + 1))
        top = self.waste[-1] if self.waste else None
        if top in wanted:
            moves.append(FORMS["waste-foundation"].make(top))
        for c, _, t in TABLEAU.placements(self.columns):
            moves.append(FORMS["column-column"].make(self.columns[c].top, c + 1, t + 1))
        if top is not None:
            onto, fills = TABLEAU.parents(top), TABLEAU.fits(top, None)
            for t, column in enumerate(self.columns):
                if column.up[-1] in onto if column.up else fills:
                    moves.append(FORMS["waste-column"].make(top, t + 1))
        if self.stock:
            moves.append(FORMS["turn"].make())
        return moves

    def _why_not(self, move):
        if move.kind == "turn":
            return ("the stock is empty, and it is gone through only once", "play.stock")
        card = move.card
        if move.kind.startswith("column"):
            c = move.args[1] - 1
            if not 0 <= c < COLUMNS:
                return (f"there is no column {move.args[1]}: they are numbered 1 to {COLUMNS}", "play.move-unit")
            column = self.columns[c]
            if card not in column.up:
                return (self._not_there(card, f"column {c + 1}", column.top), self._missing_rule(card))
            if column.top != card:
                above = len(column.up) - 1 - max(i for i, x in enumerate(column.up) if x == card)
                return (f"the {card.symbol} has {plural(above, 'card')} on top of it in column {c + 1}: "
                        f"only a column's top card moves", "play.move-unit")
        else:
            if not self.waste:
                return ("the waste is empty: turn a card from the stock first", "play.waste")
            if self.waste[-1] != card:
                return (f"only the waste's top card, the {self.waste[-1].symbol}, may be played", "play.waste")
        if move.kind.endswith("foundation"):
            return (self._foundation_refusal(card), "play.foundation")
        t = move.args[-1] - 1
        if not 0 <= t < COLUMNS:
            return (f"there is no column {move.args[-1]}: they are numbered 1 to {COLUMNS}", "play.build")
        if move.kind == "column-column" and t == move.args[1] - 1:
            return (f"the {card.symbol} is already in column {t + 1}", "play.build")
        return (TABLEAU.why_not(card, self.columns[t].top) or f"the {card.symbol} cannot go there", "play.build")

    def _not_there(self, card, place, top):
        if self._on_foundations(card) == 2:
            return f"both {card.symbol}s are on the foundations, and cards there stay"
        if top is None:
            return f"{place} is empty"
        return f"the {card.symbol} is not in {place}, whose top card is the {top.symbol}"

    def _missing_rule(self, card):
        return "interpretation.foundation-final" if self._on_foundations(card) == 2 else "play.move-unit"

    def _on_foundations(self, card):
        return sum(pile.count(card) for pile in self.foundations)

    def _foundation_refusal(self, card):
        needs = sorted({RANKS[len(pile)] for suit, pile in zip(PILES, self.foundations)
                        if suit == card.suit and len(pile) < len(RANKS)}, key=RANKS.index)
        symbol = SUIT_SYMBOLS[card.suit]
        if not needs:
            return f"both {symbol} foundations are complete"
        words = " or ".join("an ace" if r == "A" else f"the {'10' if r == 'T' else r}{symbol}" for r in needs)
        return f"the {card.symbol} cannot go home yet: the {symbol} foundations take {words} next"

    def candidate_moves(self):
        moves = list(self.legal_moves())
        tops = [(c + 1, column.up[-1]) for c, column in enumerate(self.columns) if column.up]
        cards = [card for _, card in tops] + list(self.waste[-2:])
        for n, card in tops:
            moves.append(FORMS["column-foundation"].make(card, n))
            moves += [FORMS["column-column"].make(card, n, t) for t in (1, 5, 10, 11)]
        for column in self.columns[:3]:
            moves += [FORMS["column-column"].make(card, 2, 3) for card in column.up[:2]]
        for card in cards:
            moves += [FORMS["waste-foundation"].make(card), FORMS["waste-column"].make(card, 4)]
        moves.append(FORMS["turn"].make())
        return list(dict.fromkeys(moves))

    def _play(self, move):
        self.__dict__.pop("_cached_way", None)  # the copy made by apply() must not keep its parent's answer
        if move.kind == "turn":
            self.waste += (self.stock[-1],)
            self.stock = self.stock[:-1]
            return
        card = move.card
        if move.kind.startswith("column"):
            columns = list(self.columns)
            c = move.args[1] - 1
            columns[c] = Column((), columns[c].up[:-1])
            self.columns = tuple(columns)
        else:
            self.waste = self.waste[:-1]
        if move.kind.endswith("foundation"):
            f = pile_for(card, self.foundations)
            self.foundations = self.foundations[:f] + (self.foundations[f] + (card,),) + self.foundations[f + 1:]
        else:
            t = move.args[-1] - 1
            self.columns = self.columns[:t] + (self.columns[t].add((card,)),) + self.columns[t + 1:]

    # ---- views ------------------------------------------------------------------------------

    def _table(self, seat):
        return {
            "columns": [[c.text for c in column.up] for column in self.columns],
            "foundations": [[c.text for c in pile] for pile in self.foundations],
            "stock": len(self.stock),
            "waste": [c.text for c in self.waste],
            "result": self.result,
        }

    def _cards_in_play(self):
        cards = [card for column in self.columns for card in column.up] + list(self.stock) + list(self.waste)
        return cards + [card for pile in self.foundations for card in pile]

    def hidden_from(self, seat):
        return set(self.stock)

    # ---- the table, described for the renderers --------------------------------------------

    def _said(self, seat):
        return self._last_sentence()

    def _describe(self, seat):
        home = self.home
        piles = [zone("stock", "Stock", shown(self.stock, False), kind="stock", layout="squared", group="piles"),
                 zone("waste", "Waste", self.waste, kind="discard", layout="squared", group="piles",
                      source=True)]
        zones = foundation_zones(self.foundations, PILES) + piles + column_zones(self.columns, empty=None)
        return {
            "headline": headline(f"{home} of 104 cards on the foundations",
                                 f"Stock: {plural(len(self.stock), 'card')}", f"Waste: {plural(len(self.waste), 'card')}"),
            "zones": zones,
            "last": self._last_sentence(),
            "result": {"won": "Won: all 104 cards are on the foundations.",
                       "lost": f"Lost: the stock is out and no move can send a card home or play the waste's "
                               f"top card; {home} of 104 cards {'is' if home == 1 else 'are'} on the foundations."
                       }.get(self.result),
            "interlude": self._end_interlude(zones),
        }

    def _tally_end(self, tally):
        tally_piles(tally, zip((label for _, label in foundation_names(PILES)), self.foundations))   # scoring.cards

    def _ended(self):
        if self.won:
            return "the last card went to its foundation"
        return "the stock is out, and no move can send a card to a foundation or play the waste's top card"

    def _click_source(self, move, where):
        if move.kind == "turn":
            return None
        if move.kind.startswith("column"):
            c = move.args[1] - 1
            return [f"column-{c + 1}", len(self.columns[c].up) - 1]
        return ["waste", len(self.waste) - 1]

    def _click_target(self, move, table):
        if move.kind.endswith("foundation"):
            f = pile_for(move.card, self.foundations)
            return f"foundation-{PILES[f]}-{1 + PILES[:f].count(PILES[f])}"
        return f"column-{move.args[-1]}"

    def _last_sentence(self):
        if self.last_move is None:
            return None
        move = self.parse_move(self.last_move[0])
        if move.kind == "turn":
            said = f"The {self.waste[-1].symbol} is turned from the stock onto the waste"
        else:
            card = move.card
            source = f"column {move.args[1]}" if move.kind.startswith("column") else "the waste"
            if move.kind.endswith("foundation"):
                said = f"The {card.symbol} goes from {source} to its foundation"
            else:
                t = move.args[-1] - 1
                under = self.columns[t].up[-2] if len(self.columns[t].up) > 1 else None
                onto = f"onto the {under.symbol} in column {t + 1}" if under else f"into the empty column {t + 1}"
                said = f"The {card.symbol} moves from {source} {onto}"
        return said + "."


GAME = FortyThievesState
