"""Rummy machinery: melds (sets and runs, ace low), the least deadwood of a hand over every
arrangement into melds, and lay-offs onto melds on the table.

A *set* is three or four cards of one rank; a *run* is three or more cards of one suit in
sequence, the ace low only (A-2-3, never Q-K-A or K-A-2). A hand's *deadwood* is what its
cards outside melds count (``value``: a card's points); the least deadwood is the least over
every way of arranging the hand into melds that share no card.

>>> from rules_engine.cards import parse_cards
>>> meld_kind(parse_cards("5H 6H 7H")), meld_kind(parse_cards("QS QH QD")), meld_kind(parse_cards("QH KH AH"))
('run', 'set', None)
>>> least_deadwood(parse_cards("5H 6H 7H 7S 7D 2C 3C 9S KD AS"))  # the three 7s beat the run
Deadwood(points=36, melds=((Card('7S'), Card('7H'), Card('7D')),))
"""

from collections import namedtuple
from itertools import combinations

from ..cards import RANKS, SUITS, format_cards

Deadwood = namedtuple("Deadwood", "points melds")


def pips(card):
    """A card's deadwood points in most rummies: ace 1, a face card 10, any other its pips."""
    return 1 if card.rank == "A" else 10 if card.rank in "TJQK" else int(card.rank)


def card_order(card):
    """Cards in the order a meld is written: by rank (ace low), then by suit (♠♥♦♣)."""
    return RANKS.index(card.rank), SUITS.index(card.suit)


def held_order(card):
    """Cards in the order a hand is held: by suit (♠♥♦♣), then by rank (ace low)."""
    return SUITS.index(card.suit), RANKS.index(card.rank)


def canonical(cards):
    """``cards`` in their written order (a meld's canonical text lists them so)."""
    return tuple(sorted(cards, key=card_order))


def meld_kind(cards):
    """``"set"``, ``"run"``, or None when the cards are no meld."""
    cards = list(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards) or any(c.rank is None for c in cards):
        return None
    if len(cards) <= 4 and len({c.rank for c in cards}) == 1:
        return "set"
    if len({c.suit for c in cards}) == 1:
        ranks = sorted(RANKS.index(c.rank) for c in cards)
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return "run"
    return None


def candidate_melds(hand):
    """Every meld that can be made from ``hand``'s cards (each a tuple in written order)."""
    melds = []
    by_rank, by_suit = {}, {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, []).append(card)
    for cards in by_rank.values():
        for size in (3, 4):
            melds += [canonical(c) for c in combinations(cards, size)]
    for cards in by_suit.values():
        at = {RANKS.index(c.rank): c for c in cards}
        for low in sorted(at):
            high = low
            while high + 1 in at:
                high += 1
                if high - low >= 2:
                    melds.append(tuple(at[r] for r in range(low, high + 1)))
    return melds


def unmatched(hand):
    """The cards of ``hand`` that no meld of its cards holds (fewer than three of their rank, no
    run of three through them): they count as deadwood in every arrangement.

    >>> from rules_engine.cards import parse_cards
    >>> unmatched(parse_cards("5H 6H 7H 7S 2C 3C 9S 9D 9C KD"))
    [Card('7S'), Card('2C'), Card('3C'), Card('KD')]
    """
    of_rank, held = {}, set()
    for card in hand:
        of_rank[card.rank] = of_rank.get(card.rank, 0) + 1
        held.add((card.suit, RANKS.index(card.rank)))

    def in_run(card):
        suit, rank = card.suit, RANKS.index(card.rank)
        below, above = (suit, rank - 1) in held, (suit, rank + 1) in held
        return below and (above or (suit, rank - 2) in held) or above and (suit, rank + 2) in held

    return [card for card in hand if of_rank[card.rank] < 3 and not in_run(card)]


def least_deadwood(hand, value=pips, extra=()):
    """``Deadwood(points, melds)``: the least deadwood of ``hand`` over every arrangement into
    melds that share no card, and the melds of one such arrangement. ``extra``: further groups
    of cards that may leave the deadwood as a meld does (cards that lay off onto a meld on the
    table, for a player who may lay off)."""
    return Arranger(hand, value, extra).least()


class Arranger:
    """The least deadwood of a hand and of any part of it, the answers for its parts kept.

    The search takes the first card still in play: it is either deadwood or in one of the
    melds holding it that the cards left can make (a meld holding it has it as its first card,
    since the cards before it are settled)."""

    def __init__(self, hand, value=pips, extra=()):
        self.hand = list(hand)
        self.index = {card: i for i, card in enumerate(self.hand)}
        self.values = [value(card) for card in self.hand]
        self.by_first = [[] for _ in self.hand]
        for group in [tuple(g) for g in candidate_melds(self.hand)] + [tuple(g) for g in extra]:
            mask = self.mask(group)
            self.by_first[(mask & -mask).bit_length() - 1].append((mask, group))
        self.memo = {0: (0, ())}

    def mask(self, cards):
        mask = 0
        for card in cards:
            mask |= 1 << self.index[card]
        return mask

    def least(self, without=()):
        """``Deadwood`` of the hand less the cards ``without``."""
        points, melds = self._best(((1 << len(self.hand)) - 1) & ~self.mask(without))
        return Deadwood(points, melds)

    def _best(self, mask):
        known = self.memo.get(mask)
        if known is not None:
            return known
        first = (mask & -mask).bit_length() - 1
        points, melds = self._best(mask & ~(1 << first))
        answer = (points + self.values[first], melds)
        for group_mask, group in self.by_first[first]:
            if group_mask & mask == group_mask:
                points, melds = self._best(mask & ~group_mask)
                if points < answer[0]:
                    answer = (points, (group,) + melds)
        self.memo[mask] = answer
        return answer


def deadwood_after_discard(hand, value=pips):
    """For an 11-card hand: ``{card: least deadwood of the hand without it}``, from one search."""
    arranger = Arranger(hand, value)
    return {card: arranger.least((card,)).points for card in hand}


def extends(meld, card):
    """Whether ``card`` lays off onto ``meld`` (a set or run on the table): the fourth card of a
    set, or the card next below or above a run in its suit (ace low)."""
    kind = meld_kind(meld)
    if card in meld or kind is None:
        return False
    if kind == "set":
        return card.rank == meld[0].rank and len(meld) < 4
    ranks = [RANKS.index(c.rank) for c in meld]
    return card.suit == meld[0].suit and RANKS.index(card.rank) in (min(ranks) - 1, max(ranks) + 1)


def lay_off_groups(melds, hand):
    """The cards of ``hand`` that could lay off onto ``melds`` together, as groups for
    :func:`least_deadwood`'s ``extra``: the fourth card of a set; for a run, the cards that
    continue it downwards (one, two...) and upwards, each stretch a group."""
    groups = []
    held = set(hand)
    for meld in melds:
        kind = meld_kind(meld)
        if kind == "set":
            groups += [(c,) for c in hand if extends(meld, c)]
        elif kind == "run":
            suit = meld[0].suit
            ranks = sorted(RANKS.index(c.rank) for c in meld)
            for step, start in ((-1, ranks[0] - 1), (1, ranks[-1] + 1)):
                stretch, rank = [], start
                while 0 <= rank < len(RANKS):
                    card = next((c for c in held if c.rank == RANKS[rank] and c.suit == suit), None)
                    if card is None:
                        break
                    stretch.append(card)
                    groups.append(tuple(stretch))
                    rank += step
    return groups


def brute_force_deadwood(hand, value=pips, extra=()):
    """The least deadwood by trying every collection of disjoint melds (and ``extra`` groups):
    slow, for the tests that check :func:`least_deadwood`."""
    groups = [frozenset(g) for g in candidate_melds(list(hand))] + [frozenset(g) for g in extra]
    total = sum(value(c) for c in hand)
    best = total

    def search(start, used, saved):
        nonlocal best
        best = min(best, total - saved)
        for i in range(start, len(groups)):
            if not groups[i] & used:
                search(i + 1, used | groups[i], saved + sum(value(c) for c in groups[i]))

    search(0, frozenset(), 0)
    return best


def meld_words(cards):
    """A meld in words: ``the run 5♥ 6♥ 7♥``, ``the set Q♠ Q♥ Q♦``."""
    kind = meld_kind(cards)
    return f"{'the ' + kind + ' ' if kind else ''}{format_cards(canonical(cards), symbols=True)}"
