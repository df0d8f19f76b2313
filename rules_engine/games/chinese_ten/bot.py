"""Chinese Ten's heuristic bot, from its seat's view only.

It counts what is left: the cards it has not seen (not in its hand, on the table or in a won
pile) are those the others hold or the stock hides. It grabs red points: of its captures it
makes the one that wins the most, less what it leaves the next player to take. When it can
capture nothing, it lays the card that risks least: a card worth nothing, or one whose partners
are all seen (nobody can take it), before a red card others could take; of equals, a card
whose partners are still unseen, since the stock turned up after it may take it for the bot.
"""

from ...families.fishing_bots import read_move, seen_from
from . import card_value, pairs


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    seats = view["table"]["seats"]
    seen = seen_from(view)
    layout, unseen = seen.layout, seen.unseen

    def value(card):
        return card_value(card, seats)

    def exposure(card, rest_layout):
        """What laying ``card`` (or leaving it) may give away: its value and what it could take
        with it, when someone may still hold a partner."""
        takers = [c for c in unseen if pairs(c, card)]
        return value(card) + max((value(c) for c in takers), default=0) if takers else 0

    def score(move):
        kind, taken, card, _ = read_move(move)
        if kind == "capture":
            left = [c for c in layout if c not in taken]
            gain = value(card) + sum(value(c) for c in taken)
            return gain * 4 - sum(exposure(c, left) for c in left) * 0.1 + rng.random() * 0.01
        risk = exposure(card, layout)
        # The stock's next card may take it for the bot: a little hope for each unseen partner.
        hope = sum(1 for c in unseen if pairs(c, card)) / max(len(unseen), 1) * value(card)
        return -risk + hope - value(card) * 0.5 + rng.random() * 0.01

    return max(moves, key=score)
