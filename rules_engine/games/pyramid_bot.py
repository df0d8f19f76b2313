"""Pyramid's heuristic bot, from its own view: the pyramid, the card turned
up and the waste (never the stock's order).

It discards whenever it can, and chooses among the discards by what they do
for the pyramid: a pair of two pyramid cards first, then a pyramid card with
a stock card, a king, and last a pair of the two stock cards; among equals,
the one that exposes the most cards, then the one that leaves the most
discards possible after it (keeping its choices), then the card lying deepest
(the most cards it holds up). With no discard, it deals, or turns the waste
over."""

VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12,
          "K": 13}


def _places(rows):
    """Every pyramid card's text with its (row, place)."""
    return {card: (r, p) for r, row in enumerate(rows) for p, card in enumerate(row) if card}


def _exposed(rows, gone=()):
    """The pyramid's exposed cards once ``gone`` are discarded."""
    out = []
    last = len(rows) - 1
    for r, row in enumerate(rows):
        for p, card in enumerate(row):
            if not card or card in gone:
                continue
            below = () if r == last else (rows[r + 1][p], rows[r + 1][p + 1])
            if all(c is None or c in gone for c in below):
                out.append(card)
    return out


def _discards(cards):
    """How many discards ``cards`` (available card texts) allow."""
    values = [VALUES[c[0]] for c in cards]
    kings = values.count(13)
    pairs = sum(1 for i, a in enumerate(values) for b in values[i + 1:] if a + b == 13)
    return kings + pairs


def _value(move, table, places, before):
    words = move.split()
    cards = words[1:]
    from_pyramid = [c for c in cards if c in places]
    rows = table["pyramid"]
    after = _exposed(rows, gone=set(from_pyramid))
    newly = len([c for c in after if c not in before])
    tops = [c for c in (table["turned"], table["waste"][-1] if table["waste"] else None) if c and c not in cards]
    # What the stock side shows next is unknown when a card leaves it: count what stays.
    follow = _discards(after + tops)
    kind = 3 if len(from_pyramid) == 2 else 2 if from_pyramid and len(cards) == 2 else 1 if from_pyramid else 0
    if not from_pyramid and words[0] == "remove":
        kind = 1
    depth = sum(places[c][0] for c in from_pyramid)
    return kind, newly, follow, depth


def choose(view, rng):
    moves = view["moves"]
    table = view["table"]
    discards = [m for m in moves if m.startswith(("pair", "remove"))]
    if not discards:
        return moves[0]  # deal, or redeal: there is only one
    places = _places(table["pyramid"])
    before = set(_exposed(table["pyramid"]))
    scored = [(_value(m, table, places, before), m) for m in discards]
    best = max(value for value, _ in scored)
    return rng.choice([m for value, m in scored if value == best])
