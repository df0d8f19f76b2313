"""Zetema's heuristic bot, from its seat's view only.

It takes points when they come: it shows its best meld, declaring every marriage it can at once
instead when they score more (marriages score more in bulk), and makes a zetema when its
discard is the fifth of a rank. Otherwise it discards the card its hand needs least: not a
king or queen whose partner it may still marry, not a card of its longest suit or of a run
taking shape, and, where it can, not a fourth card of a rank, which would leave the zetema to
the next player.
"""

from ...cards import RANKS, parse_card
from . import marriage_points, meld_points

ZETEMA = {"K": 50, "Q": 50, "J": 20, "A": 15, "5": 15}


def _points(move, table):
    kind, _, rest = move.partition(" ")
    cards = [parse_card(t) for t in rest.split()]
    if kind == "meld":
        return meld_points(cards, table["meld_size"])
    if kind == "marry":   # five at once outscore anything else under either option: the default will do
        return marriage_points([c.suit for c in cards])
    return 0


def _keep_value(card, hand, piles, general):
    """How much ``card`` is worth keeping in ``hand``."""
    suit_count = sum(c.suit == card.suit for c in hand)
    rank_count = sum(c.rank == card.rank for c in hand)
    index = RANKS.index(card.rank)
    near = sum(1 for c in hand if c is not card and 0 < abs(RANKS.index(c.rank) - index) <= 2)
    value = suit_count * 1.0 + rank_count * 1.5 + near * 0.6
    if card.rank in "KQ":
        partner = parse_card(("Q" if card.rank == "K" else "K") + card.suit)
        copies = 2 if card.suit == "H" else 1
        if partner in hand or partner.text in piles["Q" if card.rank == "K" else "K"]:
            value += 8
        elif general.count(partner.text) < copies:
            value += 5   # its partner may still come, to this hand or to another that would take it from the pile
    return value


def choose(view, rng):
    moves, table, seat = view["moves"], view["table"], view["seat"]
    if len(moves) == 1:
        return moves[0]
    scoring = [m for m in moves if not m.startswith("discard")]
    if scoring:
        return max(scoring, key=lambda m: _points(m, table))
    hand = [parse_card(t) for t in table["hands"][seat]]
    piles = table["piles"]
    best, best_value = None, None
    for move in moves:
        card = parse_card(move.split()[1])
        pile = piles[card.rank]
        held_same = sum(c.rank == card.rank for c in hand)
        value = -_keep_value(card, hand, piles, table["general"])
        if len(pile) == 4:
            value += 30 + ZETEMA.get(card.rank, 5)
        elif len(pile) == 3 and held_same == 1:
            value -= 3 + ZETEMA.get(card.rank, 5) / 5   # the fourth: the next player may make the zetema
        value += rng.random() * 0.01
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best
