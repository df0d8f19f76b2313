"""Trick-taking machinery shared by the trick games.

Seats are numbered 0..n-1 clockwise, so "the player to the left" of seat s is
``(s + 1) % n``. A trick is a tuple of ``(seat, card)`` in the order played.
Rank order and trumps are the game's data, passed in. A trick is won by one
seat, or by none when the game's rules say so (Lórum's Hairy Ape, where a
trick nobody follows is split): each player then takes back their own card.
"""

from dataclasses import dataclass, replace

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, RankOrder
from ..game import ALL


def left_of(seat, seats, steps=1):
    return (seat + steps) % seats


def highest_cut(cut, ranks):
    """The seat whose cut card (``cut[seat]``) ranks highest; the first of equals."""
    return max(range(len(cut)), key=lambda seat: (ranks.index(cut[seat]), -seat))


def partner_of(seat, seats):
    """The partner across the table in a game of two partnerships."""
    return (seat + seats // 2) % seats


def team_of(seat, seats):
    """Team 0 is seats 0, 2, ...; team 1 is seats 1, 3, ... (partners sit opposite)."""
    return seat % 2


def led_suit(trick):
    return trick[0][1].suit if trick else None


def taken_cards(tricks):
    """``(seat, card)`` for each card of ``tricks`` (``(winner, trick)`` pairs): the seat
    that took it, or its own player in a trick nobody took."""
    for winner, trick in tricks:
        for player, card in trick:
            yield (player if winner is None else winner), card


def follow_suit_plays(hand, trick):
    """The cards of ``hand`` that may be played to ``trick`` when suit must be followed."""
    suit = led_suit(trick)
    if suit is None:
        return list(hand)
    following = [card for card in hand if card.suit == suit]
    return following or list(hand)


def why_not_follow(card, hand, trick):
    """Why ``card`` may not be played from ``hand`` to ``trick``: ``(reason, rule)`` or None."""
    if card not in hand:
        return (f"{card.symbol} is not in your hand", "play.turn")
    suit = led_suit(trick)
    if suit is not None and card.suit != suit and any(c.suit == suit for c in hand):
        return (f"you must follow suit {SUIT_SYMBOLS[suit]} when you can", "play.follow-suit")
    return None


def trick_winner(trick, ranks: RankOrder, trump=None, trump_ranks=None):
    """The seat that wins ``trick``: the highest trump if any was played,
    otherwise the highest card of the suit led. ``trump_ranks`` orders the
    trump suit when it ranks differently (Scotch Whist's jack on top).

    >>> from ..cards import parse_card, ACES_HIGH
    >>> trick = [(0, parse_card("TH")), (1, parse_card("KH")), (2, parse_card("2S")), (3, parse_card("AD"))]
    >>> trick_winner(trick, ACES_HIGH), trick_winner(trick, ACES_HIGH, trump="S")
    (1, 2)
    """
    suit = led_suit(trick)
    if trump is not None and any(card.suit == trump for _, card in trick):
        suit = trump
    order = trump_ranks if trump_ranks is not None and suit == trump else ranks
    best_seat, best = None, None
    for seat, card in trick:
        if card.suit == suit and (best is None or order.beats(card, best)):
            best_seat, best = seat, card
    return best_seat


def card_points(cards, values):
    """The points of ``cards`` when each rank is worth ``values[rank]`` (others nothing).

    >>> from ..cards import parse_cards
    >>> card_points(parse_cards("7H AS 2C QD"), {"7": 5, "A": 4, "K": 3, "Q": 2, "J": 1})
    11
    """
    return sum(values.get(card.rank, 0) for card in cards)


class FollowSuit:
    """What may be played to a trick: a card of the suit led when the player
    has one, otherwise any card. A game with further duties (to beat the card
    winning the trick, to keep back a card, to trump at will) subclasses it;
    each refusal names the rule paragraph it enforces. ``winner`` says who
    takes a trick: the highest trump, else the highest card of the suit led."""

    def legal(self, play):
        return follow_suit_plays(play.hands[play.to_act], play.trick)

    def why_not(self, play, card):
        return why_not_follow(card, play.hands[play.to_act], play.trick)

    def winner(self, play, trick):
        """The seat that takes ``trick``, or None: nobody, each player takes back their own card."""
        return trick_winner(trick, play.ranks, play.trump, play.trump_ranks)


FOLLOW_SUIT = FollowSuit()


def strain_name(trump):
    """``hearts`` / ``no trumps`` for a trump suit or None."""
    return "no trumps" if trump is None else SUIT_NAMES[trump]


@dataclass(frozen=True)
class Auction:
    """An auction in which each bid must top the last, as in King or Kaiser.

    ``order`` lists the seats that bid, in turn (the dealer may be left out).
    The first bidder may be obliged to open (``opening_required``). The
    auction ends after ``passes_to_end`` consecutive passes following a bid,
    or at once when the highest possible bid is made, or when every seat has
    passed without a bid.
    """

    order: tuple
    low: int
    high: int
    opening_required: bool = False
    passes_to_end: int = 2
    turn: int = 0
    bid: int = None
    bidder: int = None
    passes: int = 0
    calls: tuple = ()

    @property
    def to_act(self):
        return None if self.is_over else self.order[self.turn % len(self.order)]

    @property
    def is_over(self):
        if self.bid is None:
            return self.passes >= len(self.order)
        return self.bid >= self.high or self.passes >= self.passes_to_end

    @property
    def minimum(self):
        return self.low if self.bid is None else self.bid + 1

    def may_pass(self):
        return not (self.opening_required and self.bid is None and self.turn == 0)

    def legal_bids(self):
        return list(range(self.minimum, self.high + 1))

    def most_calls(self):
        """The most calls the auction can take: passes before the first bid, every bid from
        ``low`` to ``high`` one after another, and between and after them the passes that do not
        yet end it, then those that do.

        >>> Auction(order=(1, 2, 3), low=1, high=13).most_calls()
        29
        """
        bids = self.high - self.low + 1
        return len(self.order) - 1 + bids + (self.passes_to_end - 1) * (bids - 1) + self.passes_to_end

    def why_not_bid(self, amount):
        if amount < self.minimum:
            if self.bid is None:
                return f"the lowest bid is {self.low}"
            return f"a bid must be higher than {self.bid}"
        if amount > self.high:
            return f"the highest bid is {self.high}"
        return None

    def with_bid(self, amount):
        seat = self.to_act
        return replace(self, turn=self.turn + 1, bid=amount, bidder=seat, passes=0,
                       calls=self.calls + ((seat, amount),))

    def with_pass(self):
        seat = self.to_act
        return replace(self, turn=self.turn + 1, passes=self.passes + 1, calls=self.calls + ((seat, None),))

    def to_json(self):
        return {
            "high_bid": self.bid,
            "high_bidder": self.bidder,
            "calls": [{"seat": seat, "call": "pass" if bid is None else bid} for seat, bid in self.calls],
        }


@dataclass(frozen=True)
class TrickPlay:
    """The cards of one hand of trick play: who holds what, the trick on the
    table, who leads, and the tricks played so far as ``(winner, trick)``.

    It knows how tricks are played and won; the game decides what they score.
    """

    hands: tuple
    leader: int
    ranks: RankOrder
    trump: str = None
    trick: tuple = ()
    tricks: tuple = ()
    rules: FollowSuit = FOLLOW_SUIT
    trump_ranks: RankOrder = None

    @classmethod
    def deal(cls, hands, leader, ranks, trump=None, rules=FOLLOW_SUIT, trump_ranks=None):
        hands = tuple(tuple(sorted(h, key=ranks.sort_key)) for h in hands)
        return cls(hands=hands, leader=leader, ranks=ranks, trump=trump, rules=rules, trump_ranks=trump_ranks)

    @property
    def seats(self):
        return len(self.hands)

    @property
    def to_act(self):
        if self.is_over:
            return None
        return left_of(self.leader, self.seats, len(self.trick))

    @property
    def is_over(self):
        return not self.trick and not any(self.hands)

    @property
    def last_trick(self):
        return self.tricks[-1][1] if self.tricks else ()

    def trick_counts(self, sides=None):
        """Tricks won by each seat, or with ``sides`` by each side (partners sit opposite)."""
        counts = [0] * (sides or self.seats)
        for winner, _ in self.tricks:
            if winner is not None:
                counts[winner % sides if sides else winner] += 1
        return tuple(counts)

    def won_cards(self, sides=None):
        """The cards each seat (or with ``sides``, each side) has taken in tricks."""
        won = [[] for _ in range(sides or self.seats)]
        for taker, card in taken_cards(self.tricks):
            won[taker % sides if sides else taker].append(card)
        return tuple(tuple(cards) for cards in won)

    def winning(self):
        """The seat winning the trick so far, or None before its first card."""
        return self.winner_of(self.trick) if self.trick else None

    def winner_of(self, trick):
        return self.rules.winner(self, trick)

    def legal_cards(self):
        return self.rules.legal(self)

    def why_not(self, card):
        return self.rules.why_not(self, card)

    def play(self, card):
        """The play after the seat to act plays ``card``; a full trick is
        gathered by its winner, who leads next."""
        seat = self.to_act
        hands = list(self.hands)
        hand = list(hands[seat])
        hand.remove(card)
        hands[seat] = tuple(hand)
        trick = self.trick + ((seat, card),)
        if len(trick) < self.seats:
            return replace(self, hands=tuple(hands), trick=trick)
        winner = self.winner_of(trick)
        # A trick nobody takes is led again by the same player.
        leader = self.leader if winner is None else winner
        return replace(self, hands=tuple(hands), trick=(), leader=leader, tricks=self.tricks + ((winner, trick),))

    def in_hand(self, seat):
        """The cards ``seat`` holds in hand, unseen by the others: all it may play, unless a
        layout on the table (``TurnoverPlay``) lays some of them out face up."""
        return self.hands[seat]

    def face_down(self):
        """Cards dealt face down on the table, seen by nobody (none here)."""
        return ()

    def hand_label(self, name):
        return f"{name}'s hand"

    def seat_zones(self, seat, players, viewer, visible):
        """Zones of ``seat``'s own besides its hand (a layout of piles), as ``viewer`` sees them."""
        return []

    def cards(self):
        for hand in self.hands:
            yield from hand
        for _, card in self.trick:
            yield card
        for _, trick in self.tricks:
            for _, card in trick:
                yield card

    def to_json(self, seat, visible=None):
        """The play as ``seat`` sees it: its own hand, the others' counts
        (``seat="all"``: every hand, for worked examples); ``visible(s)``
        says otherwise which hands ``seat`` sees."""
        visible = visible or seeing_own_hand(seat)
        return {
            "hands": [
                [c.text for c in hand] if visible(s) else ["??"] * len(hand)
                for s, hand in enumerate(self.hands)
            ],
            "trick": [{"seat": s, "card": c.text} for s, c in self.trick],
            "leader": self.leader,
            "trump": self.trump,
            "tricks_won": list(self.trick_counts()),
            "last_trick": [{"seat": s, "card": c.text} for s, c in self.last_trick],
            "last_winner": self.tricks[-1][0] if self.tricks else None,
        }


def seeing_own_hand(seat):
    """Whose hands ``seat`` sees, as usual: its own (a commentator, ``ALL``: every hand)."""
    return lambda s: s == seat or seat == ALL


# ---- the table, described for the renderers (rules_engine/table.py) -------------------------------

def trick_zones(play, seat, players, won_notes=None, sides=None, side_names=None, visible=None):
    """The zones of a hand of trick play as ``seat`` sees it: each hand
    (another seat's face down, unless ``visible(s)`` says otherwise) and any
    cards a seat has laid out on the table (``TrickPlay.seat_zones``), the
    tricks won (squared, face down) by each seat or, with ``sides``, by each
    side, in front of its first player, the trick in progress, and the last
    trick, face up until the next is led."""
    from ..table import shown, zone

    visible = visible or seeing_own_hand(seat)
    zones = []
    for s in range(play.seats):
        zones.append(zone(f"hand-{s}", play.hand_label(players[s]), shown(play.in_hand(s), visible(s)),
                          kind="hand", layout="fan", owner=s, backs="hidden", tries="play {card}"))
        zones += play.seat_zones(s, players, seat, visible)
    counts = play.trick_counts(sides)
    names = side_names or players
    for s in range(sides or play.seats):
        older = [card for taker, card in taken_cards(play.tricks[:-1]) if (taker % sides if sides else taker) == s]
        note = won_notes[s] if won_notes else f"{counts[s]} trick{'' if counts[s] == 1 else 's'}"
        zones.append(zone(f"won-{s}", f"{names[s]}'s tricks", shown(older, False), kind="captured",
                          layout="squared", owner=s, note=note))
    zones.append(zone("trick", "The trick", [card for _, card in play.trick], kind="trick", layout="trick",
                      by=[s for s, _ in play.trick], group="table"))
    if play.tricks:
        zones.append(last_trick_zone(play, players))
    return zones


def last_trick_zone(play, players, zone_id="last-trick"):
    from ..table import zone

    winner, trick = play.tricks[-1]
    if winner is None:
        return zone(zone_id, "Last trick, each card taken back by its player", [card for _, card in trick],
                    kind="last-trick", layout="trick", by=[s for s, _ in trick], group="table")
    return zone(zone_id, f"Last trick, taken by {players[winner]}", [card for _, card in trick],
                kind="last-trick", layout="trick", by=[s for s, _ in trick],
                winner=[s for s, _ in trick].index(winner), group="table")


def trick_sentence(play, players, move_seat, card, scored=None):
    """The last card played, in words: ``Seat 2 plays the K♥.``, and when it
    completes a trick, who takes it (and, with ``scored``, what it scores)."""
    played = f"{players[move_seat]} plays the {card.symbol}"
    if play.trick or not play.tricks or play.tricks[-1][1][-1] != (move_seat, card):
        return played + "."
    winner, trick = play.tricks[-1]
    if winner is None:
        taken = "nobody takes the trick: each player takes back their own card"
        return f"{played}; {taken}{': ' + scored if scored else ''}."
    best = dict(trick)[winner]
    taken = f"{players[winner]} wins the trick with the {best.symbol}"
    if scored:
        taken += f": {scored}"
    return f"{played}; {taken}."
