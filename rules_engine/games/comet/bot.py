"""Comet's heuristic bot, from its seat's view only.

At a real choice it looks ahead: the cards it cannot see are dealt at random
in ways consistent with what it knows (``families/stops_search.py``:
``Imagined``), and each of its moves is played out to the hand's end on the
same deals, everyone choosing at random except that a comet's holder keeps
it until it is their last card. A play-out is worth the hand's points when
the bot goes out, less a share of them when someone else does, less the
point for a comet still held. So it starts the sequences it can continue,
holds back the cards that would hand play to a player about to go out, and
spends the comet where it pays: to stop a player about to go out, to take
play back when nobody can answer it, or to go out.

The comet may be played at any time, so it is the perfect last card; the
bot lets play go on without looking further while nobody is near the end
(``CLOSE``), which keeps it quick.
"""

from ...cards import ACES_LOW, parse_card
from ...families.stops_bots import StopsKnowledge
from ...families.stops_search import NOBODY, Imagined, PackIndex, StopsRules, parse_move

COMET, TEN_OF_DIAMONDS = parse_card("9D"), parse_card("TD")
RULES = StopsRules(ACES_LOW, "51")
PACK = PackIndex(RULES)
NINE, TEN = PACK.index[COMET], PACK.index[TEN_OF_DIAMONDS]
KINGS = [PACK.index[parse_card("K" + suit)] for suit in "SHDC"]
PLAYOUTS = 480
CLOSE = 3   # at a window, look ahead only when a hand (its own or another's) is this small


class CometPlayout:
    """One hand from a choice to its end; cards are integers as in ``stops_search``."""

    def __init__(self, hands, kings_unplayed, rng):
        self.hands, self.kings_unplayed, self.rng = hands, kings_unplayed, rng
        self.owner = [NOBODY] * 52
        for seat, hand in enumerate(hands):
            for c in hand:
                self.owner[c] = seat
        self.winner = None

    def _remove(self, seat, c):
        self.hands[seat].remove(c)
        self.owner[c] = NOBODY
        self.kings_unplayed -= c in KINGS
        if not self.hands[seat]:
            self.winner = seat

    def play(self, seat, c):
        """``seat`` plays ``c`` (not the comet): the seat to act next and the card it needs (None: a start)."""
        self._remove(seat, c)
        nxt = PACK.after[c]
        if self.winner is not None or nxt == NOBODY or self.owner[nxt] == NOBODY:
            return seat, None
        return self.owner[nxt], nxt

    def comet(self, seat, need):
        """``seat`` plays the comet, breaking into a sequence that needed ``need`` (None: none):
        the first player to its left holding the 10♦ or ``need`` answers, else ``seat`` starts."""
        self._remove(seat, NINE)
        if self.winner is not None:
            return seat, None
        seats = len(self.hands)
        for step in range(1, seats + 1):
            answerer = (seat + step) % seats
            cards = [c for c in (TEN, need) if c is not None and self.owner[c] == answerer]
            if cards:
                return self.play(answerer, cards[int(self.rng.random() * len(cards))])
        return seat, None

    def run(self, seat, need):
        """Play on to the hand's end, everyone at random but for the comet kept as a last card."""
        rng, hands, owner = self.rng, self.hands, self.owner
        while self.winner is None:
            holder = owner[NINE]
            if holder != NOBODY and len(hands[holder]) == 1:
                seat, need = self.comet(holder, need)
                continue
            if need is None:
                hand = [c for c in hands[seat] if c != NINE]
                c = hand[int(rng.random() * len(hand))]
            else:
                c = need
            seat, need = self.play(seat, c)

    def value(self, me):
        """The hand's points to ``me`` if it went out, else minus a share of the winner's; less the
        point for a comet still held."""
        won = 1 + sum(len(h) for h in self.hands) + 2 * self.kings_unplayed
        value = won if self.winner == me else -won / (len(self.hands) - 1)
        return value - (self.owner[NINE] == me)


def _needed(view, know):
    """The card the sequence under way needs (None: a start is due)."""
    play = view["table"]["play"]
    return know.after(parse_card(play["played"][-1][1])) if play["sequence"] else None


def known_dead(know):
    """The cards known to lie in the stub, learnt from the stops so far. A card after the comet
    answers it (the 10♦ or the card it broke into) or, when it is neither, starts afresh
    because nobody could answer: then both are out of play."""
    dead, order = set(), know.order
    for i in range(len(order) - 1):
        card, nxt = order[i][1], order[i + 1][1]
        gone = {c for _, c in order[: i + 1]}
        if nxt == COMET:
            continue
        if card == COMET:
            broken = know.after(order[i - 1][1]) if i and order[i - 1][1] != COMET else None
            stops = () if nxt in (TEN_OF_DIAMONDS, broken) else (TEN_OF_DIAMONDS, broken)
        else:
            stops = (know.after(card),) if nxt != know.after(card) else ()
        dead |= {c for c in stops if c is not None and c in know.pack and c not in gone}
    return dead


def choose(view, rng):
    # Waiting for its own turn would only give up chances to stop a player about to go out.
    moves = [move for move in view["moves"] if move != "wait for my turn"]
    if len(moves) == 1:
        return moves[0]
    table = view["table"]
    removed = [parse_card(t) for t in table["removed"]]
    know = StopsKnowledge(view, ACES_LOW, "51", interrupters=(COMET,), removed=removed)
    sizes = [len(h) if isinstance(h, list) else h for h in table["play"]["hands"]]
    if know.hand == {COMET}:
        return "play 9D"
    if "pass" in moves and min(sizes) > CLOSE:
        return "pass"
    me, need = view["seat"], _needed(view, know)
    imagined = Imagined(PACK, view, known_dead=known_dead(know) | set(removed))
    kings = 4 - sum(1 for c in know.played if c.rank == "K")
    totals = dict.fromkeys(moves, 0.0)
    for _ in range(max(8, PLAYOUTS // len(moves))):
        hands = imagined.sample(rng)
        if need is not None and not any(PACK.index[need] in h for h in hands):
            _place(hands, PACK.index[need], me, rng)
        for move in moves:
            out = CometPlayout([list(h) for h in hands], kings, rng)
            seat, after = _apply(out, move, me, need, table["play"]["starter"])
            if out.winner is None:
                out.run(seat, after)
            totals[move] += out.value(me)
    return max(moves, key=lambda m: (totals[m], rng.random()))


def _place(hands, card, me, rng):
    """The card a sequence waits for is in someone's hand, not the stub: swap it into one."""
    others = [s for s, h in enumerate(hands) if s != me and h]
    seat = others[int(rng.random() * len(others))]
    hands[seat][int(rng.random() * len(hands[seat]))] = card


def _apply(out, move, me, need, starter):
    """The bot's own move in a play-out: the seat to act after it and the card it needs."""
    need = PACK.index[need] if need is not None else None
    if move == "pass":   # play goes on: the holder of the card needed plays it, or the starter starts
        return (out.owner[need], need) if need is not None else (starter, None)
    card, _ = parse_move(move)
    if card == COMET:
        return out.comet(me, need)
    return out.play(me, PACK.index[card])
