"""King's heuristic bot: shed penalties in the negative hands, take tricks
(or shed them) in the positive ones, bid on a count of sure tricks."""

from ...cards import SUIT_NAMES, SUITS, parse_card
from ...families.trick_bots import hand_strength, shed_tricks, take_tricks

PENALTY_WEIGHT = {
    "No hearts": lambda c: 2 * (c.suit == "H"),
    "No queens": lambda c: 3 * (c.rank == "Q"),
    "No kings or jacks": lambda c: 3 * (c.rank in "KJ"),
    "No king of hearts": lambda c: 9 * (c.text == "KH") + (c.suit == "H"),
}


def _longest_suit(hand):
    cards = [parse_card(t) for t in hand]
    return max(SUITS, key=lambda s: (sum(c.suit == s for c in cards), sum(c.rank in "AKQ" for c in cards if c.suit == s)))


def choose(view, rng):
    moves = view["moves"]
    table = view["table"]
    seat = view["seat"]
    hand = table["play"]["hands"][seat]
    phase = table["phase"]
    if len(moves) == 1:
        return moves[0]
    if phase == "choose":
        suit = _longest_suit(hand)
        strength = hand_strength(hand, suit)
        if strength >= 4:
            return f"trumps {SUIT_NAMES[suit]}"
        return "auction" if strength < 2.5 else "no trumps"
    if phase == "bid":
        suit = _longest_suit(hand)
        estimate = int(hand_strength(hand, suit) + 0.5)
        bids = [m for m in moves if m.startswith("bid ")]
        wanted = [m for m in bids if int(m.split()[1]) <= estimate]
        if "pass" not in moves:
            return bids[0]
        return wanted[0] if wanted and rng.random() < 0.8 else "pass"
    if phase == "name":
        suit = _longest_suit(hand)
        return f"trumps {SUIT_NAMES[suit]}"
    if phase == "direction":
        tricks = table["adjusted_tricks"][seat] + hand_strength(hand, table["trump"])
        return "play up" if tricks >= 3.25 else "play down"
    trick = table["play"]["trick"]
    trump = table["trump"]
    if table["negative"]:
        danger = PENALTY_WEIGHT.get(table["hand_name"], lambda c: 0)
        if table["hand_name"] == "No last two tricks" and len(hand) > 3:
            return take_tricks(moves, trick, trump)
        return shed_tricks(moves, trick, trump, danger)
    if table["direction"] == "up":
        return take_tricks(moves, trick, trump)
    return shed_tricks(moves, trick, trump)
