"""Pope Joan's bot, from its seat's view only: it looks ahead by play-outs
(``families/stops_search.py``), each suit it may start tried on the same
imagined deals of the cards it cannot see, and keeps the start that earns
most chips.

The imagined deals keep what the table shows: the turned card where it lies,
the dead cards learnt from stops, and that a player who started a suit holds
none of it below the card they started with. A play-out counts, for the
bot's seat:

- the pools of the cards it plays: the ace, king, queen and jack of trumps,
  Matrimony and Intrigue when it plays both cards, the Pope for the 9♦, at
  what they hold now;
- going out: the Game pool and a chip for each card (the 9♦ apart) left in
  the other hands; not going out, a chip for each of its own.

So it starts the suits whose runs come back to it, clears the way to its
pool cards while they can still be played, and goes out when it can.
"""

from ...cards import ACES_HIGH, parse_card
from ...families.stops_bots import StopsKnowledge
from ...families.stops_search import StopsRules, search

POPE = parse_card("9D")
HONOURS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
PAIRS = {"Matrimony": ("K", "Q"), "Intrigue": ("Q", "J")}
RULES = StopsRules(ACES_HIGH, "51", start="lowest")
PLAYOUTS = 400


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table = view["table"]
    pools, trump = table["chips"]["pools"], table["trump"]
    singles = [(parse_card(rank + trump), pools[pool]) for rank, pool in HONOURS.items()] + [(POPE, pools["Pope"])]
    pairs = [((parse_card(a + trump), parse_card(b + trump)), pools[pool]) for pool, (a, b) in PAIRS.items()]
    dead = StopsKnowledge(view, ACES_HIGH, "51").dead
    turned = {parse_card(table["turned"]["card"]): table["turned"]["in"]} if table["turned"] else {}

    def payoff(out, me):
        index, by = out.pack.index, out.by
        gain = sum(chips for card, chips in singles if by[index[card]] == me)
        gain += sum(chips for (a, b), chips in pairs if by[index[a]] == me and by[index[b]] == me)
        pope = index[POPE]

        def left(seat):
            return sum(1 for c in out.hands[seat] if c != pope)

        if out.winner == me:
            return gain + pools["Game"] + sum(left(s) for s in range(len(out.hands)) if s != me)
        return gain - left(me)

    return search(view, rng, RULES, payoff, known_dead=dead, placed=turned, playouts=PLAYOUTS)
