"""Yukon's heuristic bot: foundations first, then moves that turn up a
face-down card (the deepest column first); otherwise the first move of the
shortest way to one of those (yukon_search, on the bot's own view), so its
games always end. Should that search give up, anything that frees a column
for a king, else any move."""

from ...cards import SUITS, parse_card
from .search import UNKNOWN, way_forward, wanted_by

PROGRESS = 50  # the score of a move that turns up a card or sends one home


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
        return PROGRESS + len(column["down"])
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
    if best < PROGRESS:
        way = way_forward(tuple((len(col["down"]), "".join(col["up"])) for col in columns),
                          wanted_by([view["table"]["foundations"][suit] for suit in SUITS]))
        if way and way is not UNKNOWN:
            c, i, t = way[0]
            target = columns[t]["up"][-1] if columns[t]["up"] else None
            card = columns[c]["up"][i]
            return f"move {card} onto {target}" if target else f"move {card} to column {t + 1}"
    if best <= 0:
        # Nothing obviously useful: shuffle stacks, which may open a line.
        return rng.choice(moves)
    return rng.choice([m for score, m in scored if score == best])
