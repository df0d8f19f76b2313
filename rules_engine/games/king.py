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
from ..families.tricks import Auction, TrickPlay, last_trick_zone, left_of, strain_name, trick_sentence, trick_zones
from ..game import ALL, GameSpec, Option, Scores, State
from ..moves import MoveForm, MoveForms
from ..scoring import Fact, ScoreError, ScoreHand, ScoreRule
from ..table import headline, score_sheet, signed
from . import king_bot

KING_OF_HEARTS = parse_card("KH")
HANDS = 10
SEATS = 4


# What each negative hand penalises: the points per item, how many the pack holds, what a player counts.
PENALTIES = {
    "trick": (-20, 13, "Tricks taken"),
    "heart": (-20, 13, "Hearts taken"),
    "queen": (-50, 4, "Queens taken"),
    "king-jack": (-30, 8, "Kings and jacks taken"),
    "king-of-hearts": (-160, 1, "K♥ taken (1 for the player who took it)"),
    "last-two": (-90, 2, "Of the last two tricks, tricks taken"),
}
UP_TRICK = 25              # a trick in a positive hand played up
DOWN_START, DOWN_TRICK = 325, 75  # played down: 325 less 75 a trick
TRICKS = 13


@dataclass(frozen=True)
class NegativeHand:
    name: str
    rule: str
    penalty: str

    @property
    def unit(self):
        return PENALTIES[self.penalty][0]

    @property
    def supply(self):
        """How many penalised items a hand holds: all of them are taken by someone."""
        return PENALTIES[self.penalty][1]

    @property
    def total(self):
        """What the hand always takes from the table (scoring.negative-total)."""
        return self.unit * self.supply

    def count(self, index, trick):
        """How many penalised items winning the ``index``-th trick (0-based) of a hand takes."""
        cards = [card for _, card in trick]
        return {
            "trick": 1,
            "heart": sum(c.suit == "H" for c in cards),
            "queen": sum(c.rank == "Q" for c in cards),
            "king-jack": sum(c.rank in "KJ" for c in cards),
            "king-of-hearts": int(KING_OF_HEARTS in cards),
            "last-two": int(index >= 11),
        }[self.penalty]

    def points(self, index, trick):
        """The penalty for winning the ``index``-th trick (0-based) of a hand."""
        return self.unit * self.count(index, trick)


NEGATIVE_HANDS = (
    NegativeHand("No tricks", "scoring.no-tricks", "trick"),
    NegativeHand("No hearts", "scoring.no-hearts", "heart"),
    NegativeHand("No queens", "scoring.no-queens", "queen"),
    NegativeHand("No kings or jacks", "scoring.no-kings-jacks", "king-jack"),
    NegativeHand("No king of hearts", "scoring.no-king-of-hearts", "king-of-hearts"),
    NegativeHand("No last two tricks", "scoring.no-last-two", "last-two"),
)


# ---- hand scores from what the players took: used by the game and by the score pad ----------------

def negative_points(hand, taken):
    """The points of negative hand ``hand`` (1-6) from what each seat took of
    what it penalises (tricks, hearts, queens, kings and jacks, the K♥, the
    last two tricks).

    >>> negative_points(2, [5, 4, 3, 1])
    (-100, -80, -60, -20)
    """
    unit = NEGATIVE_HANDS[hand - 1].unit
    return tuple(unit * n for n in taken)


def adjust_tricks(tricks, bid=None, bidder=None, dealer=None):
    """Each seat's tricks, with an auction's high ``bid`` moved from the bidder to the dealer."""
    counts = list(tricks)
    if bid is not None:
        counts[bidder] -= bid
        counts[dealer] += bid
    return counts


def positive_points(direction, tricks, bid=None, bidder=None, dealer=None):
    """The points of a positive hand played ``up`` or ``down`` from each seat's
    tricks and, after an auction, its high bid, bidder and dealer.

    >>> positive_points("down", [1, 3, 4, 5], bid=4, bidder=0, dealer=3)  # the bidder counts -3, the dealer 9
    (550, 100, 25, -350)
    """
    counts = adjust_tricks(tricks, bid, bidder, dealer)
    if direction == "up":
        return tuple(UP_TRICK * n for n in counts)
    return tuple(DOWN_START - DOWN_TRICK * n for n in counts)


def hand_row(hand, facts, context):
    """The score pad's calculator (rules_engine/scoring.py): a hand's row from the facts entered."""
    if hand <= len(NEGATIVE_HANDS):
        taken = facts["taken"]
        kind = NEGATIVE_HANDS[hand - 1]
        points = negative_points(hand, taken)
        detail = f"{kind.name}: {kind.unit} for each " + {
            "trick": "trick", "heart": "heart", "queen": "queen", "king-jack": "king or jack",
            "king-of-hearts": "K♥", "last-two": "of the last two tricks"}[kind.penalty] + " taken"
        return {"points": points, "rule": kind.rule, "detail": detail}
    bid, bidder = facts["bid"], facts["bidder"]
    if (bid is None) != (bidder is None):
        raise ScoreError("after an auction give both the winning bid and the bidder; without one, neither",
                         "scoring.auction-transfer")
    if bid is not None and bidder == facts["dealer"]:
        raise ScoreError("the dealer never bids in the auction", "interpretation.bids")
    points = positive_points(facts["direction"], facts["tricks"], bid, bidder, facts["dealer"])
    detail = ("played up: 25 a trick" if facts["direction"] == "up" else "played down: 325 less 75 a trick")
    rule = "scoring.positive"
    if bid is not None:
        detail += f"; the high bid of {bid} moved from the bidder's tricks to the dealer's"
        rule = "scoring.auction-transfer"
    return {"points": points, "rule": rule, "detail": detail}


POSITIVE_FACTS = (
    Fact("direction", "Played", kind="choice",
         choices=(("up", "up: 25 a trick"), ("down", "down: 325 less 75 a trick"))),
    Fact("tricks", "Tricks taken", per_seat=True, high=TRICKS, total=TRICKS),
    Fact("dealer", "Dealer", kind="seat"),
    Fact("bid", "Auction: the winning bid", high=TRICKS, low=1, optional=True,
         help="leave empty when the dealer chose without an auction"),
    Fact("bidder", "Auction: the high bidder", kind="seat", optional=True),
)
SCORING = ScoreRule(
    wins="high",
    hands=tuple(
        ScoreHand(hand.name, hand.rule, total=hand.total, total_rule="scoring.negative-total",
                  facts=(Fact("taken", PENALTIES[hand.penalty][2], per_seat=True, high=hand.supply,
                              total=hand.supply),))
        for hand in NEGATIVE_HANDS
    ) + tuple(
        ScoreHand(f"Positive hand {n}", "scoring.positive", total=UP_TRICK * TRICKS, total_rule="scoring.zero-sum",
                  facts=POSITIVE_FACTS)
        for n in range(1, HANDS - len(NEGATIVE_HANDS) + 1)
    ),
    game_total=0,
    total_rule="scoring.zero-sum",
    calculator=hand_row,
    rule="scoring.negative",
    tie_rule="interpretation.ties",
    cites=("scoring.auction-transfer", "interpretation.bids"),
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
        scoring=SCORING,
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
        return adjust_tricks(self.play.trick_counts(), *self._auction_result())

    def _auction_result(self):
        """``(bid, bidder, dealer)`` after an auction, else ``(None, None, None)``."""
        if self.auction is not None and self.auction.bid is not None:
            return self.auction.bid, self.auction.bidder, self.dealer
        return None, None, None

    def _hand_points(self):
        # The same pure functions score the score pad's rows (hand_row).
        if self.negative:
            hand = NEGATIVE_HANDS[self.hand_number - 1]
            taken = [0] * SEATS
            for index, (winner, trick) in enumerate(self.play.tricks):
                taken[winner] += hand.count(index, trick)
            return negative_points(self.hand_number, taken)
        if self.direction is None:
            return (0,) * SEATS
        return positive_points(self.direction, self.play.trick_counts(), *self._auction_result())

    def _score_hand(self):
        points = self._hand_points()
        # Kept for one move, so the table can show the hand's last trick and result before the next deal.
        self.hand_end = (self.hand_number, self.hand_name, self.play)
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

    # ---- the table, described for the renderers ------------------------------------

    def _describe(self, seat):
        players = self.player_names()
        counts, adjusted = self.play.trick_counts(), self.adjusted_tricks()
        notes = [f"{n} trick{'' if n == 1 else 's'}" + (f", counted {a}" if a != n else "")
                 for n, a in zip(counts, adjusted)]
        zones = trick_zones(self.play, seat, players, notes)
        return {
            "headline": headline(f"Hand {self.hand_number} of {HANDS}: {self.hand_name}",
                                 f"Dealer: {players[self.dealer]}", *self._contract_facts(players),
                                 self._first_dealer_fact(players)),
            "zones": zones,
            "dealer": self.dealer,
            "score": self._score_sheet(players),
            "last": self._last_sentence(players),
            "result": self._result_sentence(players),
            "interlude": self._interlude(players),
        }

    def _first_dealer_fact(self, players):
        if self.hand_number == 1 and not self.play.tricks and not self.play.trick:
            return (f"{players[self.first_dealer]} deals first: the K♥ reached that seat when "
                    f"cards were dealt face up ({len(self.first_dealer_cards)} cards)")
        return None

    def _contract_facts(self, players):
        if self.negative:
            return ["No trumps"]
        facts = []
        if self.auction:
            calls = ", ".join(f"{players[s].lower()} {'passes' if bid is None else f'bids {bid}'}"
                              for s, bid in self.auction.calls)
            facts.append(f"Auction: {calls}" if calls else "Auction: no bid yet")
            if self.auction.is_over:
                facts.append(f"{players[self.auction.bidder]} bought the choice with {self.auction.bid}: "
                             f"that many of its tricks count for the dealer")
        if self.phase in ("direction", "play"):
            facts.append(f"Contract: {strain_name(self.trump)}"
                         + (f", playing {self.direction}" if self.direction else ""))
        return facts

    def _score_sheet(self, players):
        first = self.options["first_hand"]
        rows = [(f"{number}. {name}", points)
                for number, (name, points, _) in enumerate(self.hand_results, first)]
        totals = [("Game", self.game_scores)]
        if self.phase != "over":
            totals.insert(0, ("This hand so far", self._hand_points()))
        return score_sheet(players, rows, totals, target="Ten hands; the scores of a whole game total 0")

    def _last_sentence(self, players):
        last = self.last_move
        if last is None:
            return None
        text, seat = last
        move = self.parse_move(text)
        if move.kind != "play":
            return f"{players[seat]}: {text}."
        play = self.hand_end[2] if self.__dict__.get("hand_end") else self.play
        scored = None
        if play.tricks and not play.trick and play.tricks[-1][1][-1] == (seat, move.card):
            number = self.hand_end[0] if self.__dict__.get("hand_end") else self.hand_number
            if number <= len(NEGATIVE_HANDS):
                points = NEGATIVE_HANDS[number - 1].points(len(play.tricks) - 1, play.tricks[-1][1])
                name = NEGATIVE_HANDS[number - 1].name
                scored = f"{signed(points)} in {name}" if points else None
        return trick_sentence(play, players, seat, move.card, scored)

    def _result_sentence(self, players):
        if self.phase != "over":
            return None
        best = max(self.game_scores)
        names = " and ".join(players[s] for s in self.winners)
        return f"{names} win{'s' if len(self.winners) == 1 else ''} the game with {best}."

    def _interlude(self, players):
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, name, play = ended
        _, points, tricks = self.hand_results[-1]
        lines = [f"{players[s]}: {tricks[s]} trick{'' if tricks[s] == 1 else 's'}, {signed(points[s])} "
                 f"(game {signed(self.game_scores[s])})" for s in range(SEATS)]
        return {"title": f"End of hand {number}: {name}", "zones": [last_trick_zone(play, players)],
                "lines": lines}

    def describe(self):
        """A line for the terminal: hand, dealer, contract and scores."""
        contract = self.hand_name
        if not self.negative and self.direction:
            contract += f", {strain_name(self.trump)}, playing {self.direction}"
            if self.auction:
                contract += f" (seat {self.auction.bidder} bought it for {self.auction.bid})"
        return f"Hand {self.hand_number} of {HANDS}: {contract}; dealer seat {self.dealer}"


GAME = KingState
