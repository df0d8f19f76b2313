"""Zetema: a rummy with Bezique's marriages, for two to six players (four and six in partnerships).

- 65 cards: the 52 and a second suit of hearts. Six cards each, five with six players; the
  rest the stock (``setup.deal``). Partners sit apart, so the turn alternates the sides
  (``setup.partners``); the deal passes to the left each hand (``setup.dealer``).
- A turn: draw the stock's top card (``play.draw``), then show a meld (``play.meld``),
  scored at once, and discard one of its cards; or declare marriages (``play.marriage``);
  or just discard. A discard goes to the pile of its rank (``play.discard``); the fifth card
  of a rank discarded there makes a zetema, scored by its discarder, and the five go to the
  general pile (``play.zetema``).
- Melds of six cards (five with six players): sequence 20, flush 30, flush sequence 50;
  five of a rank, an assembly, 100 to 130 (``scoring.melds``). Marriages: a king and queen of a
  suit, one of them perhaps from its rank pile; 10, 30, 60 or 100 for one to four at once, 10
  more for each imperial marriage (hearts), and 150 in all for the five (the option
  ``five_marriages=170`` adds the imperial bonus to it, ``interpretation.imperial``); the cards
  go to the general pile and the player draws back up, with no discard (``scoring.marriages``).
- When the stock is out nobody draws; a player with no cards is out of the hand; the hand
  ends when every card has been played (``play.stock-out``). The first player or side to 300
  (200 with four or more players) wins at once (``end.game``).
"""

from itertools import combinations
from math import ceil

from ...cards import RANKS, Card, make_deck, parse_card
from ...game import ALL, GameSpec, Option, Scores, State
from ...moves import Move, MoveForm, MoveForms
from ...scoring import ScoreRule
from ...selection import Built
from ...table import Tally, plural
from .melds import RANK_INDEX, consecutive, holds_run, meld_kind, rank_index

FORMS = MoveForms(MoveForm("meld", "meld {cards}"), MoveForm("marry", "marry {cards}"),
                  MoveForm("discard", "discard {card}"))
SUIT_ORDER = "SHDC"
ASSEMBLY = {"K": 130, "Q": 130, "J": 120, "A": 110, "5": 110}    # other ranks 100
ZETEMA = {"K": 50, "Q": 50, "J": 20, "A": 15, "5": 15}           # other ranks 5
MELD_POINTS = {"sequence": 20, "flush": 30, "flush sequence": 50}
MELD_RULES = {"sequence": "scoring.sequence", "flush": "scoring.flush", "flush sequence": "scoring.flush-sequence",
              "assembly": "scoring.melds"}
MARRIAGES = (0, 10, 30, 60, 100, 150)
FIVE_MARRIAGES = (150, 170)   # all five at once: 150 in all, as the text says; or with the imperial bonus
IMPERIAL_BONUS = 10
IMPERIAL_SUIT = "H"           # the doubled suit
LEAST_ZETEMAS = 90            # the zetemas of ace to jack, which every hand makes: 15+15+20+8*5
HAND_MOVES = 2 * 65           # a turn takes a card from hand or stock for good: 65 turns, 2 moves each


def target(seats):
    """Points to win: 300, or 200 with four or more players.

    >>> target(3), target(4)
    (300, 200)
    """
    return 300 if seats < 4 else 200


def sides(seats):
    """Scoring sides: partnerships of two at four and six players, else each alone."""
    return seats // 2 if seats in (4, 6) else seats


def meld_size(seats):
    return 5 if seats == 6 else 6


def meld_points(cards, size=6):
    """What showing ``cards`` scores.

    >>> from rules_engine.cards import parse_cards
    >>> meld_points(parse_cards("KS KH KH KD KC")), meld_points(parse_cards("4D 5D 6D 7D 8D 9D"))
    (130, 50)
    >>> meld_points(parse_cards("9C 9H 9H 9D 9S"))
    100
    """
    kind = meld_kind(cards, size)
    if kind == "assembly":
        return ASSEMBLY.get(cards[0].rank, 100)
    return MELD_POINTS[kind]


def marriage_points(suits, five=FIVE_MARRIAGES[0]):
    """What declaring marriages in ``suits`` at once scores (one suit a marriage; hearts imperial):
    all five score ``five`` in all, the text's 150, or 170 with the option ``five_marriages``.

    >>> marriage_points("S"), marriage_points("SD"), marriage_points("HH"), marriage_points("SHHDC")
    (10, 30, 50, 150)
    >>> marriage_points("SHHDC", five=170)
    170
    """
    if len(suits) == len(MARRIAGES) - 1:
        return five
    return MARRIAGES[len(suits)] + IMPERIAL_BONUS * sum(s == IMPERIAL_SUIT for s in suits)


def zetema_points(rank):
    """A zetema's points by rank.

    >>> zetema_points("J"), zetema_points("A"), zetema_points("Q"), zetema_points("8")
    (20, 15, 50, 5)
    """
    return ZETEMA.get(rank, 5)


KINGS, QUEENS = ({suit: Card(rank, suit) for suit in SUIT_ORDER} for rank in "KQ")


def marriage_split(wanted, held, in_piles):
    """``(pairs from the hand, kings held given a queen from its pile, queens held given a king)``
    for ``wanted`` marriages of a suit, or None if they cannot be made: ``held`` and ``in_piles``
    count the suit's king and queen in the hand and in the rank piles (interpretation.pile-partner)."""
    (held_k, held_q), (pile_k, pile_q) = held, in_piles
    pairs = min(wanted, held_k, held_q)
    rest = wanted - pairs
    with_pile_q = min(rest, held_k - pairs, pile_q)
    with_pile_k = min(rest - with_pile_q, held_q - pairs, pile_k)
    if pairs + with_pile_q + with_pile_k < wanted:
        return None
    return pairs, with_pile_q, with_pile_k


# A hand's order, by suit then rank: a lookup by the (interned) card, as a hand is sorted at every turn.
held_order = {Card(rank, suit): (SUIT_ORDER.index(suit), RANK_INDEX[rank])
              for suit in SUIT_ORDER for rank in RANKS}.__getitem__


def most_hands(seats):
    """Every hand makes the eleven zetemas of ace to jack, 90 points between the sides: after this
    many hands some side has reached the target."""
    return ceil(target(seats) * sides(seats) / LEAST_ZETEMAS)


SCORING = ScoreRule(wins="high", target=300, target_by_seats=((4, 200), (5, 200), (6, 200)), partnerships=2, ties="first", tie_rule="end.game",
                    rule="scoring.melds", end_rule="end.game",
                    cites=("scoring.marriages", "play.zetema"))


def canonical(cards):
    """A meld's one written order: by rank (the ace above the king in a run that needs it), then suit."""
    cards = list(cards)
    high = consecutive(cards) and any(c.rank == "A" for c in cards) and any(c.rank == "K" for c in cards)
    return tuple(sorted(cards, key=lambda c: (13 if high and c.rank == "A" else rank_index(c),
                                              SUIT_ORDER.index(c.suit))))


def _discard(card):
    """``FORMS["discard"].make(card)``, made directly: every turn lists a hand of them."""
    return Move("discard", (card,), "discard " + card.text)


def words(cards):
    return " ".join(c.symbol for c in cards)


def _take(cards, taken):
    """``cards`` without ``taken`` (counted with duplicates)."""
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left


class ZetemaState(State):
    spec = GameSpec(
        id="zetema",
        name="Zetema",
        family="rummy",
        seats=(2, 6),
        deck="65",
        summary="Draw, show melds and marriages for points at once, and discard by rank: the fifth card "
                "of a rank makes a zetema. First to 300, or 200 with four or more.",
        rules=("setup.deal", "setup.partners", "setup.dealer", "play.draw", "play.meld", "play.meld-discard",
               "play.marriage", "play.discard", "play.zetema", "play.stock-out", "scoring.sequence", "scoring.flush",
               "scoring.flush-sequence", "scoring.melds",
               "scoring.marriages", "interpretation.one-meld", "interpretation.pile-partner",
               "interpretation.hand-end", "interpretation.imperial", "interpretation.meld-again"),
        options=(Option("five_marriages", FIVE_MARRIAGES[0], FIVE_MARRIAGES,
                        "what all five marriages declared at once score: 150 in all, as the text says, or 170, "
                        "the imperial bonus of 10 added for each of the two imperial marriages"),),
        scoring=SCORING,
    )
    forms = FORMS
    lone_card_moves_finish = True   # a hand card picked alone may be discarded with its own button

    # ---- setup ------------------------------------------------------------------------------

    def _setup(self):
        self.sides, self.target, self.size = sides(self.seats), target(self.seats), meld_size(self.seats)
        self.points = (0,) * self.sides
        self.hand_results = ()   # (hand number, points per side, lines)
        self.over, self.winners, self.said = False, (), None
        self._start_hand(1, 0)

    def _start_hand(self, number, dealer):
        self.hand_number, self.dealer = number, dealer
        cards = self._shuffle(f"hand-{number}", make_deck("65"))
        self.hands = [[] for _ in range(self.seats)]
        for _ in range(self.size):
            for step in range(1, self.seats + 1):
                self.hands[(dealer + step) % self.seats].append(cards.pop())
        for hand in self.hands:
            hand.sort(key=held_order)
        self.stock, self.piles, self.general = cards, [[] for _ in RANKS], []
        self.scored, self.hand_points, self.lines, self.shown, self.phase = (), (0,) * self.sides, [], (), "play"
        # Per seat, per kind of meld: the cards of its hand already shown in a meld of that kind
        # (interpretation.meld-again), with duplicates.
        self.used = [{} for _ in range(self.seats)]
        self.turn = None
        self._begin_turn((dealer + 1) % self.seats)

    def _begin_turn(self, seat):
        """The turn passes to ``seat``, or on past players out of cards; with none left, the hand ends."""
        for step in range(self.seats):
            player = (seat + step) % self.seats
            if self.stock:
                self.hands[player].append(self.stock.pop())
                self.hands[player].sort(key=held_order)
                self.turn, self.phase = player, "play"
                return
            if self.hands[player]:
                self.turn, self.phase = player, "play"
                return
        self._end_hand()

    def move_bound(self):
        """At most ``most_hands`` hands (each makes 90 points of zetemas at least, shared by the sides),
        each of ``HAND_MOVES``: every turn sends a card of a hand or the stock to a pile for good."""
        return most_hands(self.seats) * HAND_MOVES

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.stock, self.general = list(self.stock), list(self.general)
        self.piles = [list(p) for p in self.piles]
        self.lines = list(self.lines)
        self.used = [{kind: list(cards) for kind, cards in used.items()} for used in self.used]

    @property
    def to_act(self):
        return None if self.over else self.turn

    def side_of(self, seat):
        return seat % self.sides

    # ---- what may be declared ----------------------------------------------------------------------

    def _melds(self, hand):
        """Every meld ``hand`` holds, each once, in its written order."""
        found = []
        ranks = [c.rank for c in hand]
        held = set(ranks)
        for rank in RANKS:
            if rank in held and ranks.count(rank) == 5:
                found.append(canonical([c for c in hand if c.rank == rank]))
        # A flush needs as many cards of one suit, a sequence as many ranks in a row: else no
        # combination is one (and the combinations, looked at every turn, are not made).
        suits = [c.suit for c in hand]
        if any(suits.count(suit) >= self.size for suit in set(suits)) or holds_run(ranks, self.size):
            for chosen in combinations(hand, self.size):
                if meld_kind(chosen, self.size) not in (None, "assembly"):
                    found.append(canonical(chosen))
        return [m for m in dict.fromkeys(found) if self._fresh(m)]

    def _fresh(self, cards):
        """Whether no card of the meld ``cards`` was shown before in a meld of its kind: a card
        held twice (a doubled heart) counts as fresh while one of its copies was not shown."""
        hand = self.hands[self.turn]
        used = self.used[self.turn].get(meld_kind(cards, self.size), ())
        return all(cards.count(c) <= hand.count(c) - used.count(c) for c in set(cards))

    def _forget(self, seat):
        """Cards gone from ``seat``'s hand are no longer counted as shown."""
        hand = self.hands[seat]
        for cards in self.used[seat].values():
            for card in set(cards):
                while cards.count(card) > hand.count(card):
                    cards.remove(card)

    def _most_marriages(self, hand, suit):
        """How many marriages in ``suit`` (two at most) can be made (``marriage_split``): none
        without a king or queen of it in hand."""
        king, queen = KINGS[suit], QUEENS[suit]
        held_k, held_q = hand.count(king), hand.count(queen)
        if not held_k and not held_q:
            return 0
        in_piles = self.piles[RANKS.index("K")].count(king), self.piles[RANKS.index("Q")].count(queen)
        return next(n for n in (2, 1, 0) if marriage_split(n, (held_k, held_q), in_piles) is not None)

    def _marriage_cards(self, hand, suits):
        """``(from the hand, from the rank piles)`` for marriages in ``suits``, or None: a player
        uses both cards of a marriage from the hand where it holds them, and takes a partner
        from its rank pile only for a card held alone (interpretation.pile-partner)."""
        from_hand, from_piles = [], []
        kings, queens = self.piles[RANKS.index("K")], self.piles[RANKS.index("Q")]
        for suit in SUIT_ORDER:
            wanted = suits.count(suit)
            if not wanted:
                continue
            king, queen = KINGS[suit], QUEENS[suit]
            split = marriage_split(wanted, (hand.count(king), hand.count(queen)),
                                   (kings.count(king), queens.count(queen)))
            if split is None:
                return None
            pairs, with_pile_q, with_pile_k = split
            from_hand += [king] * (pairs + with_pile_q) + [queen] * (pairs + with_pile_k)
            from_piles += [queen] * with_pile_q + [king] * with_pile_k
        return from_hand, from_piles

    def _marriages(self, hand):
        """Every choice of marriages that may be declared, as the suits of their kings."""
        royal = {c.suit for c in hand if c.rank == "K" or c.rank == "Q"}   # most hands hold few
        most = {s: self._most_marriages(hand, s) if s in royal else 0 for s in SUIT_ORDER}
        choices = [()]
        for suit in SUIT_ORDER:
            choices = [c + (suit,) * n for c in choices for n in range(most[suit] + 1)]
        return [c for c in choices if c]

    def _legal(self):
        hand = self.hands[self.turn]
        if self.phase == "meld-discard":
            return [FORMS["discard"].make(c) for c in dict.fromkeys(self.shown)]
        moves = [_discard(c) for c in dict.fromkeys(hand)]
        moves += [FORMS["meld"].make(m) for m in self._melds(hand)]
        moves += [FORMS["marry"].make([Card("K", s) for s in suits]) for suits in self._marriages(hand)]
        return moves

    def parse_move(self, move):
        move = super().parse_move(move)
        if move.kind == "meld":
            return FORMS["meld"].make(canonical(move.args[0]))
        if move.kind == "marry":
            return FORMS["marry"].make(sorted(move.args[0], key=held_order))
        return move

    def _why_not(self, move):
        name, hand, kind = self.player_names()[self.turn], self.hands[self.turn], move.kind
        if self.phase == "meld-discard":
            if kind != "discard":
                return f"{name} has shown a meld and now discards one of its cards", "play.meld-discard"
            return f"the {move.card.symbol} is not in the meld just shown: one of its cards goes", "play.meld-discard"
        if kind == "discard":
            return f"{name} does not hold the {move.card.symbol}", "play.discard"
        if kind == "meld":
            cards = move.args[0]
            missing = _missing(hand, cards)
            if missing:
                return f"{name} does not hold the {missing.symbol}", "play.meld"
            if meld_kind(cards, self.size) is not None:
                return self._stale_refusal(cards)
            return self._meld_refusal(cards)
        cards = move.args[0]
        if any(c.rank != "K" for c in cards):
            return "marriages are written by their kings: marry KS KH", "play.marriage"
        if len(cards) > 5:
            return "there are five marriages at most", "play.marriage"
        return (f"{name} cannot make {'that marriage' if len(cards) == 1 else 'those marriages'}: each needs its "
                "king and queen, one at least in hand, the other in hand or on its rank pile", "play.marriage")

    def _meld_refusal(self, cards):
        size = self.size
        if len(cards) == 5 and len({c.rank for c in cards}) == 1:
            return "an assembly is five cards of one rank", "scoring.melds"
        if len(cards) != size:
            return (f"a meld is {size} cards in a flush or a sequence, or five of a rank, "
                    f"not {plural(len(cards), 'card')}", "scoring.melds")
        return (f"{words(cards)} is neither a sequence (ranks in a row) nor a flush (one suit)", "scoring.melds")

    def _stale_refusal(self, cards):
        kind = meld_kind(cards, self.size)
        used = self.used[self.turn].get(kind, ())
        hand = self.hands[self.turn]
        stale = next(c for c in cards if cards.count(c) > hand.count(c) - used.count(c))
        return (f"the {stale.symbol} has been shown in {_kind_words(kind, cards).replace('an assembly of', 'an assembly')}"
                " already: a meld shown again needs all fresh cards", "interpretation.meld-again")

    def candidate_moves(self):
        if self.over:
            return []
        hand = self.hands[self.turn]
        extra = [FORMS["discard"].make(c) for c in make_deck("52")[::9]]
        extra += [FORMS["meld"].make(canonical(hand[:k])) for k in (5, 6) if len(hand) >= k]
        extra += [FORMS["marry"].make([Card("K", s)]) for s in SUIT_ORDER]
        extra += [FORMS["marry"].make([Card("K", "H")] * 3)]
        legal = self.legal_moves()
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    # ---- moves built from several cards -----------------------------------------------------------

    def _built(self, move):
        if move.kind != "meld":
            return None
        cards = move.args[0]
        return Built(tuple(c.text for c in cards), None, "Show meld")

    def _click_choice(self, move):
        return "discard" if move.kind == "discard" and self.phase == "play" else None

    def _click_source(self, move, where):
        if move.kind in ("meld", "marry"):
            return None
        if self.phase == "meld-discard":
            return [f"shown-{self.turn}", list(self.shown).index(move.card)]
        return where.get(move.card.text)

    def _button_words(self, move):
        if move.kind == "meld":
            return f"Show the {meld_kind(move.args[0], self.size)} {words(move.args[0])}"
        if move.kind == "marry":
            suits = [c.suit for c in move.args[0]]
            return f"Declare {_marriage_words(suits)}"
        return None

    def _selection_refusal(self, picked, target):
        cards = [parse_card(t) for t in picked]
        name, hand = self.player_names()[self.turn], self.hands[self.turn]
        if self.phase != "play":
            return f"{name} has shown a meld and now discards one of its cards", "play.meld-discard"
        if target is not None:
            return "a meld is shown from the hand, not laid on the table", "play.meld"
        missing = _missing(hand, cards)
        if missing:
            return f"{name} does not hold the {missing.symbol}", "play.meld"
        if len(cards) >= self.size or len(cards) == 5 and len({c.rank for c in cards}) == 1:
            if meld_kind(cards, self.size) is not None:
                return self._stale_refusal(canonical(cards))
            return self._meld_refusal(canonical(cards))
        return f"no meld of {name}'s hand holds {words(canonical(cards))}", "play.meld"

    # ---- playing a move --------------------------------------------------------------------------

    def _play(self, move):
        seat, name = self.turn, self.player_names()[self.turn]
        hand = self.hands[seat]
        if move.kind == "meld":
            cards = move.args[0]
            self.shown, self.phase = cards, "meld-discard"
            kind, points = meld_kind(cards, self.size), meld_points(cards, self.size)
            self.used[seat][kind] = self.used[seat].get(kind, []) + list(cards)
            self.said = f"{name} shows {_kind_words(kind, cards)}: {words(cards)}, for {plural(points, 'point')}."
            self._score(seat, points, _kind_words(kind, cards), MELD_RULES[kind], cards)
            return
        if move.kind == "marry":
            suits = [c.suit for c in move.args[0]]
            from_hand, from_piles = self._marriage_cards(hand, suits)
            for card in from_hand:
                hand.remove(card)
            for card in from_piles:
                self.piles[RANKS.index(card.rank)].remove(card)
            self._forget(seat)
            self.general += from_hand + from_piles
            points = marriage_points(suits, self.options["five_marriages"])
            named = [f"the {c.symbol}" for c in from_piles]
            taken = (f", taking {', '.join(named[:-1]) + ' and ' if len(named) > 1 else ''}{named[-1]} from the piles"
                     if named else "")
            self.said = f"{name} declares {_marriage_words(suits)}{taken}, for {plural(points, 'point')}."
            self._score(seat, points, _marriage_words(suits), "scoring.marriages", from_hand + from_piles,
                        f"{', '.join(named)} from the piles" if named else None)
            if self.over:
                return
            while len(hand) < self.size and self.stock:
                hand.append(self.stock.pop())
            hand.sort(key=held_order)
            self._next_turn()
            return
        card = move.card
        hand.remove(card)
        self._forget(seat)
        self.shown, pile = (), self.piles[RANKS.index(card.rank)]
        pile.append(card)
        self.said = f"{name} discards the {card.symbol}."
        if len(pile) == 5:
            points, five = zetema_points(card.rank), list(pile)
            self.general += pile
            pile.clear()
            self.said = f"{name} discards the {card.symbol}, the fifth of its rank: a zetema, for {plural(points, 'point')}."
            self._score(seat, points, f"a zetema of {RANK_WORDS[card.rank]}", "play.zetema", five)
            if self.over:
                return
        self._next_turn()

    def _next_turn(self):
        self._begin_turn((self.turn + 1) % self.seats)

    def _score(self, seat, points, what, rule, cards, note=None):
        """``seat`` scores ``points`` for ``what`` under ``rule``, the ``cards`` shown behind them: an
        item of the hand's score (``scored``), whose sums are the hand's row."""
        side, name = self.side_of(seat), self.player_names()[seat]
        label = what[0].upper() + what[1:] + (f", by {name}" if self.sides < self.seats else "")
        self.scored += ((side, label, points, rule, tuple(cards), note),)
        # The running sums, as the score sheet shows them while the hand goes on (asked at every view).
        self.hand_points = tuple(p + points * (s == side) for s, p in enumerate(self.hand_points))
        self.points = tuple(p + points * (s == side) for s, p in enumerate(self.points))
        self.lines.append(f"{name} scores {plural(points, 'point')} for {what}")
        if self.points[side] >= self.target:   # end.game: the game ends the moment a target is reached
            self.over, self.winners = True, tuple(s for s in range(self.seats) if self.side_of(s) == side)
            alone = self.sides == self.seats
            reached = f"{self.scorer_names()[side]} reach{'es' if alone else ''} {self.target}"
            self.said = self.said[:-1] + f"; {reached} and win{'s' if alone else ''} the game."
            self._hand_over(0, reached)

    def _hand_over(self, leftover, ended):
        """The hand's row (its items' sums) goes on the sheet, and its end shows them item by item."""
        tally = Tally(self.sides)
        for side, label, points, rule, cards, note in self.scored:
            tally.add(side, label, points, rule, cards, note)
        self.hand_results += ((self.hand_number, tally.points, tuple(self.lines)),)
        self.hand_end = (self.hand_number, tuple(self.lines), leftover, ended)
        self.hand_tally = tally.breakdown(self.scorer_names(), lambda side: range(side, self.seats, self.sides))

    def _end_hand(self):
        leftover = [c for pile in self.piles for c in pile]
        self.general += leftover
        self.piles = [[] for _ in RANKS]
        self._hand_over(len(leftover), "every card has been played")
        self._start_hand(self.hand_number + 1, (self.dealer + 1) % self.seats)

    # ---- what each seat sees ---------------------------------------------------------------------

    def scorer_names(self):
        players = self.player_names()
        if self.sides == self.seats:
            return players
        return tuple(" and ".join(players[s] for s in range(side, self.seats, self.sides)) for side in range(self.sides))

    @property
    def scores(self):
        return Scores(tuple(self.hand_points[self.side_of(s)] for s in range(self.seats)),
                      tuple(self.points[self.side_of(s)] for s in range(self.seats)))

    def hidden_from(self, seat):
        hidden = list(self.stock)
        if seat != ALL:
            for s, hand in enumerate(self.hands):
                if s != seat:
                    hidden += self._held(s)
        return hidden

    def _held(self, seat):
        """The cards of ``seat``'s hand that are not shown in a meld."""
        hand = self.hands[seat]
        return _take(hand, self.shown) if self.shown and seat == self.turn else list(hand)

    def _cards_in_play(self):
        return [c for h in self.hands for c in h] + self.stock + [c for p in self.piles for c in p] + self.general

    def _table(self, seat):
        return {
            "hand_number": self.hand_number, "dealer": self.dealer, "phase": self.phase,
            "hands": [[c.text for c in self._held(s)] if seat in (s, ALL) else len(self._held(s))
                      for s in range(self.seats)],
            "shown": [c.text for c in self.shown], "stock": len(self.stock),
            "piles": {rank: [c.text for c in pile] for rank, pile in zip(RANKS, self.piles)},
            "general": [c.text for c in self.general],
            "meld_size": self.size, "sides": self.sides, "target": self.target,
            "points": list(self.points), "hand_points": list(self.hand_points), "over": self.over,
            "hands_played": [{"number": n, "points": list(p)} for n, p, _ in self.hand_results],
        }

    def _said(self, seat):
        return self.said

    def _describe(self, seat):
        from .table import describe

        return describe(self, seat)


RANK_WORDS = {"A": "aces", "2": "2s", "3": "3s", "4": "4s", "5": "5s", "6": "6s", "7": "7s", "8": "8s", "9": "9s",
              "T": "10s", "J": "jacks", "Q": "queens", "K": "kings"}
SUIT_WORDS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _kind_words(kind, cards):
    if kind == "assembly":
        return f"an assembly of {RANK_WORDS[cards[0].rank]}"
    return f"a {kind}"


def _marriage_words(suits):
    names = ", ".join(SUIT_WORDS[s] for s in suits)
    count = len(suits)
    if count == 1:
        return f"{'an imperial marriage' if suits[0] == IMPERIAL_SUIT else 'a marriage'} in {names}"
    return f"{count} marriages ({names})"


def _missing(hand, cards):
    """The first card of ``cards`` that ``hand`` does not hold (counted with duplicates), or None."""
    left = list(hand)
    for card in cards:
        if card not in left:
            return card
        left.remove(card)
    return None

GAME = ZetemaState
