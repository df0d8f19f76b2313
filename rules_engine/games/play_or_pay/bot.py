"""Play or Pay's heuristic bot, from its seat's view only.

Its only choice is the card that starts a sequence: every other card is
forced. A sequence always runs through all thirteen cards of its suit, so a
hand is won by the player whose cards come out earliest: the suits a
player lacks are no help to them, and in the last suit they hold, the
sooner their cards come in the sequence the better.

- Keep control: prefer a start whose card just below (the thirteenth of the
  sequence) is in this hand, so that this hand starts the next sequence
  too and chooses the order of the suits.
- In the last suit this hand holds, start so that its cards come as early
  as possible: just after the widest gap between them.
- Otherwise start the suit in which this hand holds the most cards.
"""

from ...cards import ACES_LOW, parse_card

ORDER = ACES_LOW.order


def _offset(card, start):
    """How many cards after ``start`` the ``card`` of its suit comes in a sequence begun with ``start``."""
    return (ORDER.index(card.rank) - ORDER.index(start.rank)) % len(ORDER)


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    hand = [parse_card(t) for t in view["table"]["play"]["hands"][view["seat"]]]
    suits = {card.suit for card in hand}

    def score(move):
        start = parse_card(move.split()[-1])
        mine = [c for c in hand if c.suit == start.suit]
        last_out = max(_offset(c, start) for c in mine)  # where this hand's last card of the suit comes
        control = any(_offset(c, start) == 12 for c in mine)  # this hand holds the thirteenth card
        if len(suits) == 1:
            return -last_out + rng.random() / 2
        return 20 * control + len(mine) - last_out / 13 + rng.random() / 2

    return max(moves, key=score)
