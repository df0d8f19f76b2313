"""Rolling Stone's heuristic bot, from its seat's view only.

The leader always sheds the card led; what matters is who sheds next.

- Leading: from a suit that can no longer go round the table (fewer of its
  cards are left outside this hand than there are other players, counting
  the discarded tricks everyone saw), since somebody must then pick up the
  trick, while a trick that goes round lets everyone shed alike; then from
  a suit nobody is known to lack; then from the longest suit, keeping the
  short ones to follow with (a void means picking up); its highest card.
  Measured against random players, leading the suits the others must
  follow did worse than this.
- Following: the highest card when it beats the trick so far (winning a
  trick that goes round gives the next lead, a card surely shed), else the lowest.
- Unable to follow, the only move is to pick up.
- A long game is unlikely to be won by reasoning alone: from trick 40 on
  the bot plays more and more at random, which also keeps two bots from
  leading the same cards round in a circle for ever.
"""

from ...cards import ACES_HIGH, SUITS, parse_card
from ...families.trick_bots import card_moves, own_hand

PER_SUIT = {4: 8, 5: 10, 6: 12}
CALM_TRICKS = 40


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table = view["table"]
    seat = view["seat"]
    play = table["play"]
    if play["trick_number"] > CALM_TRICKS and rng.random() < min(0.5, (play["trick_number"] - CALM_TRICKS) / 100):
        return rng.choice(moves)
    options = card_moves(moves)
    hand = own_hand(view)
    trick = [parse_card(item["card"]) for item in play["trick"]]
    counts = {suit: sum(card.suit == suit for card in hand) for suit in SUITS}
    if not trick:
        others = [s for s in play["order"] if s != seat]
        voids = [set(v) for v in play["voids"]]
        per_suit = PER_SUIT.get(view["seats"], 8)
        tie = {suit: rng.random() / 2 for suit in SUITS}

        def score(card):
            suit = card.suit
            outside = per_suit - play["discarded_by_suit"][suit] - counts[suit]
            lacking = sum(suit in voids[s] for s in others)
            return (outside < len(others), -lacking, counts[suit] + tie[suit], ACES_HIGH.index(card))
        return options[max(options, key=score)]
    suit = trick[0].suit
    best = max((c for c in trick if c.suit == suit), key=ACES_HIGH.index)
    top = max(options, key=ACES_HIGH.index)
    if ACES_HIGH.beats(top, best):
        return options[top]
    return options[min(options, key=ACES_HIGH.index)]
