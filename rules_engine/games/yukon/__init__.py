"""Yukon: Klondike's layout with no stock, and any face-up card may move.

- Deal a Klondike tableau of seven columns (column n gets n−1 face-down cards
  and one face-up card), then the 24 cards left face up, four on each of
  columns 2 to 7.
- A face-up card moves, with every card above it, onto a face-up card one rank
  higher and of the other colour that is the top of its column.
- Only a king (with the cards above it) may fill an empty column.
- A card uncovered on top of face-down cards is turned up.
- Foundations are built up by suit from the ace; only a column's top card
  may go there. All 52 on the foundations wins; no move left loses.

Interpretation notes (repeated on the game's page):

- A card on a foundation stays there (``interpretation.foundation-final``).
- "No move left" is read as no way forward: the deal is lost when no
  sequence of moves can turn up a card or build one on a foundation, though
  cards may still be shuffled between columns (``interpretation.way-forward``;
  the search is in ``yukon_search``). Moves that only shuffle are never
  refused: ending a game that goes round in circles is the player's choice
  (for bots, ``bots.play_out``'s ``max_idle``), not a rule.
"""

from ...cards import SUITS, make_deck
from ...families.solitaire import BuildRule, Column, FoundationRule, PatienceEnd, cards_placed_sheet, column_zones, \
    foundation_names, foundation_zones, tally_piles
from ...game import GameSpec, Scores, State
from ...moves import MoveForm, MoveForms
from ...table import headline, plural
from .search import layout_of, wanted_by, way_forward

TABLEAU = BuildRule(direction=-1, suits="alternate", empty="K", carry="any")
FOUNDATION = FoundationRule()
COLUMNS = 7

DECK = "52"
FORMS = MoveForms(
    MoveForm("onto", "move {card} onto {card}"),
    MoveForm("to-column", "move {card} to column {int}"),
    MoveForm("to-foundation", "move {card} to foundation"),
)


def face_up_places(columns):
    """``{card: (column index, index in its face-up cards)}`` for every face-up card."""
    return {card: (c, i) for c, column in enumerate(columns) for i, card in enumerate(column.up)}


def deal_tableau(deck):
    """The Yukon layout from a deck in deal order."""
    cards = iter(deck)
    down = [[] for _ in range(COLUMNS)]
    up = [[] for _ in range(COLUMNS)]
    for row in range(COLUMNS):
        up[row].append(next(cards))
        for column in range(row + 1, COLUMNS):
            down[column].append(next(cards))
    for _ in range(4):
        for column in range(1, COLUMNS):
            up[column].append(next(cards))
    return tuple(Column(tuple(d), tuple(u)) for d, u in zip(down, up))


class YukonState(PatienceEnd, State):
    spec = GameSpec(
        id="yukon",
        name="Yukon",
        family="solitaire",
        seats=(1, 1),
        deck=DECK,
        summary="A Klondike layout with no stock, where any face-up card can move with the cards on top of it.",
        rules=(
            "play.build", "play.empty-column", "play.foundation", "play.move-unit",
            "interpretation.foundation-final", "interpretation.way-forward",
        ),
        scoring=cards_placed_sheet(DECK),
    )
    forms = FORMS

    def _setup(self):
        self.columns = deal_tableau(self._shuffle("deal", make_deck("52")))
        self.foundations = ((),) * len(SUITS)
        # The columns for which a way forward is known to exist, without asking way_forward()
        # (see _play): none yet for the deal, whose turn asks.
        self.surely_forward_in = None
        self.lying = (self.columns, face_up_places(self.columns))

    # ---- where cards are ----------------------------------------------------------------

    def _places(self):
        """Each face-up card's ``(column index, index in its face-up cards)``: kept up to date by
        every move (see _play), and worked out afresh for columns laid out by hand."""
        columns, places = self.lying
        if columns is not self.columns:
            columns, places = self.__dict__.get("_cached_lying", (None, None))
            if columns is not self.columns:
                places = face_up_places(self.columns)
                self._cached_lying = (self.columns, places)
        return places

    def _find(self, card):
        """``(column index, index in its face-up cards)`` of a face-up card, or None."""
        return self._places().get(card)

    @property
    def won(self):
        return sum(map(len, self.foundations)) == 52

    @property
    def to_act(self):
        if self.surely_forward_in is self.columns:  # and so not won: a card is left to go home or be turned up
            return 0
        return None if self.won or self.way_forward() is None else 0

    def way_forward(self):
        """The column moves to make before a card can be turned up or go home
        (see yukon_search.way_forward): None once the deal is lost."""
        if "_cached_way" not in self.__dict__:  # once per state: the search is the costly part
            self._cached_way = () if self._forward_now() else \
                way_forward(layout_of(self.columns), wanted_by(self.foundations))
        return self._cached_way

    def _forward_now(self):
        """Whether a card can go home or be turned up at once (the search's first test): whether a
        move sends one home or lifts the lowest face-up card over face-down ones. The moves are
        listed at every step anyway, and most positions pass, needing no layout for the search."""
        columns = self.columns
        bottoms = {column.up[0] for column in columns if column.down and column.up}
        if len(bottoms) < sum(1 for column in columns if column.down):
            return self._forward_without_moves()  # face-down cards with none face up: a position built by hand
        return any(move.kind == "to-foundation" or move.args[0] in bottoms for move in self._legal_now())

    def _forward_without_moves(self):
        """``_forward_now`` from the columns themselves, as the search sees them: a column of face-down
        cards alone is not empty (to the moves, it is)."""
        wanted, tops, empty = self._wanted(), {}, False
        for c, column in enumerate(self.columns):
            if column.up:
                if column.up[-1] in wanted:
                    return True
                tops[column.up[-1]] = c
            elif not column.down:
                empty = True
        for c, column in enumerate(self.columns):
            if column.down and column.up:
                card = column.up[0]
                if empty and TABLEAU.fits(card, None):
                    return True
                for parent in TABLEAU.parents(card):
                    if tops.get(parent, c) != c:
                        return True
        return False

    def progress(self):
        return sum(map(len, self.foundations)), sum([len(column.down) for column in self.columns])

    # ---- moves --------------------------------------------------------------------------------

    def _legal(self):
        columns, wanted = self.columns, self._wanted()
        moves = [FORMS["to-foundation"].make(column.up[-1]) for column in columns
                 if column.up and column.up[-1] in wanted]
        onto, to_column = FORMS["onto"], FORMS["to-column"]
        for c, i, t in TABLEAU.placements(columns, self._places()):
            card, target = columns[c].up[i], columns[t].up
            moves.append(onto.make(card, target[-1]) if target else to_column.make(card, t + 1))
        return moves

    def _wanted(self):
        """The cards the foundations take next (once per state: the moves and the turn both ask)."""
        if "_cached_wanted" not in self.__dict__:
            self._cached_wanted = FOUNDATION.wanted(self.foundations)
        return self._cached_wanted

    def _shift(self, c, i, t):
        """The columns after moving ``columns[c].up[i:]`` onto column ``t``."""
        columns = list(self.columns)
        moving = columns[c].up[i:]
        columns[c] = columns[c].cut(i)
        columns[t] = columns[t].add(moving)
        return tuple(columns)

    def _target(self, move):
        if move.kind == "onto":
            t, i = self._find(move.args[1]) or (None, None)
            return t if t is not None and i == len(self.columns[t].up) - 1 else None
        column = move.args[1] - 1
        return column if 0 <= column < COLUMNS else None

    def _why_not(self, move):
        card = move.card
        where = self._find(card)
        if where is None:
            if any(card in pile for pile in self.foundations):
                return (f"{card.symbol} is on a foundation, and cards there stay", "interpretation.foundation-final")
            return (f"{card.symbol} is not a face-up card in the tableau", "play.move-unit")
        c, i = where
        if move.kind == "to-foundation":
            if i != len(self.columns[c].up) - 1:
                return (f"{card.symbol} has cards on top of it", "play.foundation")
            return (FOUNDATION.why_not(card, self.foundations[FOUNDATION.index(card)]), "play.foundation")
        t = self._target(move)
        if t is None:
            if move.kind == "onto":
                return (f"{move.args[1].symbol} is not at the top of a column", "play.build")
            return (f"there is no column {move.args[1]}: they are numbered 1 to {COLUMNS}", "play.empty-column")
        if t == c:
            return (f"{card.symbol} is already in that column", "play.build")
        target = self.columns[t].top
        if target is None:
            reason = TABLEAU.why_not(card, None)
            if reason:
                return (reason, "play.empty-column")
        elif move.kind == "to-column":
            return (f"column {t + 1} is not empty: name the card to move onto, {target.symbol}", "play.build")
        else:
            reason = TABLEAU.why_not(card, target)
            if reason:
                return (reason, "play.build")
        return (f"{card.symbol} cannot move there", "play.build")  # not reached: every such move is legal

    def candidate_moves(self):
        moves = list(self.legal_moves())
        tops = [column.top for column in self.columns if column.top]
        for column in self.columns:
            for card in column.up:
                moves.append(FORMS["to-foundation"].make(card))
                moves += [FORMS["onto"].make(card, top) for top in tops if top is not card]
                moves += [FORMS["to-column"].make(card, n) for n in (1, 4, 7)]
        return list(dict.fromkeys(moves))

    def _play(self, move):
        # the copy made by apply() must not keep its parent's answers
        self.__dict__.pop("_cached_way", None)
        self.__dict__.pop("_cached_wanted", None)
        # A position the move can undo, reached from one with a way forward, has one too: random
        # play shuffling columns back and forth reaches many such, and they need no search.
        surely_before = self.surely_forward_in is self.columns
        places = dict(self._places())
        card = move.card
        c, i = places[card]
        left = self.columns[c]
        self.turned_up = None
        if i == 0 and left.down:  # the card below is turned up once this one leaves
            self.turned_up = (left.down[-1], c)
            places[left.down[-1]] = (c, 0)
        if move.kind == "to-foundation":
            del places[card]
            columns = list(self.columns)
            columns[c] = left.cut(i)
            self.columns = tuple(columns)
            f = FOUNDATION.index(card)
            self.foundations = self.foundations[:f] + (self.foundations[f] + (card,),) + self.foundations[f + 1:]
            undone = False
        else:
            # The move is undone by moving the card back where it lay: on the card under it, or (a
            # king alone in its column) into the column it leaves empty.
            undone = TABLEAU.fits(card, left.up[i - 1]) if i else not left.down and TABLEAU.fits(card, None)
            t = self._target(move)
            below = len(self.columns[t].up)
            places.update((moved, (t, below + k)) for k, moved in enumerate(left.up[i:]))
            self.columns = self._shift(c, i, t)
        self.lying = (self.columns, places)
        # Worked out now, while the position before is known: the next move's turn asks anyway. A
        # way found (not a search stopped at its limit) is sure.
        sure = self._forward_now() or surely_before and undone or isinstance(self.way_forward(), tuple)
        self.surely_forward_in = self.columns if sure else None

    # ---- scores and views -------------------------------------------------------------------

    @property
    def scores(self):
        on_foundations = sum(map(len, self.foundations))
        return Scores((on_foundations,), (on_foundations,))

    @property
    def result(self):
        if self.won:
            return "won"
        return "lost" if self.is_over else None

    def _table(self, seat):
        return {
            "columns": [{"down": ["??"] * len(col.down), "up": [c.text for c in col.up]} for col in self.columns],
            "foundations": {suit: [c.text for c in pile] for suit, pile in zip(SUITS, self.foundations)},
            "result": self.result,
        }

    def _cards_in_play(self):
        cards = [card for column in self.columns for card in column.cards()]
        return cards + [card for pile in self.foundations for card in pile]

    def hidden_from(self, seat):
        return {card for column in self.columns for card in column.down}

    # ---- the table, described for the renderers ------------------------------------

    def _said(self, seat):
        return self._last_sentence()

    def _describe(self, seat):
        home = sum(map(len, self.foundations))
        zones = foundation_zones(self.foundations) + column_zones(self.columns)
        return {
            "headline": headline(f"{home} of 52 cards on the foundations"),
            "zones": zones,
            "last": self._last_sentence(),
            "result": {"won": "Won: all 52 cards are on the foundations.",
                       "lost": f"Lost: no move can turn up a card or move one home; {home} of 52 cards "
                               f"{'is' if home == 1 else 'are'} on the foundations."}.get(self.result),
            "interlude": self._end_interlude(zones),
        }

    def _tally_end(self, tally):
        tally_piles(tally, zip((label for _, label in foundation_names()), self.foundations))   # scoring.cards

    def _ended(self):
        if self.won:
            return "the last card went to its foundation"
        down = sum(len(column.down) for column in self.columns)
        return (f"no move can turn up a card or send one to a foundation, and {plural(down, 'card')} "
                f"{'lies' if down == 1 else 'lie'} face down")

    def _click_target(self, move, table):
        if move.kind == "to-foundation":
            return f"foundation-{move.card.suit}"
        if move.kind == "to-column":
            return f"column-{move.args[1]}"
        return f"column-{self._target(move) + 1}"

    def _last_sentence(self):
        if self.last_move is None:
            return None
        move = self.parse_move(self.last_move[0])
        card = move.card
        c, i = self._find(card) or (None, None)
        if move.kind == "to-foundation":
            said = f"The {card.symbol} goes to its foundation"
        else:
            above = len(self.columns[c].up) - i - 1
            carried = f", carrying {above} card{'' if above == 1 else 's'}" if above else ""
            said = f"The {card.symbol} moves to column {c + 1}{carried}"
        turned = self.__dict__.get("turned_up")
        if turned:
            said += f"; the {turned[0].symbol} is turned up in column {turned[1] + 1}"
        return said + "."


GAME = YukonState
