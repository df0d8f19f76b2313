"""Yaniv's heuristic bot, from its seat's view only.

Discarding, it weighs each discard the hand allows by what the hand will count after it and
the draw that follows: the cards left, plus the best card it could then take from the
previous discard (a low card, or one that pairs with a card kept) or a stock card's average.
It calls Yaniv at five or less unless another player is down to one card, and at two or
less, or after four rounds of the hand, in any case. Drawing, it takes the end card of the previous discard that is low or
matches a card it holds, and otherwise draws blind.
"""

from ...cards import RANKS, parse_card

STOCK_AVERAGE = 6.5   # what a card from the stock is worth, on average, less a little hope


_VALUES = {rank: min(i + 1, 10) for i, rank in enumerate(RANKS)}
_VALUES[None] = 0


def _value(card):
    return _VALUES[card.rank]


def _worth(card, keep):
    """What drawing ``card`` adds to a hand of ``keep``: its value, less a hope of shedding it with a mate."""
    if card.is_joker:
        return -2
    mates = sum(1 for c in keep if not c.is_joker and (c.rank == card.rank or
                                                      c.suit == card.suit and abs(RANKS.index(c.rank) - RANKS.index(card.rank)) == 1))
    return _value(card) - 3 * min(mates, 2) * (_value(card) > 3)


def choose(view, rng):
    moves, table, seat = view["moves"], view["table"], view["seat"]
    if len(moves) == 1:
        return moves[0]
    hand = [parse_card(t) for t in table["hands"][seat]]
    if table["phase"] == "draw":
        best, score = "draw", STOCK_AVERAGE
        for move in moves:
            if move.startswith("take "):
                card = parse_card(move.split()[1])
                worth = _worth(card, hand)
                if worth < score:
                    best, score = move, worth
        return best
    if "yaniv" in moves:
        total = sum(map(_value, hand))
        others = [n for s, n in enumerate(table["hands"]) if s != seat and s in table["active"]]
        # A player down to one card may well hold less: wait a little, but not for ever.
        if total <= 2 or all(n >= 2 for n in others) or table["turns"] >= 4 * len(table["active"]):
            return "yaniv"
    takeable = [parse_card(table["previous"][0]), parse_card(table["previous"][-1])]
    scored = []
    for move in moves:
        if not move.startswith("discard "):
            continue
        gone = [parse_card(t) for t in move.split()[1:]]
        keep = list(hand)
        for card in gone:
            keep.remove(card)
        draw = min([STOCK_AVERAGE] + [_worth(c, keep) for c in takeable])
        # Keep jokers and low cards when shedding costs the same; leave a mate for later.
        scored.append((sum(map(_value, keep)) + draw - 0.01 * len(gone), rng.random(), move))
    return min(scored)[2]
