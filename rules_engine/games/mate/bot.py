"""Mate's heuristic bot. Both hands are open, so it searches: a few moves ahead
early in a hand, to its end once few cards are left, each side playing for the
highest mate it can force (a mate's value times the number of its move) and
against the other's. Beyond its horizon a position counts as nothing."""

from ...cards import parse_card

RANK_ORDER = "7QKTA"
SUIT_ORDER = "DHSC"
VALUES = {"A": 11, "T": 10, "7": 7, "K": 4, "Q": 3}
MOVES = 10
FULL_SEARCH = 6     # cards left in a hand at which the search runs to the hand's end
HORIZON = 3         # moves looked ahead before that


def _answers(hand, led):
    same_suit = [card for card in hand if card.suit == led.suit]
    return same_suit or [card for card in hand if card.rank == led.rank]


def _beats(card, other):
    if card.suit == other.suit:
        return RANK_ORDER.index(card.rank) > RANK_ORDER.index(other.rank)
    return SUIT_ORDER.index(card.suit) > SUIT_ORDER.index(other.suit)


class Search:
    """Negamax over the open hands: a position's value is what its leader can force,
    a mate it gives counted plus, one it suffers minus."""

    def __init__(self):
        self.memo = {}

    def lead(self, leader, follower, depth):
        key = (leader, follower, min(depth, len(leader)))  # a search past the hand's end is a full one
        if key not in self.memo:
            self.memo[key] = max(self.led(card, leader, follower, depth) for card in leader)
        return self.memo[key]

    def led(self, card, leader, follower, depth):
        """The leader's outcome after leading ``card``, the follower answering as best it can."""
        number = MOVES + 1 - len(leader)
        replies = _answers(follower, card)
        if not replies:
            return VALUES[card.rank] * number
        return min(self.answered(card, reply, leader, follower, depth) for reply in replies)

    def answered(self, card, reply, leader, follower, depth):
        leader, follower = leader - {card}, follower - {reply}
        if not leader or depth <= 1:
            return 0
        if _beats(reply, card):
            return -self.lead(follower, leader, depth - 1)
        return self.lead(leader, follower, depth - 1)


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table, seat = view["table"], view["seat"]
    play = table["play"]
    mine = frozenset(parse_card(text) for text in play["hands"][seat])
    theirs = frozenset(parse_card(text) for text in play["hands"][1 - seat])
    depth = len(mine) if len(mine) <= FULL_SEARCH else HORIZON
    search = Search()
    options = {parse_card(move.split()[1]): move for move in moves}
    if not play["trick"]:
        scored = {card: search.led(card, mine, theirs, depth) for card in options}
        best = max(scored.values())
        # Among equals, keep the higher cards back: they give the dearer mates later.
        return options[min((c for c in scored if scored[c] == best),
                           key=lambda c: (VALUES[c.rank], RANK_ORDER.index(c.rank), SUIT_ORDER.index(c.suit)))]
    led = parse_card(play["trick"][0]["card"])
    leader = theirs | {led}
    scored = {card: -search.answered(led, card, leader, mine, depth) for card in options}
    best = max(scored.values())
    return options[min((c for c in scored if scored[c] == best),
                       key=lambda c: (VALUES[c.rank], RANK_ORDER.index(c.rank), SUIT_ORDER.index(c.suit)))]
