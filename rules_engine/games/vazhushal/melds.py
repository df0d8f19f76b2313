"""Vazhushal's melds: sets and sequences with jokers and the wild cards the negative joker makes.

A *sequence* is three or more cards of one suit in order, the ace at either end (A-2-3 or
Q-K-A, never K-A-2); a *set* is three or four cards of one rank. Jokers are wild, and so are
the two cards of the negative joker's rank in the suits of the other colour; a wild card that
stands in a meld for itself counts as a natural card. No meld holds two identical cards (two
jokers aside), and every meld holds at least one natural card.

A meld is written card by card: a sequence in its order, low to high, each wild card standing
for the card of its place (``JK 5H 6H`` is 4♥ 5♥ 6♥, ``5H 6H JK`` is 5♥ 6♥ 7♥); a set with its
natural cards first, by suit, then its wild cards. Cards that read both as a sequence and as a
set in the order given are read the way more of them stand for themselves, as a sequence when
that is even.

>>> from rules_engine.cards import parse_card, parse_cards
>>> neg = parse_card("AS")              # the negative joker: A♦ and A♥ are wild
>>> read_meld(parse_cards("QD KD AD"), neg).natural      # the A♦ stands for itself
True
>>> m = read_meld(parse_cards("5H AD 7H"), neg)
>>> m.kind, " ".join(c.text for c in m.stands), m.natural, m.value
('run', '5H 6H 7H', False, 18)
>>> read_meld(parse_cards("KD AD 2D"), neg) is None      # K-A-2 is no sequence
True
"""

from collections import Counter, namedtuple
from itertools import combinations

from ...cards import RANKS, SUITS, Card, format_cards

Meld = namedtuple("Meld", "kind cards stands natural value")
MAX_RUN = 13


def card_value(card):
    """A card's points: an ace or a court card 10, any other its pips; a joker in hand 0."""
    if card.is_joker:
        return 0
    return 10 if card.rank in "ATJQK" else int(card.rank)


def is_wild(card, negative):
    """A joker, or a card of the negative joker's rank in a suit of the other colour."""
    if card.is_joker:
        return True
    return (negative is not None and not negative.is_joker and card.rank == negative.rank
            and card.is_red != negative.is_red)


def _at(suit, place):
    """The card of ``place`` (1 the low ace, 2 to 13 the 2 to the king, 14 the high ace) in ``suit``."""
    return Card(RANKS[(place - 1) % 13], suit)


_PLACES = {suit: [None] + [_at(suit, place) for place in range(1, 15)] for suit in SUITS}


def _places(card):
    index = RANKS.index(card.rank) + 1
    return (1, 14) if index == 1 else (index,)


def _distinct(cards):
    naturals = [c for c in cards if not c.is_joker]
    return len(set(naturals)) == len(naturals)


def read_run(cards, negative):
    """The sequence ``cards`` make in this order, or None."""
    if not 3 <= len(cards) <= MAX_RUN or not _distinct(cards):
        return None
    suits = {c.suit for c in cards if not c.is_joker and not is_wild(c, negative)}
    anchors = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    for i, card in anchors:   # the first card that may stand for itself fixes the places
        for place in _places(card):
            start = place - i
            if start < 1 or start + len(cards) - 1 > 14 or len(suits - {card.suit}):
                continue
            stands = [_at(card.suit, start + k) for k in range(len(cards))]
            if all(c == s or is_wild(c, negative) for c, s in zip(cards, stands)):
                natural = all(c == s for c, s in zip(cards, stands))
                value = sum(card_value(s) for s in stands)
                return Meld("run", tuple(cards), tuple(stands), natural, value)
    return None


def read_set(cards, negative):
    """The set ``cards`` make (in its written order), or None."""
    if not 3 <= len(cards) <= 4 or not _distinct(cards):
        return None
    plain = {c.rank for c in cards if not is_wild(c, negative)}
    ranks = plain or {c.rank for c in cards if not c.is_joker}
    for rank in sorted(ranks, key=RANKS.index):
        if plain and plain != {rank}:
            continue
        naturals = sorted((c for c in cards if c.rank == rank), key=lambda c: SUITS.index(c.suit))
        if not naturals:
            continue
        wilds = sorted((c for c in cards if c.rank != rank), key=_wild_order)
        if not all(is_wild(c, negative) for c in wilds):
            continue
        stands = tuple(naturals) + tuple(Card(rank, naturals[0].suit) for _ in wilds)
        return Meld("set", tuple(naturals) + tuple(wilds), stands, not wilds, card_value(naturals[0]) * len(cards))
    return None


def _wild_order(card):
    return (1, 0) if card.is_joker else (0, SUITS.index(card.suit))


def read_meld(cards, negative):
    """The meld ``cards`` make: as a sequence in the order given or as a set, whichever has
    more cards standing for themselves (the sequence when even); None if neither."""
    cards = tuple(cards)
    run, group = read_run(cards, negative), read_set(cards, negative)
    if run and group:
        return group if _naturals(group) > _naturals(run) else run
    return run or group


def _naturals(meld):
    return sum(c == s for c, s in zip(meld.cards, meld.stands))


def canonical(cards, negative):
    """``cards`` in their written order: a sequence as given (or reversed, if given high to low),
    a set sorted; cards given in another order, as the first meld ``melds_from`` finds of just
    them; cards that make no meld as given.

    >>> from rules_engine.cards import parse_card, parse_cards
    >>> [" ".join(c.text for c in canonical(parse_cards(t), parse_card("AS"))) for t in ("2S 3S AS", "7H 5H AD")]
    ['AS 2S 3S', '5H AD 7H']
    """
    cards = tuple(cards)
    meld = read_meld(cards, negative) or read_run(cards[::-1], negative)
    if meld is None and 3 <= len(cards) <= MAX_RUN:
        same = Counter(cards)
        meld = next((m for m in melds_from(cards, negative) if Counter(m.cards) == same), None)
    return meld.cards if meld else cards


def identity(meld):
    """What makes two melds identical: their kind and the cards they stand for (a set's wild
    cards alike, whatever they are)."""
    if meld.kind == "run":
        return ("run", meld.stands)
    naturals = tuple(c for c in meld.cards if not c.is_joker and c.rank == meld.stands[0].rank)
    return ("set", naturals, len(meld.cards))


def meld_words(meld):
    kind = "sequence" if meld.kind == "run" else "set"
    return f"the {kind} {format_cards(meld.cards, symbols=True)}"


def _wild_pool(pool, negative, exclude_rank=None):
    """The wild cards of ``pool`` as ``[(card, copies usable in one meld)]``: jokers as often as
    held, any other wild card once."""
    counts = Counter(c for c in pool if is_wild(c, negative) and c.rank != exclude_rank or c.is_joker)
    return [(c, n if c.is_joker else 1) for c, n in sorted(counts.items(), key=lambda kv: _wild_order(kv[0]))]


def _wild_choices(wilds, k):
    """Every multiset of ``k`` wild cards from ``wilds`` (``[(card, most)]``), as tuples."""
    out = []

    def walk(i, left, chosen):
        if left == 0:
            out.append(tuple(chosen))
            return
        if i == len(wilds):
            return
        card, most = wilds[i]
        for n in range(min(most, left), -1, -1):
            walk(i + 1, left - n, chosen + [card] * n)

    walk(0, k, [])
    return out


def melds_from(pool, negative, must=None, natural_runs_only=False):
    """Every meld the cards of ``pool`` (a list, duplicates allowed) can make, written canonically,
    each once; ``must``: a card every meld holds; ``natural_runs_only``: natural sequences only."""
    have = Counter(pool)
    wilds = _wild_pool(pool, negative)
    found = {}
    fixed = must is not None and not is_wild(must, negative)   # only the melds that can hold ``must``
    supply = 0 if natural_runs_only else sum(n for _, n in wilds)
    for suit in (must.suit,) if fixed else SUITS:
        held = [0] * 15   # held[p]: how many of the places 1..p the pool holds in this suit
        for place in range(1, 15):
            held[place] = held[place - 1] + (have[_PLACES[suit][place]] > 0)
        for start in range(1, 13):
            for length in range(3, min(MAX_RUN, 15 - start) + 1):
                end = start + length - 1
                count = held[end] - held[start - 1]
                if length - count > supply:
                    break   # longer windows miss as many cards or more
                if not count or fixed and not any(_PLACES[suit][p] is must for p in range(start, end + 1)):
                    continue
                places = _PLACES[suit][start:end + 1]
                if natural_runs_only:
                    # A wild ``must`` (not fixed) is in a natural sequence only as itself; a joker never.
                    if must is None or must in places:
                        found.setdefault(tuple(places), None)
                    continue
                _runs(places, have, wilds, must, found)
    if not natural_runs_only:
        for rank in (must.rank,) if fixed else RANKS:
            _sets(rank, have, negative, must, found)
    melds = []
    for cards in found:
        if not any(is_wild(c, negative) for c in cards):   # natural cards only: one reading
            if cards[0].rank == cards[-1].rank:
                meld = Meld("set", cards, cards, True, card_value(cards[0]) * len(cards))
            else:
                meld = Meld("run", cards, cards, True, sum(card_value(c) for c in cards))
        else:
            meld = read_meld(cards, negative)
        if meld is not None and meld.cards == cards:
            melds.append(meld)
    return melds


def _runs(places, have, wilds, must, found):
    held = [k for k, c in enumerate(places) if have[c]]
    if not held:
        return
    missing = [k for k, c in enumerate(places) if not have[c]]
    supply = sum(n for _, n in wilds)
    if len(missing) > supply:
        return
    for extra in range(0, min(supply - len(missing), len(held) - 1) + 1):
        for replaced in combinations(held, extra):
            slots = sorted(missing + list(replaced))
            for fill in _wild_orders(wilds, len(slots)):
                cards = list(places)
                for slot, card in zip(slots, fill):
                    cards[slot] = card
                if Counter(cards) - have or must is not None and must not in cards:
                    continue
                found.setdefault(tuple(cards), None)


def _wild_orders(wilds, k):
    """Every ordered choice of ``k`` wild cards (jokers alike)."""
    out = set()
    for chosen in _wild_choices(wilds, k):
        for order in set(_permutations(chosen)):
            out.add(order)
    return sorted(out, key=lambda o: [_wild_order(c) for c in o])


def _permutations(cards):
    if len(cards) <= 1:
        return [tuple(cards)]
    from itertools import permutations

    return list(permutations(cards))


def _sets(rank, have, negative, must, found):
    naturals = [Card(rank, s) for s in SUITS if have[Card(rank, s)]]
    if not naturals:
        return
    wilds = _wild_pool(list(have.elements()), negative, exclude_rank=rank)
    for size in (3, 4):
        for count in range(1, min(size, len(naturals)) + 1):
            for chosen in combinations(naturals, count):
                for fill in _wild_choices(wilds, size - count):
                    cards = tuple(chosen) + tuple(sorted(fill, key=_wild_order))
                    if must is not None and must not in cards:
                        continue
                    found.setdefault(cards, None)


def natural_runs(pool):
    """The natural sequences in ``pool`` (no wild card standing for another)."""
    return melds_from(pool, None, natural_runs_only=True)


def extend(meld, card, negative):
    """The meld ``meld`` becomes with ``card`` laid off on it, or None: a set's fourth card, or
    a sequence's next card at either end (where it stands for itself if it can, else a wild
    card at the high end, else at the low end)."""
    if card in meld.cards and not card.is_joker:
        return None
    if meld.kind == "set":
        return read_set(meld.cards + (card,), negative) if len(meld.cards) < 4 else None
    grown = []
    for cards, old in (((*meld.cards, card), slice(0, -1)), ((card, *meld.cards), slice(1, None))):
        run = read_run(cards, negative)
        if run is not None and run.stands[old] == meld.stands:
            grown.append(run)
    grown.sort(key=lambda run: card not in run.stands)
    return grown[0] if grown else None


def brute_force_melds(pool, negative):
    """Every meld of ``pool`` by trying each ordered choice of its cards: slow, for the tests."""
    from itertools import permutations

    found = set()
    cards = list(pool)
    for size in range(3, min(len(cards), 6) + 1):
        for chosen in combinations(range(len(cards)), size):
            for order in permutations([cards[i] for i in chosen]):
                meld = read_meld(order, negative)
                if meld is not None:
                    found.add(meld.cards)
    return found
