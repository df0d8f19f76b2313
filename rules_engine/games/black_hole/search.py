"""Whether a Black Hole position can still be won, and how.

Every move takes the top card of a fan into the hole, so a position is no
more than how many cards are left in each fan and the rank on top of the
hole: cards never move between fans, and suits play no part. The search is
depth first over those positions and remembers every position it has proved
lost (``Solver.dead``), so no position is refuted twice however many orders
of play lead to it. Three things keep it short:

- a necessary test on the ranks alone (``_ranks_can_follow``): the cards
  still to play must form one walk of steps of one rank from the hole's
  rank, going round the ace and king. On a ring of thirteen ranks the
  number of steps between each pair of neighbouring ranks is fixed by how
  many cards of each rank are left and by the rank the walk ends on, so the
  test tries each possible last rank and asks for counts that are whole,
  not negative and join every rank still to play;
- a dominance: of two cards of one rank that may go in, a card alone in its
  fan is never better than one with cards under it (playing the other first
  only uncovers a card sooner), so it is tried only when no such card is
  playable;
- the order of trial: cards of the rank with the most cards left first (the
  scarce ranks are kept as bridges), then a card whose fan shows a card
  that can follow it at once, then cards from the tallest fans. Searches
  that wander are restarted with the ties broken another way and a budget
  twice as large (the refuted positions are kept), which ends the long tails
  a fixed order meets on some deals.

A layout is a tuple of fans, each a tuple of rank indexes (0 for an ace ...
12 for a king) from the bottom card to the top one; the hole is the rank
index of its top card. ``benchmarks/black_hole_solver.py`` prints the
search's figures over many deals.
"""

import random
from collections import OrderedDict

RANKS = "A23456789TJQK"
SIZE = len(RANKS)
# Positions a question may expand before it is answered UNKNOWN: about 6 s here. Over
# 2,000 deals (benchmarks/black_hole_solver.py) the median deal needed 172 positions, and
# 11 deals needed more than this; the one tried without a limit was lost, proved so after
# 4.3 million positions (38 s).
LIMIT = 400_000
# The bot's limit per question, lower, so that a hint in the browser never keeps its reader
# waiting long (about 1.5 s here); past it the bot plays the first move in the order of trial.
BOT_LIMIT = 100_000
FIRST_BUDGET = 500  # positions before the first restart; each restart doubles it
UNKNOWN = "unknown"
# The sign of each rank in the alternating sum that fixes the steps between kings and aces.
_SIGNS = tuple(1 if (SIZE - 1 - r) % 2 == 0 else -1 for r in range(SIZE))


def rank_index(card_text):
    return RANKS.index(card_text[0])


def adjacent(a, b):
    """Whether ranks ``a`` and ``b`` (indexes) are one apart, the ace next to the king too."""
    return (a - b) % SIZE in (1, SIZE - 1)


def layout_ranks(fans):
    """The search's layout for fans of card texts, each from its bottom card up."""
    return tuple(tuple(rank_index(text) for text in fan) for fan in fans)


class _OutOfBudget(Exception):
    pass


class Solver:
    """The search for one layout of fans. What it has proved stays proved for the next question,
    so a bot asking after each move of a game pays for the search about once."""

    def __init__(self, fans):
        self.fans = tuple(tuple(fan) for fan in fans)
        self.dead = set()
        self.visited = 0  # positions expanded, over every question asked of this solver
        self._ranks_memo = {}  # (cards left per rank, hole) -> _ranks_can_follow's answer: many positions share them
        self._weights = tuple(SIZE * 4 ** i for i in range(len(self.fans)))

    def key(self, heights, hole):
        return sum(h * w for h, w in zip(heights, self._weights)) + hole

    def winning_line(self, heights, hole, limit=LIMIT):
        """The fans to play from, in order, to win from ``heights`` (cards left in each fan)
        with ``hole`` on top of the hole: a list of fan indexes, ``[]`` when every card is in,
        None when no order of play wins, ``UNKNOWN`` after ``limit`` positions."""
        stop_at = self.visited + limit
        budget, attempt = FIRST_BUDGET, 0
        while True:
            heights_now = list(heights)
            counts = [0] * SIZE
            for fan, height in zip(self.fans, heights_now):
                for rank in fan[:height]:
                    counts[rank] += 1
            self._stop = min(self.visited + budget, stop_at)
            self._tie = random.Random(attempt).random if attempt else None
            line = []
            try:
                found = self._search(heights_now, hole, sum(heights_now), counts,
                                     self.key(heights_now, hole), line)
            except _OutOfBudget:
                if self.visited >= stop_at:
                    return UNKNOWN
                budget, attempt = budget * 2, attempt + 1
                continue
            return line if found else None

    def is_won(self, heights, hole, limit=LIMIT):
        """True, False, or ``UNKNOWN`` after ``limit`` positions."""
        line = self.winning_line(heights, hole, limit)
        return line if line is UNKNOWN else line is not None

    def playable(self, heights, hole):
        """The fans whose top card may go in, in the search's order of trial (the ties
        broken by fan order), without the dominated ones."""
        counts = [0] * SIZE
        for fan, height in zip(self.fans, heights):
            for rank in fan[:height]:
                counts[rank] += 1
        return [i for _, i in self._moves(list(heights), hole, counts, None)]

    def _moves(self, heights, hole, counts, tie):
        fans = self.fans
        moves = []
        alone = set()  # ranks of playable cards that are alone in their fans, one of each
        deep = set()  # ranks of playable cards with cards under them
        for i, height in enumerate(heights):
            if height and adjacent(fans[i][height - 1], hole):
                card = fans[i][height - 1]
                if height == 1:
                    if card in alone:
                        continue  # the same as the one kept: a lone card of that rank
                    alone.add(card)
                else:
                    deep.add(card)
                follows = height > 1 and adjacent(fans[i][height - 2], card)
                moves.append(((-counts[card], not follows, -height, tie() if tie else 0), i))
        if alone & deep:
            moves = [m for m in moves if heights[m[1]] > 1 or fans[m[1]][0] not in deep]
        moves.sort()
        return moves

    def _search(self, heights, hole, left, counts, key, line):
        if left == 0:
            return True
        if key in self.dead:
            return False
        self.visited += 1
        if self.visited > self._stop:
            raise _OutOfBudget
        ranks = (*counts, hole)
        fine = self._ranks_memo.get(ranks)
        if fine is None:
            fine = self._ranks_memo[ranks] = _ranks_can_follow(counts, hole)
        if not fine:
            self.dead.add(key)
            return False
        fans, weights = self.fans, self._weights
        for _, i in self._moves(heights, hole, counts, self._tie):
            height = heights[i]
            card = fans[i][height - 1]
            heights[i] = height - 1
            counts[card] -= 1
            line.append(i)
            if self._search(heights, card, left - 1, counts, key - weights[i] - hole + card, line):
                return True
            line.pop()
            counts[card] += 1
            heights[i] = height
        self.dead.add(key)
        return False


def _ranks_can_follow(counts, hole):
    """Whether the cards left (``counts`` per rank) could all go in one after another from
    ``hole``, if only their ranks mattered: a walk round the ring of ranks starting on the
    hole's rank and standing on each rank once per card of it. With ``steps[r]`` the times
    the walk crosses between ranks r and r + 1, each rank's crossings add up to twice its
    visits, less one at the start and one at the end; on a ring of odd length that fixes
    every ``steps[r]`` once the last rank is chosen."""
    if not any(counts):
        return True
    base = [2 * n for n in counts]
    base[hole] += 1  # standing there at the start, and leaving once: 2 * 1 - 1
    total = sum(s * b for s, b in zip(_SIGNS, base))
    for end in range(SIZE):
        if not counts[end]:
            continue
        twice = total - _SIGNS[end]
        if twice < 0 or twice % 2:
            continue
        steps = [0] * SIZE
        steps[SIZE - 1] = previous = twice // 2
        fine = True
        for r in range(SIZE - 1):
            previous = base[r] - (r == end) - previous
            if previous < 0:
                fine = False
                break
            steps[r] = previous
        if fine and _joined(steps, counts, hole):
            return True
    return False


def _joined(steps, counts, hole):
    """Whether the crossings reach every rank with cards left from the hole's rank."""
    if all(steps):
        return True
    reached = {hole}
    rank = hole
    while steps[rank] and (rank + 1) % SIZE not in reached:
        rank = (rank + 1) % SIZE
        reached.add(rank)
    rank = hole
    while steps[(rank - 1) % SIZE] and (rank - 1) % SIZE not in reached:
        rank = (rank - 1) % SIZE
        reached.add(rank)
    return all(not n or r in reached for r, n in enumerate(counts))


class Solvers:
    """Solvers kept for the last few deals asked about, found again from any later position
    of the same deal (its fans are then the starts of the deal's fans), so that a bot asking
    after every move of a game reuses what the search has proved."""

    def __init__(self, size=4):
        self.size = size
        self._kept = OrderedDict()

    def for_position(self, fans):
        """``(solver, heights)`` for fans of rank indexes, each from its bottom card up."""
        fans = tuple(tuple(fan) for fan in fans)
        for layout, solver in self._kept.items():
            if len(layout) == len(fans) and all(whole[:len(part)] == part for whole, part in zip(layout, fans)):
                self._kept.move_to_end(layout)
                return solver, [len(fan) for fan in fans]
        solver = Solver(fans)
        self._kept[fans] = solver
        if len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return solver, [len(fan) for fan in fans]


SOLVERS = Solvers()


def best_move(fans, hole, limit=BOT_LIMIT):
    """The fan to play from, for fans of rank indexes and the hole's rank: the first fan, in
    the search's order of trial, whose move keeps the game winnable; when none does (or the
    search runs out of ``limit``), the first in that order. ``(fan index or None, outlook)``
    with the outlook True (won with best play), False (lost) or ``UNKNOWN``. The choice does
    not depend on what the solvers remembered: each answer it rests on is exact."""
    solver, heights = SOLVERS.for_position(fans)
    moves = solver.playable(heights, hole)
    if not moves:
        return None, sum(heights) == 0
    outlook = solver.is_won(heights, hole, limit)
    if outlook is not True:  # lost (or unknown): every move is as good as another to the solver
        return moves[0], outlook
    for i in moves:
        heights[i] -= 1
        answer = solver.is_won(heights, fans[i][heights[i]], limit)
        heights[i] += 1
        if answer is True:
            return i, True
    return moves[0], UNKNOWN  # only if a search below ran out of its limit
