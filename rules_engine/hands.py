"""Hand rankings as data, and one evaluator that places any hand in its ranking.

A :class:`Ranking` lists its categories best first, each with the words a page prints, and says
how ranks compare inside a category (aces high, a special top prial or run). ``hand_value``
returns a :class:`HandValue` whose ``key`` sorts hands from worst to best: equal keys are equal
hands, since suits never break a tie. Three-card Brag (Stop the Bus) is the ranking here; a
ranking may also say which cards are ``wild``, and ``hand_value`` then tries each wild card as
every natural card and keeps the best. Commune's declared five-card poker hands, with jokers and
2s wild, are named and looked for among many players' cards, a different question: they live in
``poker_hands.py``.

>>> from rules_engine.cards import parse_cards
>>> hand_value(parse_cards("3S 3H 3D")).name
'prial of 3s'
>>> hand_value(parse_cards("AS 2H 3D")).name
'run A-2-3'
>>> best = max(["KS KH 2D", "9H 8H 7H", "AS KH QD", "2C 2D 2H"], key=lambda h: hand_value(parse_cards(h)).key)
>>> best
'2C 2D 2H'
"""

from dataclasses import dataclass
from itertools import product

from .cards import RANKS, SUITS, Card

VALUES = {rank: index for index, rank in enumerate("23456789TJQKA", start=2)}
RANK_WORDS = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "10s"}


@dataclass(frozen=True)
class Category:
    """One kind of hand: its id, its name and how two hands of the kind compare, in words."""

    id: str
    name: str
    ties: str


@dataclass(frozen=True)
class Ranking:
    """A ranking of hands of ``size`` cards: ``categories`` best first; ``natural``: the value of
    a hand without wild cards, ``natural(cards, ranking) -> HandValue``; ``top_set``: the rank
    whose three (or more) of a kind beats every other set; ``top_run``: the run, low card first,
    that beats every other run (None: runs rank by their top card); ``wild``: which cards are
    wild, or None; ``with_wilds``: the best value of a hand holding wild cards,
    ``with_wilds(cards, ranking) -> HandValue``, where trying every natural card for each wild
    one (the default) would be too slow."""

    name: str
    size: int
    categories: tuple
    natural: object
    top_set: str = None
    top_run: str = None
    wild: object = None
    with_wilds: object = None

    def category(self, category_id):
        return next(c for c in self.categories if c.id == category_id)

    def strength(self, category_id):
        """A category's place, 0 for the worst."""
        ids = [c.id for c in self.categories]
        return len(ids) - 1 - ids.index(category_id)


@dataclass(frozen=True)
class HandValue:
    """Where a hand stands: ``key`` sorts hands worst to best (category, then ranks); ``name``
    says it in words."""

    key: tuple
    category: str
    name: str


def _plural(rank):
    return RANK_WORDS.get(rank, f"{rank}s")


def _run_top(ranks, ranking):
    """The value of the top card of a run of ``ranks`` (any order), or None: ``top_run`` beats
    every other run; an ace is otherwise high only (no run turns the corner)."""
    values = sorted(VALUES[r] for r in ranks)
    if ranking.top_run is not None and sorted(ranks) == sorted(ranking.top_run):
        return VALUES["A"] + 1
    if sorted(ranks) == sorted("A23"):
        return 3   # a low run, where A-2-3 is not the top run
    if all(b - a == 1 for a, b in zip(values, values[1:])):
        return values[-1]
    return None


def brag_value(cards, ranking):
    """A natural three-card Brag hand's value (``BRAG.natural``)."""
    ranks = [c.rank for c in cards]
    values = sorted((VALUES[r] for r in ranks), reverse=True)
    counts = {r: ranks.count(r) for r in ranks}
    flush = len({c.suit for c in cards}) == 1
    run_top = _run_top(ranks, ranking)
    shown = "-".join(sorted(ranks, key=lambda r: -VALUES[r])) if run_top != VALUES["A"] + 1 else "A-2-3"
    shown = shown.replace("T", "10")
    if len(counts) == 1:
        rank = ranks[0]
        top = VALUES["A"] + 1 if rank == ranking.top_set else VALUES[rank]
        return HandValue((ranking.strength("prial"), top), "prial", f"prial of {_plural(rank)}")
    if run_top is not None and flush:
        return HandValue((ranking.strength("running-flush"), run_top), "running-flush", f"running flush {shown}")
    if run_top is not None:
        return HandValue((ranking.strength("run"), run_top), "run", f"run {shown}")
    if flush:
        return HandValue((ranking.strength("flush"), *values), "flush", f"flush {shown}")
    if len(counts) == 2:
        pair = next(r for r, n in counts.items() if n == 2)
        odd = next(r for r, n in counts.items() if n == 1)
        return HandValue((ranking.strength("pair"), VALUES[pair], VALUES[odd]), "pair", f"pair of {_plural(pair)}")
    return HandValue((ranking.strength("high-card"), *values), "high-card", f"{shown} high")


BRAG = Ranking(
    name="three-card Brag",
    size=3,
    categories=(
        Category("prial", "prial (three of a kind)",
                 "three 3s beat every other prial; then aces, kings and down to three 2s"),
        Category("running-flush", "running flush (a run in one suit)",
                 "A-2-3 beats every other run; then A-K-Q, K-Q-J and down to 4-3-2"),
        Category("run", "run (three ranks in sequence)", "as running flushes"),
        Category("flush", "flush (three cards of one suit)",
                 "the highest card decides, then the second, then the third"),
        Category("pair", "pair", "the higher pair wins; between equal pairs, the higher odd card"),
        Category("high-card", "high card", "as flushes: the highest card, then the second, then the third"),
    ),
    natural=brag_value,
    top_set="3",
    top_run="A23",
)


NATURAL = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def hand_value(cards, ranking=BRAG):
    """The value of ``cards`` in ``ranking``: compare hands by their ``key`` (higher is better,
    equal is a tie). A wild card counts as whichever natural card makes the hand best.

    >>> from rules_engine.cards import parse_cards
    >>> [hand_value(parse_cards(h)).category for h in ("7S 7H 7D", "QH KH AH", "2C 3S 4D", "2H 9H JH",
    ...                                                   "JS JD 4C", "AC 9D 2S")]
    ['prial', 'running-flush', 'run', 'flush', 'pair', 'high-card']
    >>> hand_value(parse_cards("AS 2S 3S")).key > hand_value(parse_cards("AH KH QH")).key
    True
    >>> hand_value(parse_cards("3C 3D 3H")).key > hand_value(parse_cards("AC AD AH")).key
    True
    >>> hand_value(parse_cards("KS QH 2C")).key == hand_value(parse_cards("KD QC 2H")).key
    True
    >>> hand_value(parse_cards("KS QH 2C")).name
    'K-Q-2 high'

    With jokers wild (a ranking of the kind Commune needs), a joker becomes the best card it can:

    >>> from dataclasses import replace
    >>> jokers_wild = replace(BRAG, wild=lambda card: card.is_joker)
    >>> hand_value(parse_cards("JK 3S 3H"), jokers_wild).name, hand_value(parse_cards("JK QD KD"), jokers_wild).name
    ('prial of 3s', 'running flush A-K-Q')
    """
    cards = list(cards)
    if len(cards) != ranking.size:
        raise ValueError(f"a {ranking.name} hand has {ranking.size} cards, not {len(cards)}")
    wild = [i for i, c in enumerate(cards) if ranking.wild is not None and ranking.wild(c)]
    if not wild:
        return ranking.natural(cards, ranking)
    if ranking.with_wilds is not None:
        return ranking.with_wilds(cards, ranking)
    best = None
    for stand_ins in product(NATURAL, repeat=len(wild)):
        trial = list(cards)
        for i, card in zip(wild, stand_ins):
            trial[i] = card
        value = ranking.natural(trial, ranking)
        if best is None or value.key > best.key:
            best = value
    return best


def worst(hands, ranking=BRAG):
    """The indexes of the worst of ``hands`` (several when they tie).

    >>> from rules_engine.cards import parse_cards
    >>> worst([parse_cards(h) for h in ("KS QH 2C", "5S 5H 9C", "KD QC 2H")])
    [0, 2]
    """
    keys = [hand_value(h, ranking).key for h in hands]
    low = min(keys)
    return [i for i, k in enumerate(keys) if k == low]
