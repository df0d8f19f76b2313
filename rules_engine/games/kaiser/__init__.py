"""Kaiser (Joffre, Three-Spot, Troika): four players in two partnerships bid
for the right to name trumps and play to 52.

- The pack is 32 cards: 8 to ace in each suit, the 7♣ and 7♦, the 5♥ and the
  3♠ (``setup.pack``). Partners sit opposite; all 32 are dealt, eight each,
  one at a time from the dealer's left (``setup.deal``).
- A player dealt no ace, no court card, neither the 5♥ nor the 3♠ may call a
  misdeal, and the same dealer deals again (``setup.misdeal``).
- One round of bidding from the dealer's left: each player bids once or
  passes; a bid is a number of points from 6 to 12, "no" (no trumps) ranking
  above the same number in a suit; each bid must top the last, except that
  the dealer, who bids last, may equal it (``bidding.round``). The high
  bidder names trumps unless the bid was "no" (``bidding.trumps``).
- The dealer's left leads; suit must be followed; aces are high; the highest
  trump, or else the highest card of the suit led, wins (``play.follow-suit``).
- A side's hand is worth 1 a trick, 5 for the 5♥, −3 for the 3♠ (``scoring.hand``).
  Declarers who reach their bid add their hand's points, else they subtract
  them; at no trumps either is doubled (``scoring.declarers``). Defenders add
  their hand's points while their score is 45 or less; above 45 only a
  negative hand counts (``scoring.defenders``).
- The game ends after a hand in which a side reaches 52; the higher score
  wins (``end.game``). The deal passes to the left.

Interpretation notes (on the game's page, ``interpretation.*``):

- Declarers who fall short never gain by it: tricks worth less than nothing
  are lost as they are; the option ``broken_contract="bid"`` takes off the
  bid instead, the common rule (``interpretation.broken-contract``).
- A misdeal is called in turn, instead of a call in the bidding (``interpretation.misdeal``).
- Changed from the text: when the other three pass, the dealer must bid
  (``interpretation.all-pass``).
- Equal scores of 52 or more: play on until a hand leaves them unequal
  (``interpretation.tie``).
- The first dealer is found by a cut: each player, from seat 0 round, cuts
  a card, and the highest (aces high; among equals the first cut) deals
  (``interpretation.first-dealer``).
- Changed from the text: a game not over after ``LAST_HAND`` hands ends
  there (``interpretation.last-hand``), so that every game ends. The option
  ``minus_52=True`` plays a published variant, off by default: a side at
  −52 or less also ends the game, the higher score winning
  (``interpretation.minus-52``).
"""

from ...cards import ACES_HIGH, SUIT_NAMES, SUITS, make_deck, parse_card
from ...families.trick_game import DRAW, TrickGame  # noqa: F401 (DRAW: a level game's winner)
from ...families.tricks import TrickPlay, highest_cut, left_of
from ...game import GameSpec, Option
from ...moves import MoveForm, MoveForms
from ...scoring import ScoreRule
from ...table import plain, plural, signed

SEATS, SIDES = 4, 2
TARGET = 52
# interpretation.last-hand: a game not over after this many hands ends there (54 of 60 games played
# at random come to it, their sides sunk far below nothing; the site's bots finish within 20 hands).
LAST_HAND = 200
DEFENDERS_CAP = 45
LOWEST_BID, HIGHEST_BID = 6, 12
FIVE_OF_HEARTS, THREE_OF_SPADES = parse_card("5H"), parse_card("3S")
COUNTING = frozenset("AKQJ")


def bid_rank(bid):
    """A bid's place in the order: ``(7, True)`` ("7 no") tops ``(7, False)`` and is topped by 8.

    >>> sorted([(8, False), (7, True), (7, False)], key=bid_rank)
    [(7, False), (7, True), (8, False)]
    """
    points, no_trumps = bid
    return points * 2 + no_trumps


def bid_words(bid):
    points, no_trumps = bid
    return f"{points} no" if no_trumps else str(points)


def deal_label(number, redeals):
    """The shuffle of hand ``number`` after ``redeals`` misdeals."""
    return f"hand-{number}" + (f"-redeal-{redeals}" if redeals else "")


def may_call_misdeal(hand):
    """A hand with no ace, no court card, neither the 5♥ nor the 3♠.

    >>> from rules_engine.cards import parse_cards
    >>> may_call_misdeal(parse_cards("7C 8C 9D TD 8H 9H TS 8S")), may_call_misdeal(parse_cards("7C 8C 9D TD 8H 9H TS JS"))
    (True, False)
    """
    return not any(card.rank in COUNTING or card in (FIVE_OF_HEARTS, THREE_OF_SPADES) for card in hand)


def hand_value(cards, tricks):
    """What a side's tricks are worth: 1 a trick, 5 for the 5♥, −3 for the 3♠.

    >>> from rules_engine.cards import parse_cards
    >>> hand_value(parse_cards("5H 3S AC KC 9D 8D 7D TD"), 2)
    4
    """
    return sum(points for _, points, _ in value_items(cards, tricks))


def value_items(cards, tricks):
    """What a side's tricks are worth, item by item: ``(label, points, cards)``.

    >>> from rules_engine.cards import parse_cards
    >>> [(label, points) for label, points, _ in value_items(parse_cards("5H 3S AC KC"), 1)]
    [('Tricks', 1), ('The 5♥', 5), ('The 3♠', -3)]
    """
    items = [("Tricks", tricks, ())]
    if FIVE_OF_HEARTS in cards:
        items.append((f"The {FIVE_OF_HEARTS.symbol}", 5, (FIVE_OF_HEARTS,)))
    if THREE_OF_SPADES in cards:
        items.append((f"The {THREE_OF_SPADES.symbol}", -3, (THREE_OF_SPADES,)))
    return items


def score_hand(values, declarers, bid, before, broken="tricks"):
    """Each side's change of score after a hand: ``values`` per side, the
    declaring side, its bid ``(points, no_trumps)`` and the scores before.
    Declarers who fall short lose what their tricks are worth, as the text
    says (``broken="tricks"``), or their bid (``broken="bid"``).

    >>> score_hand((9, 4), 0, (8, False), (10, 20))   # made: the declarers add their 9
    (9, 4)
    >>> score_hand((7, 6), 0, (8, True), (10, 20))    # broken at no trumps: twice the 7 taken lost
    (-14, 6)
    >>> score_hand((7, 6), 0, (8, True), (10, 20), broken="bid")   # or twice the bid
    (-16, 6)
    >>> score_hand((-2, 12), 0, (8, False), (10, 20)) # a hand worth less than nothing is lost as it is
    (-2, 12)
    >>> score_hand((9, 4), 0, (8, False), (10, 47))   # defenders above 45 gain nothing
    (9, 0)
    >>> score_hand((12, -2), 0, (8, False), (10, 47)) # but a negative hand still counts
    (12, -2)
    """
    points, no_trumps = bid
    factor = 2 if no_trumps else 1
    defenders = 1 - declarers
    change = [0, 0]
    value = values[declarers]
    if value >= points:
        change[declarers] = factor * value
    else:   # interpretation.broken-contract: never a gain
        change[declarers] = -factor * (points if broken == "bid" else abs(value))
    if before[defenders] <= DEFENDERS_CAP or values[defenders] < 0:
        change[defenders] = values[defenders]
    return tuple(change)


def game_winner(scores, minus_52=False):
    """The side that has won once a hand is scored, or None to play on: a
    side at 52 or more (or, with ``minus_52``, at −52 or less) ends the
    game, and the higher score wins; level scores play on.

    >>> game_winner((53, 40)), game_winner((50, 48)), game_winner((52, 52)), game_winner((55, 58))
    (0, None, None, 1)
    >>> game_winner((-52, 10)), game_winner((-52, 10), minus_52=True), game_winner((-60, -53), minus_52=True)
    (None, 1, 1)
    """
    floor = -TARGET if minus_52 else float("-inf")
    if (max(scores) < TARGET and min(scores) > floor) or scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def first_dealer(cut):
    """The seat whose cut card (``cut[seat]``) is highest, aces high; the first of equals.

    >>> from rules_engine.cards import parse_cards
    >>> first_dealer(parse_cards("9C KD 3S KH"))
    1
    """
    return highest_cut(cut, ACES_HIGH)


FORMS = MoveForms(
    MoveForm("play", "play {card}"),
    MoveForm("bid-no", "bid {int} no"),
    MoveForm("bid", "bid {int}"),
    MoveForm("pass", "pass"),
    MoveForm("misdeal", "misdeal"),
    MoveForm("trumps", "trumps {suit}"),
)
CALLS = {"bid", "bid-no", "pass", "misdeal"}


class KaiserState(TrickGame):
    spec = GameSpec(
        id="kaiser",
        name="Kaiser",
        family="trick-taking",
        seats=(SEATS, SEATS),
        deck="kaiser-32",
        aliases=("Joffre", "Three-Spot", "Troika"),
        summary="Partners bid for trumps and play for tricks, the 5♥ worth five and the 3♠ minus three, "
                "to 52.",
        rules=("setup.misdeal", "bidding.round", "bidding.trumps", "play.follow-suit", "scoring.hand",
               "scoring.declarers", "scoring.defenders", "interpretation.broken-contract",
               "interpretation.misdeal", "interpretation.all-pass", "interpretation.tie",
               "interpretation.first-dealer", "interpretation.minus-52", "interpretation.last-hand"),
        options=(
            Option("broken_contract", "tricks", choices=("tricks", "bid"),
                   description="what declarers who fall short lose: what their tricks are worth, as the text "
                               "says (tricks), or their bid, as Kaiser is commonly scored on the Canadian "
                               "prairies (bid; doubled at no trumps either way)"),
            Option("minus_52", False, (False, True),
                   description="whether a side at −52 or less after a hand also ends the game, the higher "
                               "score winning, as published Kaiser rules have it; the text plays on until a "
                               "side reaches 52"),
        ),
        scoring=ScoreRule(wins="high", target=TARGET, partnerships=2, rule="scoring.declarers",
                          end_rule="end.game", ties="play-on", tie_rule="interpretation.tie",
                          last_hand=LAST_HAND, last_rule="interpretation.last-hand"),
    )
    forms = FORMS
    SIDES = SIDES
    CALLS = SEATS + 1   # a call each, and trumps
    LAST_HAND = LAST_HAND   # interpretation.last-hand

    @property
    def TARGET(self):   # the game's end in words, for the score sheet
        floor = f"; a side at −{TARGET} loses" if self.options["minus_52"] else ""
        return f"The first side to {TARGET} wins, the higher score if both get there{floor}"

    def _setup(self):
        self.redeals = 0      # misdeals called in this hand
        super()._setup()

    def move_bound(self):
        """``LAST_HAND`` hands of four calls, trumps and 32 cards; and before each misdeal the
        deals allow (about one deal in 800 holds a hand that may call one), at most four calls."""
        misdeals = self._redeals_dealt(LAST_HAND, deal_label, make_deck(self.spec.deck),
                                       lambda cards: any(map(may_call_misdeal, self._deal_round(cards))))
        return super().move_bound() + SEATS * misdeals

    def _first_dealer(self):
        self.cut = tuple(self._shuffle("first-dealer", make_deck(self.spec.deck))[:SEATS])
        return first_dealer(self.cut)

    def _deal_hand(self):
        cards = self._shuffle(deal_label(self.hand_number, self.redeals), make_deck(self.spec.deck))
        self.play = TrickPlay.deal(self._deal_round(cards), left_of(self.dealer, SEATS), ACES_HIGH)
        self.calls = ()          # (seat, bid or None for a pass), in turn from the dealer's left
        self.contract = None     # (declaring side, bid, declarer)
        self.phase = "bid"

    # ---- the bidding and trumps --------------------------------------------------------

    @property
    def high_bid(self):
        best = (None, None)
        for seat, bid in self.calls:
            # ">=": bids only rise, so an equal bid is the dealer's, which takes the contract over.
            if bid is not None and (best[0] is None or bid_rank(bid) >= bid_rank(best[0])):
                best = (bid, seat)
        return best

    def _call_to_act(self):
        if self.phase == "bid":
            return left_of(self.dealer, SEATS, len(self.calls) + 1)
        return self.contract[2]

    def _lowest_rank(self):
        """The rank a bid must reach now: above the high bid, or equal to it for the dealer."""
        bid, _ = self.high_bid
        if bid is None:
            return bid_rank((LOWEST_BID, False))
        dealer_last = self._call_to_act() == self.dealer
        return bid_rank(bid) + (0 if dealer_last else 1)

    def _call_legal(self):
        if self.phase == "trumps":
            return [FORMS["trumps"].make(suit) for suit in SUITS]
        lowest = self._lowest_rank()
        moves = [FORMS["bid-no" if no else "bid"].make(points)
                 for points in range(LOWEST_BID, HIGHEST_BID + 1) for no in (False, True)
                 if bid_rank((points, no)) >= lowest]
        if not self._dealer_must_bid():
            moves.append(FORMS["pass"].make())
        if may_call_misdeal(self.play.hands[self._call_to_act()]):
            moves.append(FORMS["misdeal"].make())
        return moves

    def _dealer_must_bid(self):
        """The other three have passed: the dealer may not pass too (interpretation.all-pass)."""
        return len(self.calls) == SEATS - 1 and all(bid is None for _, bid in self.calls)

    def _call_candidates(self):
        bids = [FORMS[kind].make(n) for n in range(0, 15) for kind in ("bid", "bid-no")]
        return bids + [FORMS["pass"].make(), FORMS["misdeal"].make()] + [FORMS["trumps"].make(s) for s in SUITS]

    def _call_why_not(self, move):
        if self.phase == "trumps":
            return (f"{move.text!r} is not the time: the high bidder names trumps now", "bidding.trumps")
        if move.kind == "play" or move.kind == "trumps":
            return (f"{move.text!r} must wait: the bidding is not over", "bidding.round")
        if move.kind == "misdeal":
            return ("a misdeal may be called only with no ace, no court card, and neither the 5♥ nor the 3♠",
                    "setup.misdeal")
        if move.kind == "pass":
            return ("the other three have passed, so the dealer must bid", "interpretation.all-pass")
        points = move.args[0]
        if not LOWEST_BID <= points <= HIGHEST_BID:
            return (f"a bid is from {LOWEST_BID} to {HIGHEST_BID} points, not {points}", "bidding.round")
        bid, _ = self.high_bid
        rule = "bidding.round"
        if self._call_to_act() == self.dealer:
            return (f"the dealer may equal the high bid of {bid_words(bid)} or top it, not bid less", rule)
        return (f"a bid must top the high bid of {bid_words(bid)}", rule)

    def _call_play(self, move):
        seat = self._call_to_act()
        if move.kind == "trumps":
            self.play = TrickPlay.deal(self.play.hands, self.play.leader, ACES_HIGH, trump=move.args[0])
            self.phase = "play"
            return
        if move.kind == "misdeal":
            self.redeals += 1
            self._deal_hand()
            return
        bid = None if move.kind == "pass" else (move.args[0], move.kind == "bid-no")
        self.calls = self.calls + ((seat, bid),)
        if len(self.calls) < SEATS:
            return
        bid, declarer = self.high_bid
        self.contract = (declarer % SIDES, bid, declarer)
        self.phase = "play" if bid[1] else "trumps"

    # ---- scoring ----------------------------------------------------------------------

    def _values(self):
        won, tricks = self.play.won_cards(SIDES), self.play.trick_counts(SIDES)
        return tuple(hand_value(won[side], tricks[side]) for side in range(SIDES))

    def _score_hand(self):
        side, bid, _ = self.contract
        values = self._values()
        change = score_hand(values, side, bid, self.game_scores, self.options["broken_contract"])
        names = self.scorer_names()
        made = values[side] >= bid[0]
        tally = self.tally()
        won, tricks = self.play.won_cards(SIDES), self.play.trick_counts(SIDES)
        defenders = 1 - side
        capped = self.game_scores[defenders] > DEFENDERS_CAP and values[defenders] >= 0
        for s in range(SIDES):
            if s == side and not made:   # interpretation.broken-contract: the loss is one sum, never a gain
                tally.add(s, f"Bid {bid_words(bid)}, broken", change[s], "interpretation.broken-contract",
                          note=f"{plain(values[s])} taken")
            elif s == defenders and capped:
                tally.add(s, "Above 45: only a negative hand counts", 0, "scoring.defenders",
                          note=f"{plain(values[s])} taken")
            else:
                doubled = s == side and bid[1]
                rule = "scoring.declarers" if s == side else "scoring.defenders"
                for label, points, cards in value_items(won[s], tricks[s]):
                    tally.add(s, label + (", doubled at no trumps" if doubled else ""), points * (2 if doubled else 1),
                              rule, cards, plural(tricks[s], "trick") if label == "Tricks" else None)
        lines = [f"{names[side]} bid {bid_words(bid)} and took {plain(values[side])}: "
                 f"{'made' if made else 'broken'}, {signed(change[side])}",
                 f"{names[1 - side]} took {plain(values[1 - side])}: {signed(change[1 - side])}"
                 + ("" if change[1 - side] == values[1 - side] else " (above 45, only a negative hand counts)")]
        self.redeals = 0
        return tally, lines

    def _game_winner(self):
        return game_winner(self.game_scores, self.options["minus_52"])

    def _result_sentence(self):
        sentence = super()._result_sentence()
        if sentence and self._last_hand_sentence() is None and max(self.game_scores) < TARGET:
            loser = 1 - self.winner   # under the option minus_52: the other side fell to −52
            sentence = sentence[:-1] + f"; {self.scorer_names()[loser]} fell to {plain(self.game_scores[loser])}."
        return sentence

    # ---- what each seat sees ----------------------------------------------------------

    def _view_extra(self, seat):
        bid, bidder = self.high_bid
        return {
            "calls": [{"seat": s, "call": "pass" if b is None else bid_words(b)} for s, b in self.calls],
            "high_bid": None if bid is None else {"points": bid[0], "no_trumps": bid[1], "seat": bidder},
            "contract": None if self.contract is None else {
                "side": self.contract[0], "points": self.contract[1][0], "no_trumps": self.contract[1][1],
                "declarer": self.contract[2]},
            "hand_values": list(self._values()),
            # In display form: the cut was from another pack order, so these are no second copies.
            "cut": [card.symbol for card in self.cut] if self.hand_number == 1 and self.phase == "bid" else None,
        }

    def _facts(self, players):
        facts = []
        if self.calls:
            facts.append("Bidding: " + ", ".join(
                f"{players[s].lower()} {'passes' if b is None else 'bids ' + bid_words(b)}" for s, b in self.calls))
        if self.contract:
            side, bid, declarer = self.contract
            strain = ("no trumps" if bid[1] else
                      SUIT_NAMES[self.play.trump] if self.play.trump else "trumps to be named")
            facts.append(f"Contract: {bid_words(bid)} by {players[declarer]}, {strain}")
        return facts

    def _won_notes(self):
        tricks = self.play.trick_counts(SIDES)
        return [f"{plural(n, 'trick')}, worth {plain(v)}" for n, v in zip(tricks, self._values())]

    def _call_sentence(self, move, seat, players):
        if move.kind == "misdeal":
            return f"{players[seat]} calls a misdeal; the same dealer deals again."
        return super()._call_sentence(move, seat, players)


GAME = KaiserState
