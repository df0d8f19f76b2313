"""Whether a Forty Thieves deal can still go forward once its stock is out,
and the shortest way there.

While the stock holds a card, turning it is always a way forward. Once it
is empty, the deal is lost only when no sequence of moves can build a card
on a foundation or take the waste's top card (``interpretation.way-forward``):
moves among the columns alone can go round in circles (two packs hold two
8♥s for a 7♥ to move between), so this looks at the layouts they reach,
breadth first. Only a column's top card moves, one at a time, onto the card
one rank above it in the same suit or into an empty column, so a layout
reaches few others; the search stops at ``LIMIT`` layouts all the same and
then answers ``UNKNOWN``, which counts as "a way forward may exist": the
game is never called lost on a guess.

A layout here is a tuple of column strings, the card texts from the bottom
up (``"KH5C"``); ``wanted`` holds the texts of the cards the foundations take
next, and ``waste_top`` the waste's top card's text (or None).
"""

from collections import deque
from functools import lru_cache

RANKS = "A23456789TJQK"
# Layouts looked at before giving up. Over 1,000 seeded games (heuristic and
# random play) a search met at most a few hundred; none reached this limit.
LIMIT = 20_000
UNKNOWN = "unknown"

PARENT = {rank + suit: RANKS[r + 1] + suit for r, rank in enumerate(RANKS[:-1]) for suit in "SHDC"}


def layout_of(columns):
    """The search's layout for columns of card texts or ``Column`` objects."""
    return tuple("".join(card if isinstance(card, str) else card.text for card in
                         (column if isinstance(column, (list, tuple)) else column.up)) for column in columns)


def forward_now(layout, wanted, waste_top):
    """True if a card can go home, or the waste's top card can be played, from ``layout``."""
    tops = {column[-2:] for column in layout if column}
    if not tops.isdisjoint(wanted):
        return True
    if waste_top is not None:
        return waste_top in wanted or "" in layout or PARENT.get(waste_top) in tops
    return False


@lru_cache(maxsize=512)
def way_forward(layout, wanted, waste_top, limit=LIMIT):
    """The column moves ``(from column, to column)`` to make, in order, before
    a card can go home or the waste's top card be played: ``()`` when one can
    be now, None when no sequence of moves leads there (the deal is lost),
    ``UNKNOWN`` when the search stopped after ``limit`` layouts."""
    if forward_now(layout, wanted, waste_top):
        return ()
    seen = {tuple(sorted(layout))}  # columns in another order are the same position
    queue = deque([(layout, ())])
    while queue:
        layout, path = queue.popleft()
        for c, t in _moves(layout):
            after = list(layout)
            after[t] += layout[c][-2:]
            after[c] = layout[c][:-2]
            after = tuple(after)
            key = tuple(sorted(after))
            if key in seen:
                continue
            if forward_now(after, wanted, waste_top):
                return path + ((c, t),)
            if len(seen) >= limit:
                return UNKNOWN
            seen.add(key)
            queue.append((after, path + ((c, t),)))
    return None


def _moves(layout):
    """Every column move ``(from, to)``; a lone card never moves to an empty column (nothing gained)."""
    where = {}
    empty = None
    for t, column in enumerate(layout):
        if column:
            where.setdefault(column[-2:], []).append(t)
        elif empty is None:
            empty = t  # one empty column stands for all of them
    moves = []
    for c, column in enumerate(layout):
        if not column:
            continue
        moves += [(c, t) for t in where.get(PARENT.get(column[-2:]), ())]
        if empty is not None and len(column) > 2:
            moves.append((c, empty))
    return moves
