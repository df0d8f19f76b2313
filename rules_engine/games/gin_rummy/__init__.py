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

from ...cards import make_deck
from ...families.knock_rummy import KnockRummyState
from ...families.rummy import Arranger, canonical, extends, held_order, meld_words, pips
from ...game import ALL, GameSpec, Scores
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreRule
from ...table import plural

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


def hand_score(knocker_deadwood, other_deadwood, gin):
    """``(seat that scores: 0 the knocker, 1 the other, points, rule)`` for a knock.

    >>> hand_score(5, 32, False), hand_score(0, 32, True), hand_score(9, 9, False)
    ((0, 27, 'scoring.knock'), (0, 57, 'scoring.gin'), (1, 25, 'scoring.undercut'))
    """
    if gin:
        return 0, other_deadwood + GIN_BONUS, "scoring.gin"
    if other_deadwood <= knocker_deadwood:
        return 1, knocker_deadwood - other_deadwood + UNDERCUT_BONUS, "scoring.undercut"
    return 0, other_deadwood - knocker_deadwood, "scoring.knock"


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
                    rule="scoring.knock", end_rule="end.game", calculator=hand_row, facts=FACTS,
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
    max_hands = MAX_HANDS   # the table's score sheet names these rule facts
    limit = KNOCK_LIMIT
    PLAIN_MOVES = ("draw-stock", "draw-discard", "pass", "done")

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self.points, self.boxes = (0, 0), (0, 0)
        self.hand_results = ()   # (hand number, points per seat, lines)
        self.over, self.winners, self.final, self.said = False, (), None, None
        self._start_hand(1, 0)

    def _start_hand(self, number, dealer):
        self.hand_number, self.dealer = number, dealer
        cards = self._shuffle(f"hand-{number}", make_deck("52"))
        self.hands = [[], []]
        for _ in range(10):
            for seat in (1 - dealer, dealer):
                self.hands[seat].append(cards.pop())
        for hand in self.hands:   # held sorted, by suit then rank, as players hold them
            hand.sort(key=held_order)
        self.discard = [cards.pop()]
        self.stock = cards
        self.phase, self.turn, self.taken, self.turns = "offer", 1 - dealer, None, 0
        self.knocker, self.knock_card, self.gin, self.melds = None, None, False, []

    def move_bound(self):
        """At most ``MAX_HANDS`` hands (a hand with no score counts), each of ``HAND_MOVES``."""
        return MAX_HANDS * HAND_MOVES

    # ---- moves ---------------------------------------------------------------------------------

    @staticmethod
    def _deadwood_without(hand, cards, arranger=None):
        """The least deadwood of ``hand`` without ``cards``; ``arranger``: one kept for the hand."""
        return (arranger or Arranger(hand)).least(cards).points

    def _legal(self):
        hand, phase = self.hands[self.turn], self.phase
        if phase in ("offer", "offer-dealer"):
            return [FORMS["draw-discard"].make(), FORMS["pass"].make()]
        if phase == "first-draw":
            return [FORMS["draw-stock"].make()]
        if phase == "draw":
            return [FORMS["draw-stock"].make()] + ([FORMS["draw-discard"].make()] if self.discard else [])
        if phase == "discard":
            free = [c for c in hand if c is not self.taken]
            arranger = Arranger(hand)
            knocks = [c for c in free if self._deadwood_without(hand, [c], arranger) <= KNOCK_LIMIT]
            return [FORMS["discard"].make(c) for c in free] + [FORMS["knock"].make(c) for c in knocks]
        moves = [FORMS["meld"].make(m) for m in self._melds_allowed(hand)]
        if phase == "answer" and not self.gin:
            moves += [FORMS["layoff"].make(c, n) for n, c in self._lay_offs(hand)]
        if phase == "answer" or sum(map(pips, hand)) <= KNOCK_LIMIT:
            moves.append(FORMS["done"].make())
        return moves

    def _lay_offs(self, hand):
        return [(number, card) for number, (owner, cards) in enumerate(self.melds, 1) if owner == self.knocker
                for card in hand if extends(cards, card)]

    def _why_not(self, move):
        seat, phase, kind = self.turn, self.phase, move.kind
        name, hand = self.player_names()[seat], self.hands[seat]
        if phase in ("offer", "offer-dealer", "first-draw") and kind not in ("draw-stock", "draw-discard", "pass"):
            return f"{name} first takes the upcard or passes", "play.first-turn"
        if phase == "first-draw":
            return "both players passed the upcard: the non-dealer draws from the stock", "play.first-turn"
        if phase in ("offer", "offer-dealer"):
            return "on the first turn the upcard is taken or passed: the stock comes after", "play.first-turn"
        if phase == "draw":
            if kind == "draw-discard":
                return "the discard pile is empty", "play.draw"
            return f"{name} first draws, from the stock or the discard pile", "play.draw"
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
            left = self._deadwood_without(hand, [move.card])
            return (f"the other cards would leave {left} in deadwood, more than {KNOCK_LIMIT}: no knock",
                    "play.knock")
        if kind not in ("meld", "layoff", "done"):
            return f"the hand is over but for laying out: {name} melds, lays off or is done", "play.meld"
        if kind == "meld":
            return self._meld_refusal(move.args[0])
        if kind == "layoff":
            return self._lay_off_refusal(move.card, move.args[1])
        left = sum(map(pips, hand))
        return (f"the cards left count {left} in deadwood, more than {KNOCK_LIMIT}: the knocker lays more melds",
                "play.knocker-melds")

    def _lay_off_refusal(self, card, number):
        if self.phase == "lay":
            return "the knocker lays melds; lay-offs are for the other player", "play.lay-off"
        if self.gin:
            return "no card is laid off on gin", "play.gin"
        if not 1 <= number <= len(self.melds):
            return f"there is no meld {number} on the table", "play.lay-off"
        owner, cards = self.melds[number - 1]
        if owner != self.knocker:
            return f"meld {number} is not the knocker's: cards are laid off onto the knocker's melds", "play.lay-off"
        return f"the {card.symbol} does not extend {meld_words(cards)}", "play.lay-off"

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        seat, kind = self.turn, move.kind
        name, other = self.player_names()[seat], 1 - seat
        hand = self.hands[seat]
        if kind == "pass":
            self.said = f"{name} passes the upcard."
            if self.phase == "offer":
                self.phase, self.turn = "offer-dealer", other
            else:
                self.phase, self.turn = "first-draw", other
        elif kind == "draw-stock":
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
            if len(self.stock) <= STOCK_LEFT or self.turns >= TURN_LIMIT:
                self._void_hand()
            else:
                self.phase, self.turn, self.taken = "draw", other, None
        elif kind == "knock":
            hand.remove(move.card)
            self.knock_card, self.knocker, self.phase, self.taken = move.card, seat, "lay", None
            self.said = f"{name} knocks, discarding face down."
        elif kind == "meld":
            for card in move.args[0]:
                hand.remove(card)
            self.melds.append((seat, list(move.args[0])))
            self.said = f"{name} melds {meld_words(move.args[0])}."
        elif kind == "layoff":
            hand.remove(move.card)
            number = move.args[1]
            self.melds[number - 1] = (self.melds[number - 1][0], list(canonical(self.melds[number - 1][1] + [move.card])))
            self.said = f"{name} lays off the {move.card.symbol} on meld {number}."
        elif seat == self.knocker:   # done laying out
            self.gin = not hand
            self.phase, self.turn = "answer", other
            left = sum(map(pips, hand))
            self.said = f"{name} goes gin." if self.gin else f"{name} has laid out, with {left} in deadwood."
        else:
            self._score_knock()

    def _void_hand(self):
        lines = ["the stock is down to two cards with no knock: the hand scores nothing"
                 if len(self.stock) <= STOCK_LEFT else
                 f"{TURN_LIMIT} turns without a knock: the hand scores nothing"]
        self.said = self.said[:-1] + "; " + lines[0] + "."
        self._end_hand((0, 0), lines, winner=None)

    def _score_knock(self):
        names = self.player_names()
        knocker, other = self.knocker, 1 - self.knocker
        mine, theirs = sum(map(pips, self.hands[knocker])), sum(map(pips, self.hands[other]))
        winner, points, rule = hand_score(mine, theirs, self.gin)
        scorer = knocker if winner == 0 else other
        row = tuple(points if s == scorer else 0 for s in range(2))
        what = {"scoring.gin": f"gin against {theirs} in deadwood", "scoring.undercut": f"an undercut, {theirs} "
                f"against {mine} in deadwood", "scoring.knock": f"a knock, {mine} against {theirs} in deadwood"}[rule]
        lines = [f"{names[scorer]} scores {plural(points, 'point')} for {what}"]
        self.said = f"{names[other]} is done; {lines[0]}."
        self._end_hand(row, lines, winner=scorer)

    def _end_hand(self, row, lines, winner):
        self.points = tuple(a + b for a, b in zip(self.points, row))
        if winner is not None:
            self.boxes = tuple(b + (s == winner) for s, b in enumerate(self.boxes))
        self.hand_results += ((self.hand_number, row, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), [list(h) for h in self.hands], self.melds)
        reached = [s for s in range(2) if self.points[s] >= TARGET]
        if reached or self.hand_number >= MAX_HANDS:
            self._end_game(reached)
            return
        self._start_hand(self.hand_number + 1, self.dealer if winner is None else winner)

    def _end_game(self, reached):
        self.over, self.turn = True, None
        best = max(self.points)
        leaders = tuple(reached) if reached else tuple(s for s in range(2) if self.points[s] == best)
        self.winners = leaders
        final = [self.points[s] + BOX_BONUS * self.boxes[s] for s in range(2)]
        if len(leaders) == 1:
            (winner,) = leaders
            final[winner] += GAME_BONUS
            if self.points[1 - winner] == 0:
                final[winner] *= 2
        self.final = tuple(final)

    # ---- what each seat sees ---------------------------------------------------------------------

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over else (0, 0)
        return Scores(tuple(hand), self.points)

    def _table(self, seat):
        def visible(s):
            return seat in (s, ALL) or self._shown(s)

        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "phase": self.phase,
            "hands": [[c.text for c in h] if visible(s) else len(h) for s, h in enumerate(self.hands)],
            "stock": len(self.stock), "discard": [c.text for c in self.discard],
            # The card just taken from the discard pile, by its place in the hand (named once, there).
            "taken_at": self.hands[self.turn].index(self.taken) if self.taken and seat in (self.turn, ALL) else None,
            "knocker": self.knocker, "gin": self.gin,
            "knock_card": (self.knock_card.text if seat in (self.knocker, ALL) else "??") if self.knock_card else None,
            "melds": [{"number": n, "owner": o, "cards": [c.text for c in m]} for n, (o, m) in enumerate(self.melds, 1)],
            "points": list(self.points), "boxes": list(self.boxes), "over": self.over,
            "hands_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)


GAME = GinRummyState
