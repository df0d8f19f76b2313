"""Bridge Solitaire's heuristic bot: keep high cards in the suits the face-up
cards make long, bid the long suit as high as the hand's sure winners plus
its length allow (defending when that does not beat the house), draw trumps
with high ones, win each trick as cheaply as possible, ruff when void, and
throw a joker on a trick that is lost anyway."""

from . import winning_tricks

RANKS = "23456789TJQKA"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _rank(text):
    return -1 if text == "JK" else RANKS.index(text[0])


def _suit(text):
    return None if text == "JK" else text[1:]


def choose(view, rng):
    moves = view["moves"]
    table = view["table"]
    if table["phase"] == "choose":
        return _keep(moves, table["play"]["hands"][0], rng)
    if table["phase"] == "bid":
        return _bid(moves, table["play"]["hands"][0])
    return _play([m.split()[1] for m in moves], table)


def _keep(moves, faceup, rng):
    """The card worth most: its rank, plus the length of its suit among the face-up cards."""
    def worth(move):
        card = move.split()[1]
        return 20 if card == "JK" else _rank(card) + 3 * sum(_suit(c) == _suit(card) for c in faceup)
    best = max(worth(m) for m in moves)
    return rng.choice([m for m in moves if worth(m) == best])


def _bid(moves, hand):
    lengths = {s: sum(_suit(c) == s for c in hand) for s in SUIT_NAMES}
    long_suit = max(SUIT_NAMES, key=lambda s: (lengths[s], sum(_rank(c) for c in hand if _suit(c) == s)))
    winners = sum(winning_tricks([c for c in hand if c != "JK"], s) for s in SUIT_NAMES)
    expected = winners + max(0, lengths[long_suit] - 4)
    bids = [m for m in moves if m.endswith(SUIT_NAMES[long_suit])]
    reachable = [m for m in bids if int(m.split()[1]) <= expected - 6]
    if reachable:
        return reachable[-1]
    if "pass" in moves:
        return "pass"
    return bids[0] if bids else moves[0]


def _play(cards, table):
    trump = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}.get(table["trump"])
    trick = table["trick"]
    if not trick:
        return "play " + _lead(cards, trump)
    lead = trick[0]
    if lead == "JK":
        return "play " + ("JK" if "JK" in cards else min(cards, key=_rank))
    suited = [c for c in cards if _suit(c) == _suit(lead)]
    if suited:
        beaters = [c for c in suited if _rank(c) > _rank(lead)]
        return "play " + min(beaters or suited, key=_rank)
    trumps = [c for c in cards if _suit(c) == trump]
    if trumps:
        return "play " + min(trumps, key=_rank)
    if "JK" in cards:
        return "play JK"
    return "play " + min(cards, key=_rank)


def _lead(cards, trump):
    plain = [c for c in cards if c != "JK"] or cards
    trumps = [c for c in plain if _suit(c) == trump]
    if trumps and max(_rank(c) for c in trumps) >= RANKS.index("Q"):
        return max(trumps, key=_rank)
    high = [c for c in plain if _suit(c) != trump and _rank(c) >= RANKS.index("K")]
    if high:
        return max(high, key=_rank)
    return max(plain, key=_rank) if trumps else min(plain, key=_rank)
