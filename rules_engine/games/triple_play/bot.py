"""Triple Play's heuristic bot, from its seat's view only.

It takes the discard pile whenever it may (more cards to meld), melds everything the lists
offer (canastas first: they bring the knee and the bonuses), keeping wild cards for melds of
wild cards; it asks to go out as soon as it may, and as the partner says yes unless its own
hand still holds many points. It discards black 3s first, then the card of the rank it holds
fewest of, never a wild card while another will do.
"""

from collections import Counter

from ...cards import parse_card


def _card(text):
    return parse_card(text)


def _is_wild(card):
    return card.rank is None or card.rank == "2"


def choose(view, rng):
    moves, table = view["moves"], view["table"]
    if len(moves) == 1:
        return moves[0]
    seat = view["seat"]
    if "yes" in moves:
        hand = table["hands"][seat]
        return "yes" if len(hand) <= 8 else "no"
    pickups = [m for m in moves if m.startswith("pickup")]
    if pickups and len(table["discard"]) >= 2:
        return pickups[0]
    if "draw" in moves:
        return "draw"
    if "ask" in moves:
        return "ask"
    melds = [m for m in moves if m.startswith(("meld", "add"))]
    if melds:
        # Whole melds first, wild cards into rank melds last (they serve better as a wild canasta).
        def key(move):
            cards = move.split()[1:]
            wild = any(t in ("JK",) or t.startswith("2") for t in cards if len(t) == 2)
            return (wild and move.startswith("add") and len(cards) <= 4, -len(cards))
        return min(melds, key=key)
    if "takeback" in moves:
        return "takeback"
    discards = [m for m in moves if m.startswith("discard")]
    if discards:
        hand = [_card(t) for t in table["hands"][seat]]
        counts = Counter("W" if _is_wild(c) else c.rank for c in hand)

        def cost(move):
            card = _card(move.split()[1])
            if card.rank == "3":
                return (-1, 0)
            return (_is_wild(card), counts[card.rank], -"456789TJQKA".find(card.rank or "x"))
        return min(discards, key=cost)
    return moves[0]
