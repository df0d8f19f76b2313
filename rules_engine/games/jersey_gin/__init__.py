"""Jersey Gin: Gin Rummy for three, with lay-offs by both other players and the break.

- 52 cards; ten each, the next card turned up to start the discard pile, the rest the stock
  (``setup.deal``); the deal passes to the left after every hand (``setup.dealer``). The player
  at the dealer's left begins (``play.turn``).
- A turn: draw the stock's top card or the discard pile's (``play.draw``), then discard one,
  never the card just taken from the discard pile (``play.discard``).
- A player whose other ten cards count 10 or less in deadwood (least over every arrangement:
  rules_engine/families/rummy.py) may knock, discarding face down (``play.knock``); the knocker
  lays out melds leaving 10 or less (``play.knocker-melds``), then each other player in turn
  lays out melds and lays cards off onto the knocker's melds (``play.lay-off``), none on gin
  (``play.gin``).
- The lowest deadwood scores the sum of its differences with the other two: the knocker
  (``scoring.knock``), or a lower player, who underknocks and adds 10 (``scoring.underknock``);
  gin scores both others' deadwood and 40 (``scoring.gin``).
- The break (``play.break``): once the stock is down to three cards, the next player to draw
  is the breaker; nobody knocks, the discard pile's card is taken only when it makes a meld
  (``play.break-draw``), and each player lays melds and lays off onto any meld after
  discarding (``play.break-lay``). When the stock is gone, the lowest deadwood scores as if it
  had knocked, ties going to the breaker, then to the first player from the breaker's left
  (``scoring.break``).
- First to 100 wins, with 100 more and 25 for each hand won (``scoring.game-bonus``); the game
  also ends after 30 hands (``end.last-hand``).
"""

from ...cards import make_deck
from ...families.knock_rummy import KnockRummyState
from ...families.rummy import (Arranger, candidate_melds, canonical, extends, held_order, least_deadwood,
                              meld_words, pips)
from ...game import ALL, GameSpec, Scores
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreRule
from ...table import plural

FORMS = MoveForms(
    MoveForm("draw-stock", "draw stock"), MoveForm("draw-discard", "draw discard"),
    MoveForm("discard", "discard {card}"), MoveForm("knock", "knock {card}"), MoveForm("meld", "meld {cards}"),
    MoveForm("layoff", "layoff {card} on meld {int}"), MoveForm("done", "done"),
)
SEATS = 3
KNOCK_LIMIT = 10
GIN_BONUS = 40
UNDERKNOCK_BONUS = 10
BOX_BONUS = 25
GAME_BONUS = TARGET = 100
BREAK_AT = 3       # the stock's cards when the break comes (play.break)
TURN_LIMIT = 100   # turns in one hand at most (interpretation.turn-limit)
MAX_HANDS = 30     # hands in one game at most (end.last-hand)
# A hand's moves at most: each turn a draw, a discard and, after the break, three melds, ten
# lay-offs and "done"; then the three players' laying out (four melds, ten lay-offs, "done").
HAND_MOVES = TURN_LIMIT * 17 + SEATS * 15


def hand_score(deadwood, knocker, gin=False, ties=None, broke=False):
    """``(winner, points, rule)`` for a hand ended by ``knocker`` with these ``deadwood`` counts
    (one per seat, after lay-offs). ``ties``: the seats in the order they win a tie for the
    lowest count (by default the knocker, then the players from its left). ``broke``: the
    stock ran out after the break, ``knocker`` being the breaker (no underknock then).

    The text's example: a knock with 9 against 11 and 14 scores (11 − 9) + (14 − 9).

    >>> hand_score((9, 11, 14), knocker=0)
    (0, 7, 'scoring.knock')
    >>> hand_score((9, 6, 14), knocker=0)   # the player who knocked is not the lowest
    (1, 21, 'scoring.underknock')
    >>> hand_score((0, 11, 14), knocker=0, gin=True)
    (0, 65, 'scoring.gin')
    """
    seats = len(deadwood)
    ties = ties or [(knocker + i) % seats for i in range(seats)]
    if gin:
        return knocker, sum(deadwood) - deadwood[knocker] + GIN_BONUS, "scoring.gin"
    low = min(deadwood)
    winner = next(s for s in ties if deadwood[s] == low)
    points = sum(d - low for d in deadwood)
    if broke:
        return winner, points, "scoring.break"
    if winner == knocker:
        return winner, points, "scoring.knock"
    return winner, points + UNDERKNOCK_BONUS, "scoring.underknock"


def break_order(breaker, seats=SEATS):
    """Who wins a tie for the lowest count at the break's end: the breaker, then from its left."""
    return [(breaker + i) % seats for i in range(seats)]


def hand_row(hand, facts, context):
    """The score pad's calculator: a hand's row from who knocked (or went gin), or who broke
    when the stock ran out, and the three deadwood counts after lay-offs.

    >>> hand_row(None, {"knocker": 0, "breaker": None, "deadwood": (9, 11, 14)}, {})["points"]
    [7, 0, 0]
    >>> hand_row(None, {"knocker": None, "breaker": 2, "deadwood": (12, 20, 12)}, {})["points"]
    [0, 0, 8]
    """
    knocker, breaker, deadwood = facts["knocker"], facts["breaker"], facts["deadwood"]
    if knocker is None and breaker is None:
        if deadwood is not None:
            raise ScoreError("deadwood counts with nobody knocking and no break: say who knocked, or who broke",
                             "interpretation.turn-limit")
        return {"points": [0, 0, 0], "rule": "interpretation.turn-limit", "detail": "no knock: no score"}
    if deadwood is None:
        raise ScoreError("a hand's end needs the three deadwood counts", "scoring.knock")
    if knocker is not None:
        if deadwood[knocker] > KNOCK_LIMIT and breaker is None:
            raise ScoreError(f"a knocker counts {KNOCK_LIMIT} at most in deadwood, not {deadwood[knocker]}",
                             "play.knock")
        if breaker is not None and deadwood[knocker] != 0:
            raise ScoreError("after the break only gin ends a hand early: the one who went out counts 0",
                             "play.break")
        winner, points, rule = hand_score(deadwood, knocker, gin=deadwood[knocker] == 0)
    else:
        winner, points, rule = hand_score(deadwood, breaker, ties=break_order(breaker), broke=True)
    row = [0, 0, 0]
    row[winner] = points
    others = [deadwood[s] for s in range(SEATS) if s != winner]
    low = deadwood[winner]
    if rule == "scoring.gin":
        detail = f"gin: {' + '.join(map(str, others))} and {GIN_BONUS}"
    else:
        differences = " + ".join(f"({d} − {low})" for d in others)
        detail = {"scoring.underknock": f"underknock with {low}: {differences} and {UNDERKNOCK_BONUS}",
                  "scoring.knock": f"knock with {low}: {differences}",
                  "scoring.break": f"the break, {low} the least: {differences}"}[rule]
    return {"points": row, "rule": rule, "detail": detail}


FACTS = (
    Fact("knocker", "Who knocked or went gin (nobody: the stock ran out)", kind="seat", optional=True),
    Fact("breaker", "Who broke, if the break came", kind="seat", optional=True),
    Fact("deadwood", "Each player's deadwood, after lay-offs", per_seat=True, low=0, high=98, optional=True),
)

SCORING = ScoreRule(wins="high", target=TARGET, last_hand=MAX_HANDS, last_rule="end.last-hand",
                    rule="scoring.knock", end_rule="end.game", calculator=hand_row, facts=FACTS,
                    cites=("scoring.gin", "scoring.underknock", "scoring.break", "play.knock", "play.break",
                           "interpretation.turn-limit"))


class JerseyGinState(KnockRummyState):
    spec = GameSpec(
        id="jersey-gin",
        name="Jersey Gin",
        family="rummy",
        seats=(SEATS, SEATS),
        deck="52",
        summary="Gin Rummy for three: knock with ten or less, both others lay off, and after the "
                "break the stock's last cards are played out with melds face up; first to 100.",
        rules=("setup.deal", "setup.dealer", "play.turn", "play.draw", "play.discard", "play.knock",
               "play.knocker-melds", "play.meld", "play.lay-off", "play.gin", "play.break", "play.break-draw",
               "play.break-lay", "scoring.knock", "scoring.underknock", "scoring.gin", "scoring.break",
               "scoring.game-bonus", "end.game", "end.last-hand", "interpretation.turn-limit",
               "interpretation.deadwood"),
        scoring=SCORING,
    )
    forms = FORMS
    max_hands, break_at = MAX_HANDS, BREAK_AT   # the table's score sheet names these rule facts
    LAYING = ("lay", "answer", "break-lay")

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self.points, self.boxes = (0,) * SEATS, (0,) * SEATS
        self.hand_results = ()   # (hand number, points per seat, lines)
        self.over, self.winners, self.final, self.said = False, (), None, None
        self._start_hand(1, 0)

    def _start_hand(self, number, dealer):
        self.hand_number, self.dealer = number, dealer
        cards = self._shuffle(f"hand-{number}", make_deck("52"))
        self.hands = [[] for _ in range(SEATS)]
        for _ in range(10):
            for i in range(1, SEATS + 1):
                self.hands[(dealer + i) % SEATS].append(cards.pop())
        for hand in self.hands:
            hand.sort(key=held_order)
        self.discard = [cards.pop()]
        self.stock = cards
        self.phase, self.turn, self.taken, self.turns = "draw", (dealer + 1) % SEATS, None, 0
        self.knocker, self.knock_card, self.gin, self.melds, self.breaker = None, None, False, [], None

    def move_bound(self):
        """At most ``MAX_HANDS`` hands (a hand with no score counts), each of ``HAND_MOVES``."""
        return MAX_HANDS * HAND_MOVES

    # ---- moves ---------------------------------------------------------------------------------

    @property
    def limit(self):
        """The most deadwood a player may go out with: 10 for a knock, none once the break has come."""
        return 0 if self.breaker is not None else KNOCK_LIMIT

    def _usable(self, card, hand):
        """Whether ``card`` makes a meld with ``hand`` or lays off onto a meld on the table."""
        return (any(card in m for m in candidate_melds(hand + [card]))
                or any(extends(cards, card) for _, cards in self.melds))

    def _legal(self):
        hand, phase = self.hands[self.turn], self.phase
        if phase == "draw":
            top = self.discard[-1] if self.discard else None
            takes = top is not None and (self.breaker is None or self._usable(top, hand))
            return [FORMS["draw-stock"].make()] + ([FORMS["draw-discard"].make()] if takes else [])
        if phase == "discard":
            free = [c for c in hand if c is not self.taken]
            arranger = Arranger(hand)
            knocks = [c for c in free if arranger.least((c,)).points <= self.limit]
            return [FORMS["discard"].make(c) for c in free] + [FORMS["knock"].make(c) for c in knocks]
        moves = [FORMS["meld"].make(m) for m in self._melds_allowed(hand)]
        if phase in ("answer", "break-lay") and not self.gin:
            moves += [FORMS["layoff"].make(c, n) for n, c in self._lay_offs(hand)]
        if phase != "lay" or sum(map(pips, hand)) <= self.limit:
            moves.append(FORMS["done"].make())
        return moves

    def _lay_onto(self, owner):
        """Whether the player to act may lay off onto a meld of ``owner``'s."""
        return owner == self.knocker if self.phase == "answer" else True

    def _lay_offs(self, hand):
        return [(number, card) for number, (owner, cards) in enumerate(self.melds, 1) if self._lay_onto(owner)
                for card in hand if extends(cards, card)]

    def _why_not(self, move):
        seat, phase, kind = self.turn, self.phase, move.kind
        name, hand = self.player_names()[seat], self.hands[seat]
        if phase == "draw":
            if kind != "draw-discard":
                return f"{name} first draws, from the stock or the discard pile", "play.draw"
            if not self.discard:
                return "the discard pile is empty", "play.draw"
            return (f"after the break the {self.discard[-1].symbol} is taken only to meld it, "
                    "and it makes no meld", "play.break-draw")
        cards = move.args[0] if kind == "meld" else (move.card,) if move.card else ()
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"{name} does not hold the {missing[0].symbol}", "play.turn"
        if phase == "discard":
            if kind not in ("discard", "knock"):
                return f"{name} has drawn and now discards, or knocks", "play.discard"
            if move.card is self.taken:
                return (f"the {move.card.symbol} was just taken from the discard pile: another card goes",
                        "play.discard")
            left = Arranger(hand).least((move.card,)).points
            if self.breaker is not None:
                return (f"after the break nobody knocks: only gin ends the hand, and the other cards would "
                        f"leave {left} in deadwood", "play.break")
            return (f"the other cards would leave {left} in deadwood, more than {KNOCK_LIMIT}: no knock",
                    "play.knock")
        if kind not in ("meld", "layoff", "done"):
            return f"{name} has discarded and now lays out: melds, lay-offs or done", "play.meld"
        if kind == "meld":
            return self._meld_refusal(move.args[0])
        if kind == "layoff":
            return self._lay_off_refusal(move.card, move.args[1])
        left = sum(map(pips, hand))
        return (f"the cards left count {left} in deadwood, more than {self.limit}: the knocker lays more melds",
                "play.knocker-melds")

    def _lay_off_refusal(self, card, number):
        if self.phase == "lay":
            return "the one going out lays melds; lay-offs are for the others", "play.lay-off"
        if self.gin:
            return "no card is laid off on gin", "play.gin"
        if not 1 <= number <= len(self.melds):
            return f"there is no meld {number} on the table", "play.lay-off"
        owner, cards = self.melds[number - 1]
        if not self._lay_onto(owner):
            return f"meld {number} is not the knocker's: cards are laid off onto the knocker's melds", "play.lay-off"
        return f"the {card.symbol} does not extend {meld_words(cards)}", "play.lay-off"

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        seat, kind = self.turn, move.kind
        name = self.player_names()[seat]
        hand = self.hands[seat]
        if kind == "draw-stock":
            hand.append(self.stock.pop())
            hand.sort(key=held_order)
            self.phase, self.taken = "discard", None
            self.said = f"{name} draws from the stock."
        elif kind == "draw-discard":
            self.taken = self.discard.pop()
            hand.append(self.taken)
            hand.sort(key=held_order)
            self.phase = "discard"
            self.said = f"{name} takes the {self.taken.symbol}."
        elif kind == "discard":
            hand.remove(move.card)
            self.discard.append(move.card)
            self.turns += 1
            self.said = f"{name} discards the {move.card.symbol}."
            if self.breaker is not None:
                self.phase, self.taken = "break-lay", None
            else:
                self._next_turn()
        elif kind == "knock":
            hand.remove(move.card)
            self.knock_card, self.knocker, self.phase, self.taken = move.card, seat, "lay", None
            self.said = (f"{name} goes out, discarding face down." if self.breaker is not None else
                         f"{name} knocks, discarding face down.")
        elif kind == "meld":
            for card in move.args[0]:
                hand.remove(card)
            self.melds.append((seat, list(move.args[0])))
            self.said = f"{name} melds {meld_words(move.args[0])}."
        elif kind == "layoff":
            hand.remove(move.card)
            number = move.args[1]
            owner, cards = self.melds[number - 1]
            self.melds[number - 1] = (owner, list(canonical(cards + [move.card])))
            self.said = f"{name} lays off the {move.card.symbol} on meld {number}."
        elif self.phase == "break-lay":
            self._after_break_turn(name)
        elif seat == self.knocker:   # done laying out
            self.gin = not hand
            self.phase, self.turn = "answer", (seat + 1) % SEATS
            left = sum(map(pips, hand))
            self.said = f"{name} goes gin." if self.gin else f"{name} has laid out, with {left} in deadwood."
        elif (seat + 1) % SEATS != self.knocker:
            self.turn = (seat + 1) % SEATS
            self.said = f"{name} is done."
        else:
            self._score_knock()

    def _next_turn(self):
        self.turn, self.taken = (self.turn + 1) % SEATS, None
        self.phase = "draw"
        if self.turns >= TURN_LIMIT:
            if self.breaker is None:
                self._void_hand()
            else:
                self._score_break(f"{TURN_LIMIT} turns have been played")
            return
        if self.breaker is None and len(self.stock) <= BREAK_AT:
            self.breaker = self.turn
            self.said = self.said[:-1] + f"; the stock is down to {len(self.stock)} cards: the break."

    def _after_break_turn(self, name):
        hand = self.hands[self.turn]
        if not hand:   # every card laid out: out, as with gin (interpretation.break-out)
            self.knocker, self.gin = self.turn, True
            self.phase, self.turn = "answer", (self.turn + 1) % SEATS
            self.said = f"{name} has laid out every card and goes gin."
            return
        self.said = f"{name} is done."
        if not self.stock:
            self._score_break("the stock is gone")
        else:
            self._next_turn()

    def _void_hand(self):
        line = f"{TURN_LIMIT} turns without a knock: the hand scores nothing"
        self.said = self.said[:-1] + "; " + line + "."
        self._end_hand((0,) * SEATS, [line], None, tuple(least_deadwood(h).points for h in self.hands))

    def _deadwood(self):
        return tuple(sum(map(pips, h)) if self.knocker is not None else least_deadwood(h).points
                     for h in self.hands)

    def _score_knock(self):
        names = self.player_names()
        deadwood = self._deadwood()
        winner, points, rule = hand_score(deadwood, self.knocker, self.gin)
        counts = ", ".join(f"{names[s]} {deadwood[s]}" for s in range(SEATS))
        what = {"scoring.gin": "for gin", "scoring.underknock": "for an underknock",
                "scoring.knock": "for the knock"}[rule]
        lines = [f"{names[winner]} scores {plural(points, 'point')} {what} (deadwood: {counts})"]
        self.said = f"{names[self.turn]} is done; {lines[0]}."
        self._end_hand(self._row(winner, points), lines, winner, deadwood)

    def _score_break(self, why):
        names = self.player_names()
        deadwood = self._deadwood()
        winner, points, _ = hand_score(deadwood, self.breaker, ties=break_order(self.breaker), broke=True)
        counts = ", ".join(f"{names[s]} {deadwood[s]}" for s in range(SEATS))
        lines = [f"{why}: {names[winner]} has the least deadwood and scores {plural(points, 'point')} "
                 f"(deadwood: {counts})"]
        self.said = self.said[:-1] + "; " + lines[0] + "."
        self._end_hand(self._row(winner, points), lines, winner, deadwood)

    @staticmethod
    def _row(winner, points):
        return tuple(points if s == winner else 0 for s in range(SEATS))

    def _end_hand(self, row, lines, winner, deadwood):
        self.points = tuple(a + b for a, b in zip(self.points, row))
        if winner is not None:
            self.boxes = tuple(b + (s == winner) for s, b in enumerate(self.boxes))
        self.hand_results += ((self.hand_number, row, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), [list(h) for h in self.hands], self.melds, deadwood)
        reached = [s for s in range(SEATS) if self.points[s] >= TARGET]
        if reached or self.hand_number >= MAX_HANDS:
            self._end_game(reached)
            return
        self._start_hand(self.hand_number + 1, (self.dealer + 1) % SEATS)

    def _end_game(self, reached):
        self.over, self.turn = True, None
        best = max(self.points)
        self.winners = tuple(reached) if reached else tuple(s for s in range(SEATS) if self.points[s] == best)
        final = [self.points[s] + BOX_BONUS * self.boxes[s] for s in range(SEATS)]
        if reached:
            final[reached[0]] += GAME_BONUS
        self.final = tuple(final)

    # ---- what each seat sees ---------------------------------------------------------------------

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over else (0,) * SEATS
        return Scores(tuple(hand), self.points)

    def _table(self, seat):
        def visible(s):
            return seat in (s, ALL) or self._shown(s)

        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "phase": self.phase,
            "hands": [[c.text for c in h] if visible(s) else len(h) for s, h in enumerate(self.hands)],
            "stock": len(self.stock), "discard": [c.text for c in self.discard],
            "taken_at": self.hands[self.turn].index(self.taken) if self.taken and seat in (self.turn, ALL) else None,
            "knocker": self.knocker, "gin": self.gin, "breaker": self.breaker,
            "knock_card": (self.knock_card.text if seat in (self.knocker, ALL) else "??") if self.knock_card else None,
            "melds": [{"number": n, "owner": o, "cards": [c.text for c in m]} for n, (o, m) in enumerate(self.melds, 1)],
            "points": list(self.points), "boxes": list(self.boxes), "over": self.over,
            "hands_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)


GAME = JerseyGinState
