"""Spinado's heuristic bot, from its seat's view only.

The bot starts the cards no sequence can reach any more first, then the
starts from which it sheds several cards in a row (see
``families/stops_bots.py``), and values the pots its cards take.

- It spends the spinado, the A♦, to keep control when play would otherwise
  pass on, and always when it goes out with it; keeping it to the end costs
  two chips a card.
- A start that plays both cards of a pair (K♦ Q♦, Q♦ J♦) is worth the pot
  it takes, chip for chip: the pots carry over and grow, and are worth more
  than the hand's Game pot.
- Going out wins the hand: a move that empties this hand comes first.
"""

from ..cards import ACES_LOW, parse_card
from ..families.stops_bots import StopsKnowledge

SPINADO = parse_card("AD")
PAIRS = {"Matrimony": (parse_card("KD"), parse_card("QD")), "Intrigue": (parse_card("QD"), parse_card("JD"))}
SPINADO_WORTH, KEEP_CONTROL = 2.5, 3.0


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    know = StopsKnowledge(view, ACES_LOW, "47", interrupters=(SPINADO,))
    hand = know.hand
    pools = view["table"]["chips"]["pools"]

    def score(text):
        words = text.split()
        card = parse_card(words[1])
        with_spinado = len(words) == 4
        if with_spinado:
            shed, value = {card, SPINADO}, 2 + KEEP_CONTROL - SPINADO_WORTH
        else:
            shed, _, value = know.start_value(card)
        if shed >= hand:
            return 1000  # out of cards: the hand is won
        mine = {c for c in hand if c in shed}
        value += sum(pools[pot] for pot, pair in PAIRS.items() if all(c in mine for c in pair))
        if SPINADO in hand and not with_spinado and len(hand) <= 3:
            value -= 1  # the spinado still held at the end costs two chips a card
        return value + rng.random() / 10

    return max(moves, key=score)
