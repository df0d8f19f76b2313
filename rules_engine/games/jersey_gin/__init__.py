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
- First to 100 wins (``interpretation.game-end``), with 100 more and 25 for each hand won
  (``scoring.game-bonus``); the game also ends after 30 hands, the most points winning
  (``end.last-hand``, ``interpretation.last-hand``).
"""

from ...families.knock_rummy import KnockRummyState
from ...families.rummy import candidate_melds, extends
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreRule
from ...table import Tally, plural

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
    winner, items = hand_items(deadwood, knocker, gin, ties, broke)
    return winner, sum(points for _, points, _, _ in items), items[0][2]


def hand_items(deadwood, knocker, gin=False, ties=None, broke=False):
    """``(winner, items)``, ``hand_score``'s points item by item, each ``(label, points, rule,
    whose)``: the deadwood of seat ``whose`` counted (the winner's once against each other's), or
    a bonus (None).

    >>> hand_items((9, 6, 14), knocker=0)[1][-1]
    ('Underknock', 10, 'scoring.underknock', None)
    """
    seats = len(deadwood)
    ties = ties or [(knocker + i) % seats for i in range(seats)]
    if gin:
        return knocker, [("{name}'s deadwood", deadwood[s], "scoring.gin", s) for s in range(seats) if s != knocker] \
            + [("Gin", GIN_BONUS, "scoring.gin", None)]
    low = min(deadwood)
    winner = next(s for s in ties if deadwood[s] == low)
    rule = "scoring.break" if broke else "scoring.knock" if winner == knocker else "scoring.underknock"
    items = [("{name}'s deadwood", deadwood[s], rule, s) for s in range(seats) if s != winner]
    items.append(("{name}'s deadwood, once against each", -low * (seats - 1), rule, winner))
    if rule == "scoring.underknock":
        items.append(("Underknock", UNDERKNOCK_BONUS, rule, None))
    return winner, items


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
                    hand_bonus=BOX_BONUS, game_bonus=GAME_BONUS, game_bonus_reached=True,
                    bonus_rule="end.game", rule="scoring.knock", end_rule="end.game", calculator=hand_row, facts=FACTS,
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
    target, box_bonus, hand_moves = TARGET, BOX_BONUS, HAND_MOVES
    max_hands, break_at = MAX_HANDS, BREAK_AT   # the table's score sheet names these rule facts
    LAYING = ("lay", "answer", "break-lay")
    LAYING_OUT_ONLY = "{name} has discarded and now lays out: melds, lay-offs or done"
    KNOCKER_LAYS_OFF = "the one going out lays melds; lay-offs are for the others"

    def _start_hand(self, number, dealer):
        super()._start_hand(number, dealer)
        self.breaker = None

    @property
    def limit(self):
        """The most deadwood a player may go out with: 10 for a knock, none once the break has come."""
        return 0 if self.breaker is not None else KNOCK_LIMIT

    def _lay_onto(self, owner):
        """Answering a knock, onto the knocker's melds; after the break, onto any (interpretation.lay-off)."""
        return owner == self.knocker if self.phase == "answer" else True

    def _knock_words(self):
        return "goes out" if self.breaker is not None else "knocks"

    def _knock_refusal(self, left):
        if self.breaker is not None:
            return (f"after the break nobody knocks: only gin ends the hand, and the other cards would "
                    f"leave {left} in deadwood", "play.break")
        return super()._knock_refusal(left)

    # ---- the break (play.break) ---------------------------------------------------------------------

    def _may_take(self, card, hand):
        """After the break, the discard pile's card only when it makes a meld with ``hand`` or lays
        off onto a meld on the table (play.break-draw)."""
        return (self.breaker is None or any(card in m for m in candidate_melds(hand + [card]))
                or any(extends(cards, card) for _, cards in self.melds))

    def _take_refusal(self, card):
        return f"after the break the {card.symbol} is taken only to meld it, and it makes no meld", "play.break-draw"

    def _after_discard(self):
        if self.breaker is not None:   # play.break-lay: melds and lay-offs after the discard
            self.phase, self.taken = "break-lay", None
        else:
            self._next_turn()

    def _next_turn(self):
        self._pass_turn()
        if self.turns >= TURN_LIMIT:
            if self.breaker is None:
                self._void_hand()
            else:
                self._score_break(f"{TURN_LIMIT} turns have been played")
            return
        if self.breaker is None and len(self.stock) <= BREAK_AT:
            self.breaker = self.turn
            self.said = self.said[:-1] + f"; the stock is down to {len(self.stock)} cards: the break."

    def _play(self, move):
        if move.kind == "done" and self.phase == "break-lay":
            self._after_break_turn(self.player_names()[self.turn])
        else:
            super()._play(move)

    def _after_break_turn(self, name):
        hand = self.hands[self.turn]
        if not hand:   # every card laid out: out, as with gin (interpretation.break)
            self.knocker, self.gin = self.turn, True
            self.phase, self.turn = "answer", (self.turn + 1) % SEATS
            self.said = f"{name} has laid out every card and goes gin."
            return
        self.said = f"{name} is done."
        if not self.stock:
            self._score_break("the stock is gone")
        else:
            self._next_turn()

    # ---- the hand's end ----------------------------------------------------------------------------

    def _void_hand(self):
        line = f"{TURN_LIMIT} turns without a knock: the hand scores nothing"
        self.said = self.said[:-1] + "; " + line + "."
        self._end_hand(Tally(SEATS), [line], None, ended=f"{TURN_LIMIT} turns went by without a knock")

    def _score_knock(self):
        names = self.player_names()
        deadwood = self._deadwood()
        winner, points, rule = hand_score(deadwood, self.knocker, self.gin)
        counts = ", ".join(f"{names[s]} {deadwood[s]}" for s in range(SEATS))
        what = {"scoring.gin": "for gin", "scoring.underknock": "for an underknock",
                "scoring.knock": "for the knock"}[rule]
        lines = [f"{names[winner]} scores {plural(points, 'point')} {what} (deadwood: {counts})"]
        self.said = f"{names[self.turn]} is done; {lines[0]}."
        ended = f"{names[self.knocker]} went gin" if self.gin else \
            f"{names[self.knocker]} knocked with {deadwood[self.knocker]} in deadwood"
        self._end_hand(self.knock_tally(winner, hand_items(deadwood, self.knocker, self.gin)[1]), lines, winner,
                       deadwood, ended)

    def _score_break(self, why):
        names = self.player_names()
        deadwood = self._deadwood()
        winner, points, _ = hand_score(deadwood, self.breaker, ties=break_order(self.breaker), broke=True)
        counts = ", ".join(f"{names[s]} {deadwood[s]}" for s in range(SEATS))
        lines = [f"{why}: {names[winner]} has the least deadwood and scores {plural(points, 'point')} "
                 f"(deadwood: {counts})"]
        self.said = self.said[:-1] + "; " + lines[0] + "."
        items = hand_items(deadwood, self.breaker, ties=break_order(self.breaker), broke=True)[1]
        self._end_hand(self.knock_tally(winner, items), lines, winner, deadwood, f"after the break, {why}")

    def _next_dealer(self, winner):
        """The deal passes to the left after every hand (setup.dealer)."""
        return (self.dealer + 1) % SEATS

    def _game_bonus(self, bonuses, reached):
        if reached:   # 100 more for the player who reached 100 (end.game)
            bonuses.add(reached[0], "Reaching 100", GAME_BONUS, "end.game")

    def _table_more(self):
        return {"breaker": self.breaker}

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)


GAME = JerseyGinState
