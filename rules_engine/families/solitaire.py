"""Solitaire piles with their build rules as data.

A tableau column is a :class:`Column`: face-down cards under face-up ones.
How cards build on a column, what may fill an empty one and which cards may be
moved together are a :class:`BuildRule`; foundations follow a
:class:`FoundationRule`. Klondike, Yukon, Forty Thieves and the rest differ
mostly in these few values.
"""

from dataclasses import dataclass
from functools import cached_property

from ..cards import ACES_LOW, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, RankOrder, make_deck
from ..scoring import ScoreRule
from ..table import GameEnd, article, shown, zone


def cards_placed_sheet(deck):
    """The score sheet of a solitaire scored by the cards placed (``scoring.cards``): a row a
    deal, from none to the whole pack, and a session that lasts as long as the player likes."""
    return ScoreRule(wins="high", rule="scoring.cards", per_game=True, cells=(0, len(make_deck(deck))),
                     unit="cards")


class PatienceEnd(GameEnd):
    """A patience's end (``table.GameEnd``): the cards it counts, won or lost."""

    END_UNIT = "cards"

    def _end_title(self):
        return f"End of the game: {self.result}"


def tally_piles(tally, piles, rule="scoring.cards"):
    """A point for each card placed, pile by pile: ``piles`` are ``(label, cards)``; a pile's
    face-up cards are its item (an empty pile scores nothing and is left out)."""
    for label, cards in piles:
        if cards:
            tally.add(0, label, len(cards), rule, cards)


@dataclass(frozen=True)
class Column:
    down: tuple = ()
    up: tuple = ()

    @property
    def top(self):
        return self.up[-1] if self.up else None

    @property
    def is_empty(self):
        return not self.down and not self.up

    def cut(self, index):
        """The column without ``up[index:]``, turning up a newly uncovered card."""
        up = self.up[:index]
        down = self.down
        if not up and down:
            down, up = down[:-1], (down[-1],)
        return Column(down, up)

    def add(self, cards):
        return Column(self.down, self.up + tuple(cards))

    def cards(self):
        return self.down + self.up

    def to_json(self):
        return {"down": len(self.down), "up": [c.text for c in self.up]}


@dataclass(frozen=True)
class BuildRule:
    """How cards build on a tableau pile.

    ``direction``: -1 builds down (a 7 on an 8), +1 up. ``suits``:
    ``alternate`` colours, ``suit`` (the same suit) or ``any``. ``empty``: the
    rank that may fill an empty pile, ``any``, or ``none``. ``carry``: what may
    be moved: ``any`` face-up card with everything above it, ``top`` only, or
    a ``sequence`` already built by this rule.
    """

    direction: int = -1
    suits: str = "alternate"
    empty: str = "K"
    carry: str = "any"
    ranks: RankOrder = ACES_LOW

    def fits(self, card, onto):
        """True if ``card`` may be placed on ``onto`` (None: an empty pile)."""
        if onto is None:
            return self.empty == "any" or (self.empty != "none" and card.rank == self.empty)
        if self.ranks.index(card) - self.ranks.index(onto) != self.direction:
            return False
        if self.suits == "alternate":
            return card.is_red != onto.is_red
        if self.suits == "suit":
            return card.suit == onto.suit
        return True

    def why_not(self, card, onto):
        """Why ``card`` may not go on ``onto``, in words, or None if it may."""
        if self.fits(card, onto):
            return None
        if onto is None:
            if self.empty == "none":
                return "an empty pile may not be filled"
            if self.empty == "any":
                return None
            return f"only {article(self.empty)} may fill an empty column"
        word = "below" if self.direction < 0 else "above"
        kind = {"alternate": "of the other colour", "suit": "of the same suit", "any": "of any suit"}[self.suits]
        return f"{card.symbol} cannot go on {onto.symbol}: it takes a card one rank {word} it, {kind}"

    def __post_init__(self):
        object.__setattr__(self, "_parents", {})
        object.__setattr__(self, "_children", {})
        object.__setattr__(self, "_fills", {})

    def parents(self, card):
        """The cards ``card`` may be placed on: the same answer as ``fits``,
        as a lookup table, so finding moves needs no pairwise test."""
        found = self._parents.get(card)
        if found is None:
            step = self.ranks.index(card) - self.direction
            found = ()
            if 0 <= step < len(self.ranks.order):
                rank = self.ranks.order[step]
                found = tuple(p for p in (Card(rank, suit) for suit in SUITS) if self.fits(card, p))
            self._parents[card] = found
        return found

    def children(self, onto):
        """The cards that may be placed on ``onto``: ``parents`` the other way round."""
        found = self._children.get(onto)
        if found is None:
            step = self.ranks.index(onto) + self.direction
            found = ()
            if 0 <= step < len(self.ranks.order):
                rank = self.ranks.order[step]
                found = tuple(c for c in (Card(rank, suit) for suit in SUITS) if self.fits(c, onto))
            self._children[onto] = found
        return found

    def placements(self, columns, lying=None):
        """Every tableau move ``(from column, index in its face-up cards, to column)``, in that order.

        Found from the few column tops (each takes at most one card per suit) rather than by
        trying every face-up card: Yukon lays out some thirty, and replaying a long game asks
        this at every step. ``lying``, where the game keeps it: each face-up card's ``(column,
        index)``, for a single pack whose every face-up card may be lifted; the cards the tops
        and the empty columns take are then looked up there."""
        if lying is not None and self.carry == "any":
            return self._placements_of(columns, lying)
        onto = {}  # each card that may go on a column's top: those columns (a card may be wanted twice in two packs)
        empty = []
        for t, column in enumerate(columns):
            if column.up:
                for card in self.children(column.up[-1]):
                    onto[card] = onto[card] + (t,) if card in onto else (t,)
            else:
                empty.append(t)
        found = []
        filling = self._fills if empty else {}  # whether a card may fill an empty pile: fits(card, None)
        for c, column in enumerate(columns):
            up = column.up
            for i in (range(len(up)) if self.carry == "any" else self.movable_from(column)):
                card = up[i]
                targets = onto.get(card)
                if targets:
                    found += [(c, i, t) for t in targets if t != c]
                if empty:
                    fills = filling.get(card)
                    if fills is None:
                        fills = filling[card] = self.fits(card, None)
                    if fills:
                        found += [(c, i, t) for t in empty if t != c]
        found.sort()
        return found

    def _placements_of(self, columns, lying):
        """``placements`` with every face-up card's place known (``lying``)."""
        found, empty = [], []
        for t, column in enumerate(columns):
            if column.up:
                for card in self.children(column.up[-1]):
                    place = lying.get(card)
                    if place is not None and place[0] != t:
                        found.append((*place, t))
            else:
                empty.append(t)
        if empty:
            for card in lying if self.empty == "any" else self._fillers:
                place = lying.get(card)
                if place is not None:
                    found += [(*place, t) for t in empty if t != place[0]]
        found.sort()
        return found

    @cached_property
    def _fillers(self):
        """The cards that may fill an empty pile, when a rank does (``empty`` not "any")."""
        if self.empty == "none":
            return ()
        return tuple(card for card in (Card(self.empty, suit) for suit in SUITS) if self.fits(card, None))

    def movable_from(self, column):
        """Indexes into ``column.up`` of the cards that may be lifted (with those above)."""
        if not column.up:
            return []
        if self.carry == "top":
            return [len(column.up) - 1]
        if self.carry == "any":
            return list(range(len(column.up)))
        start = len(column.up) - 1
        while start > 0 and self.fits(column.up[start], column.up[start - 1]):
            start -= 1
        return list(range(start, len(column.up)))


@dataclass(frozen=True)
class FoundationRule:
    """Foundations built up by suit from ``start`` (ace by default)."""

    ranks: RankOrder = ACES_LOW

    def fits(self, card, pile):
        if not pile:
            return self.ranks.index(card) == 0
        return card.suit == pile[-1].suit and self.ranks.index(card) == self.ranks.index(pile[-1]) + 1

    def why_not(self, card, pile):
        if self.fits(card, pile):
            return None
        if not pile:
            return f"the {SUIT_SYMBOLS[card.suit]} foundation must start with its {self.ranks.order[0]}"
        return f"the {SUIT_SYMBOLS[card.suit]} foundation needs the {self.ranks.next_above(pile[-1])} next"

    @staticmethod
    def index(card):
        return SUITS.index(card.suit)

    def wanted(self, piles):
        """The cards that fit the pile of their suit now, ``piles`` being one per suit in ``SUITS`` order."""
        after = self._after
        wanted = {after[suit] if not pile else after[pile[-1]] if pile[-1].suit == suit else None
                  for suit, pile in zip(SUITS, piles)}
        wanted.discard(None)
        return wanted

    @cached_property
    def _after(self):
        """The card that goes on each card of a pile (None past the top), and on each suit's empty pile."""
        after = {suit: Card(self.ranks.order[0], suit) for suit in SUITS}
        for suit in SUITS:
            for low, high in zip(self.ranks.order, self.ranks.order[1:] + (None,)):
                after[Card(low, suit)] = high and Card(high, suit)
        return after



# ---- the table, described for the renderers (rules_engine/table.py) -------------------------------

def column_zones(columns, empty="K", group="tableau"):
    """Tableau columns, numbered from 1: face-down cards, then the face-up ones overlapping downwards."""
    return [zone(f"column-{n}", f"Column {n}", shown(column.down, False) + [c.text for c in column.up],
                 kind="column", layout="column", group=group, empty=empty)
            for n, column in enumerate(columns, 1)]


def foundation_zones(foundations, suits=SUITS, group="foundations"):
    """One squared pile per suit, built up from its first card. With two packs a suit has two
    piles (``suits`` names it twice): they are numbered, ``foundation-S-1`` labelled "Spades 1"
    (short, so that eight piles keep to the width of ten columns) and ``foundation-S-2``."""
    return [zone(zone_id, label, pile, kind="foundation", layout="squared", group=group, empty=SUIT_SYMBOLS[suit])
            for (zone_id, label), suit, pile in zip(foundation_names(suits), suits, foundations)]


def foundation_names(suits=SUITS):
    """Each foundation's zone id and label (see ``foundation_zones``)."""
    out, seen = [], {}
    for suit in suits:
        seen[suit] = seen.get(suit, 0) + 1
        number = f"-{seen[suit]}" if suits.count(suit) > 1 else ""
        label = f"{SUIT_NAMES[suit].capitalize()} {seen[suit]}" if number else \
            f"{SUIT_NAMES[suit].capitalize()} foundation"
        out.append((f"foundation-{suit}{number}", label))
    return out
