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
from itertools import accumulate, combinations

from ...cards import JOKER_CARD, RANKS, SUITS, Card, format_cards
from ...families.rummy import held_order
from ...moves import Move

Meld = namedtuple("Meld", "kind cards stands natural value")
MAX_RUN = 13


RANK_VALUES = {rank: 10 if rank in "ATJQK" else int(rank) for rank in RANKS}


def card_value(card):
    """A card's points: an ace or a court card 10, any other its pips; a joker in hand 0."""
    return 0 if card.rank is None else RANK_VALUES[card.rank]


def is_wild(card, negative):
    """A joker, or a card of the negative joker's rank in a suit of the other colour."""
    if card.rank is None:
        return True
    return (negative is not None and negative.rank is not None and card.rank == negative.rank
            and card.is_red != negative.is_red)


def _at(suit, place):
    """The card of ``place`` (1 the low ace, 2 to 13 the 2 to the king, 14 the high ace) in ``suit``."""
    return Card(RANKS[(place - 1) % 13], suit)


_PLACES = {suit: [None] + [_at(suit, place) for place in range(1, 15)] for suit in SUITS}
# The sequences of each suit by their first place: [(last place, cards)], shortest first.
_WINDOWS = {suit: [None] + [[(start + length - 1, tuple(_PLACES[suit][start:start + length]))
                             for length in range(3, min(MAX_RUN, 15 - start) + 1)] for start in range(1, 13)]
            for suit in SUITS}
_RANK_PLACES = {rank: (1, 14) if rank == "A" else (RANKS.index(rank) + 1,) for rank in RANKS}
_SUIT_ORDER = {suit: i for i, suit in enumerate(SUITS)}


def _places(card):
    return _RANK_PLACES[card.rank]


def _distinct(cards):
    naturals = [c for c in cards if c.rank is not None]
    return len(set(naturals)) == len(naturals)


def read_run(cards, negative):
    """The sequence ``cards`` make in this order, or None."""
    size = len(cards)
    if not 3 <= size <= MAX_RUN or not _distinct(cards):
        return None
    wilds = _WILD_CARDS[negative]
    wild = [c in wilds for c in cards]
    suits = {c.suit for c, w in zip(cards, wild) if not w}
    if len(suits) > 1:
        return None   # the cards standing for themselves are of one suit
    for i, card in enumerate(cards):   # the first card that may stand for itself fixes the places
        if card.rank is None or suits and card.suit not in suits:
            continue
        line = _PLACES[card.suit]
        for place in _RANK_PLACES[card.rank]:
            start = place - i
            if start < 1 or start + size - 1 > 14:
                continue
            stands = tuple(line[start:start + size])
            if all(w or c is s for c, s, w in zip(cards, stands, wild)):
                natural = all(c is s for c, s in zip(cards, stands))
                return Meld("run", tuple(cards), stands, natural, sum(RANK_VALUES[s.rank] for s in stands))
    return None


def read_set(cards, negative):
    """The set ``cards`` make (in its written order), or None."""
    if not 3 <= len(cards) <= 4 or not _distinct(cards):
        return None
    wild = {c for c in cards if c in _WILD_CARDS[negative]}
    plain = {c.rank for c in cards if c not in wild}
    if len(plain) > 1:
        return None
    ranks = plain or {c.rank for c in cards if c.rank is not None}
    for rank in sorted(ranks, key=RANKS.index) if len(ranks) > 1 else ranks:
        naturals = sorted((c for c in cards if c.rank == rank), key=lambda c: _SUIT_ORDER[c.suit])
        wilds = sorted((c for c in cards if c.rank != rank), key=_wild_order)
        if not all(c in wild for c in wilds):
            continue
        stands = tuple(naturals) + (naturals[0],) * len(wilds)
        return Meld("set", tuple(naturals) + tuple(wilds), stands, not wilds, card_value(naturals[0]) * len(cards))
    return None


def _wild_order(card):
    return (1, 0) if card.rank is None else (0, _SUIT_ORDER[card.suit])


def read_meld(cards, negative):
    """The meld ``cards`` make: as a sequence in the order given or as a set, whichever has
    more cards standing for themselves (the sequence when even); None if neither."""
    cards = tuple(cards)
    plain = [c for c in cards if c not in _WILD_CARDS[negative]]
    # No sequence holds cards not wild of two suits, and no set of two ranks: not read as one.
    run = read_run(cards, negative) if len({c.suit for c in plain}) <= 1 else None
    group = read_set(cards, negative) if len({c.rank for c in plain}) <= 1 else None
    if run and group:
        return group if _naturals(group) > _naturals(run) else run
    return run or group


def _naturals(meld):
    return sum(c is s for c, s in zip(meld.cards, meld.stands))


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
    rank = meld.stands[0].rank
    return ("set", tuple([c for c in meld.cards if c.rank == rank]), len(meld.cards))


def meld_words(meld):
    kind = "sequence" if meld.kind == "run" else "set"
    return f"the {kind} {format_cards(meld.cards, symbols=True)}"


def _wild_pool(pool, have, negative):
    """The wild cards of ``pool`` (``have``: its cards, once each) as ``[(card, copies usable in
    one meld)]``: jokers as often as held, any other wild card once."""
    return [(c, pool.count(c) if c.rank is None else 1) for c in _WILD_CARDS[negative] if c in have]


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
    have = set(pool)
    wilds = _wild_pool(pool, have, negative)
    fixed = must is not None and not is_wild(must, negative)   # only the melds that can hold ``must``
    supply = 0 if natural_runs_only else sum(n for _, n in wilds)
    if fixed and _in_none(must, have, supply, not natural_runs_only):
        return []
    if not supply:
        return _natural_melds(have, must, (must.suit,) if fixed else SUITS,
                              () if natural_runs_only else (must.rank,) if fixed else RANKS)
    wild = {c for c, _ in wilds}
    found = {}   # the cards of each meld found, in its written order: how they were put together
    orders = {}   # wild cards in every order, by how many: the same for every window
    for suit in (must.suit,) if fixed else SUITS:
        # held[p]: how many of the places 1..p the pool holds in this suit
        held = [0, *accumulate(map(have.__contains__, _PLACES[suit][1:]))]
        if not held[14]:
            continue   # no sequence of this suit
        around = _RANK_PLACES[must.rank] if fixed else ()   # the places of ``must``
        # A sequence starting past the places of ``must`` cannot hold it.
        for start in range(1, min(around[-1], 12) + 1 if fixed else 13):
            before = held[start - 1]
            for end, places in _WINDOWS[suit][start]:
                count = held[end] - before
                if end - start + 1 - count > supply:
                    break   # longer windows miss as many cards or more
                if not count or fixed and not any(start <= p <= end for p in around):
                    continue
                if natural_runs_only:
                    # A wild ``must`` (not fixed) is in a natural sequence only as itself; a joker never.
                    if must is None or must in places:
                        found.setdefault(places, ("run", places, _value(places), True, sum(c not in wild for c in places)))
                    continue
                _runs(places, have, wilds, supply, wild, must, found, orders)
    if not natural_runs_only:
        choices = {}   # the wild cards a set may take, by how many: the same for most ranks
        if fixed:
            ranks = (must.rank,)
        else:   # those with enough different cards for a set, with the wild cards
            cards = Counter(c.rank for c in have)
            ranks = [r for r in RANKS if cards.get(r, 0) + supply >= 3]
        for rank in ranks:
            _sets(rank, have, wilds, wild, must, found, choices)
    melds = []
    for cards, made in found.items():
        kind, plain = made[0], made[-1]
        if plain == len(cards):   # natural cards only: one reading
            meld = Meld(kind, cards, cards, True, made[2] if kind == "run" else card_value(cards[0]) * len(cards))
        elif plain >= 2 or plain and kind == "run" and len(cards) > 4:
            # Cards that are not wild fix the reading: two of them a sequence at its places (no set
            # holds two ranks) or a set of their rank (no sequence holds two suits); one of them, a
            # sequence too long for a set. As read_meld reads them, without trying every reading.
            if kind == "run":
                meld = Meld("run", cards, made[1], made[3], made[2])
            else:
                count = made[1]
                stands = cards[:count] + (cards[0],) * (len(cards) - count)
                meld = Meld("set", cards, stands, count == len(cards), card_value(cards[0]) * len(cards))
        else:
            meld = read_meld(cards, negative)
        if meld is not None and meld.cards == cards:
            melds.append(meld)
    return melds


def in_no_meld(cards, pool, negative, natural_runs_only=False):
    """The cards of ``cards`` that no meld of ``pool`` holds, as their neighbours tell
    (``_in_none``): none of fewer cards holds them either."""
    have = set(pool)
    supply = 0 if natural_runs_only else sum(n for _, n in _wild_pool(pool, have, negative))
    wild = _WILD_CARDS[negative]
    return {c for c in cards if c not in wild and _in_none(c, have, supply, not natural_runs_only)}


def _natural_melds(have, must, suits, ranks):
    """``melds_from``'s melds when no wild card fills a place (none held, or natural sequences
    only), in its order: the sequences of the cards held in a row in ``suits``, then the sets of
    three and of four cards held of each of ``ranks``; each holding ``must``, if given."""
    melds = []
    for suit in suits:
        line = _PLACES[suit]
        for start in range(1, 13):
            if line[start] not in have or line[start + 1] not in have:
                continue
            for _, places in _WINDOWS[suit][start]:
                if places[-1] not in have:
                    break
                if must is None or must in places:
                    melds.append(Meld("run", places, places, True, _value(places)))
    for rank in ranks:
        naturals = [c for c in _RANK_CARDS[rank] if c in have]
        for size in range(3, len(naturals) + 1):
            for cards in combinations(naturals, size):
                if must is None or must in cards:
                    melds.append(Meld("set", cards, cards, True, RANK_VALUES[rank] * size))
    return melds


def _in_none(must, have, supply, sets):
    """Whether ``must`` (not wild) is surely in no meld of the cards ``have`` with ``supply`` wild
    cards (``sets``: sets too), as its neighbours tell: with one wild card, it needs a card near it
    (``_NEAR``); with none, the two cards beside it on one side or both, or two more of its rank."""
    if supply >= 2:
        return False   # it and two wild cards make a set
    if supply == 1:
        return have.isdisjoint(_NEAR[must])
    return must not in have or not any(a in have and b in have for a, b in _BESIDE[must]) and not (
        sets and len(have.intersection(_RANK_CARDS[must.rank])) >= 3)


def _value(places):
    return sum(RANK_VALUES[c.rank] for c in places)


def _runs(places, have, wilds, supply, wild, must, found, orders):
    held = [k for k, c in enumerate(places) if c in have]
    if not held:
        return
    missing = [k for k, c in enumerate(places) if c not in have]
    if len(missing) > supply:
        return
    # A wild card at its own place, kept there, is not also filled in elsewhere: no meld holds a
    # card twice (read_run would refuse it).
    own = next(((k, c) for k, c in enumerate(places) if c in wild and c in have), None)
    value = _value(places)
    for extra in range(0, min(supply - len(missing), len(held) - 1) + 1):
        for replaced in combinations(held, extra):
            slots = sorted(missing + list(replaced))
            fills = orders.get(len(slots))
            if fills is None:
                fills = orders[len(slots)] = _wild_orders(wilds, len(slots))
            kept_own = own is not None and own[0] not in slots
            # Natural when no card is filled in: a wild card filled in at its own place makes the
            # cards found already with that card kept there.
            made = ("run", places, value, not slots,
                    sum(places[k] not in wild for k in range(len(places)) if k not in slots))
            for fill in fills:
                if kept_own and own[1] in fill:
                    continue
                cards = list(places)
                for slot, card in zip(slots, fill):
                    cards[slot] = card
                if must is not None and must not in cards:
                    continue
                found.setdefault(tuple(cards), made)


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


_RANK_CARDS = {rank: [Card(rank, suit) for suit in SUITS] for rank in RANKS}
# A hand is held by suit, then rank (ace low), the jokers last: by a table, as it is sorted at every draw.
held_key = {card: (4, 0) if card is JOKER_CARD else held_order(card)
            for card in [JOKER_CARD, *(c for cards in _RANK_CARDS.values() for c in cards)]}.__getitem__
# For each card, the others of its rank and those of its suit within two places: a meld holding
# it and one wild card at most holds one of them.
_NEAR = {card: frozenset(
    [c for c in _RANK_CARDS[card.rank] if c is not card]
    + [_PLACES[card.suit][q] for p in _RANK_PLACES[card.rank] for q in range(p - 2, p + 3)
       if 1 <= q <= 14 and _PLACES[card.suit][q] is not card])
    for cards in _RANK_CARDS.values() for card in cards}
# For each card, the pairs of cards of its suit that make a sequence of three with it.
_BESIDE = {card: tuple(tuple(c for c in _PLACES[card.suit][q:q + 3] if c is not card)
                       for p in _RANK_PLACES[card.rank] for q in range(max(p - 2, 1), min(p, 12) + 1))
           for cards in _RANK_CARDS.values() for card in cards}
# The cards wild under each negative joker (None: none turned up), in the order a meld writes them.
_WILD_CARDS = {negative: tuple(sorted({JOKER_CARD} | {c for c in _RANK_CARDS.get(negative and negative.rank, ())
                                                    if is_wild(c, negative)}, key=_wild_order))
               for negative in [None, JOKER_CARD] + [c for cards in _RANK_CARDS.values() for c in cards]}


def _sets(rank, have, wilds, wild, must, found, choices):
    naturals = [c for c in _RANK_CARDS[rank] if c in have]
    if not naturals:
        return
    others = [(c, n) for c, n in wilds if c.rank != rank]   # wild cards of the set's rank stand for themselves
    if len(naturals) + sum(n for _, n in others) < 3:
        return   # too few cards for a set
    kind = rank if len(others) < len(wilds) else None
    for size in (3, 4):
        for count in range(1, min(size, len(naturals)) + 1):
            fills = choices.get((kind, size - count))
            if fills is None:
                fills = choices[(kind, size - count)] = [tuple(sorted(f, key=_wild_order))
                                                         for f in _wild_choices(others, size - count)]
            if not fills:
                continue
            for chosen in combinations(naturals, count):
                made = ("set", count, sum(c not in wild for c in chosen))
                for fill in fills:
                    cards = chosen + fill
                    if must is not None and must not in cards:
                        continue
                    found.setdefault(cards, made)


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
    if not is_wild(card, negative):   # it stands for itself, next to the sequence, or nowhere
        before, after = _next_to(meld)
        if card is not before and card is not after or len(meld.cards) >= MAX_RUN:
            return None
        value, natural = meld.value + RANK_VALUES[card.rank], meld.natural
        if card is not before:
            return Meld("run", meld.cards + (card,), meld.stands + (card,), natural, value)
        if card is not after:
            return Meld("run", (card,) + meld.cards, (card,) + meld.stands, natural, value)
    grown = []
    for cards, old in (((*meld.cards, card), slice(0, -1)), ((card, *meld.cards), slice(1, None))):
        run = read_run(cards, negative)
        if run is not None and run.stands[old] == meld.stands:
            grown.append(run)
    grown.sort(key=lambda run: card not in run.stands)
    return grown[0] if grown else None


def _rank_cards(meld):
    return _RANK_CARDS[meld.stands[0].rank]


def _next_to(meld):
    """The cards of the places just below and just above a sequence (none past an ace)."""
    first = meld.stands[0]
    start = _RANK_PLACES[first.rank][0]   # an ace first is the low ace
    end, line = start + len(meld.stands) - 1, _PLACES[first.suit]
    return (line[start - 1], line[end + 1] if end < 14 else None)


def lay_offs(mine, hand, negative):
    """``[(meld number, card)]``: the cards of ``hand`` that extend a meld of ``mine`` (``[(number,
    meld)]``, a player's melds), leaving no two identical and a natural sequence among them."""
    out = []
    idents = {identity(m) for _, m in mine}   # a meld grown is never identical to itself as it was
    naturals = sum(m.kind == "run" and m.natural for _, m in mine)   # natural sequences among them
    place = {card: i for i, card in enumerate(dict.fromkeys(hand))}
    wild = [c for c in _WILD_CARDS[negative] if c in place]
    for number, meld in mine:
        if meld.kind == "set" and len(meld.cards) >= 4:
            continue
        natural_elsewhere = naturals - (meld.kind == "run" and meld.natural) > 0
        # Only a card of the set's rank, or the card just below or above the sequence, or a wild
        # card can extend it, and not one it holds: the others are not tried.
        fitting = _rank_cards(meld) if meld.kind == "set" else _next_to(meld)
        tried = {c for c in fitting if c in place and c not in meld.cards}.union(wild)
        for card in sorted(tried, key=place.__getitem__) if len(tried) > 1 else tried:
            grown = extend(meld, card, negative)
            if grown is not None and identity(grown) not in idents and (
                    natural_elsewhere or grown.kind == "run" and grown.natural):
                out.append((number, card))
    return out


def meld_move(cards):
    """The game's ``FORMS["meld"].make(cards)``, made directly: a rearranging makes thousands at once."""
    return Move("meld", (cards,), "meld " + " ".join([c.text for c in cards]))


# Each card's discard, made once: every turn lists one for each card in hand.
discard_move = {card: Move("discard", (card,), "discard " + card.text)
                for card in [JOKER_CARD, *(c for cards in _RANK_CARDS.values() for c in cards)]}.__getitem__


def take_move(place, cards):
    """The game's ``FORMS["take"].make(place, cards)``, made directly."""
    return Move("take", (place, cards), f"take {place} meld " + " ".join([c.text for c in cards]))


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
