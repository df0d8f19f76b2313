"""Go Boom's heuristic bot, from its seat's view only.

The lead is worth keeping: a leader always sheds a card, while a follower
who cannot match must draw. So the bot leads its highest card, the one most
likely to win the round again; following, it plays its highest matching card
when that beats the round's best so far, and otherwise the lowest card of
its longest suit, keeping high cards for the rounds it can win and a card of
each suit to follow with later. It never draws while it can play.
"""

from ...cards import RANKS, parse_card
from ...families.eights_bots import own_hand

ACES_HIGH = RANKS[1:] + RANKS[:1]


def _rank(card):
    return ACES_HIGH.index(card.rank)


def choose(view, rng):
    moves = view["moves"]
    plays = [m for m in moves if m.startswith("play ")]
    if not plays:
        return moves[0]
    table = view["table"]
    cards = {m: parse_card(m.split()[1]) for m in plays}
    hand = own_hand(view)
    suits = {suit: sum(1 for c in hand if c.suit == suit) for suit in "SHDC"}
    if not table["round"]:   # the lead: the highest card, from the longest suit among equals
        return max(plays, key=lambda m: (_rank(cards[m]), suits[cards[m].suit], rng.random()))
    best = max(_rank(parse_card(text)) for _, text in table["round"])
    winning = [m for m in plays if _rank(cards[m]) > best]
    if winning:
        return max(winning, key=lambda m: (_rank(cards[m]), rng.random()))
    return min(plays, key=lambda m: (-suits[cards[m].suit], _rank(cards[m]), rng.random()))
