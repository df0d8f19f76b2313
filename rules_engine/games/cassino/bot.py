"""Cassino's heuristic bot, from its seat's view only.

It captures what is worth most: the cards (27 win 3 points), spades, the two casinos and the
aces, and a sweep above all, taking care not to leave the table so thin that the opponent may
sweep it. It builds for itself when the build gathers cards or points for a card it holds, and
more gladly when every card that could take the build from it is already seen. When it must
trail, it trails what gives away least: a face card or a low spotless card rather than an ace
or a casino, and not a card that makes the table easy to sweep.
"""

from ...families.fishing_bots import read_move, seen_from
from . import card_points, value


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    seen = seen_from(view)
    hand, layout, piles, unseen = seen.hand, seen.layout, seen.piles, seen.unseen

    def worth(cards):
        return sum(1 + 0.6 * (c.suit == "S") + 3 * card_points(c) for c in cards)

    def unseen_value(v):
        return sum(value(c) == v for c in unseen)

    def sweep_risk(left_loose, left_piles):
        """How likely the opponent sweeps what is left, weighted by what it would take."""
        if not left_loose and not left_piles:
            return 0
        if left_piles:
            values = {v for _, v in left_piles}
            if len(values) > 1 or left_loose:
                return 0
            return 6 * min(1, unseen_value(values.pop()) / 3)
        if len(left_loose) == 1:
            c = left_loose[0]
            chance = min(1, sum(u.rank == c.rank for u in unseen) / 2)
            return (8 + worth(left_loose)) * chance
        if all(value(c) for c in left_loose) and sum(value(c) for c in left_loose) <= 10:
            return 4 * min(1, unseen_value(sum(value(c) for c in left_loose)) / 2)
        return 0

    def left_after(taken, added=()):
        loose = [c for c in layout if c not in taken] + list(added)
        kept = [(cards, v) for cards, v in piles if not set(cards) & set(taken)]
        return loose, kept

    def score(move):
        kind, taken, card, target = read_move(move)
        if kind == "capture":
            loose, kept = left_after(taken)
            gain = worth(taken + [card])
            if not loose and not kept:
                gain += 12
            return 10 + gain - sweep_risk(loose, kept) + rng.random() * 0.01
        if kind == "build":
            loose, kept = left_after(taken)
            gain = worth(taken + [card, next(c for c in hand if c != card and value(c) == target)])
            danger = min(1, unseen_value(target) / 4)   # the opponent may take it first
            return 6 + gain * (1 - 0.6 * danger) - 0.5 * sweep_risk(loose, kept) + rng.random() * 0.01
        loose, kept = left_after((), (card,))
        cost = worth([card]) * 1.5 + sweep_risk(loose, kept)
        # A card whose rank is all seen cannot be paired.
        cost += 0.3 * sum(u.rank == card.rank for u in unseen)
        return -cost + rng.random() * 0.01

    return max(moves, key=score)
