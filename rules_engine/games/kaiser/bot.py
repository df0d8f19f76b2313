"""Kaiser's heuristic bot: it bids on a count of its likely tricks plus its
partner's share, names its longest strong suit, takes tricks cheaply, gives
the 5♥ to its partner's tricks and the 3♠ to its opponents', and never
overbids its partner without a much better hand; a dealer who must bid
(the other three passed) bids the lowest."""

from ...cards import ACES_HIGH, SUIT_NAMES, SUITS, parse_card
from ...families.trick_bots import card_moves, hand_strength, take_tricks
from ...families.tricks import trick_winner

PARTNER_SHARE = 2.0   # tricks a partner brings, on average
FIVE, THREE = parse_card("5H"), parse_card("3S")


def _best_suit(hand):
    return max(SUITS, key=lambda s: (hand_strength(hand, s) + 0.5 * sum(c.endswith(s) for c in hand), s))


def _estimate(hand):
    suit = _best_suit(hand)
    value = hand_strength(hand, suit) + PARTNER_SHARE
    value += 3 * ("5H" in hand) - 2 * ("3S" in hand)
    return value


def _bid(view):
    moves, table, seat = view["moves"], view["table"], view["seat"]
    hand = table["play"]["hands"][seat]
    if "misdeal" in moves:
        return "misdeal"
    high = table["high_bid"]
    if high and high["seat"] % 2 == seat % 2:
        return "pass"   # the partner holds the bid: leave it
    estimate = _estimate(hand)
    bids = [m for m in moves if m.startswith("bid ") and not m.endswith(" no")]
    affordable = [m for m in bids if int(m.split()[1]) <= estimate]
    if affordable:
        return affordable[0]
    # The other three passed and the dealer must bid: the lowest bid costs least if it fails.
    return "pass" if "pass" in moves else bids[0]


def _card_play(view):
    moves, table, seat = view["moves"], view["table"], view["seat"]
    trump = table["trump"]
    options = card_moves(moves)
    trick = [(item["seat"], parse_card(item["card"])) for item in table["play"]["trick"]]
    if not trick:
        return take_tricks(moves, [], trump)
    cards = sorted(options, key=lambda c: (c.suit == trump, ACES_HIGH.index(c)))
    winning = trick_winner(trick, ACES_HIGH, trump)
    partner_winning = winning % 2 == seat % 2
    last = len(trick) == 3
    holds_three = any(c == THREE for _, c in trick)
    following = trick[0][1].suit
    if partner_winning and (last or len(trick) == 2):
        if FIVE in options and (FIVE.suit != following or not any(c.suit == following for c in options)):
            return options[FIVE]
        losers = [c for c in cards if trick_winner(trick + [(seat, c)], ACES_HIGH, trump) != seat and c != THREE]
        return options[(losers or cards)[0]]
    winners = [c for c in cards if trick_winner(trick + [(seat, c)], ACES_HIGH, trump) == seat]
    if winners and not (holds_three and not any(c == FIVE for _, c in trick)):
        return options[winners[0] if not last or FIVE not in winners else FIVE]
    if THREE in options:
        return options[THREE]   # the opponents keep the trick: give them the 3♠
    plain = [c for c in cards if c != FIVE] or cards
    return options[plain[0]]


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    phase = view["table"]["phase"]
    if phase == "bid":
        return _bid(view)
    if phase == "trumps":
        hand = view["table"]["play"]["hands"][view["seat"]]
        return f"trumps {SUIT_NAMES[_best_suit(hand)]}"
    return _card_play(view)
