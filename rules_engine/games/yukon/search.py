"""Whether a Yukon deal can still go forward, and the shortest way there.

A deal is lost only when no sequence of moves can turn up a card or build one
on a foundation (``interpretation.way-forward``). Moves among the columns
alone can go on for ever, so this looks at the layouts they reach, breadth
first, from the current one: a layout where a face-down card can be
uncovered or a card can go home ends the search. Long runs make some
positions reach hundreds of thousands of layouts (30 s of search), so a quick
test comes first that can prove a deal lost without visiting them
(``_could_go_forward``). The same search tells the heuristic bot which way
to go, from its view: the face-down cards play no part in it, only how many
lie in each column.

A layout here is a tuple of ``(face-down count, face-up cards)`` per column,
the face-up cards as one string of card texts (``"KH5C"``); ``wanted`` holds
the texts of the cards the foundations take next.
"""

from collections import deque
from functools import lru_cache

from ...cards import SUITS

RANKS = "A23456789TJQK"
RED = frozenset("HD")
# Layouts looked at before giving up, which then counts as "a way forward may
# exist": the game is never called lost on a guess. Over 2,000 seeded games
# (half heuristic, half random play) a search met at most 6,900 layouts
# (0.35 s), and a deal proved lost at most 2,200; none reached this limit.
LIMIT = 20_000
UNKNOWN = "unknown"

# For each card, the two cards it may be placed on (one rank higher, the other colour).
PARENTS = {
    rank + suit: tuple(RANKS[r + 1] + other for other in SUITS if (other in RED) != (suit in RED))
    for r, rank in enumerate(RANKS) for suit in SUITS if r + 1 < len(RANKS)
}
PARENTS.update({"K" + suit: () for suit in SUITS})
# For each card, ``(card placed on it, which of that card's PARENTS it is)`` for the two cards that may go on it.
CHILDREN = {card: tuple((child, parents.index(card)) for child, parents in PARENTS.items() if card in parents)
            for card in PARENTS}
KINGS = tuple("K" + suit for suit in SUITS)


def layout_of(columns):
    """The search's layout for the engine's columns (``Column`` objects)."""
    return tuple((len(column.down), "".join(card.text for card in column.up)) for column in columns)


def wanted_by(piles):
    """The texts of the card each foundation takes next; ``piles`` in suit order (only their lengths count)."""
    return frozenset(RANKS[len(pile)] + suit for suit, pile in zip(SUITS, piles) if len(pile) < len(RANKS))


@lru_cache(maxsize=1024)
def way_forward(layout, wanted, limit=LIMIT):
    """The column moves ``(from column, index in its face-up cards, to column)``
    to make, in order, before a card can be turned up or built home: ``()``
    when one can be now, None when no sequence of moves leads there (the deal
    is lost), ``UNKNOWN`` when the search stopped after ``limit`` layouts."""
    forward, _ = _expand(layout, wanted)
    if forward:
        return ()
    if limit > NEAR * (1 + MOST_MOVES):
        # Most layouts lie a move or two from a way forward: a short search finds it before the
        # quick test, testing each layout as it is reached rather than when its turn comes.
        way = _search(layout, wanted, NEAR, on_reaching=True)
        if way is not UNKNOWN:
            return way
    if not _could_go_forward(layout, wanted):
        return None
    return _search(layout, wanted, limit)


# Layouts the short search looks at before the quick test: over a hundred games each of random
# and of heuristic play, it settled 97% and 92% of the layouts with no way forward of their own.
NEAR = 50
# The most column moves a layout allows: a card onto each of the two cards (of a rank above, the
# other colour) that may top two columns, for the two such cards under each of seven tops, and
# four kings into six empty columns.
MOST_MOVES = 7 * 2 + 4 * 6


def _search(layout, wanted, limit, on_reaching=False):
    """``way_forward``'s breadth-first search, from a ``layout`` with no way forward of its own.

    ``on_reaching``: each layout is tested as it is reached, not when it leaves the queue. The
    way found is the same (the first layout with a way forward to be reached is the first to
    leave), found sooner, unless the layouts ahead of it would have taken the search past its
    limit first: within ``NEAR`` layouts they cannot reach one over ``NEAR * (1 + MOST_MOVES)``,
    which ``way_forward`` asks of its own."""
    seen = {tuple(sorted(layout))}  # columns in another order are the same position
    queue = deque([(layout, ())])
    while queue:
        layout, path = queue.popleft()
        forward, moves = _expand(layout, wanted)
        if forward:
            return path
        for c, i, t in moves:
            after = _shift(layout, c, i, t)
            key = tuple(sorted(after))
            if key in seen:
                continue
            if len(seen) >= limit:
                return UNKNOWN
            seen.add(key)
            if on_reaching and _forward(after, wanted):
                return path + ((c, i, t),)
            queue.append((after, path + ((c, i, t),)))
    return None


def _expand(layout, wanted):
    """``(True, [])`` if a card can be turned up or go home from ``layout``,
    else ``(False, every column move)``: by the column it leaves, the card lifted, then the
    card it goes on (in ``PARENTS`` order) and the column it goes to, empty columns last."""
    tops, empty = _tops(layout)
    if _forward(layout, wanted, tops, empty):
        return True, []
    where = {}  # each face-up card's (column, index in its face-up cards)
    for c, (_, up) in enumerate(layout):
        for i in range(0, len(up), 2):
            where[up[i:i + 2]] = (c, i // 2)
    found = []  # (column, index, which parent or 2 for an empty column, to column)
    for top, columns in tops.items():
        for child, which in CHILDREN[top]:
            place = where.get(child)
            if place is not None:
                found += [(*place, which, t) for t in columns if t != place[0]]
    if empty:
        for king in KINGS:
            place = where.get(king)
            if place is not None and (place[1] or layout[place[0]][0]):  # a king alone in its column gains nothing by moving
                found += [(*place, 2, t) for t in empty]
    found.sort()
    return False, [(c, i, t) for c, i, _, t in found]


def _tops(layout):
    """``({top card: [its columns]}, [empty columns])``."""
    tops, empty = {}, []
    for t, (down, up) in enumerate(layout):
        if up:
            tops.setdefault(up[-2:], []).append(t)
        elif not down:
            empty.append(t)
    return tops, empty


def _forward(layout, wanted, tops=None, empty=None):
    """Whether a card can go home from ``layout`` (a top the foundations want), or be turned up
    (the lowest face-up card over face-down ones may move); ``tops`` and ``empty`` as ``_tops`` has them."""
    if tops is None:
        tops, empty = _tops(layout)
    if not wanted.isdisjoint(tops):
        return True
    for c, (down, up) in enumerate(layout):
        if down and up:
            card = up[:2]
            if any(t != c for parent in PARENTS[card] for t in tops.get(parent, ())) or card[0] == "K" and empty:
                return True
    return False


def _could_go_forward(layout, wanted):
    """False only when no sequence of moves can turn up a card or send one home.

    It tracks what can ever happen, ignoring when: a card can be lifted once
    one of the cards it goes on can be a column's top (or, for a king, once a
    column can be empty); a card can first be a top only when the card now
    lying on it is lifted; a column can first be empty when the bottom card
    of a column with nothing face down is lifted. A card and the one it would
    go on that share a column must first be parted by lifting a card between
    them. What this allows is a superset of what moves can do, so a "no" is
    certain (tests/test_yukon.py checks it against the full search).
    """
    on, where, columns = {}, {}, []  # the card lying on each card; each card's column and place
    tops, bottoms, hidden_bottoms = set(), set(), set()
    empty = False
    for c, (down, up) in enumerate(layout):
        column = [up[i:i + 2] for i in range(0, len(up), 2)]
        columns.append(column)
        if not column:
            empty = empty or not down
            continue
        where.update((card, (c, p)) for p, card in enumerate(column))
        tops.add(column[-1])
        on.update(zip(column, column[1:]))
        (hidden_bottoms if down else bottoms).add(column[0])
    cards = list(where)
    lifted = set()

    def may_go_on(card, parent):
        if parent not in tops:
            return False
        c, p = where[card]
        pc, pp = where[parent]
        if pc != c:
            return True
        between = columns[c][p + 1:pp + 1] if pp > p else columns[c][pp + 1:p]
        return not lifted.isdisjoint(between)

    grown = True
    while grown:
        grown = False
        for card in cards:
            if card not in lifted and (any(may_go_on(card, parent) for parent in PARENTS[card])
                                       or (empty and card[0] == "K")):
                lifted.add(card)
                empty = empty or card in bottoms
                grown = True
            if card not in tops and on.get(card) in lifted:
                tops.add(card)
                grown = True
    return not tops.isdisjoint(wanted) or not lifted.isdisjoint(hidden_bottoms)


def _shift(layout, c, i, t):
    down, up = layout[c]
    after = list(layout)
    after[c] = (down, up[:2 * i])
    after[t] = (layout[t][0], layout[t][1] + up[2 * i:])
    return tuple(after)
