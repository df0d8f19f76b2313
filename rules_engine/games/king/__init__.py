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

A compendium (rules_engine/families/compendium.py): the six negative hands
are :class:`Penalty` contracts, the four positive ones :class:`Positive`,
with the dealer's choice, the auction and up or down as phases before the
tricks.

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

from ...cards import SUITS, make_deck, parse_card
from ...families.compendium import CompendiumGame, Takes, TrickContract, suit_weights
from ...families.ledger import PointsLedger
from ...families.tricks import Auction, left_of, strain_name, trick_zones
from ...game import GameSpec, Option
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreHand, ScoreRule
from ...table import plain, plural, signed

KING_OF_HEARTS = parse_card("KH")
HANDS = 10
SEATS = 4
TRICKS = 13
UP_TRICK = 25              # a trick in a positive hand played up
DOWN_START, DOWN_TRICK = 325, 75  # played down: 325 less 75 a trick


@dataclass(frozen=True)
class Penalty(TrickContract):
    """A negative hand: ``unit`` points for each thing ``takes`` counts
    (``supply`` of them in the pack; ``counted``: what a player counts, for the score pad;
    ``each``: one of them, in words)."""

    unit: int = 0
    supply: int = 0
    counted: str = ""
    each: str = ""

    @property
    def total(self):
        """What the hand always takes from the table (scoring.negative-total)."""
        return self.unit * self.supply

    def points(self, index, trick):
        """The penalty for winning the ``index``-th trick (0-based) of a hand."""
        return self.unit * self.takes.count(index, trick, TRICKS)

    def charged(self, taken):
        """Each seat's points from how many penalised things it ``taken``."""
        return tuple(self.unit * n for n in taken)

    def deal(self, game, hands):
        super().deal(game, hands)
        game.phase, game.trump, game.auction, game.direction = "play", None, None, None

    def so_far(self, game):
        return self.charged(self.taken(game.play))

    def settle(self, game):
        taken, cards = self.taken(game.play), self.takes.cards_taken(game.play)
        for seat, points in enumerate(self.charged(taken)):
            game.tally.add(seat, self.name, points, self.rule, cards[seat],
                           f"{plain(taken[seat])} × {plain(self.unit)}")
        points = game.tally.points
        game._score(points)
        return [f"{game.player_names()[s]}: {plural(n, 'trick')}, {signed(points[s])}"
                for s, n in enumerate(game.play.trick_counts())]

    def scored(self, play):
        if play.trick or not play.tricks:
            return None
        points = self.points(len(play.tricks) - 1, play.tricks[-1][1])
        return f"{signed(points)} in {self.name}" if points else None

    def facts(self, game, players):
        return ["No trumps"]


def _penalty(name, rule, unit, supply, counted, each, **takes):
    return Penalty(name.lower().replace(" ", "-"), name, rule, takes=Takes(**takes), unit=unit, supply=supply,
                   counted=counted, each=each)


NEGATIVE_HANDS = (
    _penalty("No tricks", "scoring.no-tricks", -20, 13, "Tricks taken", "trick", per_trick=1),
    _penalty("No hearts", "scoring.no-hearts", -20, 13, "Hearts taken", "heart", weights=suit_weights("52", "H")),
    _penalty("No queens", "scoring.no-queens", -50, 4, "Queens taken", "queen",
             weights=tuple((f"Q{suit}", 1) for suit in SUITS)),
    _penalty("No kings or jacks", "scoring.no-kings-jacks", -30, 8, "Kings and jacks taken", "king or jack",
             weights=tuple((f"{rank}{suit}", 1) for rank in "KJ" for suit in SUITS)),
    _penalty("No king of hearts", "scoring.no-king-of-hearts", -160, 1, "K♥ taken",
             "K♥", weights=(("KH", 1),)),
    _penalty("No last two tricks", "scoring.no-last-two", -90, 2, "Of the last two tricks, tricks taken",
             "of the last two tricks", last=2),
)


# ---- hand scores from what the players took: used by the game and by the score pad ----------------

def negative_points(hand, taken):
    """The points of negative hand ``hand`` (1-6) from what each seat took of
    what it penalises (tricks, hearts, queens, kings and jacks, the K♥, the
    last two tricks).

    >>> negative_points(2, [5, 4, 3, 1])
    (-100, -80, -60, -20)
    """
    return NEGATIVE_HANDS[hand - 1].charged(taken)


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
        detail = f"{kind.name}: {kind.unit} for each {kind.each} taken"
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
                  facts=(Fact("taken", hand.counted, per_seat=True, high=hand.supply,
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
}
PHASE_ASKS = {
    "choose": "the dealer to choose trumps, no trumps or an auction",
    "bid": "a bid or a pass",
    "name": "the high bidder to name trumps or no trumps",
    "direction": "the dealer to choose to play up or down",
}
PHASE_KINDS = {
    "choose": {"trumps", "no-trumps", "auction"},
    "bid": {"bid", "pass"},
    "name": {"trumps", "no-trumps"},
    "direction": {"play-up", "play-down"},
}

@dataclass(frozen=True)
class Positive(TrickContract):
    """A positive hand: the dealer names trumps or no trumps, or auctions the
    choice to the other three; then plays up (25 a trick) or down (325 less
    75 a trick); the high bid moves from the buyer's tricks to the dealer's."""

    def deal(self, game, hands):
        super().deal(game, hands)
        game.phase, game.trump, game.auction, game.direction = "choose", None, None, None

    def to_act(self, game):
        phase = game.phase
        if phase in ("choose", "direction"):
            return game.dealer
        if phase == "bid":
            return game.auction.to_act
        if phase == "name":
            return game.auction.bidder
        return game.play.to_act

    def legal(self, game):
        phase, forms = game.phase, game.forms
        if phase == "play":
            return super().legal(game)
        if phase == "bid":
            moves = [forms["bid"].make(n) for n in game.auction.legal_bids()]
            return moves + ([forms["pass"].make()] if game.auction.may_pass() else [])
        if phase == "direction":
            return [forms["play-up"].make(), forms["play-down"].make()]
        moves = [forms["trumps"].make(suit) for suit in SUITS] + [forms["no-trumps"].make()]
        return moves + ([forms["auction"].make()] if phase == "choose" else [])

    def candidates(self, game):
        calls = [game.forms["bid"].make(n) for n in range(0, 15)] + [game.forms[k].make() for k in
                 ("pass", "auction", "no-trumps", "play-up", "play-down")]
        return super().candidates(game) + calls + [game.forms["trumps"].make(suit) for suit in SUITS]

    def why_not(self, game, move):
        phase = game.phase
        if phase == "play":
            return super().why_not(game, move)
        if move.kind not in PHASE_KINDS[phase]:
            return (f"this is the time for {PHASE_ASKS[phase]}, not {move.text!r}", PHASE_RULES[phase])
        if move.kind == "bid":
            return (game.auction.why_not_bid(move.args[0]), "interpretation.bids")
        if move.kind == "pass":
            return ("the player left of the dealer must open the auction with a bid", "positive.auction")
        raise AssertionError(f"{move} should be legal in phase {phase}")

    def play(self, game, move, seat):
        kind = move.kind
        if kind == "play":
            return super().play(game, move, seat)
        if kind == "auction":
            bidders = tuple(left_of(game.dealer, SEATS, i) for i in (1, 2, 3))
            game.auction = Auction(order=bidders, low=1, high=13, opening_required=True)
            game.phase = "bid"
        elif kind in ("bid", "pass"):
            game.auction = game.auction.with_bid(move.args[0]) if kind == "bid" else game.auction.with_pass()
            if game.auction.is_over:
                game.phase = "name"
        elif kind in ("trumps", "no-trumps"):
            game.trump = move.args[0] if kind == "trumps" else None
            game.phase = "direction"
        else:
            game.direction = "up" if kind == "play-up" else "down"
            game.play = replace(game.play, trump=game.trump)
            game.phase = "play"
        return f"{game.player_names()[seat]}: {move.text}."

    def move_bound(self, game):
        """The dealer's choice, an auction, trumps named, up or down, then the cards."""
        auction = Auction(order=(1, 2, 3), low=1, high=13, opening_required=True)
        return super().move_bound(game) + 3 + auction.most_calls()

    def auction_result(self, game):
        """``(bid, bidder, dealer)`` after an auction, else ``(None, None, None)``."""
        if game.auction is not None and game.auction.bid is not None:
            return game.auction.bid, game.auction.bidder, game.dealer
        return None, None, None

    def so_far(self, game):
        if game.direction is None:
            return (0,) * SEATS
        return positive_points(game.direction, game.play.trick_counts(), *self.auction_result(game))

    def settle(self, game):
        counts, adjusted = game.play.trick_counts(), game.adjusted_tricks()
        for seat, points in enumerate(self.so_far(game)):
            moved = adjusted[seat] != counts[seat]   # the auction's bid moved from the bidder to the dealer
            game.tally.add(seat, f"Tricks played {game.direction}", points,
                           "scoring.auction-transfer" if moved else "scoring.positive",
                           note=plural(adjusted[seat], "trick") + (f", {plain(counts[seat])} taken" if moved else ""))
        points = game.tally.points
        game._score(points)
        return [f"{game.player_names()[s]}: {plural(counts[s], 'trick')}"
                + (f", counted {plain(adjusted[s])}" if adjusted[s] != counts[s] else "") + f", {signed(points[s])}"
                for s in range(SEATS)]

    def facts(self, game, players):
        facts = []
        if game.auction:
            calls = ", ".join(f"{players[s].lower()} {'passes' if bid is None else f'bids {bid}'}"
                              for s, bid in game.auction.calls)
            facts.append(f"Auction: {calls}" if calls else "Auction: no bid yet")
            if game.auction.is_over:
                facts.append(f"{players[game.auction.bidder]} bought the choice with {game.auction.bid}: "
                             f"that many of its tricks count for the dealer")
        if game.phase in ("direction", "play"):
            facts.append(f"Contract: {strain_name(game.trump)}"
                         + (f", playing {game.direction}" if game.direction else ""))
        return facts

    def zones(self, game, seat, players):
        counts, adjusted = game.play.trick_counts(), game.adjusted_tricks()
        notes = [plural(n, "trick") + (f", counted {plain(a)}" if a != n else "") for n, a in zip(counts, adjusted)]
        return trick_zones(game.play, seat, players, notes)


POSITIVE_HANDS = tuple(Positive(f"positive-{n}", f"Positive hand {n}", "scoring.positive")
                       for n in range(1, HANDS - len(NEGATIVE_HANDS) + 1))


class KingState(PointsLedger, CompendiumGame):
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
    CONTRACTS = NEGATIVE_HANDS + POSITIVE_HANDS
    TARGET = "Ten hands; the scores of a whole game total 0"

    def _first_dealer(self):
        deck = self._shuffle("first-dealer", make_deck("52"))
        self.first_dealer_cards = tuple(deck[: deck.index(KING_OF_HEARTS) + 1])
        return (len(self.first_dealer_cards) - 1) % SEATS

    @property
    def negative(self):
        return self.hand_number <= len(NEGATIVE_HANDS)

    def adjusted_tricks(self):
        """Each seat's tricks, with an auction's high bid moved from the bidder to the dealer."""
        auction = self.contract.auction_result(self) if not self.negative else (None, None, None)
        return adjust_tricks(self.play.trick_counts(), *auction)

    def _table(self, seat):
        # What the bots read of the contract: the phase, trumps, the auction, up or down.
        return {**super()._table(seat), **self._contract_view()}

    def _contract_view(self):
        return {
            "hand_name": self.contract.name,
            "negative": self.negative,
            "first_dealer_turned": len(self.first_dealer_cards),
            "phase": self.phase,
            "trump": self.trump,
            "strain": None if self.negative or self.phase in ("choose", "bid", "name") else strain_name(self.trump),
            "direction": self.direction,
            "auction": self.auction.to_json() if self.auction else None,
            "adjusted_tricks": self.adjusted_tricks(),
        }

    def _facts(self, players):
        if self.hand_number == 1 and not self.play.tricks and not self.play.trick:
            return [f"{players[self.first_dealer]} deals first: the K♥ reached that seat when "
                    f"cards were dealt face up ({plural(len(self.first_dealer_cards), 'card')})"]
        return []


GAME = KingState
