"""Forty Thieves' heuristic bot, from its own view (the stock's cards unseen).

It values a position by the cards home, the empty columns, the runs built
down by suit, and what lies on top of the cards the foundations will soon
want (a low card buried under others is the game's usual way to be lost).
Each candidate move is looked at with the moves into foundations it makes
possible played at once, and with one more move after it; the bot makes
the best if it raises the position's value, else turns the stock. With the
stock out it follows the shortest way to a card home or the waste played
(forty_thieves_search), so its games always end.
"""

from .search import UNKNOWN, layout_of, way_forward

RANKS = "A23456789TJQK"
PILES = "SSHHDDCC"
# A position's worth: each card home, each empty column, each card of a run built down by suit at a
# column's top, each card on the waste (a cost); a card the foundations want within NEED cards costs
# BURY for each card on top of it and each card nearer. Tuned on 40-game samples: cards on the waste
# and runs cost and earn more than one would guess (a mean of 29 cards home with 4 and 12, 44 with these).
HOME, EMPTY, RUN, WASTE = 1000, 90, 50, 30
NEED, BURY = 6, 6
BUDGET = 150  # positions looked at before each move


RANK_OF = {rank: i for i, rank in enumerate(RANKS)}  # the search asks it millions of times a game


def _rank(text):
    return RANK_OF[text[0]]


class Position:
    __slots__ = ("columns", "heights", "waste")

    def __init__(self, columns, heights, waste):
        self.columns = columns   # lists of card texts, bottom up
        self.heights = heights   # {suit: [pile height, pile height]}
        self.waste = waste       # card texts, top last

    def copy(self):
        return Position([list(c) for c in self.columns], {s: list(h) for s, h in self.heights.items()},
                        list(self.waste))

    def fits_home(self, card):
        return RANK_OF[card[0]] in self.heights[card[1]]

    def send_home(self, card):
        piles = self.heights[card[1]]
        piles[piles.index(_rank(card))] += 1

    def moves(self):
        """``(source, target)`` pairs: a source is a column index or ``"w"``, a target a column index or ``"f"``."""
        sources = [(c, column[-1]) for c, column in enumerate(self.columns) if column]
        if self.waste:
            sources.append(("w", self.waste[-1]))
        empty = next((t for t, column in enumerate(self.columns) if not column), None)
        tops = {}
        for t, column in enumerate(self.columns):
            if column:
                tops.setdefault(column[-1], t)
        out = []
        for source, card in sources:
            if self.fits_home(card):
                out.append((source, "f"))
            r = _rank(card)
            if r < 12:
                t = tops.get(RANKS[r + 1] + card[1])
                if t is not None and t != source:
                    out.append((source, t))
            if empty is not None and (source == "w" or len(self.columns[source]) > 1):
                out.append((source, empty))
        return out

    def play(self, source, target):
        card = self.waste.pop() if source == "w" else self.columns[source].pop()
        if target == "f":
            self.send_home(card)
        else:
            self.columns[target].append(card)

    def settle(self):
        """Sends home every top card that can go (never a loss in this game: a card home stays useful)."""
        moved = True
        while moved:
            moved = False
            for column in self.columns:
                while column and self.fits_home(column[-1]):
                    self.send_home(column.pop())
                    moved = True
            while self.waste and self.fits_home(self.waste[-1]):
                self.send_home(self.waste.pop())
                moved = True

    def value(self):
        heights = self.heights
        home = sum(sum(h) for h in heights.values())
        lowest = {suit: min(h) for suit, h in heights.items()}
        score = HOME * home
        for column in self.columns:
            if not column:
                score += EMPTY
                continue
            start = len(column) - 1  # the run built down by suit at the column's top
            while start and column[start - 1][1] == column[start][1] and \
                    RANK_OF[column[start - 1][0]] == RANK_OF[column[start][0]] + 1:
                start -= 1
            score += RUN * (len(column) - 1 - start)
            for i in range(start + 1):
                card = column[i]
                need = RANK_OF[card[0]] - lowest[card[1]]
                if need < NEED:
                    score -= (len(column) - i - 1) * (NEED - need) * BURY
        for i, card in enumerate(self.waste):
            need = RANK_OF[card[0]] - lowest[card[1]]
            if need < 4:
                score -= (len(self.waste) - i - 1) * (4 - need)
        return score - WASTE * len(self.waste)


def _position(table):
    heights = {suit: [] for suit in "SHDC"}
    for suit, pile in zip(PILES, table["foundations"]):
        heights[suit].append(len(pile))
    return Position([list(c) for c in table["columns"]], heights, list(table["waste"]))


def _after(position, move):
    after = position.copy()
    after.play(*move)
    after.settle()
    return after


def _key(position):
    return tuple(sorted(map(tuple, position.columns))), len(position.waste)


def _best_line(position, budget=BUDGET):
    """The first move of the way to the best position within reach (breadth first, the moves
    into foundations each allows made at once, at most ``budget`` positions), and its worth:
    the shorter way of two to positions of the same worth."""
    best, best_value = None, None
    seen = {_key(position)}
    frontier = [(position, None)]
    while frontier and len(seen) < budget:
        following = []
        for here, first in frontier:
            for move in here.moves():
                after = _after(here, move)
                key = _key(after)
                if key in seen:
                    continue
                seen.add(key)
                start = first or move
                value = after.value()
                if best_value is None or value > best_value:
                    best, best_value = start, value
                following.append((after, start))
                if len(seen) >= budget:
                    break
        frontier = following
    return best, best_value


def _text(position, move):
    source, target = move
    card = position.waste[-1] if source == "w" else position.columns[source][-1]
    where = "the waste" if source == "w" else f"column {source + 1}"
    return f"move {card} from {where} to " + ("foundation" if target == "f" else f"column {target + 1}")


def choose(view, rng):
    moves = view["moves"]
    table = view["table"]
    position = _position(table)
    for move in position.moves():  # a card that can go home goes home first
        if move[1] == "f":
            return _text(position, move)
    best, value = _best_line(position)
    if best is not None and value > position.value():
        return _text(position, best)
    if "turn" in moves:
        return "turn"
    # The stock is out: make progress if a move does, else take the shortest way to one.
    progress = [m for m in position.moves() if m[0] == "w" or m[1] == "f"]
    if progress:
        return _text(position, max(progress, key=lambda m: _after(position, m).value()))
    wanted = frozenset(RANKS[h] + suit for suit, piles in position.heights.items() for h in piles if h < 13)
    waste_top = position.waste[-1] if position.waste else None
    way = way_forward(layout_of(position.columns), wanted, waste_top)
    if way and way is not UNKNOWN:
        c, t = way[0]
        return _text(position, (c, t))
    return rng.choice(moves)
