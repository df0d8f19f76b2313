"""Umtali's heuristic bot, from its seat's view only.

Cards left in hand when the other player goes out score for that player, so the bot melds
everything it can as soon as it can, the biggest meld first (most cards, then most points), and
takes every further card of the discard pile it may. It takes the pile's top card when that card
melds at once, and otherwise draws from the stock. It discards the card least likely to meld
later (fewest cards of its rank or near it in its suit held), the higher in points when it is
equally idle (a card left in hand is worth most to the player who goes out), and a last card goes
face down, so that the other player must draw blind.
"""

from ...cards import RANKS, parse_card
from . import basic_melds, extends


def _card_points(card):
    return 5 if card.rank in "TJQK" else 1


def _meldable(card, hand, melds):
    """Whether ``card`` taken into ``hand`` melds at once (a basic meld, a jack, an extension)."""
    if card.rank == "J" or any(card in m for m in basic_melds(hand + [card])):
        return True
    return any(extends(m["kind"], [parse_card(t) for t in m["cards"]], card) for m in melds if m["kind"] != "pair")


def _promise(card, hand):
    """How near ``card`` is to a meld with the rest of ``hand``."""
    rank = RANKS.index(card.rank)
    score = 0
    for other in hand:
        if other is card or other == card:
            continue
        if other.rank == card.rank:
            score += 2
        elif other.suit == card.suit:
            gap = abs(RANKS.index(other.rank) - rank)
            if gap == 1:
                score += 2 if card.rank in "QK" and other.rank in "QK" else 1.5
            elif gap == 2:
                score += 0.7
    return score


def choose(view, rng):
    moves, table, seat = view["moves"], view["table"], view["seat"]
    if len(moves) == 1:
        return moves[0]
    hand = [parse_card(t) for t in table["hands"][seat]]
    if table["phase"] == "draw":
        take = next((m for m in moves if m.startswith("take ")), None)
        if take is not None and ("draw" not in moves or _meldable(parse_card(take.split()[1]), hand, table["melds"])):
            return take
        return "draw"
    take = next((m for m in moves if m.startswith("take ")), None)
    if take is not None:
        return take
    melds = [m for m in moves if m.startswith("meld ")]
    if melds:
        def size(move):
            cards = [parse_card(t) for t in move.split()[1:]]
            return len(cards), sum(map(_card_points, cards)), rng.random()

        return max(melds, key=size)
    if len(hand) == 1:
        down = [m for m in moves if m.endswith("face down")]
        if down:
            return down[0]
    scored = [(_promise(c, hand), -_card_points(c), rng.random(), f"discard {c.text}") for c in hand
              if f"discard {c.text}" in moves]
    return min(scored)[3]
