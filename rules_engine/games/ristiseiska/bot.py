"""Ristiseiska's heuristic bot, from its seat's view only.

A card laid on the layout opens the way for the cards beyond it in its
direction (down from a 6, up from an 8, both ways from a 7). The bot plays
the card that opens the way to the most of its own cards and the fewest of
the others', and holds back the cards that would only let the others go on.
Asked for a card, it gives the one the beggar will wait longest to play:
the one furthest from the layout's reach.
"""

from ...cards import ACES_LOW, parse_card
from ...families.layout import SuitRows

ORDER = ACES_LOW.order


def _beyond(card):
    """The cards of ``card``'s suit that it opens the way to."""
    index = ORDER.index(card.rank)
    seven = ORDER.index("7")
    ranks = ORDER[:index] if index < seven else ORDER[index + 1:] if index > seven else ORDER
    return [parse_card(rank + card.suit) for rank in ranks if rank != card.rank]


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    hand = {parse_card(t) for t in view["table"]["hands"][view["seat"]]}
    placed = {parse_card(t) for texts in view["table"]["layout"].values() for t in texts}
    if moves[0].startswith("give"):
        layout = SuitRows.from_json(ACES_LOW, "7", view["table"]["layout"])
        return max(moves, key=lambda m: (layout.steps_to(parse_card(m.split()[1])), rng.random()))

    def score(move):
        card = parse_card(move.split()[1])
        beyond = [c for c in _beyond(card) if c not in placed]
        mine = sum(c in hand for c in beyond)
        return mine - 0.5 * (len(beyond) - mine) + rng.random() / 10

    return max(moves, key=score)
