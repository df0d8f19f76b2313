"""Shedding trick play: tricks in which a player who cannot follow suit ends
the trick, and cards go back INTO a hand instead of out of play.

Getaway and Rolling Stone share this shape. Seats play in turn from the
leader, skipping those who have got away; suit must be followed. A trick
that everyone still in follows is discarded face down and its highest card
leads next. A trick that someone cannot follow is *stopped*:

- ``stop_by_playing=True`` (Getaway): the player who cannot follow plays any
  card, play stops there, and the player who had played the highest card of
  the suit led takes the trick's cards into hand and leads;
- ``stop_by_playing=False`` (Rolling Stone): the player who cannot follow
  plays nothing, picks up the trick so far and leads.

``open_tricks`` first tricks are played by everyone and never stopped
(Getaway's first). A player whose hand is empty when a trick is settled has
got away (``out``); a leader who has got away passes the lead to the next
player still in on the left. :class:`SheddingPlay` keeps the cards; the game
decides what ending, if any, the play comes to. :class:`SheddingGame` is a
base for such a game's state: the view, the hidden cards and the table.
"""

from dataclasses import dataclass, replace

from ..cards import ACES_HIGH, SUIT_SYMBOLS, SUITS, RankOrder
from ..game import ALL, State
from ..table import GameEnd, headline, plural, score_sheet, shown, zone
from .tricks import left_of, led_suit, trick_winner, why_not_follow

TAKEN, DISCARDED, PICKED_UP = "taken", "discarded", "picked up"


def deal_round(cards, seats, dealer):
    """All of ``cards`` dealt one at a time from the dealer's left, as far as
    they go (the first players round may get one more than the others)."""
    hands = [[] for _ in range(seats)]
    for i, card in enumerate(cards):
        hands[left_of(dealer, seats, i % seats + 1)].append(card)
    return hands


def deal_order(hands, dealer):
    """The order of a pack that :func:`deal_round` deals into ``hands``
    (lists of cards or card texts, round from the dealer's left), for a
    record or a test that fixes the deal."""
    seats = len(hands)
    queues = [list(hand) for hand in hands]
    order = []
    for i in range(sum(map(len, hands))):
        order.append(queues[left_of(dealer, seats, i % seats + 1)].pop(0))
    return order


def settle_trick(trick, ranks=ACES_HIGH):
    """The seat holding the highest card of the suit led in ``trick``: who
    takes a stopped trick in Getaway, and who leads after a complete one.

    >>> from ..cards import parse_card
    >>> settle_trick([(2, parse_card("9H")), (3, parse_card("KH")), (0, parse_card("AS"))])
    3
    """
    return trick_winner(trick, ranks)


def _sorted(cards, ranks):
    return tuple(sorted(cards, key=ranks.sort_key))


@dataclass(frozen=True)
class SheddingPlay:
    """The cards of one deal of shedding trick play (see the module's docstring).

    ``last`` is ``(how, seat, trick)`` for the trick settled last: ``how`` is
    ``"discarded"`` (``seat`` led the highest card), ``"taken"`` (``seat``
    took it into hand: Getaway) or ``"picked up"`` (Rolling Stone). ``voids``
    holds, per seat, the suits it has shown it lacks and has not received
    since: what an attentive player knows.
    """

    hands: tuple
    leader: int
    ranks: RankOrder = ACES_HIGH
    stop_by_playing: bool = True
    open_tricks: int = 0
    trick: tuple = ()
    number: int = 1
    discards: tuple = ()
    last: tuple = ()
    out: tuple = ()
    voids: tuple = ()

    @classmethod
    def deal(cls, hands, leader, ranks=ACES_HIGH, **kwargs):
        hands = tuple(_sorted(hand, ranks) for hand in hands)
        return cls(hands=hands, leader=leader, ranks=ranks, voids=(frozenset(),) * len(hands), **kwargs)

    # ---- who plays ---------------------------------------------------------------------------

    @property
    def seats(self):
        return len(self.hands)

    def in_play(self):
        """The seats still holding cards in the game (not got away), in seat order."""
        return [s for s in range(self.seats) if s not in self.out]

    def next_in(self, seat):
        """The first player still in to the left of ``seat`` (None if nobody)."""
        for step in range(1, self.seats + 1):
            other = left_of(seat, self.seats, step)
            if other not in self.out and other != seat:
                return other
        return None

    def order(self):
        """The seats that play to this trick, in turn from the leader."""
        return [s for s in (left_of(self.leader, self.seats, i) for i in range(self.seats)) if s not in self.out]

    @property
    def to_act(self):
        order = self.order()
        return order[len(self.trick)] if len(self.trick) < len(order) else None

    @property
    def is_open(self):
        """True while everyone plays to the trick, whether or not they follow."""
        return self.number <= self.open_tricks

    def led(self):
        return led_suit(self.trick)

    def holds(self, seat, suit):
        return any(card.suit == suit for card in self.hands[seat])

    def legal_cards(self):
        """The cards the seat to act may play: the suit led if it has any;
        otherwise any card (Getaway), or none, since it must pick up (Rolling Stone)."""
        hand = self.hands[self.to_act]
        suit = self.led()
        if suit is None:
            return list(hand)
        following = [card for card in hand if card.suit == suit]
        if following or self.stop_by_playing:
            return following or list(hand)
        return []

    def why_not(self, card):
        return why_not_follow(card, self.hands[self.to_act], self.trick)

    def best(self):
        """The seat with the highest card of the suit led so far, or None."""
        return settle_trick(self.trick, self.ranks) if self.trick else None

    # ---- moves -------------------------------------------------------------------------------

    def play(self, card):
        """The play after the seat to act plays ``card``: a trick stopped or
        completed by it is settled at once."""
        seat = self.to_act
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick = self.trick + ((seat, card),)
        voids = list(self.voids)
        suit = led_suit(trick)
        if card.suit != suit:
            voids[seat] = voids[seat] | {suit}
        if card.suit != suit and not self.is_open:
            taker = settle_trick(trick, self.ranks)
            return self._settle(hands, voids, trick, TAKEN, taker)
        if len(trick) == len(self.order()):
            return self._settle(hands, voids, trick, DISCARDED, settle_trick(trick, self.ranks))
        return replace(self, hands=tuple(hands), trick=trick, voids=tuple(voids))

    def pick_up(self):
        """The seat to act cannot follow, and picks up the trick so far."""
        seat = self.to_act
        voids = list(self.voids)
        voids[seat] = voids[seat] | {self.led()}
        return self._settle(list(self.hands), voids, self.trick, PICKED_UP, seat)

    def take_hand(self, seat):
        """``seat`` takes the whole hand of the next player still in on its
        left, who thereby has no cards and gets away."""
        left = self.next_in(seat)
        hands = list(self.hands)
        hands[seat] = _sorted(hands[seat] + hands[left], self.ranks)
        hands[left] = ()
        voids = list(self.voids)
        voids[seat] = voids[seat] & voids[left]
        voids[left] = frozenset()
        return replace(self, hands=tuple(hands), voids=tuple(voids), out=self.out + (left,))

    def _settle(self, hands, voids, trick, how, seat):
        discards = self.discards
        if how == DISCARDED:
            discards = discards + tuple(card for _, card in trick)
        else:
            hands[seat] = _sorted(hands[seat] + tuple(card for _, card in trick), self.ranks)
            voids[seat] = voids[seat] - {card.suit for _, card in trick}
        gone = tuple(s for s in self.order() if not hands[s])
        settled = replace(self, hands=tuple(hands), voids=tuple(voids), trick=(), number=self.number + 1,
                          discards=discards, last=(how, seat, trick), out=self.out + gone, leader=seat)
        if seat in settled.out:
            following = settled.next_in(seat)
            if following is not None:
                settled = replace(settled, leader=following)
        return settled

    # ---- what is seen ------------------------------------------------------------------------

    def shown_last(self):
        """The last trick, face up until the next lead if it was discarded
        (a trick taken into a hand is in that hand)."""
        if self.last and self.last[0] == DISCARDED and not self.trick:
            return self.last[2]
        return ()

    def face_down(self):
        """The discard pile's cards that no one sees."""
        return self.discards[: len(self.discards) - len(self.shown_last())]

    def cards(self):
        for hand in self.hands:
            yield from hand
        for _, card in self.trick:
            yield card
        yield from self.discards

    def to_json(self, seat):
        """The play as ``seat`` sees it: its own hand, the others' sizes."""
        last = None
        if self.last:
            how, who, trick = self.last
            last = {"how": how, "seat": who, "size": len(trick),
                    "trick": [{"seat": s, "card": c.text} for s, c in self.shown_last()]}
        return {
            "hands": [[c.text for c in hand] if s == seat or seat == ALL else ["??"] * len(hand)
                      for s, hand in enumerate(self.hands)],
            "sizes": [len(hand) for hand in self.hands],
            "trick": [{"seat": s, "card": c.text} for s, c in self.trick],
            "trick_number": self.number,
            "leader": self.leader,
            "order": self.order(),
            "out": list(self.out),
            "voids": [[suit for suit in SUITS if suit in v] for v in self.voids],
            "discarded": len(self.discards),
            # Public knowledge: every discarded trick was played face up before it was turned down.
            "discarded_by_suit": {suit: sum(card.suit == suit for card in self.discards) for suit in SUITS},
            "last": last,
        }


# ---- the table and its sentences ----------------------------------------------------------------

def shedding_zones(play, seat, players, notes=None):
    """Each hand (another seat's face down; a player who got away says so),
    the trick in progress, the last trick while it is face up, and the
    discard pile, squared and face down."""
    zones = []
    for s, hand in enumerate(play.hands):
        note = notes[s] if notes else ("got away" if s in play.out else plural(len(hand), "card"))
        zones.append(zone(f"hand-{s}", f"{players[s]}'s hand", shown(hand, s == seat or seat == ALL),
                          kind="hand", layout="fan", owner=s, backs="hidden", tries="play {card}", note=note))
    zones.append(zone("trick", "The trick", [card for _, card in play.trick], kind="trick", layout="trick",
                      by=[s for s, _ in play.trick], group="table"))
    last = play.shown_last()
    if last:
        leader = play.last[1]
        zones.append(zone("last-trick", f"Last trick, discarded: {players[leader]} played highest",
                          [card for _, card in last], kind="last-trick", layout="trick",
                          by=[s for s, _ in last], winner=[s for s, _ in last].index(leader), group="table"))
    down = play.face_down()
    zones.append(zone("discard", "Discard pile", ["??"] * len(down), kind="discard", layout="squared",
                      group="table", note=f"{plural(len(down), 'card')} face down"))
    return zones


def settled_sentence(play, players):
    """How the trick just settled ended, in words (for the last move's sentence)."""
    how, seat, trick = play.last
    suit = SUIT_SYMBOLS[trick[0][1].suit]
    if how == DISCARDED:
        best = dict(trick)[seat]
        return f"everyone followed {suit}: the trick is discarded, and {players[seat]}'s {best.symbol} was highest"
    if how == TAKEN:
        best = dict(trick)[seat]
        return (f"{players[trick[-1][0]]} could not follow {suit}, which stops the trick: {players[seat]}, "
                f"highest with the {best.symbol}, takes its {plural(len(trick), 'card')} into hand")
    cards = "card" if len(trick) == 1 else f"{len(trick)} cards"
    return f"{players[seat]} cannot follow {suit} and picks up the {cards} played"


def names(players, seats):
    return ", ".join(players[s] for s in seats)


class SheddingGame(GameEnd, State):
    """A state of a game of shedding trick play kept in ``self.play``.

    The game sets ``self.play``, ``self.dealer`` and ``self.said`` (the last
    move in a sentence) and writes its moves; this base gives the view, the
    hidden cards and the table, and at the game's end its score item by item (``GameEnd``: the game's
    ``_tally_end(tally)`` and ``_ended()``). Hooks: ``_extra_view(seat)``,
    ``_extra_zones(seat)``, ``_extra_hidden()``, ``_extra_cards()``,
    ``_facts(players)``, ``_hand_notes()``, ``_title()``, ``_result_sentence()``,
    ``_target()`` (the score sheet's, the game's end in words).
    """

    def _draw_dealer(self):
        """The first dealer, by the old custom of dealing cards face up round
        the table from seat 0 until a jack appears: its receiver deals."""
        cards = self._shuffle("first-dealer", self._pack())
        turned = next(i for i, card in enumerate(cards) if card.rank == "J") + 1
        self.dealer_turned = tuple(cards[:turned])
        self.dealer = (turned - 1) % self.seats

    def _deal(self, leader_of, **kwargs):
        self._draw_dealer()
        cards = self._shuffle("deal", self._pack())
        hands = deal_round(cards, self.seats, self.dealer)
        self.play = SheddingPlay.deal(hands, leader_of(hands), **kwargs)
        self.said = None

    def _pack(self):
        from ..cards import make_deck

        return make_deck(self.spec.deck_for(self.seats))

    def candidate_moves(self):
        return [self.forms["play"].make(card) for card in self._pack()] + [
            form.make() for form in self.forms.forms if form.kind != "play"]

    # ---- what each seat sees -----------------------------------------------------------------

    def _table(self, seat):
        return {"dealer": self.dealer, "dealer_turned": len(self.dealer_turned),
                "play": self.play.to_json(seat), **self._extra_view(seat)}

    def _extra_view(self, seat):
        return {}

    def _cards_in_play(self):
        return list(self.play.cards()) + list(self._extra_cards())

    def _extra_cards(self):
        return ()

    def hidden_from(self, seat):
        hands = {card for s, hand in enumerate(self.play.hands) if s != seat and seat != ALL for card in hand}
        return hands | set(self.play.face_down()) | set(self._extra_hidden())

    def _extra_hidden(self):
        return ()

    def _said(self, seat):
        return self.said

    def _log_place(self):
        return getattr(self, "hand_number", None), f"Trick {self.play.number}"

    def _describe(self, seat):
        players = self.player_names()
        zones = shedding_zones(self.play, seat, players, self._hand_notes()) + self._extra_zones(seat)
        return {
            "headline": headline(self._title(), f"Dealer: {players[self.dealer]}", self._dealer_fact(players),
                                 *self._facts(players)),
            "zones": zones,
            "dealer": self.dealer,
            "score": self._score_sheet(),
            "last": self.said,
            "result": self._result_sentence(),
            "interlude": self._end_interlude(zones),
        }

    def _dealer_fact(self, players):
        if self.play.number > 1 or self.play.trick:
            return None
        turned = len(self.dealer_turned)
        return (f"{players[self.dealer]} deals: cards turned up one by one from {players[0]} round the table "
                f"reached that seat with the first jack ({turned} card{'s' * (turned != 1)})")

    def _title(self):
        return f"Trick {self.play.number}"

    def _facts(self, players):
        return []

    def _hand_notes(self):
        """A note on each hand: its size, or that its player got away."""
        return None

    def _extra_zones(self, seat):
        return []

    def _limit_fact(self, limit, then):
        """Within 20 tricks of the game's trick ``limit``: how many are left, and what ``then`` decides."""
        left = limit - self.play.number
        return f"{left + 1} trick{'s' * (left != 0)} to the limit: then {then}" if left < 20 else None

    def _score_sheet(self):
        """The deal's result once the game is over, and the cards each player holds."""
        rows = [("This deal", self.scores.game)] if self.is_over else []
        return score_sheet(self.player_names(), rows, [("Cards in hand", [len(h) for h in self.play.hands])],
                           target=self._target())

    def _target(self):
        return None

    def _result_sentence(self):
        return None
