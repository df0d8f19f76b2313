"""Malilla (Manilla): tricks for four in two partnerships, the 7 ranking highest.

- 40 Spanish cards (A, 2-7, J, Q, K in each suit); partners sit opposite, so
  seats 0 and 2 play against seats 1 and 3 (``setup.partners``).
- Ten cards each, dealt one at a time from the dealer's left; the 40th card is
  dealt face up to the dealer and its suit is trumps (``setup.trumps``).
- Ranks, high to low: 7 A K Q J 6 5 4 3 2 (``play.ranking``). The dealer's left
  leads; the highest trump, else the highest card of the suit led, wins.
- Obligations when a card is played to a trick (``_MalillaRules``): follow suit
  (``play.follow-suit``); when void, no 7 of a non-trump suit not yet led this
  hand unless every card held is such a 7 (``play.sevens``; leading a 7 is
  always allowed); when an opponent's card is winning, beat it if a card the
  other two rules allow can (``play.must-beat``). At the table a wrong card
  loses the game (``play.fouls``): the engine refuses it and says so.
- Card values 7=5, A=4, K=3, Q=2, J=1 (``scoring.cards``), plus 1 a trick
  (``interpretation.trick-points``): 70 in a hand. The side with more scores
  its points less 35 (``scoring.hand``); 35 each scores nothing
  (``scoring.tie``); all ten tricks, a capote, score 35 (``scoring.capote``).
- The turned card's value goes to the dealer's side at once, or, if that would
  win the game, after the hand's result (``scoring.dealer-bonus``).
- A side that has 35 or more when the hand is scored wins (``end.game``).

Interpretation notes (on the game's page, ``interpretation.*``):

- Each trick is worth a point besides its cards: the text's 35-35 tie and its
  70-point capote need it (``interpretation.trick-points``).
- The turned card is no secret while the dealer holds it: it is hidden in the
  dealer's hand like the others, but the headline keeps naming it
  (``interpretation.turned-card``).
- The 7's waiver applies when every card held is a forbidden 7
  (``interpretation.only-sevens``).
- "Beat it if it would be legal" means with a card the other rules allow: a
  player who holds the suit led follows it even when only a trump would win;
  a void player who cannot overtrump may discard or undertrump
  (``interpretation.beat-within-rules``, ``interpretation.undertrump``).
- Points are added in the order the text gives (the turned card's bonus, the
  hand's result, a held-back bonus); the first side to reach 35 wins and
  nothing more is added, so two sides never both reach it
  (``interpretation.first-to-35``).
- Seat 0 deals first (``interpretation.first-dealer``).
- Tied hands score nothing and could follow one another for ever: a game not
  over after ``LAST_HAND`` hands ends there, the higher score winning, a draw
  if level (``interpretation.last-hand``).
"""

from ...cards import SUIT_NAMES, SUIT_SYMBOLS, RankOrder, make_deck
from ...families.trick_game import TrickGame
from ...families.tricks import FollowSuit, TrickPlay, card_points, follow_suit_plays, led_suit, left_of, \
    trick_sentence, trick_winner, why_not_follow
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import plural

TARGET = 35
RANKS = RankOrder("23456JQKA7")          # low to high: the 7 is the highest card
CARD_VALUES = {"7": 5, "A": 4, "K": 3, "Q": 2, "J": 1}
TRICK_POINT = 1
PACK = frozenset(make_deck("40-spanish"))
TRICKS = 10
SIDES = 2
# interpretation.last-hand: a game not over after this many hands ends there. A hand that is not a
# tie gives a side a point at least, so 69 end any game without ties (34 each, then one more);
# 300 games played at random went 10 hands at most.
LAST_HAND = 100
FOUL = "at a table that would be a foul, and a foul loses the game (play.fouls)"


# ---- scoring, as pure functions (the page's doctests use them) -----------------------------------

def collected(cards, tricks):
    """What a side collects in a hand: its cards' values and a point a trick.

    >>> from rules_engine.cards import make_deck
    >>> collected(make_deck("40-spanish"), TRICKS)       # the whole pack and all ten tricks: a capote
    70
    """
    return card_points(cards, CARD_VALUES) + TRICK_POINT * tricks


def hand_result(points):
    """The hand's score for each side from what each collected: the side
    with more scores its points less 35, the other nothing; a tie scores
    nothing.

    >>> hand_result((44, 26)), hand_result((35, 35)), hand_result((0, 70))
    ((9, 0), (0, 0), (0, 35))
    """
    a, b = points
    if a == b:
        return (0, 0)
    return (a - TARGET, 0) if a > b else (0, b - TARGET)


def turned_bonus(card):
    """The dealer's side's bonus for the turned card: its value in play."""
    return CARD_VALUES.get(card.rank, 0)


def bonus_now(score, bonus, target=TARGET):
    """True if the bonus is scored at once: it is worth something and would
    not take the dealer's side (with ``score``) to the target.

    >>> bonus_now(20, 5), bonus_now(30, 5), bonus_now(30, 0)
    (True, False, False)
    """
    return 0 < bonus and score + bonus < target


def settle(totals, result, dealer_side, held=0, target=TARGET):
    """The end of a hand: the result is added, then any held-back bonus for
    the dealer's side, unless the result already took a side to the target.
    Returns ``(points added per side, winning side or None)``.

    >>> settle((30, 20), (0, 5), dealer_side=0, held=5)     # the result first, then the bonus
    ((5, 5), 0)
    >>> settle((30, 20), (0, 21), dealer_side=0, held=5)    # the other side got there first
    ((0, 21), 1)
    """
    points = list(result)
    running = [t + p for t, p in zip(totals, points)]
    if held and max(running) < target:
        points[dealer_side] += held
        running[dealer_side] += held
    winners = [side for side in range(len(totals)) if running[side] >= target]
    return tuple(points), (winners[0] if winners else None)


# ---- what may be played -------------------------------------------------------------------------------

class _MalillaRules(FollowSuit):
    """Follow suit; keep back the 7s of suits not yet led; beat an opponent's winning card."""

    @staticmethod
    def _led_suits(play):
        return {trick[0][1].suit for _, trick in play.tricks} | ({led_suit(play.trick)} - {None})

    def _restricted(self, play, card):
        """A 7 of a non-trump suit not yet led, played by a player who cannot follow suit."""
        return card.rank == "7" and card.suit != play.trump and card.suit not in self._led_suits(play)

    def _allowed(self, play):
        """The cards following suit and the rule on 7s allow (before the duty to beat)."""
        hand = play.hands[play.to_act]
        cards = follow_suit_plays(hand, play.trick)
        if play.trick:
            free = [card for card in cards if not self._restricted(play, card)]
            cards = free or cards          # every card a forbidden 7: the rule is waived
        return cards

    @staticmethod
    def _opponent_winning(play):
        winner = play.winning()
        return winner is not None and winner % SIDES != play.to_act % SIDES

    @staticmethod
    def _beats(play, card):
        return trick_winner(play.trick + ((play.to_act, card),), play.ranks, play.trump) == play.to_act

    def legal(self, play):
        cards = self._allowed(play)
        if self._opponent_winning(play):
            beating = [card for card in cards if self._beats(play, card)]
            return beating or cards
        return cards

    def why_not(self, play, card):
        hand = play.hands[play.to_act]
        refused = why_not_follow(card, hand, play.trick)
        if refused:
            reason, rule = refused
            return (f"{reason}; {FOUL}" if rule == "play.follow-suit" else reason, rule)
        allowed = self._allowed(play)
        if card not in allowed:
            return (f"the {card.symbol} may not be thrown while you cannot follow {SUIT_SYMBOLS[led_suit(play.trick)]}: "
                    f"{SUIT_NAMES[card.suit]} are not trumps and have not been led this hand; {FOUL}", "play.sevens")
        winner = play.winning()
        best = dict(play.trick)[winner]
        beating = " ".join(c.symbol for c in allowed if self._beats(play, c))
        return (f"an opponent, seat {winner}, is winning the trick with the {best.symbol}, and you can beat it "
                f"(with {beating}), so you must; {FOUL}", "play.must-beat")


MALILLA_RULES = _MalillaRules()


FORMS = MoveForms(MoveForm("play", "play {card}"))


class MalillaState(TrickGame):
    spec = GameSpec(
        id="malilla",
        name="Malilla",
        family="trick-taking",
        seats=(4, 4),
        deck="40-spanish",
        aliases=("Manilla",),
        summary="Spanish partnership tricks where the 7 is the top card: collect the 7s, aces and "
                "court cards, and be the first side to 35.",
        rules=("setup.deck", "setup.partners", "setup.trumps", "play.ranking", "play.follow-suit", "play.sevens",
               "play.must-beat", "play.fouls", "scoring.cards", "scoring.hand", "scoring.tie", "scoring.capote",
               "scoring.dealer-bonus", "interpretation.trick-points", "interpretation.turned-card",
               "interpretation.only-sevens", "interpretation.beat-within-rules", "interpretation.undertrump",
               "interpretation.first-to-35", "interpretation.first-dealer", "interpretation.last-hand"),
        scoring=ScoreRule(wins="high", target=TARGET, partnerships=2, rule="scoring.hand", end_rule="end.game",
                          ties="first", tie_rule="interpretation.first-to-35", cites=("scoring.dealer-bonus",),
                          last_hand=LAST_HAND, last_rule="interpretation.last-hand"),
    )
    forms = FORMS
    SIDES = SIDES
    LAST_HAND = LAST_HAND
    TARGET = f"The first side to reach {TARGET} wins"

    def _setup(self):
        self.sheet_rows = ()      # (label, points per side): the hands' results and the dealer's bonuses
        super()._setup()

    def _deal_hand(self):
        cards = self._shuffle(f"hand-{self.hand_number}", self._pack())
        hands = self._deal_round(cards)
        self.turned = cards[-1]   # the 40th card, dealt face up to the dealer
        self.play = TrickPlay.deal(hands, left_of(self.dealer, self.seats), RANKS, trump=self.turned.suit,
                                   rules=MALILLA_RULES)
        self.phase = "play"
        side = self.dealer % SIDES
        bonus = turned_bonus(self.turned)
        self.held_bonus = 0
        if bonus_now(self.game_scores[side], bonus):
            scores = list(self.game_scores)
            scores[side] += bonus
            self.game_scores = tuple(scores)
            self.bonus_state = "scored"
            self._sheet_row(f"Hand {self.hand_number}: the turned {self.turned.symbol}", side, bonus)
            closing = self.__dict__.get("closing_tally")
            if closing is not None:   # scored as the hand before ends: one of its items
                closing.add(side, f"Hand {self.hand_number}'s turned card", bonus, "scoring.dealer-bonus",
                            [self.turned])
            else:                     # the first deal's: one of the first hand's items
                self.carried = ((side, "The turned card", bonus, "scoring.dealer-bonus", (self.turned,)),)
        elif bonus:
            self.held_bonus = bonus
            self.bonus_state = "held"
        else:
            self.bonus_state = "none"

    def _sheet_row(self, label, side, points):
        cells = [0] * SIDES
        cells[side] = points
        self.sheet_rows = self.sheet_rows + ((label, tuple(cells)),)

    # ---- scoring ------------------------------------------------------------------------

    def collected(self):
        """What each side has collected so far this hand: card values and a point a trick."""
        return tuple(collected(cards, tricks) for cards, tricks in
                     zip(self.play.won_cards(SIDES), self.play.trick_counts(SIDES)))

    def _score_hand(self):
        points = self.collected()
        result = hand_result(points)
        side = self.dealer % SIDES
        added, self.first_out = settle(self.game_scores, result, side, self.held_bonus)
        names = self.scorer_names()
        self.sheet_rows = self.sheet_rows + ((f"Hand {self.hand_number}", result),)
        tally = self.tally()
        capote = collected(PACK, TRICKS) in points
        for s in range(SIDES):
            if result == (0, 0):
                tally.add(s, f"{TARGET} each: a tie", 0, "scoring.tie")
            elif result[s]:
                tally.add(s, "A capote: all ten tricks" if capote else f"Collected, less {TARGET}", result[s],
                          "scoring.capote" if capote else "scoring.hand", note=f"{points[s]} collected")
            else:
                tally.add(s, "Fewer collected: nothing", 0, "scoring.hand", note=f"{points[s]} collected")
        if added[side] != result[side]:
            tally.add(side, "The turned card, held back", self.held_bonus, "scoring.dealer-bonus", [self.turned])
        lines = [f"{names[s]}: {points[s]} collected ({plural(self.play.trick_counts(SIDES)[s], 'trick')})"
                 for s in range(SIDES)]
        if result == (0, 0):
            lines.append("35 each: a tie, nobody scores")
        else:
            winner = 0 if result[0] else 1
            lines.append(f"{names[winner]} score {points[winner]} less {TARGET}: {result[winner]}"
                         + (" (a capote)" if capote else ""))
        if self.held_bonus:
            if added[side] != result[side]:
                self._sheet_row(f"Hand {self.hand_number}: the turned {self.turned.symbol}, held back", side,
                                self.held_bonus)
                lines.append(f"{names[side]} now score the {self.held_bonus} held back for the turned "
                             f"{self.turned.symbol}")
                self.bonus_state = "scored late"
            else:
                lines.append(f"The {self.held_bonus} held back for the turned {self.turned.symbol} is not "
                             f"scored: the game is already won")
                self.bonus_state = "lapsed"
        return tally, lines

    def _game_winner(self):
        return self.first_out

    def _score_sheet(self):
        from ...table import score_sheet

        return score_sheet(self.scorer_names(), self.sheet_rows, [("Game", self.game_scores)], target=self.TARGET)

    # ---- what each seat sees --------------------------------------------------------

    def hidden_from(self, seat):
        # Everyone saw the turned card: it is no secret while the dealer holds it.
        return super().hidden_from(seat) - {self.turned}

    def _view_extra(self, seat):
        return {
            # The turned card in symbols: as a card's text it would show twice in a view that shows its holder's hand.
            "turned": self.turned.symbol,
            "bonus": {"points": turned_bonus(self.turned), "state": self.bonus_state},
            "collected": list(self.collected()),
            "led_suits": sorted(MALILLA_RULES._led_suits(self.play)),
            # The tricks before the last one (which is ``play.last_trick``): their cards were seen by all.
            "earlier_tricks": [{"winner": w, "cards": [{"seat": s, "card": c.text} for s, c in trick]}
                               for w, trick in self.play.tricks[:-1]],
        }

    def _facts(self, players):
        side = self.scorer_names()[self.dealer % SIDES]
        facts = [f"Trumps: {SUIT_NAMES[self.play.trump]} (the dealer's {self.turned.symbol} was turned)"]
        bonus = turned_bonus(self.turned)
        if self.bonus_state == "held":
            facts.append(f"Bonus of {bonus} for {side}: held back until the hand is scored, "
                         f"since it would win the game")
        elif bonus:
            how = {"scored": "scored", "scored late": "held back, then scored after the hand's result",
                   "lapsed": "held back, and never scored: the game was won first"}[self.bonus_state]
            facts.append(f"Bonus of {bonus} for {side}: {how}")
        return facts

    def _won_notes(self):
        counts, points = self.play.trick_counts(SIDES), self.collected()
        return [f"{plural(n, 'trick')}, {plural(p, 'point')}" for n, p in zip(counts, points)]

    def _last_sentence(self, players):
        last = self.last_move
        if last is None:
            return None
        text, seat = last
        card = self.parse_move(text).card
        ended = self.__dict__.get("hand_end")
        play = ended[1] if ended else self.play
        scored = None
        if not play.trick and play.tricks and play.tricks[-1][1][-1] == (seat, card):
            worth = collected([c for _, c in play.tricks[-1][1]], 1)
            scored = f"{worth} point{'' if worth == 1 else 's'}"
        return trick_sentence(play, players, seat, card, scored)


GAME = MalillaState
