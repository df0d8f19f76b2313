"""Piles on a fishing game's table: cards bundled so that they are captured only together
(Diloti's declarations, Cassino's builds), and captures or bundles of several combinations.

A pile is a :class:`Pile`: its cards, the value a card must have to take it, the seat that
made it (the one bound to take it) and how many sets it holds (one for a plain pile, two or
more for a group of equal sets). :class:`PilesOnTable` is mixed into a
:class:`~rules_engine.families.fishing.FishingGame`: the piles lie beside the layout, a capture
may name their cards, and the table shows each as a zone of its own.

The table's items are bits of an int, a *mask*: bit ``i`` the layout's card ``i``, then a bit for
each pile, in the table's order. A combination of items is a mask, so that telling whether two
are disjoint and joining them is one operation on ints, where sets of items took many (a state's
moves ask it hundreds of times). :func:`loose_sums` and :func:`unions` enumerate the
combinations of loose cards adding up to a value and every way of taking several disjoint
combinations at once.
"""

from collections import namedtuple

from ..bitmask import bits
from ..table import zone
from .fishing import once_per_state

Pile = namedtuple("Pile", "cards value owner sets")
# The table's items as bits (see the module's docstring): ``cards``, the cards of each mask
# asked (a state's moves ask for the same ones again); ``items``, the cards of each item, by its
# bit (a loose card alone, a pile's cards); ``first_pile``, the bit of the first pile
# (the layout's length); ``loose``, the lowest mask holding a pile (a mask below it holds loose
# cards alone); ``played``, the bit of the card played into a pile, after every item; the
# combinations that may go into a sum, by their total: ``sums``, the loose cards with a value
# adding up to it, in ``lexical`` order, and ``piles``, each pile of that value alone (the only
# ones the rules take).
TableItems = namedtuple("TableItems", "cards items first_pile loose played sums piles")


def loose_sums(values, most):
    """``(mask, total)`` of each combination of ``values`` (None for a card with no value, which
    goes into none) adding up to ``most`` or less, in ``lexical`` order (values are positive).

    >>> [(bits(mask), total) for mask, total in loose_sums([3, None, 2, 1], 3)]
    [([0], 3), ([2], 2), ([2, 3], 3), ([3], 1)]
    """
    subsets = []   # those of the values from index k on, in order
    for k in range(len(values) - 1, -1, -1):
        value = values[k]
        if value is not None and value <= most:
            # A loop, not a comprehension: the lists are short, and a comprehension is a call.
            bit, room = 1 << k, most - value
            grown = [(bit, value)]
            for mask, total in subsets:
                if total <= room:
                    grown.append((bit | mask, value + total))
            subsets = grown + subsets if subsets else grown
    return subsets


IN_FIRST = str.maketrans("01", "10")


def lexical(mask):
    """The key that puts combinations in the increasing order of their items' index tuples, the
    order the rules' searches list them in (``(0, 1, 2)`` before ``(0, 2)``, ``(0,)`` before
    both): the bits lowest first, an item in before an item out, as a string (which a shorter
    one leads), made in three steps of C where the index tuple took a loop.

    >>> sorted([0b101, 0b111, 0b1, 0b10], key=lexical) == [0b1, 0b111, 0b101, 0b10]
    True
    >>> masks = range(1, 1 << 9)
    >>> sorted(masks, key=lexical) == sorted(masks, key=lambda mask: tuple(bits(mask)))
    True
    """
    return format(mask, "b")[::-1].translate(IN_FIRST)


def unions(combos):
    """Every union of disjoint ``combos`` (masks) but the empty one, each with one way of making
    it (a tuple of combos), in a fixed order.

    >>> sorted(bin(u).count("1") for u in unions([0b1, 0b10010, 0b1100]))
    [1, 2, 2, 3, 3, 4, 5]
    >>> unions([0b1, 0b10]), unions([0b11, 0b10])
    ({1: (1,), 2: (2,), 3: (1, 2)}, {3: (3,), 2: (2,)})
    """
    if len(combos) < 3:   # as most are: written out, without the search's copies of the dict
        if len(combos) < 2:
            return {combo: (combo,) for combo in combos}
        a, b = combos
        return {a: (a,), b: (b,), a | b: (a, b)} if not a & b else {a: (a,), b: (b,)}
    reach = {0: ()}
    for combo in combos:
        for made, parts in list(reach.items()):
            if not made & combo and made | combo not in reach:
                reach[made | combo] = parts + (combo,)
    del reach[0]
    return reach


class PilesOnTable:
    """The piles beside the layout (``self.piles``, a list of :class:`Pile`).

    Sums and piles count the table's *items*, each a bit of a mask (see the module's docstring);
    a game gives a loose card's value (``table_value``)."""

    HIGHEST = 10   # the highest total a sum of table items may need: no card takes more

    def table_value(self, card):
        """A loose card's value in sums and piles; None for a card that goes into none."""
        raise NotImplementedError

    def _highest_sum(self):
        """The highest total the moves of the seat to act may ask of the table (``HIGHEST``, by
        default)."""
        return self.HIGHEST

    @once_per_state
    def _cached_table(self):
        """The table's :class:`TableItems`, its sums up to ``_highest_sum()``."""
        layout, most, value = self.layout, self._highest_sum(), self.table_value
        first_pile = len(layout)
        sums, piles = {}, {}
        for mask, total in loose_sums(list(map(value, layout)), most):
            if total in sums:
                sums[total].append(mask)
            else:
                sums[total] = [mask]
        for i, pile in enumerate(self.piles, first_pile):
            if pile.value <= most:
                piles.setdefault(pile.value, []).append(1 << i)
        items = list(zip(layout))   # each loose card alone, as a tuple (zip, not a comprehension: a call)
        if self.piles:
            items += [pile.cards for pile in self.piles]
        return TableItems({}, items, first_pile, 1 << first_pile, 1 << len(items), sums, piles)

    def pile_bit(self, pile):
        """The mask of the pile of index ``pile`` alone."""
        return 1 << (self._cached_table.first_pile + pile)

    def piles_in(self, mask):
        """The indices of the piles among the items of ``mask``."""
        first = self._cached_table.first_pile
        return {i - first for i in bits(mask >> first << first)}

    def mask_cards(self, mask):
        """The table cards of the items of ``mask``, in the table's order (the order of the bits:
        the layout's, then each pile's)."""
        table = self._cached_table
        if mask and not mask & (mask - 1):   # one item (most captures and builds take one): its cards as they are
            return table.items[mask.bit_length() - 1]
        cards = table.cards.get(mask)
        if cards is None:
            cards, items, rest = (), table.items, mask
            while rest:   # the bits lowest first, as ``bits`` lists them, without the list
                low = rest & -rest
                cards += items[low.bit_length() - 1]
                rest ^= low
            table.cards[mask] = cards
        return cards

    def _items_of(self, cards):
        """The mask of the items that table ``cards`` make up (each pile named by any of its cards)."""
        mask = 0
        for c in cards:
            pile = self.pile_of(c)
            mask |= self.pile_bit(pile) if pile is not None else 1 << self.layout.index(c)
        return mask

    def split_piles(self, cards):
        """The indices of the piles ``cards`` take only part of (a pile goes whole or not at all)."""
        return [i for i in {self.pile_of(c) for c in cards} - {None}
                if not set(self.piles[i].cards) <= set(cards)]

    def pile_cards(self, parts, card):
        """The cards of a new pile made of ``parts`` (masks of items, the ``played`` bit standing for
        ``card``, the card played), set by set as the table shows them, each in the table's order,
        the card played last."""
        played = self._cached_table.played
        cards = []
        for combo in parts:
            cards += self.mask_cards(combo & ~played) + ((card,) if combo & played else ())
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
                self.piles = self.piles[:i] + ([pile._replace(cards=rest)] if rest else []) + self.piles[i + 1:]
                return

    def pile_of(self, card):
        """The index of the pile holding ``card``, or None for a loose card."""
        return next((i for i, pile in enumerate(self.piles) if card in pile.cards), None)

    def _start_hand(self, number, dealer):
        # Replaced whole when it changes, never changed in place: a move's new state need not copy it.
        self.piles = []
        super()._start_hand(number, dealer)

    def pile_label(self, pile):
        return f"{self.player_names()[pile.owner]}'s pile of {pile.value}"

    def pile_zones(self):
        """A zone of the middle for each pile, its cards pickable for a built move, all at one click
        (a pile is taken only whole)."""
        return [zone(f"pile-{i}", self.pile_label(pile), pile.cards, kind="layout", layout="row", group="middle",
                     source=True, whole=True) for i, pile in enumerate(self.piles)]
