"""Comet's heuristic bot, from its seat's view only.

The bot starts the cards no sequence can reach any more first, then the
starts from which it sheds several cards in a row (see
``families/stops_bots.py``).

The comet, the 9♦, may be played at any time, so it is the perfect last
card: the bot keeps it while it holds more than three cards, letting play go
on whenever it is offered the chance, and then plays it, ending the hand if
it was the last card. A start that leaves only the comet in hand is worth
almost as much as going out.
"""

from ..cards import ACES_LOW, parse_card
from ..families.stops_bots import StopsKnowledge

COMET = parse_card("9D")
WINDOW_HAND = 3


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    know = StopsKnowledge(view, ACES_LOW, "51", interrupters=(COMET,),
                          removed=[parse_card(t) for t in view["table"]["removed"]])
    hand = know.hand
    if "pass" in moves:
        return "play 9D" if len(hand) <= WINDOW_HAND else "pass"

    def score(text):
        card = parse_card(text.split()[1])
        if card == COMET:
            return 1000 if hand == {COMET} else -10
        shed, _, value = know.start_value(card)
        if shed >= hand:
            return 1000
        if shed >= hand - {COMET}:
            return 500  # only the comet left, which goes out at the next chance
        return value + rng.random() / 10

    return max(moves, key=score)
