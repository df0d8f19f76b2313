"""Card-play heuristics for trick games, working from a seat's view only.

Two instincts cover most hands: take tricks cheaply, or shed them safely.
Games combine them with their own bidding and choices.
"""

from ..cards import ACES_HIGH, parse_card
from .tricks import trick_winner


def played(view_trick):
    """A trick as a view lists it: ``(seat, card)`` pairs, in the order played."""
    return [(item["seat"], parse_card(item["card"])) for item in view_trick]


def own_hand(view):
    """The cards the seat holds, from its view of the play."""
    return [parse_card(t) for t in view["table"]["play"]["hands"][view["seat"]]]


def would_win(card, trick, trump, ranks=ACES_HIGH, seat=-1, trump_ranks=None):
    """True if ``card`` would be winning ``trick`` (so far) once played (``trump_ranks``: the
    trump suit's own order, where it differs)."""
    return trick_winner(trick + [(seat, card)], ranks, trump, trump_ranks) == seat


def card_moves(moves):
    """The cards named by ``play CARD`` moves, with each card's move text."""
    return {parse_card(m.split()[1]): m for m in moves if m.startswith("play ") and len(m.split()) == 2
            and m.split()[1] not in ("up", "down")}


def take_tricks(moves, view_trick, trump, ranks=ACES_HIGH):
    """Win the trick as cheaply as possible; if it can't be won, throw the lowest card."""
    options = card_moves(moves)
    trick = played(view_trick)
    cards = sorted(options, key=lambda c: (c.suit == trump, ranks.index(c)))
    if not trick:
        # Lead the highest card of the longest plain suit: it tends to win now.
        return options[max(cards, key=lambda c: (c.suit != trump, ranks.index(c)))]
    winners = [c for c in cards if would_win(c, trick, trump, ranks)]
    return options[(winners or cards)[0]]


def shed_tricks(moves, view_trick, trump, danger=lambda card: 0, ranks=ACES_HIGH, seats=4):
    """Avoid the trick: play the highest card that still loses; when void,
    throw the most dangerous card; lead low. Forced to win, play high when
    last (the trick is lost anyway) and low otherwise (someone may overtake)."""
    options = card_moves(moves)
    trick = played(view_trick)
    cards = sorted(options, key=lambda c: ranks.index(c))
    if not trick:
        return options[min(cards, key=lambda c: (danger(c), ranks.index(c)))]
    losers = [c for c in cards if not would_win(c, trick, trump, ranks)]
    if losers:
        following = [c for c in losers if c.suit == trick[0][1].suit]
        if following:
            return options[following[-1]]
        return options[max(losers, key=lambda c: (danger(c), ranks.index(c)))]
    if len(trick) == seats - 1:
        return options[max(cards, key=lambda c: (-danger(c), ranks.index(c)))]
    return options[min(cards, key=lambda c: (danger(c), ranks.index(c)))]


def hand_strength(hand_texts, trump=None):
    """A rough count of tricks a hand should take: aces, guarded kings, long trumps."""
    hand = [parse_card(t) for t in hand_texts if t != "??"]
    by_suit = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card.rank)
    tricks = 0.0
    for suit, ranks in by_suit.items():
        tricks += ranks.count("A") + 0.6 * (("K" in ranks) and len(ranks) >= 2)
        tricks += 0.3 * (("Q" in ranks) and len(ranks) >= 3)
        if suit == trump:
            tricks += max(0, len(ranks) - 3)
    return tricks
