"""Getaway's heuristic bot, from its seat's view only: shed cards without
ever being the one holding the highest card when a trick is stopped.

- Leading: never lead a suit the next player is known to lack, or one
  whose other cards are all discarded (the trick would stop at once and
  come straight back); lead a suit that someone further round lacks only
  with a card so low that the players in between cannot duck under it, so
  that one of them is highest when it stops; otherwise lead low, from a
  suit the others are likely to hold.
- Following: play under the highest card so far when possible (the highest
  such card, to shed it safely); forced over it, play high when nobody left
  to play is known to lack the suit, else as low as possible.
- Unable to follow: throw the highest card, first from a suit of one card
  (a new void stops more tricks). In the first trick, which is discarded
  whatever happens, throw the highest cards.
- Between tricks, take the left player's hand when that player lacks every
  suit held, so that each lead would come straight back; otherwise pass.
- In a shootout, answer the drawn card with the highest card below it.
"""

from ...cards import ACES_HIGH, parse_card
from ...families.trick_bots import card_moves, own_hand, played


def _rank(card):
    return ACES_HIGH.index(card) / 12


def _blocked(table, seat, hand):
    play = table["play"]
    left = table["left"][seat]
    if left is None or len(play["order"]) <= 2:
        return False
    return {card.suit for card in hand} <= set(play["voids"][left])


def _lead(options, hand, rest, voids, discarded):
    held = {suit: sum(c.suit == suit for c in hand) for suit in "SHDC"}
    mine = {c.text for c in hand}

    def score(card):
        suit = card.suit
        outside = 13 - discarded[suit] - held[suit]
        lacking = [i for i, s in enumerate(rest) if suit in voids[s]]
        if outside == 0 or (lacking and lacking[0] == 0):
            return -10 + _rank(card)  # the next player cannot follow: the lead comes straight back
        # Lower cards that may be out: while there are any, players in between can duck under this one.
        below = sum(r + suit not in mine for r in ACES_HIGH.order[:ACES_HIGH.index(card)])
        if lacking:
            return 2.5 - 1.5 * below
        if outside < len(rest):  # someone must lack the suit, but who is not known
            return 1.5 - 1.5 * below
        return 1 - 0.6 * _rank(card) - 0.15 * held[suit]
    return options[max(options, key=lambda c: (score(c), -ACES_HIGH.index(c)))]


def _throw(options, hand):
    counts = {}
    for card in hand:
        counts[card.suit] = counts.get(card.suit, 0) + 1
    return options[max(options, key=lambda c: (counts[c.suit] == 1, ACES_HIGH.index(c)))]


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table = view["table"]
    seat = view["seat"]
    options = card_moves(moves)
    shootout = table["shootout"]
    if shootout:
        lead = parse_card(shootout["lead"])
        lower = [c for c in options if not ACES_HIGH.beats(c, lead)]
        return options[max(lower, key=ACES_HIGH.index) if lower else min(options, key=ACES_HIGH.index)]
    play = table["play"]
    hand = own_hand(view)
    voids = [set(v) for v in play["voids"]]
    order = play["order"]
    rest = order[order.index(seat) + 1:]
    trick = played(play["trick"])
    if "take hand" in moves and _blocked(table, seat, hand):
        return "take hand"
    if "pass" in moves:   # asked between tricks, with someone else to lead
        return "pass"
    if not trick:
        return _lead(options, hand, rest, voids, play["discarded_by_suit"])
    suit = trick[0][1].suit
    following = [c for c in options if c.suit == suit]
    if not following:
        return _throw(options, hand)
    if play["trick_number"] == 1:
        return options[max(following, key=ACES_HIGH.index)]
    best = max((c for _, c in trick if c.suit == suit), key=ACES_HIGH.index)
    below = [c for c in following if not ACES_HIGH.beats(c, best)]
    if below:
        return options[max(below, key=ACES_HIGH.index)]
    danger = any(suit in voids[s] for s in rest)
    pick = min if danger and rest else max
    return options[pick(following, key=ACES_HIGH.index)]
