"""King: ten hands of trick-taking for four, six to lose points, four to win them.

- The first dealer is the player dealt the K♥ when cards are dealt face up,
  one at a time from seat 0 round to the left.
- Each hand deals all 52 cards, thirteen each, from the dealer's left; the
  player left of the dealer leads; suit must be followed; aces are high.
- Hands 1-6 (no trumps) each penalise something: every trick (−20), every
  heart (−20), every queen (−50), every king or jack (−30), the K♥ (−160),
  each of the last two tricks (−90). They always total −1300.
- Hands 7-10: the dealer names trumps, chooses no trumps, or auctions the
  choice to the other three (the left-hand player must open with a number of
  tricks; each later bid is higher; two passes in a row end it; the dealer
  does not bid). The high bidder names trumps or no trumps. Then the dealer
  chooses to play up (25 a trick) or down (325 less 75 a trick). After an
  auction the high bid moves from the bidder's trick count to the dealer's.
  Each positive hand totals +325, so the whole game totals 0.

Interpretation notes (repeated on the game's page, ``interpretation.*``):

- The deal passes to the left after every hand, so each player is the
  dealer for exactly one positive hand (``interpretation.dealer-rotation``).
- Bids are whole numbers of tricks from 1 to 13; a player who has passed may
  bid again while the auction lasts; a bid of 13 ends it at once
  (``interpretation.bids``).
- Every hand is played to its thirteenth trick even once its penalties are
  all taken (``interpretation.all-tricks``).
- The option ``first_hand`` starts a game at a later hand, for practice and
  worked examples; such a game's totals need not balance
  (``interpretation.first-hand``).
"""

from dataclasses import dataclass, replace

from ..cards import ACES_HIGH, SUITS, make_deck, parse_card
from ..families.tricks import Auction, TrickPlay, left_of, strain_name
from ..game import ALL, GameSpec, Option, Scores, State
from ..moves import MoveForm, MoveForms
from . import king_bot

KING_OF_HEARTS = parse_card("KH")
HANDS = 10
SEATS = 4


@dataclass(frozen=True)
class NegativeHand:
    name: str
    rule: str
    penalty: str

    def points(self, index, trick):
        """The penalty for winning the ``index``-th trick (0-based) of a hand."""
        cards = [card for _, card in trick]
        return {
            "trick": -20,
            "heart": -20 * sum(c.suit == "H" for c in cards),
            "queen": -50 * sum(c.rank == "Q" for c in cards),
            "king-jack": -30 * sum(c.rank in "KJ" for c in cards),
            "king-of-hearts": -160 * (KING_OF_HEARTS in cards),
            "last-two": -90 * (index >= 11),
        }[self.penalty]


NEGATIVE_HANDS = (
    NegativeHand("No tricks", "scoring.no-tricks", "trick"),
    NegativeHand("No hearts", "scoring.no-hearts", "heart"),
    NegativeHand("No queens", "scoring.no-queens", "queen"),
    NegativeHand("No kings or jacks", "scoring.no-kings-jacks", "king-jack"),
    NegativeHand("No king of hearts", "scoring.no-king-of-hearts", "king-of-hearts"),
    NegativeHand("No last two tricks", "scoring.no-last-two", "last-two"),
)

FORMS = MoveForms(
    MoveForm("play-up", "play up"),
    MoveForm("play-down", "play down"),
    MoveForm("play", "play {card}"),
    MoveForm("trumps", "trumps {suit}"),
    MoveForm("no-trumps", "no trumps"),
    MoveForm("auction", "auction"),
    MoveForm("bid", "bid {int}"),
    MoveForm("pass", "pass"),
)

PHASE_RULES = {
    "choose": "positive.choice",
    "bid": "positive.auction",
    "name": "positive.auction",
    "direction": "positive.up-down",
    "play": "play.follow-suit",
}
PHASE_ASKS = {
    "choose": "the dealer to choose trumps, no trumps or an auction",
    "bid": "a bid or a pass",
    "name": "the high bidder to name trumps or no trumps",
    "direction": "the dealer to choose to play up or down",
    "play": "a card to be played",
}
PHASE_KINDS = {
    "choose": {"trumps", "no-trumps", "auction"},
    "bid": {"bid", "pass"},
    "name": {"trumps", "no-trumps"},
    "direction": {"play-up", "play-down"},
    "play": {"play"},
}


class KingState(State):
    spec = GameSpec(
        id="king",
        name="King",
        family="trick-taking",
        seats=(4, 4),
        deck="52",
        summary="Ten hands of tricks: six where you avoid penalties, four where the dealer sets the goal.",
        rules=(
            "setup.first-dealer", "play.follow-suit", "positive.choice", "positive.auction",
            "positive.up-down", "interpretation.dealer-rotation", "interpretation.bids",
        ) + tuple(h.rule for h in NEGATIVE_HANDS),
        options=(
            Option("first_hand", 1, choices=tuple(range(1, HANDS + 1)),
                   description="the hand the game starts at, to practise (or show) the later hands; "
                               "the game still ends after hand 10"),
        ),
    )
    forms = FORMS
    heuristic = staticmethod(king_bot.choose)

    # ---- setup and hands ------------------------------------------------------------

    def _setup(self):
        deck = self._shuffle("first-dealer", make_deck("52"))
        turned = deck[: deck.index(KING_OF_HEARTS) + 1]
        self.first_dealer_cards = tuple(turned)
        self.first_dealer = (len(turned) - 1) % SEATS
        self.game_scores = (0,) * SEATS
        self.hand_results = ()
        self._deal(self.options["first_hand"], self.first_dealer)

    def _deal(self, number, dealer):
        deck = self._shuffle(f"hand-{number}", make_deck("52"))
        hands = [deck[(seat - dealer - 1) % SEATS::SEATS] for seat in range(SEATS)]
        self.hand_number = number
        self.dealer = dealer
        self.trump = None
        self.auction = None
        self.direction = None
        self.play = TrickPlay.deal(hands, left_of(dealer, SEATS), ACES_HIGH)
        self.phase = "play" if number <= len(NEGATIVE_HANDS) else "choose"

    @property
    def negative(self):
        return self.hand_number <= len(NEGATIVE_HANDS)

    @property
    def hand_name(self):
        if self.negative:
            return NEGATIVE_HANDS[self.hand_number - 1].name
        return f"Positive hand {self.hand_number - len(NEGATIVE_HANDS)}"

    # ---- moves ------------------------------------------------------------------------

    @property
    def to_act(self):
        if self.phase == "over":
            return None
        if self.phase in ("choose", "direction"):
            return self.dealer
        if self.phase == "bid":
            return self.auction.to_act
        if self.phase == "name":
            return self.auction.bidder
        return self.play.to_act

    def _legal(self):
        phase = self.phase
        if phase == "play":
            return [FORMS["play"].make(card) for card in self.play.legal_cards()]
        if phase == "bid":
            moves = [FORMS["bid"].make(n) for n in self.auction.legal_bids()]
            return moves + ([FORMS["pass"].make()] if self.auction.may_pass() else [])
        if phase == "direction":
            return [FORMS["play-up"].make(), FORMS["play-down"].make()]
        moves = [FORMS["trumps"].make(suit) for suit in SUITS] + [FORMS["no-trumps"].make()]
        if phase == "choose":
            moves.append(FORMS["auction"].make())
        return moves

    def candidate_moves(self):
        cards = [FORMS["play"].make(card) for card in make_deck("52")]
        calls = [FORMS["bid"].make(n) for n in range(0, 15)] + [FORMS[k].make() for k in
                 ("pass", "auction", "no-trumps", "play-up", "play-down")]
        return cards + calls + [FORMS["trumps"].make(suit) for suit in SUITS]

    def _why_not(self, move):
        phase = self.phase
        rule = PHASE_RULES[phase]
        if move.kind not in PHASE_KINDS[phase]:
            return (f"this is the time for {PHASE_ASKS[phase]}, not {move.text!r}", rule)
        if move.kind == "play":
            return self.play.why_not(move.card)
        if move.kind == "bid":
            return (self.auction.why_not_bid(move.args[0]), "interpretation.bids")
        if move.kind == "pass":
            return ("the player left of the dealer must open the auction with a bid", "positive.auction")
        raise AssertionError(f"{move} should be legal in phase {phase}")

    def _play(self, move):
        kind = move.kind
        if kind == "play":
            self.play = self.play.play(move.card)
            if self.play.is_over:
                self._score_hand()
        elif kind == "auction":
            bidders = tuple(left_of(self.dealer, SEATS, i) for i in (1, 2, 3))
            self.auction = Auction(order=bidders, low=1, high=13, opening_required=True)
            self.phase = "bid"
        elif kind in ("bid", "pass"):
            self.auction = self.auction.with_bid(move.args[0]) if kind == "bid" else self.auction.with_pass()
            if self.auction.is_over:
                self.phase = "name"
        elif kind in ("trumps", "no-trumps"):
            self.trump = move.args[0] if kind == "trumps" else None
            self.phase = "direction"
        else:
            self.direction = "up" if kind == "play-up" else "down"
            self.play = replace(self.play, trump=self.trump)
            self.phase = "play"

    # ---- scoring ------------------------------------------------------------------------

    def adjusted_tricks(self):
        """Each seat's tricks, with an auction's high bid moved from the bidder to the dealer."""
        counts = list(self.play.trick_counts())
        if self.auction is not None and self.auction.bid is not None:
            counts[self.auction.bidder] -= self.auction.bid
            counts[self.dealer] += self.auction.bid
        return counts

    def _hand_points(self):
        if self.negative:
            hand = NEGATIVE_HANDS[self.hand_number - 1]
            points = [0] * SEATS
            for index, (winner, trick) in enumerate(self.play.tricks):
                points[winner] += hand.points(index, trick)
            return tuple(points)
        if self.direction is None:
            return (0,) * SEATS
        counts = self.adjusted_tricks()
        if self.direction == "up":
            return tuple(25 * n for n in counts)
        return tuple(325 - 75 * n for n in counts)

    def _score_hand(self):
        points = self._hand_points()
        self.hand_results = self.hand_results + ((self.hand_name, points, self.play.trick_counts()),)
        self.game_scores = tuple(a + b for a, b in zip(self.game_scores, points))
        if self.hand_number == HANDS:
            self.phase = "over"
        else:
            self._deal(self.hand_number + 1, left_of(self.dealer, SEATS))

    @property
    def scores(self):
        if self.phase == "over":
            return Scores(self.hand_results[-1][1], self.game_scores)
        return Scores(self._hand_points(), self.game_scores)

    @property
    def winners(self):
        best = max(self.game_scores)
        return [seat for seat, score in enumerate(self.game_scores) if score == best]

    # ---- what each seat sees --------------------------------------------------------

    def _table(self, seat):
        return {
            "hand_number": self.hand_number,
            "hands_total": HANDS,
            "hand_name": self.hand_name,
            "negative": self.negative,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "first_dealer_turned": len(self.first_dealer_cards),
            "phase": self.phase,
            "trump": self.trump,
            "strain": None if self.negative or self.phase in ("choose", "bid", "name") else strain_name(self.trump),
            "direction": self.direction,
            "auction": self.auction.to_json() if self.auction else None,
            "adjusted_tricks": self.adjusted_tricks(),
            "play": self.play.to_json(seat),
            "hands": [
                {"name": name, "points": list(points), "tricks": list(tricks)}
                for name, points, tricks in self.hand_results
            ],
        }

    def _cards_in_play(self):
        return list(self.play.cards())

    def hidden_from(self, seat):
        return {card for s, hand in enumerate(self.play.hands) if s != seat and seat != ALL for card in hand}

    def describe(self):
        """A line for the terminal: hand, dealer, contract and scores."""
        contract = self.hand_name
        if not self.negative and self.direction:
            contract += f", {strain_name(self.trump)}, playing {self.direction}"
            if self.auction:
                contract += f" (seat {self.auction.bidder} bought it for {self.auction.bid})"
        return f"Hand {self.hand_number} of {HANDS}: {contract}; dealer seat {self.dealer}"


GAME = KingState
