"""Declared five-card poker hands with wild cards (Commune), as data and one test of presence.

A declaration names a category and only the ranks that matter (never a kicker). The categories,
lowest first, and the ranks each one names (``DECLARATIONS`` lists every declaration in order):

- ``high``: a card of the rank (``ace high``); ranks 2 to ace;
- ``pair``, ``trips`` (three of a kind), ``quads`` (four of a kind), ``five`` (five of a kind,
  which wild cards make possible): that many cards of the rank;
- ``two-pair``: two pairs, the higher rank named first (``two pair 9s and 4s``);
- ``straight``: five ranks in sequence, named by the top one, from ``straight to the 5``
  (ace, 2, 3, 4, 5: the ace plays low there only) to ``straight to the ace``;
- ``flush``: five cards of one suit, no rank named;
- ``full-house``: three of the first rank and two of the second (``full house 8s over 3s``);
- ``straight-flush``: a straight in one suit, named by its top rank.

Inside a category a declaration with higher ranks ranks higher (the first rank named first,
then the second). Jokers and 2s are wild: each stands for any card, so a 2 never counts as a
natural 2 (``pair of 2s`` asks for two wild cards). A declaration is *present* among some cards
when the cards it needs, wild cards filling the gaps, can be taken from them, each card once:

>>> from rules_engine.cards import parse_cards
>>> cards = parse_cards("7H 7S KD 2C JK 9H 5H")
>>> [name(d) for d in DECLARATIONS if present(d, cards)][-3:]
['full house, kings over 7s', 'four of a kind, 7s', 'straight flush to the 9']
>>> present(("quads", "K"), cards), present(("five", "7"), cards)
(False, False)
>>> len(DECLARATIONS), name(DECLARATIONS[0]), name(DECLARATIONS[-1])
(320, '2 high', 'five of a kind, aces')
>>> rank_of(("two-pair", "9", "4")) > rank_of(("pair", "A"))
True
"""

from collections import Counter
from itertools import combinations

from .cards import SUIT_NAMES, Card
from .table import article

ORDER = "23456789TJQKA"
VALUE = {rank: i for i, rank in enumerate(ORDER, start=2)}
PLURAL = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "10s"}
SINGULAR = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
SUITS = "CDHS"

# category id, its words, how many ranks it names, how many cards of each rank it asks for
CATEGORIES = (
    ("high", "high card", 1, (1,)),
    ("pair", "pair", 1, (2,)),
    ("two-pair", "two pair", 2, (2, 2)),
    ("trips", "three of a kind", 1, (3,)),
    ("straight", "straight", 1, None),
    ("flush", "flush", 0, None),
    ("full-house", "full house", 2, (3, 2)),
    ("quads", "four of a kind", 1, (4,)),
    ("straight-flush", "straight flush", 1, None),
    ("five", "five of a kind", 1, (5,)),
)
CATEGORY = {c[0]: c for c in CATEGORIES}
STRAIGHT_TOPS = ORDER[3:]   # 5 to ace: the straight to the 5 is ace, 2, 3, 4, 5


def plural(rank):
    return PLURAL.get(rank, f"{rank}s")


def singular(rank):
    return SINGULAR.get(rank, rank)


def _ranks_for(category_id):
    kind, _, count, _ = CATEGORY[category_id]
    if count == 0:
        return [()]
    if kind in ("straight", "straight-flush"):
        return [(top,) for top in STRAIGHT_TOPS]
    if kind == "two-pair":
        return [(hi, lo) for hi in ORDER for lo in ORDER if VALUE[lo] < VALUE[hi]]
    if kind == "full-house":
        return [(three, two) for three in ORDER for two in ORDER if two != three]
    return [(rank,) for rank in ORDER]


DECLARATIONS = tuple((c[0], *ranks) for c in CATEGORIES for ranks in _ranks_for(c[0]))
_RANK = {d: i for i, d in enumerate(DECLARATIONS)}


def rank_of(declaration):
    """The place of a declaration in the whole order, 0 for the lowest."""
    return _RANK[tuple(declaration)]


def name(declaration):
    """A declaration in words: ``pair of 7s``, ``straight to the 10``, ``full house 8s over 3s``."""
    kind, *ranks = declaration
    if kind == "high":
        return f"{singular(ranks[0])} high"
    if kind == "pair":
        return f"pair of {plural(ranks[0])}"
    if kind == "two-pair":
        return f"two pair, {plural(ranks[0])} and {plural(ranks[1])}"
    if kind in ("straight", "straight-flush"):
        return f"{CATEGORY[kind][1]} to the {singular(ranks[0])}"
    if kind == "flush":
        return "flush"
    if kind == "full-house":
        return f"full house, {plural(ranks[0])} over {plural(ranks[1])}"
    return f"{CATEGORY[kind][1]}, {plural(ranks[0])}"


def is_wild(card):
    return card.is_joker or card.rank == "2"


def _run(top):
    """The ranks of the straight to ``top``, the ace low in the straight to the 5."""
    i = ORDER.index(top)
    return ["A", "2", "3", "4", "5"] if top == "5" else list(ORDER[i - 4:i + 1])


def present(declaration, cards):
    """Whether the declared hand can be formed from ``cards`` (any number of them), wild cards
    standing for any card and each card used once."""
    return Holding(cards).holds(declaration)


class Holding:
    """Some cards counted once (wild cards, ranks, suits of each rank), to test many
    declarations against them quickly."""

    def __init__(self, cards):
        self.wild = 0
        self.counts = Counter()
        self.suits = Counter()
        self.seen = set()      # (rank, suit) of the natural cards
        for c in cards:
            if is_wild(c):
                self.wild += 1
            else:
                self.counts[c.rank] += 1
                self.suits[c.suit] += 1
                self.seen.add((c.rank, c.suit))
        self.ranks = {rank for rank, _ in self.seen}

    def holds(self, declaration):
        kind, *ranks = declaration
        wild = self.wild
        if kind == "flush":
            return max(self.suits.values(), default=0) + wild >= 5
        if kind == "straight":
            return sum(1 for r in _RUNS[ranks[0]] if r not in self.ranks) <= wild
        if kind == "straight-flush":
            run = _RUNS[ranks[0]]
            return any(sum(1 for r in run if (r, suit) not in self.seen) <= wild for suit in SUITS)
        counts = self.counts
        return sum(max(0, need - counts[rank]) for rank, need in zip(ranks, CATEGORY[kind][3])) <= wild


_RUNS = {top: _run(top) for top in STRAIGHT_TOPS}


def formed(declaration, cards):
    """The cards of ``cards`` that form the declared hand, each with what it stands for: None for
    a natural card, the card a wild one plays as (``a 9``, ``the 9♥``, ``a heart``); None when
    the hand is not present. Naturals fill what they can, wild cards the rest, in the way (the
    suit of a flush) that needs the fewest wild cards.

    >>> from rules_engine.cards import parse_cards
    >>> [(c.text, s) for c, s in formed(("trips", "9"), parse_cards("9H 4C 2D 9S"))]
    [('9H', None), ('9S', None), ('2D', 'a 9')]
    >>> [s for _, s in formed(("straight", "5"), parse_cards("AH 3H 4H JK 5D 2S"))]
    [None, None, None, None, 'a 2']
    >>> formed(("flush",), parse_cards("AH 3H 4H 2S 5D")) is None
    True
    >>> [s for _, s in formed(("flush",), parse_cards("JK 3C 4C 5C 2S AH 3H 4H 6H 7H"))]
    [None, None, None, None, None]
    """
    wilds = [c for c in cards if is_wild(c)]
    ways = []
    for slots in _slots(declaration):
        naturals = [c for c in cards if not is_wild(c)]
        out, open_slots = [], []
        for slot in slots:
            card = next((c for c in naturals if _fits(c, slot)), None)
            if card is None:
                open_slots.append(slot)
            else:
                naturals.remove(card)
                out.append((card, None))
        if len(open_slots) <= len(wilds):
            ways.append(out + [(wild, _played_as(slot)) for wild, slot in zip(wilds, open_slots)])
    return min(ways, key=lambda way: sum(played_as is not None for _, played_as in way), default=None)


def _played_as(slot):
    rank, suit = slot
    if rank is None:
        return f"a {SUIT_NAMES[suit][:-1]}"
    if suit is None:
        return article(singular(rank))
    return f"the {Card(rank, suit).symbol}"


def _slots(declaration):
    """Each way of writing the declaration as the cards it needs: lists of (rank, suit or None)."""
    kind, *ranks = declaration
    if kind == "flush":
        return [[(None, s)] * 5 for s in SUITS]
    if kind == "straight":
        return [[(r, None) for r in _run(ranks[0])]]
    if kind == "straight-flush":
        return [[(r, s) for r in _run(ranks[0])] for s in SUITS]
    return [[(r, None) for rank, need in zip(ranks, CATEGORY[kind][3]) for r in [rank] * need]]


def _fits(card, slot):
    rank, suit = slot
    return is_wild(card) or (rank in (None, card.rank) and suit in (None, card.suit) and rank != "2")


def present_by_search(declaration, cards):
    """``present`` by brute force, for tests: some choice of as many cards as the declaration
    needs can be matched, card by card, to what it needs (tried in every order).

    >>> from rules_engine.cards import parse_cards
    >>> cards = parse_cards("AH 3H 4H 2S 5D")
    >>> present_by_search(("straight", "5"), cards), present_by_search(("straight-flush", "5"), cards)
    (True, False)
    """
    from itertools import permutations

    for slots in _slots(declaration):
        for chosen in combinations(cards, len(slots)):
            if any(all(_fits(c, s) for c, s in zip(order, slots)) for order in permutations(chosen)):
                return True
    return False
