"""Diloti's heuristic bot, from its seat's view only.

It captures what is worth most: cards, the points they carry, and a xeri above all, taking
care not to leave a lone card that the next player may sweep for a xeri. It declares when the
pile secures points or several cards for a card it holds. When it must lay a card, it lays one
that gives away least: a face card or a low card rather than an ace, the 10♦ or the 2♣, and
never onto an empty table a card whose rank is still unseen in numbers if another will do.
"""

from ...families.fishing_bots import read_move, seen_from
from . import card_points, value


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    seen = seen_from(view)
    on_table, unseen = seen.on_table, seen.unseen
    first_play = view["table"]["plays"] == 0

    def unseen_of(rank):
        return sum(c.rank == rank for c in unseen)

    def left_risk(left):
        """What the next player may sweep: a xeri is likely when one card is left alone."""
        if not left:
            return 0
        if len(left) == 1:
            return 10 * min(1, unseen_of(left[0].rank) / 2) + card_points(left[0]) * 2
        total = sum(value(c) or 99 for c in left)
        return 4 if total <= 10 else 0

    def score(move):
        kind, taken, card, _ = read_move(move)
        if kind == "capture":
            left = [c for c in on_table if c not in taken]
            gain = len(taken) + 1 + 3 * sum(card_points(c) for c in taken + [card])
            if not left and not first_play:
                gain += 30
            return 10 + gain - left_risk(left) + rng.random() * 0.01
        if kind == "declare":
            left = [c for c in on_table if c not in taken]
            gain = 0.6 * (len(taken) + 1) + 2 * sum(card_points(c) for c in taken + [card])
            return 8 + gain - left_risk(left) * 0.5 + rng.random() * 0.01
        left = on_table + [card]
        cost = 3 * card_points(card) + left_risk(left)
        # A card whose rank is all seen cannot be taken by rank.
        cost += 0.5 * unseen_of(card.rank)
        return -cost + rng.random() * 0.01

    return max(moves, key=score)
