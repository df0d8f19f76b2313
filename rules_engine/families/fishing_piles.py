"""Piles on a fishing game's table: cards bundled so that they are captured only together
(Diloti's declarations, Cassino's builds), and captures or bundles of several combinations.

A pile is a :class:`Pile`: its cards, the value a card must have to take it, the seat that
made it (the one bound to take it) and how many sets it holds (one for a plain pile, two or
more for a group of equal sets). :class:`PilesOnTable` is mixed into a
:class:`~rules_engine.families.fishing.FishingGame`: the piles lie beside the layout, a capture
may name their cards, and the table shows each as a zone of its own.

:func:`sums` and :func:`unions` enumerate the combinations of table items adding up to a value
and every way of taking several disjoint combinations at once.
"""

from collections import namedtuple

from ..table import zone
from .fishing import once_per_state

Pile = namedtuple("Pile", "cards value owner sets")
# The table's items that have a value, in the table's order (its ``loose`` cards first, then the
# piles), their values, and the index tuples of the items by their total (``sums_by_total``).
TableSums = namedtuple("TableSums", "items values loose totals")


def sums(values, target, least=1):
    """The index tuples of ``values`` whose values add up to ``target``, with at least ``least``
    items (values are positive).

    >>> sums([8, 6, 5, 3, 2], 8)
    [(0,), (1, 4), (2, 3)]
    """
    return [idx for idx in sums_by_total(values, target).get(target, ()) if len(idx) >= least]


def sums_by_total(values, most):
    """The index tuples of ``values`` adding up to ``most`` or less, by their total, each list in
    increasing order of the tuples (values are positive).

    >>> sums_by_total([3, 2, 1], 3)
    {3: [(0,), (1, 2)], 2: [(1,)], 1: [(2,)]}
    """
    found, subsets = {}, []   # (index tuple, total) of the values from index k on, in order
    for k in reversed(range(len(values))):
        value = values[k]
        if value <= most:
            subsets = ([((k,), value)] + [((k,) + idx, value + total) for idx, total in subsets
                                          if value + total <= most] + subsets)
    for idx, total in subsets:
        found.setdefault(total, []).append(idx)
    return found


def unions(combos):
    """Every union of disjoint ``combos`` (frozensets) but the empty one, each with one way of
    making it (a tuple of combos), in a fixed order.

    >>> sorted(len(u) for u in unions([frozenset({0}), frozenset({1, 4}), frozenset({2, 3})]))
    [1, 2, 2, 3, 3, 4, 5]
    """
    if len(combos) < 2:
        return {combo: (combo,) for combo in combos}
    reach = {frozenset(): ()}
    for combo in combos:
        for made, parts in list(reach.items()):
            if not made & combo and made | combo not in reach:
                reach[made | combo] = parts + (combo,)
    del reach[frozenset()]
    return reach


class PilesOnTable:
    """The piles beside the layout (``self.piles``, a list of :class:`Pile`).

    Sums and piles count the table's *items*: ``("card", card)`` for each loose card and
    ``("pile", i)`` for each pile; a game gives a loose card's value (``table_value``)."""

    HIGHEST = 10   # the highest total a sum of table items may need: no card takes more

    def table_value(self, card):
        """A loose card's value in sums and piles; None for a card that goes into none."""
        raise NotImplementedError

    def _items(self):
        return [("card", c) for c in self.layout] + [("pile", i) for i in range(len(self.piles))]

    def _item_value(self, item):
        return self.table_value(item[1]) if item[0] == "card" else self.piles[item[1]].value

    @once_per_state
    def _cached_table_sums(self):
        """The :class:`TableSums` of the table, up to ``HIGHEST``."""
        items, values = [], []
        for card in self.layout:
            v = self.table_value(card)
            if v is not None:
                items.append(("card", card))
                values.append(v)
        loose = len(items)
        for i, pile in enumerate(self.piles):
            items.append(("pile", i))
            values.append(pile.value)
        return TableSums(items, values, loose, sums_by_total(values, self.HIGHEST))

    def item_sums(self, target, loose=False, least=1):
        """The index tuples of the table's valued items (of its loose cards alone, with ``loose``)
        adding up to ``target``, with at least ``least`` items, as :func:`sums` lists them."""
        table = self._cached_table_sums
        return [idx for idx in table.totals.get(target, ())
                if len(idx) >= least and (not loose or idx[-1] < table.loose)]

    def _item_cards(self, items):
        cards = []
        for kind, what in items:
            cards += [what] if kind == "card" else list(self.piles[what].cards)
        return cards

    def _items_of(self, cards):
        """The items that table ``cards`` make up (each pile named by any of its cards)."""
        loose = frozenset(("card", c) for c in cards if c in self.layout)
        return loose | frozenset(("pile", i) for i in {self.pile_of(c) for c in cards} - {None})

    def split_piles(self, cards):
        """The indices of the piles ``cards`` take only part of (a pile goes whole or not at all)."""
        return [i for i in {self.pile_of(c) for c in cards} - {None}
                if not set(self.piles[i].cards) <= set(cards)]

    def pile_cards(self, parts):
        """The cards of a new pile made of ``parts`` (sets of items, and ``("hand", card)`` for the
        card played), set by set as the table shows them, each in the table's order, the card
        played last."""
        order = self._table_cards()
        cards = []
        for combo in parts:
            set_cards = []
            for kind, what in combo:
                set_cards += list(self.piles[what].cards) if kind == "pile" else [what]
            cards += sorted(set_cards, key=lambda c: order.index(c) if c in order else len(order))
        return tuple(cards)

    def _table_cards(self):
        return self.layout + [c for pile in self.piles for c in pile.cards]

    def _take_from_table(self, card):
        if card in self.layout:
            self.layout.remove(card)
            return
        for i, pile in enumerate(self.piles):
            if card in pile.cards:
                rest = tuple(c for c in pile.cards if c != card)
                self.piles[i:i + 1] = [pile._replace(cards=rest)] if rest else []
                return

    def pile_of(self, card):
        """The index of the pile holding ``card``, or None for a loose card."""
        return next((i for i, pile in enumerate(self.piles) if card in pile.cards), None)

    def _start_hand(self, number, dealer):
        self.piles = []
        super()._start_hand(number, dealer)

    def _copied(self):
        super()._copied()
        self.piles = list(self.piles)

    def pile_label(self, pile):
        return f"{self.player_names()[pile.owner]}'s pile of {pile.value}"

    def pile_zones(self):
        """A zone of the middle for each pile, its cards pickable for a built move."""
        return [zone(f"pile-{i}", self.pile_label(pile), pile.cards, kind="layout", layout="row", group="middle",
                     source=True) for i, pile in enumerate(self.piles)]
