"""Umtali: a rummy for two in which melds may be single cards, laid on the melder's own side.

- 52 cards; ten each, the next card turned up to start the discard pile, the rest the stock
  (``setup.deal``); the deal alternates, the first dealer the second seat (``setup.dealer``).
- A turn: draw the stock's top card or the discard pile's (``play.draw``); a card taken from the
  pile and melded at once lets the player take the next one too, if it can be melded at once
  (``play.draw-more``); then meld (``play.meld``) and discard one card (``play.discard``).
- Basic melds: a set of three or four of a rank, no jacks (``meld.set``); a run of three or more
  number cards of one suit, ace low (``meld.run``); a king and queen of one suit
  (``meld.marriage``). A single card extends a set or run on either side, or another single
  (same rank, or same suit one rank away), and is laid on its melder's side
  (``meld.single``); a jack is always melded alone (``meld.jack``). A card that makes a basic
  meld with cards held may not go as a single (``meld.held``); a pair only to go out
  (``meld.pair``).
- Going out: every card melded, with or without a last discard, which may go face down
  (``play.out``); the other player has one more turn, drawing from the stock after a face-down
  discard (``play.last-turn``); their cards left then go to the side of the player who went out
  (``play.leftover``).
- Each side's cards score: 10s and face cards 5, others 1, a marriage 20 (``scoring.cards``);
  four hands, the higher total wins (``end.game``). A hand with no one out ends when the stock
  runs out (``interpretation.stock-out``) or after ``TURN_LIMIT`` turns
  (``interpretation.turn-limit``).
"""

from itertools import combinations

from ...cards import RANKS, make_deck, parse_card
from ...families.rummy import candidate_melds, canonical, held_order
from ...game import ALL, GameSpec, Scores, State
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreHand, ScoreRule
from ...selection import Built
from ...table import Tally, plural

FORMS = MoveForms(
    MoveForm("draw", "draw"), MoveForm("take", "take {card}"), MoveForm("meld", "meld {cards}"),
    MoveForm("discard-down", "discard {card} face down"), MoveForm("discard", "discard {card}"),
)
HANDS = 4
HAND_SIZE = 10
MARRIAGE = 20       # a marriage's worth (scoring.cards)
HIGH = 5            # a 10 or a face card (scoring.cards)
TURN_LIMIT = 80     # turns in one hand at most (interpretation.turn-limit)
NUMBER_RANKS = RANKS[:10]   # A to 10: the cards a run is made of
# A hand's moves at most: a draw and a discard each turn and the last turn, a meld for each card
# at most, and a take from the pile for each card melded.
HAND_MOVES = 2 * (TURN_LIMIT + 1) + 2 * 52


def card_points(card):
    """A card's worth on its side of the table: a 10 or a face card 5, any other 1.

    >>> from rules_engine.cards import parse_cards
    >>> [card_points(c) for c in parse_cards("AS 9H TD JC QS KH")]
    [1, 1, 5, 5, 5, 5]
    """
    return HIGH if card.rank in "TJQK" else 1


def side_items(melds):
    """What a side scores, item by item: ``[(label, points, rule, cards)]``, its marriages
    (20 each), its 10s and face cards (5 each), its other cards (1 each), and apart, under
    ``play.leftover``, the cards left in the other's hand (melds of kind ``left``).

    >>> from rules_engine.cards import parse_cards
    >>> [item[:2] for item in side_items([("marriage", parse_cards("QH KH")), ("run", parse_cards("5S 6S 7S")),
    ...                                   ("single", parse_cards("JD")), ("left", parse_cards("9C"))])]
    [('Marriages', 20), ('10s and face cards', 5), ('Other cards', 3), ("{other}'s cards left", 1)]
    """
    marriages = [c for kind, cards in melds if kind == "marriage" for c in cards]
    melded = [c for kind, cards in melds if kind not in ("marriage", "left") for c in cards]
    left = [c for kind, cards in melds if kind == "left" for c in cards]
    items = [("Marriages", MARRIAGE * (len(marriages) // 2), "scoring.cards", marriages),
             ("10s and face cards", sum(HIGH for c in melded if card_points(c) == HIGH), "scoring.cards",
              [c for c in melded if card_points(c) == HIGH]),
             ("Other cards", sum(1 for c in melded if card_points(c) != HIGH), "scoring.cards",
              [c for c in melded if card_points(c) != HIGH]),
             ("{other}'s cards left", sum(map(card_points, left)), "play.leftover", left)]
    return [item for item in items if item[3]]


def side_points(melds):
    """What a side scores: its cards' points, a marriage counting 20 rather than its two 5s
    (the sum of its ``side_items``).

    >>> from rules_engine.cards import parse_cards
    >>> side_points([("marriage", parse_cards("QH KH")), ("run", parse_cards("5S 6S 7S")),
    ...              ("single", parse_cards("JD"))])
    28
    """
    return sum(points for _, points, _, _ in side_items(melds))


def _rank(card):
    return RANKS.index(card.rank)


def basic_kind(cards):
    """``"set"``, ``"run"`` or ``"marriage"`` for a basic meld, else None.

    >>> from rules_engine.cards import parse_cards
    >>> [basic_kind(parse_cards(t)) for t in ("7S 7H 7D", "JS JH JD", "AH 2H 3H", "8C 9C TC", "9C TC JC", "QD KD")]
    ['set', None, 'run', 'run', None, 'marriage']
    """
    cards = list(cards)
    if len(set(cards)) != len(cards):
        return None
    if len(cards) == 2:
        ranks = {c.rank for c in cards}
        return "marriage" if ranks == {"Q", "K"} and cards[0].suit == cards[1].suit else None
    if len(cards) < 3:
        return None
    if len(cards) <= 4 and len({c.rank for c in cards}) == 1:
        return None if cards[0].rank == "J" else "set"
    if len({c.suit for c in cards}) == 1 and all(c.rank in NUMBER_RANKS for c in cards):
        ranks = sorted(_rank(c) for c in cards)
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return "run"
    return None


def basic_melds(hand):
    """Every basic meld ``hand`` holds, each in written order: the rummy family's sets and runs
    that are Umtali's (no jacks, number cards only in runs), and its marriages."""
    found = [m for m in candidate_melds(hand) if basic_kind(m)]
    for queen in hand:
        king = next((c for c in hand if c.rank == "K" and c.suit == queen.suit), None) if queen.rank == "Q" else None
        if king is not None:
            found.append((queen, king))
    return found


def extends(kind, cards, card):
    """Whether ``card``, melded alone, extends the meld ``cards`` of ``kind`` on the table: a set
    (or a pair, in the last turn) by its rank, a run by the next card of its suit at either end,
    a single card by its rank or by the card of its suit one rank away (ace low).

    >>> from rules_engine.cards import parse_cards, parse_card
    >>> run, single = parse_cards("5H 6H 7H"), parse_cards("8H")
    >>> [extends("run", run, parse_card(t)) for t in ("4H", "8H", "9H", "5S")]
    [True, True, False, False]
    >>> [extends("single", single, parse_card(t)) for t in ("9H", "7H", "8S", "9S")]
    [True, True, True, False]
    """
    if kind in ("set", "pair"):
        return card.rank == cards[0].rank
    if kind == "run":
        ranks = [_rank(c) for c in cards]
        return card.suit == cards[0].suit and _rank(card) in (min(ranks) - 1, max(ranks) + 1)
    if kind == "single":
        (own,) = cards
        return card.rank == own.rank or card.suit == own.suit and abs(_rank(card) - _rank(own)) == 1
    return False


def words(cards):
    return " ".join(c.symbol for c in cards)


KIND_WORDS = {"set": "the set", "run": "the run", "marriage": "the marriage", "pair": "the pair",
              "single": "the single", "left": "the card left"}


def hand_row(hand, facts, context):
    """The score pad's calculator: a hand's row from what lies on each side of the table (the
    cards left in the other's hand when a player went out included): how many 10s and face
    cards, how many other cards, and how many marriages among them.

    >>> hand_row(None, {"high": [6, 3], "low": [7, 4], "marriages": [1, 0]}, {})["points"]
    [47, 19]
    """
    row = []
    for high, low, marriages in zip(facts["high"], facts["low"], facts["marriages"]):
        if 2 * marriages > high:
            raise ScoreError(f"{marriages} marriages need {2 * marriages} face cards, not {high}", "scoring.cards")
        row.append(HIGH * high + low + (MARRIAGE - 2 * HIGH) * marriages)
    if sum(facts["high"]) > 16 or sum(facts["low"]) > 36:
        raise ScoreError("the pack holds 16 tens and face cards and 36 other cards", "scoring.cards")
    return {"points": row, "rule": "scoring.cards", "detail": "the cards on each side"}


FACTS = (
    Fact("high", "10s, jacks, queens and kings on the side", per_seat=True, high=16),
    Fact("low", "Other cards on the side", per_seat=True, high=36),
    Fact("marriages", "Marriages among them", per_seat=True, high=4),
)

SCORING = ScoreRule(wins="high", rule="scoring.cards", end_rule="end.game", tie_rule="end.game",
                    calculator=hand_row, facts=FACTS,
                    hands=tuple(ScoreHand(f"Hand {n}", "scoring.cards", facts=FACTS) for n in range(1, HANDS + 1)))


class UmtaliState(State):
    spec = GameSpec(
        id="umtali",
        name="Umtali",
        family="rummy",
        seats=(2, 2),
        deck="52",
        summary="Meld sets, runs, marriages and single cards that extend any meld on the table, "
                "each on your own side; go out, and score what lies on your side over four hands.",
        rules=("setup.deal", "setup.dealer", "play.draw", "play.draw-more", "play.meld", "play.discard",
               "meld.set", "meld.run", "meld.marriage", "meld.single", "meld.jack", "meld.held", "meld.pair",
               "play.out", "play.last-turn", "play.leftover", "scoring.cards",
               "interpretation.stock-out", "interpretation.turn-limit", "interpretation.draw-more",
               "interpretation.choices"),
        scoring=SCORING,
    )
    forms = FORMS
    hands_in_game = HANDS   # the table names these rule facts
    side_points = staticmethod(side_points)
    lone_card_moves_finish = True   # a card picked alone may be discarded as well as melded

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self.points = (0, 0)
        self.hand_results = ()   # (hand number, points per seat, lines)
        self.over, self.winners, self.said = False, (), None
        self._start_hand(1, 1)

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.stock, self.pile, self.melds = list(self.stock), list(self.pile), list(self.melds)

    def _start_hand(self, number, dealer):
        self.hand_number, self.dealer = number, dealer
        cards = self._shuffle(f"hand-{number}", make_deck("52"))
        self.hands = [[], []]
        for _ in range(HAND_SIZE):
            for seat in (1 - dealer, dealer):
                self.hands[seat].append(cards.pop())
        for hand in self.hands:
            hand.sort(key=held_order)
        self.pile = [cards.pop()]
        self.stock = cards
        self.melds = []          # (owner, kind, cards) in the order laid
        self.turn, self.phase, self.turns = 1 - dealer, "draw", 0
        self.out, self.face_down = None, None   # who went out; the card they discarded face down
        self.taken, self.chain, self.must_meld = None, False, None

    def move_bound(self):
        """``HANDS`` hands of at most ``HAND_MOVES`` moves each."""
        return HANDS * HAND_MOVES

    # ---- moves ---------------------------------------------------------------------------------

    @property
    def to_act(self):
        return None if self.over else self.turn

    def _single_ok(self, card):
        """Whether ``card`` may be melded alone: a jack, or a card extending a meld on the table
        (a pair only in the last turn, once its player is out)."""
        if card.rank == "J":
            return True
        pairs_count = self.out is not None
        return any(extends(kind, cards, card) for _, kind, cards in self.melds if kind != "pair" or pairs_count)

    def _melds(self, hand):
        """The melds ``hand`` may lay now: its basic melds, its single cards, and its pairs when
        they let the player go out."""
        basic = basic_melds(hand)
        moves = [FORMS["meld"].make(m) for m in basic]
        held = {c for m in basic for c in m}
        moves += [FORMS["meld"].make((c,)) for c in hand if c not in held and self._single_ok(c)]
        if len(hand) <= 3:
            for a, b in combinations(hand, 2):
                if a.rank == b.rank != "J" and a not in held and b not in held:
                    moves.append(FORMS["meld"].make(canonical((a, b))))
        return moves

    def _may_take_more(self, hand):
        if not (self.chain and self.pile and self.face_down is None):
            return False
        top = self.pile[-1]
        return any(top in m.args[0] for m in self._melds(hand + [top]))

    def _legal(self):
        hand = self.hands[self.turn]
        if self.phase == "draw":
            moves = [FORMS["draw"].make()] if self.stock else []
            if self.pile and self.face_down is None:
                moves.append(FORMS["take"].make(self.pile[-1]))
            return moves
        melds = self._melds(hand)
        if self.must_meld is not None:
            return [m for m in melds if self.must_meld in m.args[0]]
        moves = list(melds)
        if self._may_take_more(hand):
            moves.append(FORMS["take"].make(self.pile[-1]))
        moves += [FORMS["discard"].make(c) for c in hand]
        if len(hand) == 1 and self.out is None:
            moves.append(FORMS["discard-down"].make(hand[0]))
        return moves

    def parse_move(self, move):
        move = super().parse_move(move)
        if move.kind == "meld":   # a meld is written in one order, whatever order it is given in
            return FORMS["meld"].make(canonical(move.args[0]))
        return move

    def _why_not(self, move):
        seat, phase, kind = self.turn, self.phase, move.kind
        name, hand = self.player_names()[seat], self.hands[seat]
        if phase == "draw":
            if kind == "draw":
                return "the stock is empty", "interpretation.stock-out"
            if kind == "take":
                if self.face_down is not None:
                    return (f"{self.player_names()[self.out]} went out discarding face down: "
                            f"{name} draws from the stock", "play.last-turn")
                top = f"the {self.pile[-1].symbol}" if self.pile else "nothing"
                return f"only the top card of the discard pile may be taken, and it is {top}", "play.draw"
            return f"{name} first draws, from the stock or the discard pile", "play.draw"
        if kind == "draw":
            return f"{name} has drawn already and now melds or discards", "play.draw"
        if self.must_meld is not None and kind != "meld":
            return (f"the {self.must_meld.symbol} was taken as a further card of the pile: "
                    f"{name} melds it first", "play.draw-more")
        if kind == "take":
            return self._take_refusal(hand)
        cards = move.args[0] if kind == "meld" else (move.card,)
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"{name} does not hold the {missing[0].symbol}", "play.meld" if kind == "meld" else "play.discard"
        if kind == "discard-down":
            if self.out is not None:
                return "only a player going out may discard face down", "play.out"
            return "a discard goes face down only when it is the last card, going out", "play.out"
        if kind == "meld":
            if self.must_meld is not None and self.must_meld not in cards:
                return (f"the {self.must_meld.symbol} was taken as a further card of the pile: "
                        f"{name} melds it first", "play.draw-more")
            return self._meld_refusal(cards, hand)
        return f"{name} cannot discard now", "play.discard"

    def _take_refusal(self, hand):
        if not self.pile:
            return "the discard pile is empty", "play.draw"
        top = self.pile[-1]
        if not self.chain:
            return ("a further card of the pile may be taken only right after melding the card just "
                    "taken from it", "play.draw-more")
        return f"the {top.symbol} could not be melded at once, so it stays on the pile", "play.draw-more"

    def _meld_refusal(self, cards, hand):
        cards = tuple(cards)
        kind = basic_kind(cards)
        if kind is not None:   # a basic meld is always legal: the cards are held
            return f"{words(cards)} cannot be melded now", "play.meld"
        held = [c for c in cards if any(c in meld for meld in basic_melds(hand))]
        if len(cards) == 1:
            (card,) = cards
            if held:
                meld = next(m for m in basic_melds(hand) if card in m)
                return (f"the {card.symbol} makes {words(meld)} with cards held: a basic meld held is melded "
                        f"as such, not as single cards", "meld.held")
            return (f"the {card.symbol} extends no set, run or single card on the table", "meld.single")
        if len(cards) == 2 and cards[0].rank == cards[1].rank:
            if cards[0].rank == "J":
                return "jacks are melded one at a time, never together", "meld.jack"
            if held:
                return (f"the {held[0].symbol} makes a basic meld with cards held, which is melded as such",
                        "meld.held")
            return "a pair is melded only to go out, with at most one card left to discard", "meld.pair"
        if any(c.rank == "J" for c in cards):
            return "jacks are melded one at a time, never in a set or run", "meld.jack"
        if len(cards) >= 3 and len({c.rank for c in cards}) == 1:
            return f"{words(cards)} is no set: a set holds three or four cards", "meld.set"
        if len(cards) >= 3 and len({c.suit for c in cards}) == 1:
            return (f"{words(cards)} is no run: a run's cards follow one another, number cards only "
                    f"(ace low)", "meld.run")
        return f"{words(cards)} is neither a set, a run nor a marriage", "play.meld"

    def candidate_moves(self):
        if self.over:
            return []
        hand = self.hands[self.turn]
        extra = [FORMS["draw"].make(), FORMS["take"].make(parse_card("KD"))]
        if self.pile:
            extra.append(FORMS["take"].make(self.pile[-1]))
        extra += [FORMS["meld"].make((c,)) for c in hand[:4]]
        extra += [FORMS["meld"].make(canonical(hand[i:i + k])) for k in (2, 3) for i in range(0, len(hand) - k + 1, 2)]
        extra += [FORMS[k].make(c) for k in ("discard", "discard-down") for c in (hand[:2] + [parse_card("AS")])]
        legal = self.legal_moves()
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    # ---- moves built from several cards -----------------------------------------------------------

    def _built(self, move):
        if move.kind == "meld":
            return Built(tuple(c.text for c in move.args[0]), None, "Meld")
        return None

    def _click_choice(self, move):
        return {"discard": "discard", "discard-down": "discard face down"}.get(move.kind)

    def _selection_refusal(self, picked, target):
        cards = [parse_card(t) for t in picked]
        name, hand = self.player_names()[self.turn], self.hands[self.turn]
        if self.phase == "draw":
            return f"{name} first draws, from the stock or the discard pile", "play.draw"
        if target is not None:
            return "a meld is laid on its melder's own side, not onto another meld", "meld.single"
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"{name} does not hold the {missing[0].symbol}", "play.meld"
        if self.must_meld is not None and self.must_meld not in cards:
            return (f"the {self.must_meld.symbol} was taken as a further card of the pile: "
                    f"{name} melds it first", "play.draw-more")
        return self._meld_refusal(canonical(cards), hand)

    def _told_in_part(self, move):
        # play.out: a discard face down is seen by its maker only.
        return ("discard a card face down", {self.turn}) if move.kind == "discard-down" else None

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        seat, kind = self.turn, move.kind
        name, hand = self.player_names()[seat], self.hands[seat]
        melded_taken = False
        if kind == "draw":
            hand.append(self.stock.pop())
            hand.sort(key=held_order)
            self.phase, self.taken = "meld", None
            self.said = f"{name} draws from the stock."
        elif kind == "take":
            card = self.pile.pop()
            hand.append(card)
            hand.sort(key=held_order)
            if self.phase == "meld":
                self.must_meld = card
                self.said = f"{name} takes the {card.symbol} too, to meld it."
            else:
                self.said = f"{name} takes the {card.symbol}."
            self.phase, self.taken = "meld", card
        elif kind == "meld":
            cards = move.args[0]
            for card in cards:
                hand.remove(card)
            melded = basic_kind(cards) or ("single" if len(cards) == 1 else "pair")
            self.melds.append((seat, melded, cards))
            melded_taken = self.taken in cards
            self.must_meld = None
            self.said = f"{name} melds {self._meld_words(melded, cards)}."
            if not hand:
                self.said = self.said[:-1] + ", melding every card."
                self._turn_over(seat)
        else:
            hand.remove(move.card)
            self.pile.append(move.card)
            if kind == "discard-down":
                self.face_down = move.card
                self.said = f"{name} discards face down, the last card."
            else:
                self.said = f"{name} discards the {move.card.symbol}" + (", the last card." if not hand else ".")
            self._turn_over(seat)
        self.chain = melded_taken and not self.over and self.turn == seat and self.phase == "meld"

    def _meld_words(self, kind, cards):
        if kind == "single":
            card = cards[0]
            if card.rank == "J":
                return f"the {card.symbol} alone"
            owner, what, base = next((o, k, m) for o, k, m in self.melds[:-1]
                                     if (k != "pair" or self.out is not None) and extends(k, m, card))
            whose = "their own" if owner == self.turn else f"{self.player_names()[owner]}'s"
            return f"the {card.symbol}, extending {whose} {what} {words(base)}"
        return f"{KIND_WORDS[kind]} {words(cards)}"

    def _turn_over(self, seat):
        """The end of ``seat``'s turn: the other's turn, the last turn, or the hand's end."""
        hand, other = self.hands[seat], 1 - seat
        self.turns += 1
        self.taken, self.must_meld = None, None
        if self.out is not None:   # the last turn is over
            self._leftover(seat)
            return
        if not hand:
            self.out = seat
            self.said = self.said[:-1] + f"; {self.player_names()[seat]} is out."
            self._start_turn(other)
            return
        if not self.stock or self.turns >= TURN_LIMIT:
            why = "the stock is empty" if not self.stock else f"{TURN_LIMIT} turns have gone by"
            self.said = self.said[:-1] + f"; {why}, and the hand ends with nobody out."
            self._end_hand([f"{why} with nobody out: the cards still held count for nobody"], f"{why} with nobody out")
            return
        self._start_turn(other)

    def _start_turn(self, seat):
        self.turn, self.phase = seat, "draw"
        if not self.stock and (self.face_down is not None or not self.pile):
            self.phase = "meld"   # the last turn with nothing to draw (interpretation.stock-out)

    def _leftover(self, seat):
        names = self.player_names()
        left = list(self.hands[seat])
        lines = []
        if left:
            for card in left:
                self.melds.append((self.out, "left", (card,)))
            self.hands[seat] = []
            verb = "goes" if len(left) == 1 else "go"
            lines.append(f"{names[seat]}'s {plural(len(left), 'card')} left ({words(left)}) {verb} to "
                         f"{names[self.out]}'s side")
            self.said = self.said[:-1] + f"; {words(left)} {verb} to {names[self.out]}'s side."
        else:
            lines.append(f"{names[seat]} goes out too")
            self.said = self.said[:-1] + f"; {names[seat]} goes out too."
        self._end_hand(lines, f"{names[self.out]} went out, and {names[seat]} has had a last turn")

    def side(self, seat):
        """The melds on ``seat``'s side: ``(kind, cards)``, the cards left to it counted as singles."""
        return [("single" if kind == "left" else kind, cards) for owner, kind, cards in self.melds if owner == seat]

    def _end_hand(self, lines, ended):
        names, tally = self.player_names(), Tally(2)
        for s in range(2):
            for label, points, rule, cards in side_items([(k, m) for owner, k, m in self.melds if owner == s]):
                count = plural(len(cards) // 2, "marriage") if label == "Marriages" else None
                tally.add(s, label.format(other=names[1 - s]), points, rule, cards, count)
        row = tally.points
        lines = list(lines) + [f"{names[s]}'s side scores {row[s]}" for s in range(2)]
        self.points = tuple(a + b for a, b in zip(self.points, row))
        self.hand_results += ((self.hand_number, row, tuple(lines)),)
        self.hand_end = (self.hand_number, tuple(lines), list(self.melds), [list(h) for h in self.hands], ended)
        self.hand_tally = tally.breakdown(names)
        if self.hand_number >= HANDS:
            self.over, self.turn = True, None
            best = max(self.points)
            self.winners = tuple(s for s in range(2) if self.points[s] == best)
            return
        self._start_hand(self.hand_number + 1, 1 - self.dealer)

    # ---- what each seat sees ---------------------------------------------------------------------

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.over else tuple(side_points(self.side(s)) for s in range(2))
        return Scores(tuple(hand), self.points)

    def hidden_from(self, seat):
        hidden = set(self.stock)
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
            if self.face_down is not None and seat != self.out:
                hidden.add(self.face_down)
        return hidden

    def _cards_in_play(self):
        return [c for h in self.hands for c in h] + self.stock + self.pile + [c for _, _, m in self.melds for c in m]

    def pile_seen_by(self, seat):
        return [("??" if c is self.face_down and seat not in (self.out, ALL) else c.text) for c in self.pile]

    def _table(self, seat):
        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "phase": self.phase, "turns": self.turns,
            "hands": [[c.text for c in h] if seat in (s, ALL) else len(h) for s, h in enumerate(self.hands)],
            "stock": len(self.stock), "pile": self.pile_seen_by(seat),
            "melds": [{"owner": o, "kind": "single" if k == "left" else k, "cards": [c.text for c in m]}
                      for o, k, m in self.melds],
            "out": self.out,
            # the further card taken from the pile, to be melded: its place in its taker's hand, for the taker
            "must_meld_at": (self.hands[self.turn].index(self.must_meld)
                             if self.must_meld and seat in (self.turn, ALL) else None),
            "points": list(self.points), "side_points": [side_points(self.side(s)) for s in range(2)],
            "over": self.over, "winners": list(self.winners),
            "hands_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    def _said(self, seat):
        return self.said

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)


GAME = UmtaliState
