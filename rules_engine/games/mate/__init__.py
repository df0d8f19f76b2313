"""Mate: G. Capellen's game of 1915 for two, as Board Game Arena's rules give it.

- The pack is 20 cards, ace, 10, king, queen and 7 of each suit; they rank in
  that order, and the suits rank clubs, spades, hearts, diamonds
  (``setup.pack``, ``setup.ranks``). The whole pack is dealt, ten each in
  two batches of five, so each player knows the other's hand (``setup.deal``).
- The dealer leads to the first move; the winner of a move leads to the next
  (``play.turn``). The second player must play a card of the suit led, or
  failing that one of its rank (``play.follow-suit``, ``play.follow-rank``).
  Of two cards of one suit the higher wins; of two of one rank, the higher
  suit (``play.move``).
- A player who can play neither is mated, and the hand ends: the mating player
  scores the card's value (A 11, 10 10, 7 7, K 4, Q 3) times the number of the
  move (``play.mate``, ``scoring.mate``). Ten moves without a mate score
  nothing (``scoring.no-mate``).
- A deal is played twice: after the first hand, each player takes the hand
  the other was dealt and the other player deals and leads (``setup.replay``).
  Four hands, two deals and their replays, make the game; the higher total wins
  (``end.game``).

Interpretation notes (on the game's page, ``interpretation.*``):

- Seat 0 deals the first and fourth hands, seat 1 the second and third
  (``interpretation.first-dealer``); the dealer's opponent gets the first
  batch of five (``interpretation.batches``).
- Both hands are open to both players from the deal on
  (``interpretation.open-hands``).
- Foreplacing, an optional refinement, is not played (``interpretation.foreplacing``).
- Level totals after four hands draw the game, a win shared (``interpretation.level``).
"""

from dataclasses import dataclass, replace

from ...cards import SUIT_NAMES, SUIT_SYMBOLS, RankOrder
from ...families.trick_game import TrickGame
from ...families.tricks import FollowSuit, TrickPlay, last_trick_zone
from ...game import GameSpec
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreHand, ScoreRule
from ...table import score_sheet, zone

RANKS = RankOrder("7QKTA")
SUIT_ORDER = "DHSC"                     # low to high: clubs rank highest
VALUES = {"A": 11, "T": 10, "7": 7, "K": 4, "Q": 3}
MOVES = 10                              # ten cards each: at most ten moves a hand
HANDS = 4
DEALERS = (0, 1, 1, 0)                  # the dealer of each hand: one deals the first and fourth
BATCH = 5


def mate_points(card, move_number):
    """What a mate scores: the mating card's value times the number of the move.

    >>> from rules_engine.cards import parse_card
    >>> mate_points(parse_card("KS"), 7), mate_points(parse_card("AC"), 1)
    (28, 11)
    """
    return VALUES[card.rank] * move_number


def beats(card, other):
    """Whether ``card``, played second, beats ``other``: higher in the same suit, or of the
    same rank in a higher suit (the only two ways a card may be played to a move)."""
    if card.suit == other.suit:
        return RANKS.beats(card, other)
    return SUIT_ORDER.index(card.suit) > SUIT_ORDER.index(other.suit)


def answers(hand, led):
    """The cards of ``hand`` that may answer ``led``: its suit, or failing that its rank."""
    same_suit = [card for card in hand if card.suit == led.suit]
    return same_suit or [card for card in hand if card.rank == led.rank]


class SuitOrRank(FollowSuit):
    """Mate's duty: follow the suit led, else the rank led; a player who can do neither
    has no card to play, and is mated (``MatePlay`` ends the hand before asking)."""

    def legal(self, play):
        hand = play.hands[play.to_act]
        return list(hand) if not play.trick else answers(hand, play.trick[0][1])

    def why_not(self, play, card):
        hand = play.hands[play.to_act]
        if card not in hand:
            return (f"{card.symbol} is not in your hand", "play.turn")
        led = play.trick[0][1]
        if card.suit != led.suit and any(c.suit == led.suit for c in hand):
            return (f"you must follow suit {SUIT_SYMBOLS[led.suit]} when you can", "play.follow-suit")
        return (f"with no {SUIT_NAMES[led.suit][:-1]}, you must play a card of the led card's rank "
                f"({led.symbol})", "play.follow-rank")

    def winner(self, play, trick):
        (first, led), (second, card) = trick
        return second if beats(card, led) else first


SUIT_OR_RANK = SuitOrRank()


@dataclass(frozen=True)
class MatePlay(TrickPlay):
    """A hand of Mate: trick play that stops at a mate, ``mate`` being
    ``(mating seat, card, move number)``, the card lying alone on the table."""

    mate: tuple = None

    @property
    def is_over(self):
        return self.mate is not None or super().is_over

    def play(self, card):
        seat, after = self.to_act, super().play(card)
        if len(after.trick) == 1 and not after.legal_cards():
            return replace(after, mate=(seat, card, len(self.tricks) + 1))
        return after

    @property
    def move_number(self):
        return min(len(self.tricks) + 1, MOVES)


FORMS = MoveForms(MoveForm("play", "play {card}"))


def hand_name(number):
    deal, replay = (number + 1) // 2, number % 2 == 0
    return f"Deal {deal}, replayed" if replay else f"Deal {deal}"


def hand_row(hand, facts, context):
    """The score pad's calculator (rules_engine/scoring.py): a hand's row from who mated, with
    what rank and in which move; nobody, for ten moves without a mate.

    >>> hand_row(1, {"mated_by": 1, "card": "K", "move": 7}, {})["points"]
    [0, 28]
    """
    seat, rank, number = facts["mated_by"], facts["card"], facts["move"]
    if seat is None:
        if rank is not None or number is not None:
            raise ScoreError("a mating card or move with nobody mating: say who gave mate, or neither",
                             "scoring.no-mate")
        return {"points": [0, 0], "rule": "scoring.no-mate", "detail": "ten moves without a mate: no score"}
    if rank is None or number is None:
        raise ScoreError("a mate needs its card's rank and the number of its move", "scoring.mate")
    points = [0, 0]
    points[seat] = VALUES[rank] * number
    return {"points": points, "rule": "scoring.mate", "detail": f"mate in move {number}: {VALUES[rank]} × {number}"}


RANK_WORDS = {"A": "ace", "T": "10", "7": "7", "K": "king", "Q": "queen"}
FACTS = (
    Fact("mated_by", "Who gave mate (nobody: ten moves without one)", kind="seat", optional=True),
    Fact("card", "The mating card", kind="choice", optional=True,
         choices=tuple((rank, f"{RANK_WORDS[rank]}: {value}") for rank, value in VALUES.items())),
    Fact("move", "The move it was led in", low=1, high=MOVES, optional=True),
)

SCORING = ScoreRule(
    wins="high",
    hands=tuple(ScoreHand(hand_name(n), "scoring.mate", facts=FACTS) for n in range(1, HANDS + 1)),
    calculator=hand_row,
    rule="scoring.mate",
    end_rule="end.game",
    ties="share",
    tie_rule="interpretation.level",
    cites=("scoring.no-mate",),
)


class MateState(TrickGame):
    spec = GameSpec(
        id="mate",
        name="Mate",
        family="trick-taking",
        seats=(2, 2),
        default_seats=2,
        deck="20",
        aliases=("Matt",),
        summary="A game of skill for two with open hands: leave your opponent no card of the suit "
                "or rank led, as late and with as high a card as you can, then replay the deal "
                "with the hands swapped.",
        rules=("setup.deal", "setup.replay", "play.follow-suit", "play.follow-rank", "play.move", "play.mate",
               "scoring.mate", "scoring.no-mate", "interpretation.first-dealer", "interpretation.open-hands",
               "interpretation.level"),
        scoring=SCORING,
    )
    forms = FORMS
    TARGET = "Four hands: two deals, each replayed with the hands swapped; the higher total wins"

    def _start_hand(self, number, dealer):
        # One player deals the first and fourth hands, the other the second and third.
        super()._start_hand(number, DEALERS[number - 1])

    def _deal_hand(self):
        if self.hand_number % 2:
            cards = self._shuffle(f"hand-{self.hand_number}", self._pack())
            hands = [[], []]
            for batch in range(2 * self.seats):     # five at a time, the dealer's opponent first
                hands[(self.dealer + 1 + batch) % 2] += cards[batch * BATCH:(batch + 1) * BATCH]
            self.dealt = tuple(tuple(hand) for hand in hands)
        else:
            hands = [self.dealt[1], self.dealt[0]]  # the replay: each takes the hand the other was dealt
        self.play = MatePlay.deal(hands, self.dealer, RANKS, rules=SUIT_OR_RANK)
        self.phase = "play"

    def _most_hands(self):
        """Four hands, each of at most ten moves of two cards: no more, whatever is played."""
        return HANDS

    def _score_hand(self):
        names = self.player_names()
        tally = self.tally()
        if self.play.mate is None:
            for seat in range(self.seats):
                tally.add(seat, "Ten moves without a mate", 0, "scoring.no-mate")
            return tally, ["Ten moves without a mate: no score"]
        seat, card, number = self.play.mate
        points = hand_row(self.hand_number, {"mated_by": seat, "card": card.rank, "move": number}, {})["points"]
        tally.add(seat, f"Mate in move {number}", points[seat], "scoring.mate", [card],
                  f"{VALUES[card.rank]} × {number}")
        return tally, [f"{names[seat]} mates with the {card.symbol} in move {number}: "
                       f"{VALUES[card.rank]} × {number} = {points[seat]}"]

    def _ended_words(self, play, players):
        if play.mate is None:
            return "ten moves went by without a mate"
        seat, card, number = play.mate
        return f"{players[seat]} mates with the {card.symbol} in move {number}"

    def _game_winner(self):
        if self.hand_number < HANDS:
            return None
        top = max(self.game_scores)
        best = [seat for seat in range(self.seats) if self.game_scores[seat] == top]
        return best[0] if len(best) == 1 else DRAW

    @property
    def winners(self):
        if self.winner == DRAW:
            return tuple(range(self.seats))
        return super().winners

    def _result_sentence(self):
        if self.winner == DRAW:
            return f"The game is drawn, {self.game_scores[0]} each."
        return super()._result_sentence()

    # ---- what each seat sees: the whole pack is dealt, so each player knows the other's hand --------

    def _sees_hand(self, seat):
        return lambda s: seat is not None

    def hidden_from(self, seat):
        return set() if seat is not None else super().hidden_from(seat)

    def _view_extra(self, seat):
        return {"move": self.play.move_number, "mate": self._mate_json(), "hand_name": hand_name(self.hand_number)}

    def _mate_json(self):
        if self.play.mate is None:
            return None
        seat, card, number = self.play.mate
        return {"seat": seat, "card": card.symbol, "move": number}  # display form: not a second copy of the card

    def _facts(self, players):
        replay = ("a fresh deal" if self.hand_number % 2
                  else "each player holds the cards the other was dealt")
        return [f"{hand_name(self.hand_number)}: {replay}", f"Move {self.play.move_number} of {MOVES}"]

    def _score_sheet(self):
        rows = [(hand_name(n), points) for n, points, _ in self.hand_results]
        return score_sheet(self.scorer_names(), rows, [("Game", self.game_scores)], target=self.TARGET)

    def _won_notes(self):
        counts = self.play.trick_counts()
        return [f"{n} move{'' if n == 1 else 's'} won" for n in counts]

    def _last_sentence(self, players):
        last = self.last_move
        ended = self.__dict__.get("hand_end")
        play = ended[1] if ended else self.play
        if last is not None and play.mate is not None \
                and (last[1], self.parse_move(last[0]).card) == play.mate[:2]:
            seat, card, number = play.mate
            other = players[1 - seat]
            return (f"{players[seat]} plays the {card.symbol}: mate in move {number}, {other} holds no "
                    f"{SUIT_NAMES[card.suit][:-1]} and no card of its rank.")
        return super()._last_sentence(players)

    def _end_zones(self, play, players):
        """The mating card, before the last trick if one was taken."""
        if play.mate is None:
            return super()._end_zones(play, players)
        seat, card, _ = play.mate
        mating = zone("mating-card", f"The mating card, played by {players[seat]}", [card], kind="last-trick",
                      layout="trick", by=[seat], group="table")
        return [mating] + ([last_trick_zone(play, players)] if play.tricks else [])

DRAW = "draw"
GAME = MateState
