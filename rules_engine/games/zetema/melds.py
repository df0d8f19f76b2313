"""Zetema's melds, worked out from their cards alone: the ranks in order, whether cards run
without a gap, whether a hand holds a run long enough for a sequence, and the meld cards make."""

from ...cards import RANKS

RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}


def rank_index(card):
    return RANK_INDEX[card.rank]


def consecutive(cards):
    """Whether the cards' ranks run without a gap, the ace low or high (never round the corner)."""
    ranks = sorted(RANK_INDEX[c.rank] for c in cards)
    if len(set(ranks)) != len(ranks):
        return False
    if ranks[-1] - ranks[0] == len(ranks) - 1:
        return True
    high = sorted(13 if r == 0 else r for r in ranks)   # the ace above the king
    return high[-1] - high[0] == len(ranks) - 1


def holds_run(ranks, size):
    """Whether ``ranks`` hold ``size`` ranks in a row, the ace low or high, as a sequence needs.

    >>> holds_run(list("9TJQKA"), 6), holds_run(list("QKA234"), 6), holds_run(list("A23457"), 5)
    (True, False, True)
    """
    held = {RANK_INDEX[rank] for rank in ranks}
    if 0 in held:
        held.add(len(RANKS))   # the ace above the king
    run = 0
    for index in range(len(RANKS) + 1):
        run = run + 1 if index in held else 0
        if run >= size:
            return True
    return False


def meld_kind(cards, size=6):
    """The meld ``cards`` make, or None.

    >>> from rules_engine.cards import parse_cards
    >>> meld_kind(parse_cards("9S TH JD QC KS AS")), meld_kind(parse_cards("2C 5C 7C 8C JC KC"))
    ('sequence', 'flush')
    >>> meld_kind(parse_cards("7H 7H 7S 7D 7C")), meld_kind(parse_cards("QS KH AS 2S 3S 4S"))
    ('assembly', None)
    >>> meld_kind(parse_cards("QS KS AS 2S 3S 4S"))   # no K-A-2: a flush, not a flush sequence
    'flush'
    """
    cards = list(cards)
    if len(cards) == 5 and len({c.rank for c in cards}) == 1:
        return "assembly"
    if len(cards) != size:
        return None
    flush, run = len({c.suit for c in cards}) == 1, consecutive(cards)
    if flush and run:
        return "flush sequence"
    return "flush" if flush else "sequence" if run else None
