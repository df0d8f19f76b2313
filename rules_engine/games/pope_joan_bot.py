"""Pope Joan's heuristic bot, from its seat's view only.

The bot starts the cards no sequence can reach any more first, then the
starts from which it sheds several cards in a row (see
``families/stops_bots.py``). On top of that it values:

- the pools its own cards take, chip for chip: the trump honours, the pairs
  of trumps held together, and the Pope, whose 9♦ can only be played to start
  a sequence, so its holder first clears the diamonds below it;
- going out wins the hand and a chip a card from everyone: a start that
  empties this hand comes first.
"""

from ..cards import ACES_HIGH, parse_card
from ..families.stops_bots import StopsKnowledge

POPE = parse_card("9D")
HONOURS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
PAIRS = {"Matrimony": ("K", "Q"), "Intrigue": ("Q", "J")}


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    know = StopsKnowledge(view, ACES_HIGH, "51")
    hand, trump = know.hand, view["table"]["trump"]
    pools = view["table"]["chips"]["pools"]

    def pools_of(cards):
        won = sum(pools[HONOURS[c.rank]] for c in cards if c.suit == trump and c.rank in HONOURS)
        won += pools["Pope"] if POPE in cards else 0
        for pool, ranks in PAIRS.items():
            if all(parse_card(rank + trump) in cards for rank in ranks):
                won += pools[pool]
        return won

    def score(text):
        card = parse_card(text.split()[1])
        shed, _, value = know.start_value(card)
        if shed >= hand:
            return 1000
        value += pools_of(shed)
        if POPE in hand and card.suit == "D" and card != POPE:
            value += 2  # clearing the diamonds below the Pope, which can only start a sequence
        return value + rng.random() / 10

    return max(moves, key=score)
