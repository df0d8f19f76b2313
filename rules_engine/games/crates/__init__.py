"""Crates: Crazy Eights with an effect for most ranks, over fifteen hands of 8 down to 1 and back to 8 cards.

- 52 cards, two to five players; four play in two partnerships, partners
  opposite, unless the ``partners`` option is off (``setup.partners``). Hand
  ``n`` deals ``HAND_SIZES[n - 1]`` cards each; the next card is the upcard
  (``setup.deal``). An 8 or 9 turned up: the dealer calls a suit, for a 9 one
  of its colour (``play.first-upcard``).
- The dealer's left plays first; a card matches the upcard by suit or rank, or
  follows the suit called; a player who cannot play draws one card, which ends
  the turn (``play.turn``, ``play.match``, ``play.draw``).
- The stock empty when a player must draw: a pressure, worth 5 to their side,
  then 10, 20... over the game; the discards under the upcard become the
  stock (``play.pressure``).
- Effects: a 2 starts a 2-sequence (2s and aces in turn, the first who cannot
  play draws their pips in all); 4 skip; 5 everyone else draws one in turn; 6
  play a second card or draw (the Cooper); 7 and jacks make another player
  draw by the number of players; 8 (on anything) and 9 call a suit, a 9 one of
  its colour; 10 reverse (``play.two-sequence`` ... ``play.ten``).
- A player left with one card says "one card"; with the ``forgetful`` option
  a forgotten call costs two cards at the start of their next turn
  (``play.one-card``).
- The hand ends when a player ends a turn with no cards, or when a 2-sequence
  pending then is resolved; cards left score, 3s covering others
  (``scoring.hand``); after fifteen hands the lowest total wins (``end.game``).
"""

from ...cards import SUIT_NAMES, SUITS
from ...families.eights import Effect, EightsGame, eights_forms
from ...game import GameSpec, Option
from ...scoring import Fact, ScoreHand, ScoreRule
from ...table import Tally, plural, score_sheet

HAND_SIZES = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
SEQUENCE = ("2", "A")     # the ranks of a 2-sequence
EFFECTS = {
    "2": Effect(draw=2, stack=SEQUENCE, rule="play.two-sequence"),
    "4": Effect(skip=True, rule="play.four"),
    "8": Effect(call=True, wild=True, rule="play.eight"),
    "9": Effect(call=True, rule="play.eight"),
    "T": Effect(reverse=True, rule="play.ten"),
}
# Cards that make one other player draw a card, without losing a turn: for each number of
# players, how many places on from the card's player (in the direction of play) that player sits.
OTHER_DRAWS = {"7": {2: 1, 3: 1, 4: 2, 5: 2}, "J": {2: 1, 3: -1}}
VALUES = {"A": 1, "2": 20, "4": 15, "5": 30, "6": 30, "7": 20, "8": 50, "9": 30, "T": 25, "J": 10, "Q": 10, "K": 10}
LONE_THREE = -50
COVERED = 3
FIRST_PRESSURE = 5
RED = "HD"


def hand_score(cards):
    """What the cards left in a hand score: their values, each 3 covering one other card but an
    8 (the costliest first), which then counts 3; a hand of 3s alone scores −50 a 3.

    >>> from rules_engine.cards import parse_cards
    >>> hand_score(parse_cards("KS 5H 3D")), hand_score(parse_cards("3S 3C")), hand_score(parse_cards("8S 3D"))
    (13, -100, 50)
    >>> hand_score(parse_cards("3S 3C AH")), hand_score([])
    (1, 0)
    """
    threes = sum(1 for c in cards if c.rank == "3")
    others = [c for c in cards if c.rank != "3"]
    if threes and not others:
        return LONE_THREE * threes
    coverable = sorted((VALUES[c.rank] for c in others if c.rank != "8"), reverse=True)
    eights = sum(VALUES["8"] for c in others if c.rank == "8")
    covered = [min(v, COVERED) for v in coverable[:threes]]
    return eights + sum(covered) + sum(coverable[threes:])


def ordinal(n):
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def pressure_value(number):
    """The ``number``-th pressure of a side in the game: 5, then double the one before.

    >>> [pressure_value(n) for n in (1, 2, 3, 4)]
    [5, 10, 20, 40]
    """
    return FIRST_PRESSURE * 2 ** (number - 1)


def hand_row(hand, facts, context):
    """The score pad's calculator: a hand's row from each column's points for the cards left
    (3s counted) and its pressures in the hand, which double over the whole game (the count so
    far comes from the previous row's ``state``).

    >>> row = hand_row(1, {"cards": [40, 13], "pressures": [1, 0]}, {})
    >>> row["points"], row["state"]
    ([45, 13], {'pressures': [1, 0]})
    >>> hand_row(2, {"cards": [0, -50], "pressures": [2, 1]}, row["state"])["points"]
    [30, -45]
    """
    cards, taken = facts["cards"], facts["pressures"]
    before = list(context.get("pressures") or [0] * len(cards))
    if len(before) != len(cards):
        before = [0] * len(cards)
    points, after, details = [], [], []
    for column, (score, count) in enumerate(zip(cards, taken)):
        extra = sum(pressure_value(before[column] + k) for k in range(1, count + 1))
        points.append(score + extra)
        after.append(before[column] + count)
        if count:
            details.append(f"column {column + 1}: {plural(count, 'pressure')} for {extra}")
    detail = "cards left, 3s covering others" + (f"; {', '.join(details)}" if details else "")
    return {"points": points, "rule": "scoring.hand", "detail": detail, "state": {"pressures": after}}


FACTS = (
    Fact("cards", "Points for the cards left (3s counted)", per_seat=True, low=-400, high=5000),
    Fact("pressures", "Pressures taken in this hand", per_seat=True, low=0, high=40,
         help="the first of a side's game is worth 5, each later one twice the one before"),
)
SCORING = ScoreRule(
    wins="low",
    hands=tuple(ScoreHand(f"Hand {n}: {plural(size, 'card')}", "scoring.hand", facts=FACTS)
                for n, size in enumerate(HAND_SIZES, 1)),
    partnerships=2,
    calculator=hand_row,
    rule="scoring.hand",
    end_rule="end.game",
    cites=("play.pressure",),
)


class CratesState(EightsGame):
    spec = GameSpec(
        id="crates",
        name="Crates",
        family="crazy eights",
        seats=(2, 5),
        default_seats=4,
        deck="52",
        summary="Crazy Eights with an effect for most ranks and pressures for an empty stock, over fifteen hands "
                "of eight cards down to one and back; four play in partnerships, and the lowest total wins.",
        options=(
            Option("partners", True, (True, False), "four players play as two partnerships, partners opposite "
                   "(no effect with two, three or five)"),
            Option("forgetful", False, (False, True), "a player may forget to say “one card”, and starts their "
                   "next turn by drawing two"),
        ),
        rules=("setup.deal", "setup.partners", "play.match", "play.draw", "play.pressure", "play.first-upcard",
               "play.two-sequence", "play.four", "play.five", "play.six", "play.seven", "play.eight",
               "play.ten", "play.jack", "play.one-card", "scoring.hand", "interpretation.first-dealer",
               "interpretation.first-upcard", "interpretation.eights", "interpretation.must-play",
               "interpretation.last-card", "interpretation.threes", "interpretation.empty-pile",
               "interpretation.hand-limit"),
        scoring=SCORING,
    )
    forms = eights_forms("one card")
    EFFECTS = EFFECTS
    CALL = "one card"
    HAND_LIMIT = 300

    # ---- setup ----------------------------------------------------------------------------------

    def _setup(self):
        self.sides = 2 if self.seats == 4 and self.options["partners"] else self.seats
        self.pressures = (0,) * self.sides    # each side's pressures in the game so far
        self.owed = (0,) * self.seats         # cards owed for a forgotten call, drawn at the next turn
        self.notes = []
        super()._setup()

    def _copied(self):
        super()._copied()
        self.notes = []

    def _start_hand(self, number, dealer):
        self.hand_pressure = (0,) * self.sides   # points for pressures in this hand, by side
        self.emptied, self.owed = None, (0,) * self.seats
        super()._start_hand(number, dealer)

    def _hand_size(self):
        return HAND_SIZES[self.hand_number - 1]

    def side_of(self, seat):
        return seat % self.sides

    def side_names(self):
        players = self.player_names()
        return tuple(" and ".join(players[s] for s in range(side, self.seats, self.sides)) for side in range(self.sides))

    # ---- draws and pressures --------------------------------------------------------------------

    def _draw(self, seat, count):
        """``seat`` draws ``count``; each time the stock is empty as they must draw, a pressure
        (``play.pressure``), and the discards under the upcard become the stock. With nothing
        under the upcard there is no new stock and no pressure (``interpretation.empty-pile``)."""
        got = 0
        for _ in range(count):
            if not self.stock:
                if len(self.discard) < 2:
                    break
                self._pressure(seat)
                self._rebuild()
            self.hands[seat].append(self.stock.pop())
            got += 1
        return got

    def _pressure(self, seat):
        side = self.side_of(seat)
        number = self.pressures[side] + 1
        value = pressure_value(number)
        self.pressures = tuple(n + (s == side) for s, n in enumerate(self.pressures))
        self.hand_pressure = tuple(p + value * (s == side) for s, p in enumerate(self.hand_pressure))
        whose = "their side's" if self.sides < self.seats else "their"
        self.notes.append(f"the stock ran out: {self.player_names()[seat]} takes a pressure, {whose} "
                          f"{ordinal(number)} of the game, for {plural(value, 'point')}, and the discards "
                          f"make a new stock")

    def _others_draw(self, seat, card):
        """A 5: everyone else draws one, in turn (``play.five``); a 7 or a jack: one player, by the
        number of players (``play.seven``, ``play.jack``)."""
        players, lines = self.player_names(), []
        if card.rank == "5":
            victims = [self._next(seat, k) for k in range(1, len(self.active))]
        else:
            steps = OTHER_DRAWS.get(card.rank, {}).get(self.seats)
            victims = [] if steps is None else [self._next(seat, steps)]
        for victim in victims:
            got = self._draw(victim, 1)
            lines += self.notes   # a pressure in the middle of a 5's draws, where it falls
            self.notes = []
            lines.append(f"{players[victim]} draws {'a card' if got else 'nothing'}")
        return lines

    # ---- what may be played -------------------------------------------------------------------------

    def matches(self, card):
        """``play.match``: by suit or rank, an 8 on anything; after a call, the suit called or a
        card of the calling card's rank (``play.eight``)."""
        if self.effect(card).wild:
            return True
        if self.called is not None:
            return card.suit == self.called or card.rank == self.up.rank
        return card.suit == self.up.suit or card.rank == self.up.rank

    def _callable(self, card, suit):
        return card.rank != "9" or (suit in RED) == (card.suit in RED)

    def _legal(self):
        seat, forms = self.turn, self.forms
        hand = list(dict.fromkeys(self.hands[seat]))
        if self.phase == "call":
            return [forms["call"].make(s) for s in SUITS if self._callable(self.up, s)]
        if self.phase == "draws":
            plays = self._plays(seat, [c for c in hand if c.rank in SEQUENCE], plain=True)
            return plays or [forms["draw-all"].make(self.pending)]
        plays = [m for m in self._plays(seat, [c for c in hand if self.matches(c)])
                 if not m.kind.startswith("play-call") or self._callable(m.card, m.args[1])]
        return plays or [forms["draw"].make() if self._can_draw() else forms["pass"].make()]

    def _why_not(self, move):
        seat, name = self.turn, self.player_names()[self.turn]
        kind = move.kind.split("+")[0]
        if self.phase == "call":
            if move.kind == "call":
                return ("a 9 turned up lets the dealer call only a suit of its colour", "play.first-upcard")
            return (f"{name} deals and turned up the {self.up.symbol}: they call a suit first", "play.first-upcard")
        if kind.startswith("play") and move.card not in self.hands[seat]:
            return (f"{name} does not hold the {move.card.symbol}", "play.turn")
        if self.phase == "draws":
            if kind == "play" and move.card.rank in SEQUENCE:
                if move.kind.endswith("+said"):
                    return (f"“{self.CALL}” is said only by a player left with one card", "play.one-card")
                return (f"playing your next-to-last card, you say “{self.CALL}”: {move.text} {self.CALL}",
                        "play.one-card")
            if move.kind in ("draw-all", "draw", "pass") and any(m.kind.startswith("play") for m in self._legal_now()):
                return (f"{name} holds a 2 or an ace and must play it on the 2-sequence", "interpretation.must-play")
            return (f"a 2-sequence is on: {name} plays a 2 or an ace, or draws {self.pending}", "play.two-sequence")
        if kind == "play-as" or move.kind == "name":
            return ("Crates has no jokers", "play.match")
        if move.kind in ("draw", "pass", "draw-all") and any(m.kind.startswith("play") for m in self._legal_now()):
            return (f"{name} can play a card, and draws only when unable to", "interpretation.must-play")
        if kind == "play-call" and move.card.rank == "9" and self.matches(move.card) \
                and not self._callable(move.card, move.args[1]):
            return (f"a 9 calls a suit of its own colour: the {move.card.symbol} calls "
                    f"{' or '.join(SUIT_NAMES[s] for s in SUITS if self._callable(move.card, s))}", "play.eight")
        if kind == "play-call" and move.card.rank not in "89":
            return ("only an 8 or a 9 calls a suit", "play.eight")
        if kind == "play" and move.card.rank in "89" and self.matches(move.card):
            return (f"an {move.card.rank} is played with a suit called: play {move.card.text} call hearts"
                    if move.card.rank == "8" else
                    f"a 9 is played with a suit called: play {move.card.text} call "
                    f"{'hearts' if move.card.suit in RED else 'spades'}", "play.eight")
        if self.phase == "again" and kind.startswith("play") and not self.matches(move.card):
            return (f"after a 6, {name} plays another 6 or a card of its suit, or draws", "play.six")
        reason, rule = super()._why_not(move)
        return reason, {"play.last-one": "play.one-card", "play.draws": "play.two-sequence",
                        "play.three": "play.six"}.get(rule, rule)

    def candidate_moves(self):
        forms = self.forms
        moves = [m for m in super().candidate_moves() if m.kind != "name" and not m.kind.startswith("play-as")]
        return moves + [forms["call"].make("H"), forms["play-call"].make(self.hands[self.turn][0], "S")
                        if self.hands[self.turn] else forms["draw"].make()]

    # ---- moves ----------------------------------------------------------------------------------

    def _play(self, move):
        seat = self.turn
        super()._play(move)
        if move.kind == "draw-all" and self.emptied is not None and not self.over and self.hand_moves:
            # A 2-sequence pending when a player ran out of cards: resolved, it ends the hand.
            holder = self.emptied if not self.hands[self.emptied] else None
            self.notes += ["the 2-sequence is resolved and the hand ends" + ("" if holder is not None else
                                                                              " with nobody out")]
            self.notes += self._end_hand(holder)
        if self.notes:
            self.said = self.said[:-1] + "; " + "; ".join(self.notes) + "."
            self.notes = []
        self._collect_owed(seat)

    def _collect_owed(self, mover):
        """A forgotten call costs two cards at the start of its player's next turn (``play.one-card``):
        not in the middle of the turn a 6 extends."""
        seat = self.turn
        if self.over or not self.owed[seat] or (seat == mover and self.phase == "again"):
            return
        got = self._draw(seat, self.owed[seat])
        self.owed = tuple(0 if s == seat else n for s, n in enumerate(self.owed))
        line = f"{self.player_names()[seat]} draws {plural(got, 'card')} for the “{self.CALL}” not said"
        self.said = self.said[:-1] + "; " + "; ".join([line] + self.notes) + "."
        self.notes = []

    def _play_card(self, seat, name, move):
        card = move.card
        in_sequence = self.phase == "draws"
        lines = [self._lay(seat, name, move)]
        if len(self.hands[seat]) == 1 and self.CALL and not move.kind.endswith("+said"):
            self.owed = tuple(self.CALL_PENALTY if s == seat else n for s, n in enumerate(self.owed))
        if in_sequence or card.rank == "2":
            if not self.hands[seat] and self.emptied is None:
                self.emptied = seat
            self.pending += 2 if card.rank == "2" else 1
            self.pending_stack, self.phase = SEQUENCE, "draws"
            self.turn = self._next(seat)
            lines.append(f"the 2-sequence stands at {plural(self.pending, 'card')}")
            return lines
        self.phase = "play"
        if card.rank == "6":
            self.phase = "again"
            lines.append(f"{name} must play again" if self.hands[seat] else
                         f"a Cooper: {name} must play again and has no card, so draws")
            if not self.hands[seat]:
                got = self._draw(seat, 1)
                lines[-1] += f" {'a card' if got else 'nothing'}"
                self.phase = "play"
                self._advance(seat, Effect())
            return lines
        lines += self._others_draw(seat, card)
        if not self.hands[seat]:
            return lines + self._end_hand(seat)
        return lines + self._advance(seat, self.effect(card))

    def _after_card(self, seat, card, first=False):
        """The first upcard: an 8 or 9 asks the dealer to call a suit; no other card acts
        (``interpretation.first-upcard``)."""
        self.phase = "call" if self.effect(card).call else "play"
        self.turn = seat if self.phase == "call" else self._next(seat)
        return []

    # ---- the hand's end and the game's --------------------------------------------------------------

    def hand_tally(self, winner):
        """Each side's points for the hand, item by item (a ``table.Tally``): the cards its players
        hold (``hand_score``, ``scoring.hand``) and the pressures it took in the hand (``play.pressure``)."""
        tally, players = Tally(self.sides), self.player_names()
        for seat, hand in enumerate(self.hands):
            if hand:
                tally.add(self.side_of(seat), f"{players[seat]}'s cards", hand_score(hand), "scoring.hand", hand,
                          plural(len(hand), "card"))
        for side, points in enumerate(self.hand_pressure):
            if points:
                tally.add(side, "Pressures", points, "play.pressure")
        return tally

    def _members(self, side):
        return [s for s in range(self.seats) if self.side_of(s) == side]

    def _end_hand(self, winner):
        players, names = self.player_names(), self.side_names()
        tally = self.hand_tally(winner)
        won = tuple(tally.points[self.side_of(s)] for s in range(self.seats))
        lines = [f"{players[winner]} is out of cards"] if winner is not None else []
        lines += [f"{players[s]} holds {plural(len(hand), 'card')}, for {plural(hand_score(hand), 'point')}"
                  for s, hand in enumerate(self.hands) if hand]
        lines += [f"{names[side]}: {plural(p, 'point')} in pressures this hand"
                  for side, p in enumerate(self.hand_pressure) if p]
        self._record_hand(won, lines, tally.breakdown(names, self._members))
        self.hand_pressure = (0,) * self.sides
        if self.hand_number == len(HAND_SIZES):
            self.over = True
            return lines
        self._deal_next_hand()
        return lines

    def _most_hands(self):
        return len(HAND_SIZES)

    def move_bound(self):
        """Fifteen hands, each of at most ``HAND_LIMIT`` moves (``interpretation.hand-limit``)."""
        return len(HAND_SIZES) * self.HAND_LIMIT

    def totals(self):
        """Each seat's side's total so far, with the pressures of the hand in play, scored as they happen."""
        return tuple(p + self.hand_pressure[self.side_of(s)] for s, p in enumerate(self.points))

    @property
    def winners(self):
        """After the fifteenth hand, the players of the lowest total; equal totals share (``end.game``)."""
        return self._sharing_best(min)

    def _result_sentence(self):
        if not self.over:
            return None
        names = self.side_names()
        best = sorted({self.side_of(s) for s in self.winners})
        who = " and ".join(names[side] for side in best) if len(best) == 1 else ", ".join(names[side] for side in best)
        if len(best) > 1:
            return f"{who} share the win with {plural(self.points[self.winners[0]], 'point')}, the lowest total."
        verb = "win" if self.sides < self.seats else "wins"
        return f"{who} {verb} with {plural(self.points[self.winners[0]], 'point')}, the lowest total after fifteen hands."

    def _target(self):
        return "Fifteen hands; the lowest total wins"

    # ---- what each seat sees --------------------------------------------------------------------

    def _table(self, seat):
        table = super()._table(seat)
        table.update(sides=self.sides, pressures=list(self.pressures), owed=list(self.owed),
                     hand_size=HAND_SIZES[self.hand_number - 1], totals=list(self.totals()))
        return table

    def _describe(self, seat):
        described = super()._describe(seat)
        facts = described["headline"]["facts"]
        facts[0:0] = [f"{plural(HAND_SIZES[self.hand_number - 1], 'card')} dealt"]
        facts[:] = [f for f in facts if "pass them on" not in f and "may add any card" not in f]
        if self.phase == "draws" and not self.over:
            facts.append(f"2-sequence: {plural(self.pending, 'card')} to draw")
        if self.phase == "again" and not self.over:
            facts.append(f"{self.player_names()[self.turn]} plays again after the 6")
        if any(self.pressures):
            facts.append("Pressures: " + ", ".join(f"{name} {n}" for name, n in zip(self.side_names(), self.pressures)))
        totals, players = self.totals(), self.player_names()
        for z in described["zones"]:
            owner = z.get("owner")
            if owner is not None:
                partners = [players[s] for s in range(self.seats) if s != owner and self.side_of(s) == self.side_of(owner)]
                z["note"] = plural(totals[owner], "point") + (f", with {' and '.join(partners)}" if partners else "")
        return described

    def _score_sheet(self):
        columns = range(self.sides)
        firsts = [next(s for s in range(self.seats) if self.side_of(s) == side) for side in columns]
        rows = [(f"Hand {n}", [p[s] for s in firsts]) for n, p, _ in self.hand_results]
        totals = self.totals()
        return score_sheet(self.side_names(), rows, [("Points", [totals[s] for s in firsts])], target=self._target())

    def _end_totals(self):
        names, totals = self.side_names(), self.totals()
        firsts = [next(s for s in range(self.seats) if self.side_of(s) == side) for side in range(self.sides)]
        return [f"{names[side]}: {plural(totals[s], 'point')} in all" for side, s in enumerate(firsts)]

    def _hands_counted(self, won):
        """Every hand left is counted, the pressures' included."""
        return tuple((s, tuple(hand)) for s, hand in enumerate(self.hands) if hand)


GAME = CratesState
