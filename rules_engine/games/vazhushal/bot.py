"""Vazhushal's heuristic bot, from its seat's view only.

It lays as many cards as it can: it takes from the line when that melds the most of its own
cards, lays the longest meld open to it and every lay-off, one move at a time, and only then
discards. Its moves list a longest meld for each card a meld may hold, and a longest take from
each card of the line a take may start from: the longest of them are the longest of all. It discards the card that helps its hand least: no wild card while another will
do, and among the rest the one with the fewest partners (same rank, or same suit within two
places), the higher in points first.
"""

from ...cards import RANKS, parse_card
from .melds import card_value, is_wild


def _partners(card, hand):
    if card.is_joker:
        return 99
    n = 0
    for other in hand:
        if other is card or other.is_joker:
            continue
        if other.rank == card.rank and other.suit != card.suit:
            n += 2
        elif other.suit == card.suit and 0 < abs(RANKS.index(other.rank) - RANKS.index(card.rank)) <= 2:
            n += 1
    return n


def choose(view, rng):
    moves, table, seat = view["moves"], view["table"], view["seat"]
    if len(moves) == 1:
        return moves[0]
    hand = [parse_card(t) for t in table["hands"][seat]]
    negative = parse_card(table["negative"])
    line = [parse_card(t) for t in table["line"]]
    takes, melds, layoffs, discards = [], [], [], []
    for move in moves:
        words = move.split()
        if words[0] == "take":
            place = int(words[1])
            cards = [parse_card(t) for t in words[3:]]
            extra = len(line) - place   # cards above the deepest, into the hand
            takes.append((len(cards) - 1 - 0.2 * max(extra - 3, 0) + rng.random() * 0.01, move))
        elif words[0] == "meld":
            melds.append((len(words) - 1 + rng.random() * 0.01, move))
        elif words[0] == "layoff":
            layoffs.append(move)
        elif words[0] == "discard":
            discards.append(parse_card(words[1]))
    if table["phase"] == "draw":
        if melds:   # a natural sequence laid before taking from the line
            return max(melds)[1]
        if takes:
            best = max(takes)
            if best[0] >= 2 or not any(m == "draw" for m in moves):
                return best[1]
        return "draw"
    if melds:
        return max(melds)[1]
    if layoffs:
        return layoffs[0]
    if not discards:
        return "done"
    plain = [c for c in discards if not is_wild(c, negative)] or discards
    worst = min(plain, key=lambda c: (_partners(c, hand), -card_value(c), rng.random()))
    return f"discard {worst.text}"
