"""Yukon's heuristic bot: foundations first, then moves that turn up a
face-down card (the deepest column first), then anything that frees a column
for a king; otherwise any move, so long as one is left."""

from ..cards import parse_card


def _locate(columns):
    where = {}
    for c, column in enumerate(columns):
        for i, text in enumerate(column["up"]):
            where[text] = (c, i)
    return where


def _score(move, columns, where):
    words = move.split()
    card = words[1]
    c, i = where[card]
    column = columns[c]
    if words[-1] == "foundation":
        # Low cards are always safe to send up; high ones may still be needed.
        return 100 - "A23456789TJQK".index(parse_card(card).rank)
    uncovers = i == 0 and column["down"]
    if uncovers:
        return 50 + len(column["down"])
    if words[2] == "to":
        # A king into an empty column helps only if something lies beneath it.
        return 30 if i > 0 or column["down"] else -10
    if i == 0:
        return 20  # empties a column for a king
    return 0


def choose(view, rng):
    moves = view["moves"]
    columns = view["table"]["columns"]
    where = _locate(columns)
    scored = [(_score(m, columns, where), m) for m in moves]
    best = max(score for score, _ in scored)
    if best <= 0:
        # Nothing obviously useful: shuffle stacks, which may open a line.
        return rng.choice(moves)
    return rng.choice([m for score, m in scored if score == best])
