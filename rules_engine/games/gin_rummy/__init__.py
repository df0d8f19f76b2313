"""Gin Rummy: two players draw and discard towards melds, and knock with ten or less in deadwood.

- 52 cards; ten each, the next card turned up to start the discard pile, the rest the stock
  (``setup.deal``). The non-dealer may take the upcard or pass, then the dealer; if both pass,
  the non-dealer draws from the stock (``play.first-turn``).
- A turn: draw the stock's top card or the discard pile's (``play.draw``), then discard one,
  never the card just taken from the discard pile (``play.discard``).
- Instead of discarding face up, a player whose other ten cards count 10 or less in deadwood
  (least over every arrangement: rules_engine/families/rummy.py) may knock, discarding face
  down (``play.knock``); the knocker lays out melds leaving 10 or less (``play.knocker-melds``),
  then the other player lays out melds and lays cards off onto the knocker's melds
  (``play.lay-off``), none when the knocker has gone gin (``play.gin``).
- The knocker scores the difference in deadwood (``scoring.knock``), with 25 more for gin
  (``scoring.gin``); an opponent with as little or less undercuts and scores the difference
  and 25 (``scoring.undercut``). A hand whose stock is down to two cards after a discard, or
  that reaches 100 turns, scores nothing and is dealt again by the same dealer
  (``play.stock-out``, ``interpretation.turn-limit``); otherwise the winner of a hand deals
  the next (``setup.dealer``).
- The first to 100 wins, with 100 for the game and 25 for each hand won, doubled after a
  shutout (``scoring.game-bonus``); the game also ends after 20 hands, the higher total
  winning (``end.last-hand``).
"""

from ...families.knock_rummy import KnockRummyState
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreRule
from ...table import Tally, plural

FORMS = MoveForms(
    MoveForm("draw-stock", "draw stock"), MoveForm("draw-discard", "draw discard"), MoveForm("pass", "pass"),
    MoveForm("discard", "discard {card}"), MoveForm("knock", "knock {card}"), MoveForm("meld", "meld {cards}"),
    MoveForm("layoff", "layoff {card} on meld {int}"), MoveForm("done", "done"),
)
KNOCK_LIMIT = 10
GIN_BONUS = UNDERCUT_BONUS = BOX_BONUS = 25
GAME_BONUS = TARGET = 100
TURN_LIMIT = 100   # turns in one hand at most (interpretation.turn-limit)
MAX_HANDS = 20     # hands in one game at most (end.last-hand)
STOCK_LEFT = 2     # a discard that leaves this many in the stock ends the hand with no score
# A hand's moves at most: two offers of the upcard and the first draw, a draw and a discard a turn,
# then the knocker's three melds at most and "done", the other's three melds, ten lay-offs and "done".
HAND_MOVES = 3 + 2 * TURN_LIMIT + 4 + 14


def hand_items(knocker_deadwood, other_deadwood, gin):
    """``(seat that scores: 0 the knocker, 1 the other, items)`` for a knock, each item ``(label,
    points, rule, whose)``: the deadwood of ``whose`` (0, 1) counted, or a bonus (None).

    >>> hand_items(0, 32, True)[1]
    [("{name}'s deadwood", 32, 'scoring.gin', 1), ('Gin', 25, 'scoring.gin', None)]
    """
    knocker, other = ("{name}'s deadwood", knocker_deadwood), ("{name}'s deadwood", other_deadwood)
    if gin:
        return 0, [(*other, "scoring.gin", 1), ("Gin", GIN_BONUS, "scoring.gin", None)]
    if other_deadwood <= knocker_deadwood:
        return 1, [(*knocker, "scoring.undercut", 0), (other[0], -other_deadwood, "scoring.undercut", 1),
                   ("Undercut", UNDERCUT_BONUS, "scoring.undercut", None)]
    return 0, [(*other, "scoring.knock", 1), (knocker[0], -knocker_deadwood, "scoring.knock", 0)]


def hand_score(knocker_deadwood, other_deadwood, gin):
    """``(seat that scores: 0 the knocker, 1 the other, points, rule)`` for a knock: its items' sum.

    >>> hand_score(5, 32, False), hand_score(0, 32, True), hand_score(9, 9, False)
    ((0, 27, 'scoring.knock'), (0, 57, 'scoring.gin'), (1, 25, 'scoring.undercut'))
    """
    winner, items = hand_items(knocker_deadwood, other_deadwood, gin)
    return winner, sum(points for _, points, _, _ in items), items[0][2]


def hand_row(hand, facts, context):
    """The score pad's calculator: a hand's row from who knocked and the two deadwood counts
    (the other's after lay-offs); nobody, for a hand with no score.

    >>> hand_row(None, {"knocker": 1, "knocker_deadwood": 4, "other_deadwood": 20}, {})["points"]
    [0, 16]
    >>> hand_row(None, {"knocker": 0, "knocker_deadwood": 7, "other_deadwood": 3}, {})["points"]
    [0, 29]
    """
    knocker, mine, theirs = facts["knocker"], facts["knocker_deadwood"], facts["other_deadwood"]
    if knocker is None:
        if mine is not None or theirs is not None:
            raise ScoreError("deadwood counts with nobody knocking: say who knocked, or neither", "play.stock-out")
        return {"points": [0, 0], "rule": "play.stock-out", "detail": "no knock: no score"}
    if mine is None or theirs is None:
        raise ScoreError("a knock needs both deadwood counts", "scoring.knock")
    if mine > KNOCK_LIMIT:
        raise ScoreError(f"a knocker counts {KNOCK_LIMIT} at most in deadwood, not {mine}", "play.knock")
    winner, points, rule = hand_score(mine, theirs, mine == 0)
    row = [0, 0]
    row[knocker if winner == 0 else 1 - knocker] = points
    detail = {"scoring.gin": f"gin: {theirs} and {GIN_BONUS}",
              "scoring.undercut": f"undercut: {mine} − {theirs} and {UNDERCUT_BONUS}",
              "scoring.knock": f"knock: {theirs} − {mine}"}[rule]
    return {"points": row, "rule": rule, "detail": detail}


FACTS = (
    Fact("knocker", "Who knocked (nobody: the stock ran out)", kind="seat", optional=True),
    Fact("knocker_deadwood", "The knocker's deadwood", low=0, high=KNOCK_LIMIT, optional=True),
    Fact("other_deadwood", "The other player's deadwood, after lay-offs", low=0, high=98, optional=True),
)

SCORING = ScoreRule(wins="high", target=TARGET, last_hand=MAX_HANDS, last_rule="end.last-hand",
                    hand_bonus=BOX_BONUS, game_bonus=GAME_BONUS, shutout_doubles=True,
                    bonus_rule="end.game", rule="scoring.knock", end_rule="end.game", calculator=hand_row, facts=FACTS,
                    cites=("scoring.gin", "scoring.undercut", "play.stock-out", "play.knock"))


class GinRummyState(KnockRummyState):
    spec = GameSpec(
        id="gin-rummy",
        name="Gin Rummy",
        family="rummy",
        seats=(2, 2),
        deck="52",
        summary="Draw and discard to form sets and runs; knock with ten or less in unmatched cards, "
                "or go gin with none, and be first to 100.",
        rules=("setup.deal", "setup.dealer", "play.first-turn", "play.draw", "play.discard", "play.knock",
               "play.knocker-melds", "play.meld", "play.lay-off", "play.gin", "play.stock-out",
               "scoring.knock", "scoring.gin", "scoring.undercut", "scoring.game-bonus", "end.last-hand",
               "interpretation.turn-limit", "interpretation.deadwood"),
        scoring=SCORING,
    )
    forms = FORMS
    limit, target, box_bonus = KNOCK_LIMIT, TARGET, BOX_BONUS
    max_hands, hand_moves = MAX_HANDS, HAND_MOVES   # the table's score sheet names max_hands
    FIRST_PHASE = "offer"
    PLAIN_MOVES = ("draw-stock", "draw-discard", "pass", "done")
    LAYING_OUT_ONLY = "the hand is over but for laying out: {name} melds, lays off or is done"
    KNOCKER_LAYS_OFF = "the knocker lays melds; lay-offs are for the other player"

    # ---- the first turn: the upcard offered (play.first-turn) -------------------------------------

    def _legal(self):
        if self.phase in ("offer", "offer-dealer"):
            return [FORMS["draw-discard"].make(), FORMS["pass"].make()]
        if self.phase == "first-draw":
            return [FORMS["draw-stock"].make()]
        return super()._legal()

    def _why_not(self, move):
        phase, kind = self.phase, move.kind
        if phase in ("offer", "offer-dealer", "first-draw") and kind not in ("draw-stock", "draw-discard", "pass"):
            return f"{self.player_names()[self.turn]} first takes the upcard or passes", "play.first-turn"
        if phase == "first-draw":
            return "both players passed the upcard: the non-dealer draws from the stock", "play.first-turn"
        if phase in ("offer", "offer-dealer"):
            return "on the first turn the upcard is taken or passed: the stock comes after", "play.first-turn"
        return super()._why_not(move)

    def _play(self, move):
        if move.kind != "pass":
            super()._play(move)
            return
        self.said = f"{self.player_names()[self.turn]} passes the upcard."
        self.phase = "offer-dealer" if self.phase == "offer" else "first-draw"
        self.turn = 1 - self.turn

    # ---- the hand's end ----------------------------------------------------------------------------

    def _after_discard(self):
        if len(self.stock) <= STOCK_LEFT or self.turns >= TURN_LIMIT:
            self._void_hand()
        else:
            self._pass_turn()

    def _void_hand(self):
        lines = ["the stock is down to two cards with no knock: the hand scores nothing"
                 if len(self.stock) <= STOCK_LEFT else
                 f"{TURN_LIMIT} turns without a knock: the hand scores nothing"]
        self.said = self.said[:-1] + "; " + lines[0] + "."
        self._end_hand(Tally(2), lines, winner=None, ended=lines[0].split(":")[0])

    def _score_knock(self):
        names = self.player_names()
        knocker, other = self.knocker, 1 - self.knocker
        deadwood = self._deadwood()
        mine, theirs = deadwood[knocker], deadwood[other]
        winner, points, rule = hand_score(mine, theirs, self.gin)
        scorer = knocker if winner == 0 else other
        what = {"scoring.gin": f"gin against {theirs} in deadwood", "scoring.undercut": f"an undercut, {theirs} "
                f"against {mine} in deadwood", "scoring.knock": f"a knock, {mine} against {theirs} in deadwood"}[rule]
        lines = [f"{names[scorer]} scores {plural(points, 'point')} for {what}"]
        self.said = f"{names[other]} is done; {lines[0]}."
        items = [(label, p, r, knocker if whose == 0 else other if whose == 1 else None)
                 for label, p, r, whose in hand_items(mine, theirs, self.gin)[1]]
        ended = f"{names[knocker]} went gin" if self.gin else f"{names[knocker]} knocked with {mine} in deadwood"
        self._end_hand(self.knock_tally(scorer, items), lines, scorer, deadwood, ended)

    def _next_dealer(self, winner):
        """The winner of a hand deals the next; after a hand with no score, the same dealer (setup.dealer)."""
        return self.dealer if winner is None else winner

    def _game_bonus(self, bonuses, reached):
        if len(self.winners) == 1:   # the game's winner: 100 more, doubled after a shutout (end.game)
            (winner,) = self.winners
            bonuses.add(winner, "The game", GAME_BONUS, "end.game")
            if self.points[1 - winner] == 0:
                total = self.points[winner] + bonuses.points[winner]
                bonuses.add(winner, "Shutout: all doubled", total, "end.game", note=f"{total} more")

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)


GAME = GinRummyState
