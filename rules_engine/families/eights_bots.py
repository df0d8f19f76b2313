"""What the Crazy Eights family's heuristic bots share, working from a seat's view only.

Each bot rates every card it may play by its own game's heuristic and plays the best, never
drawing while it can play. The instincts they share: a card that makes a player draw or lose
a turn is worth more on one close to going out; a suit is worth calling when the hand keeps
many cards of it; and a card the hand could follow again keeps play in its hands.
"""

from ..cards import SUIT_NAMES, parse_card

SUIT_WORDS = {name: suit for suit, name in SUIT_NAMES.items()}   # "hearts": "H"


def own_hand(view):
    """The cards the seat holds."""
    return [parse_card(t) for t in view["table"]["hands"][view["seat"]]]


def hand_sizes(table):
    """How many cards each seat holds: the seat's own hand is listed, the others' counted."""
    return [n if isinstance(n, int) else len(n) for n in table["hands"]]


def seat_after(table, seat, steps=1):
    """The player ``steps`` places after ``seat`` in the direction of play, among those still in."""
    active, direction = table["active"], table["direction"]
    return active[(active.index(seat) + direction * steps) % len(active)]


def nearness(size, within):
    """How near a player holding ``size`` cards is to going out: 0 at ``within`` cards or more,
    ``within`` with none."""
    return within - min(size, within)


def suit_counts(hand, playing, kept):
    """How many cards of each suit ``hand`` holds besides ``playing``, leaving out the cards the
    bot keeps back for later (``kept(card)``: its wild cards, say)."""
    counts = dict.fromkeys("SHDC", 0)
    for card in hand:
        if card is not playing and not kept(card):
            counts[card.suit] += 1
    return counts


def called_suit(move):
    """The suit a move calls (``play 8S call hearts``: ``H``), or None."""
    words = move.split()
    return SUIT_WORDS[words[words.index("call") + 1]] if "call" in words else None


def followers(card, cards):
    """How many of ``cards`` could follow ``card`` by suit or rank, were play to come back."""
    return sum(1 for c in cards if c.suit == card.suit or c.rank == card.rank)


def best_play(moves, value, rng, fits=lambda move: True):
    """Of the ``play`` moves that ``fits``, the one ``value`` rates highest, equals drawn by
    chance; with none, the first other move (a draw or a pass)."""
    plays = [m for m in moves if m.startswith("play") and fits(m)]
    if not plays:
        return next(m for m in moves if not m.startswith("play"))
    return max(plays, key=lambda m: (value(m), rng.random()))
