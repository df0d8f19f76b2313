"""A stops bot that looks ahead: each choice tried on deals the seat cannot
tell apart from the real one, each hand then played out quickly.

At a choice (which card starts a sequence, whether to spend a card that
stops play), the bot deals the cards it cannot see at random among the other
hands and the dead hand, keeping what it knows (the cards played, the dead
cards learnt from stops, any card shown face up, the hands' sizes); then, for
each of its moves, plays the hand to its end with random choices for
everyone and counts what the move earned it in chips. The same deals serve
every move, so that the moves are compared on equal luck; the move with the
best average wins (a move that empties the hand at once is taken
without looking further). Random play-outs are crude, but they see what a rule of
thumb misses: who is likely to hold the next card, whether a run will come
back, when the end is near.

The game supplies its rules as data (:class:`StopsRules`) and its chips as a
function of how the hand ended (``payoff``). Cards are small integers here
(suit × 13 + rank), for speed: a decision costs a few thousand simulated
cards, which Pyodide runs in well under a second.
"""

from dataclasses import dataclass

from ..cards import SUITS, Card, make_deck, parse_card

NOBODY = -1


@dataclass(frozen=True)
class StopsRules:
    """What a play-out needs to know of the game.

    ``start``: ``"any"`` card, or the ``"lowest"`` held of a chosen suit;
    ``interrupter``: a card its holder may add to any play, stopping play
    (Spinado's A♦), or None.
    """

    ranks: object          # RankOrder
    deck: str
    start: str = "any"
    interrupter: Card = None


class PackIndex:
    """The game's pack as integers, and which card follows which (NOBODY: none, a stop)."""

    def __init__(self, rules):
        self.rules = rules
        pack = make_deck(rules.deck)
        self.index = {card: SUITS.index(card.suit) * 13 + rules.ranks.index(card) for card in pack}
        self.card = {i: card for card, i in self.index.items()}
        self.after = [i + 1 if i % 13 < 12 and i + 1 in self.card else NOBODY for i in range(52)]
        self.spinner = self.index[rules.interrupter] if rules.interrupter else NOBODY


def _lowest_by_suit(hand):
    lowest = {}
    for c in hand:
        suit = c // 13
        if suit not in lowest or c < lowest[suit]:
            lowest[suit] = c
    return list(lowest.values())


class Playout:
    """One hand from the position of a choice to its end, every player choosing at random.

    ``hands``: per seat, lists of card integers; ``by``: for each card played,
    the seat that played it (NOBODY for cards not played).
    """

    def __init__(self, pack, hands, by, rng):
        self.pack, self.rng = pack, rng
        self.hands = hands
        self.owner = [NOBODY] * 52
        for seat, hand in enumerate(hands):
            for c in hand:
                self.owner[c] = seat
        self.by = by
        self.winner = None

    def _play(self, seat, c):
        """``seat`` plays ``c``; returns the seat to act and the card it must play (None: a start)."""
        self.hands[seat].remove(c)
        self.owner[c] = NOBODY
        self.by[c] = seat
        if not self.hands[seat]:
            self.winner = seat
            return seat, None
        nxt = self.pack.after[c]
        if nxt == NOBODY or self.owner[nxt] == NOBODY:
            return seat, None
        return self.owner[nxt], nxt

    def move(self, seat, c, spin=False):
        """``seat`` plays ``c`` (with the interrupter when ``spin``)."""
        to_act, need = self._play(seat, c)
        if spin and self.winner is None:
            self._play(seat, self.pack.spinner)
            return seat, None
        return to_act, need

    def run(self, seat, need):
        """Play on from ``seat`` (to play ``need``, or to start) to the hand's end; the winner."""
        rng, spinner, hands = self.rng, self.pack.spinner, self.hands
        lowest = self.pack.rules.start == "lowest"
        while self.winner is None:
            hand = hands[seat]
            if need is None:
                options = _lowest_by_suit(hand) if lowest else hand
                c = options[int(rng.random() * len(options))]
            else:
                c = need
            # a random player adds the interrupter to about half its plays, as its move list does
            spin = spinner != NOBODY and c != spinner and spinner in hand and rng.random() < 0.5
            seat, need = self.move(seat, c, spin)
        return self.winner


class Imagined:
    """Deals consistent with what ``seat`` knows, from its view (``table.play``)."""

    def __init__(self, pack, view, known_dead=(), placed=None):
        play = view["table"]["play"]
        self.pack, self.seat = pack, view["seat"]
        index = pack.index
        self.mine = [index[parse_card(t)] for t in play["hands"][self.seat]]
        self.sizes = [len(h) if isinstance(h, list) else h for h in play["hands"]]
        self.by = [NOBODY] * 52
        for s, text in play["played"]:
            self.by[index[parse_card(text)]] = s
        placed = {index[card]: where for card, where in (placed or {}).items()
                  if self.by[index[card]] == NOBODY and where != self.seat}
        dead = {index[card] for card in known_dead} | {c for c, where in placed.items() if where is None}
        self.placed = {c: where for c, where in placed.items() if where is not None}
        seen = set(self.mine) | {c for c in range(52) if self.by[c] != NOBODY} | dead | set(self.placed)
        self.unknown = [c for c in pack.card if c not in seen]
        seats = len(self.sizes)
        # the other hands, then the rest of the dead hand (its known cards are out of play anyway)
        self.free = [0 if s == self.seat else self.sizes[s] - sum(1 for w in self.placed.values() if w == s)
                     for s in range(seats)]
        self.free.append(len(self.unknown) - sum(self.free))
        self.barred = self._barred(play)

    def _barred(self, play):
        """For each unknown card, the seats known not to hold it: with ``start="lowest"``, a player
        who started a suit holds none of it below the card they started with."""
        barred = {c: set() for c in self.unknown}
        if self.pack.rules.start != "lowest":
            return barred
        index, after, previous = self.pack.index, self.pack.after, NOBODY
        for s, text in play["played"]:
            c = index[parse_card(text)]
            if previous == NOBODY or after[previous] != c:   # not the next card: a start
                for below in range(c - c % 13, c):
                    if below in barred:
                        barred[below].add(s)
            previous = c
        return barred

    def sample(self, rng):
        """The unknown cards dealt at random, the most constrained first, each to a pile with room
        that may hold it (chosen in proportion to the room left)."""
        room = list(self.free)
        piles = [[] for _ in room]
        order = sorted(self.unknown, key=lambda c: (-len(self.barred[c]), rng.random()))
        for c in order:
            allowed = [p for p in range(len(room)) if room[p] and p not in self.barred[c]]
            if not allowed:  # what was learnt does not fit this deal: ignore it for this card
                allowed = [p for p in range(len(room)) if room[p]]
            pick = rng.random() * sum(room[p] for p in allowed)
            for p in allowed:
                pick -= room[p]
                if pick < 0:
                    break
            piles[p].append(c)
            room[p] -= 1
        hands = []
        for s in range(len(self.sizes)):
            placed = [c for c, w in self.placed.items() if w == s]
            hands.append(list(self.mine) if s == self.seat else piles[s] + placed)
        return hands


def parse_move(text):
    """``play 5C`` or ``play 5C with AD``: the card, and whether the interrupter goes with it;
    ``pass`` (the next card held back, where the game allows it): no card."""
    words = text.split()
    if words == ["pass"]:
        return None, False
    return parse_card(words[1]), len(words) == 4


def search(view, rng, rules, payoff, known_dead=(), placed=None, playouts=240):
    """The move of ``view["moves"]`` with the best average ``payoff(playout, seat)`` over random play-outs.

    ``placed`` maps cards the seat can see elsewhere (a turned card) to the
    seat holding them, None for the dead hand. ``playouts`` is shared out
    among the moves.
    """
    moves = view["moves"]
    pack = PackIndex(rules)
    imagined = Imagined(pack, view, known_dead, placed)
    seat = imagined.seat
    parsed = [parse_move(m) for m in moves]
    for move, (card, spin) in zip(moves, parsed):
        if card is not None and len(imagined.mine) == 1 + spin:   # out of cards at once: the hand is won
            return move
    played = view["table"]["play"]["played"]
    last = played[-1][0] if played else seat   # who starts again when the next card is held back
    totals = [0.0] * len(moves)
    rounds = max(8, playouts // len(moves))
    for _ in range(rounds):
        hands = imagined.sample(rng)
        for i, (card, spin) in enumerate(parsed):
            out = Playout(pack, [list(h) for h in hands], list(imagined.by), rng)
            to_act, need = (last, None) if card is None else out.move(seat, pack.index[card], spin)
            if out.winner is None:
                out.run(to_act, need)
            totals[i] += payoff(out, seat)
    best = max(range(len(moves)), key=lambda i: (totals[i], rng.random()))
    return moves[best]
