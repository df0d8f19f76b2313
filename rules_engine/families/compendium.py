"""A compendium: one game made of several kinds of hand, each with its own
aim and its own reckoning, dealt in a fixed order.

Lórum's dealer deals all seven of its contracts in a row before the deal
passes to the left, 28 hands in all; King's ten contracts are dealt once
each, the deal passing after every hand. A game subclasses
:class:`CompendiumGame`, with a ledger beside it (chips or points:
rules_engine/families/ledger.py), and lists its ``CONTRACTS``: each a
:class:`Contract` that deals its hand, plays it (the moves, their refusals
and their sentences), says when it is over and settles it in the ledger. The
base keeps the order of the hands, the dealer's rotation, what is carried
from hand to hand, what each seat sees, the table for the renderers, the
score sheet and the game's end.

The families' kinds of hand are contracts here: :class:`TrickContract` (a
:class:`~.tricks.TrickPlay`, with :class:`Takes` counting what each trick
takes), :class:`StopsContract` (a :class:`~.stops.StopsPlay`) and
:class:`LayoutContract` (a :class:`~.layout.LayoutPlay`). A game subclasses
them for its own reckoning, or writes a contract of its own.
"""

from dataclasses import dataclass

from ..cards import ACES_HIGH, ACES_LOW, RANK_NAMES, RankOrder, make_deck
from ..game import Scores, State
from ..table import Tally, hand_end, headline, plural, score_sheet, shown, zone
from .layout import LayoutPlay, SuitRows
from .stops import StopsPlay, sequence_zone
from .tricks import FOLLOW_SUIT, FollowSuit, TrickPlay, last_trick_zone, left_of, seeing_own_hand, trick_sentence, \
    trick_zones


@dataclass(frozen=True)
class Contract:
    """One kind of hand. A contract holds no state: ``deal`` sets the game's
    ``play`` (and any phase the contract has), and each hook reads, or during
    a move changes, the game it is given. ``key`` names it in views (for
    bots), ``name`` on the table, ``rule`` is the page's paragraph on it."""

    key: str
    name: str
    rule: str

    def deal(self, game, hands):
        raise NotImplementedError

    def to_act(self, game):
        return game.play.to_act

    def public_turn(self, game):
        """The seat the others see the table wait on (see ``State._public_turn``)."""
        return self.to_act(game)

    def waiting(self, game):
        return None

    def legal(self, game):
        raise NotImplementedError

    def why_not(self, game, move):
        raise NotImplementedError

    def play(self, game, move, seat):
        """Make ``move`` for ``seat``; the move in a sentence, payments included."""
        raise NotImplementedError

    def is_over(self, game):
        return game.play.is_over

    def settle(self, game):
        """Settle the hand in the ledger: what it paid, as sentences."""
        raise NotImplementedError

    def so_far(self, game):
        """What the hand is worth so far, per seat, beyond what it has already paid (None: nothing)."""
        return None

    def candidates(self, game):
        return [game.forms["play"].make(card) for card in make_deck(game.spec.deck)]

    def move_bound(self, game):
        """The most moves a hand of this contract takes: by default a move a card dealt."""
        return len(make_deck(game.spec.deck))

    def visible(self, game, seat):
        """Which hands ``seat`` sees: ``visible(s)``."""
        return seeing_own_hand(seat)

    def view(self, game, seat):
        """The contract's part of ``view(seat)``, JSON-ready."""
        return {"play": game.play.to_json(seat, self.visible(game, seat))}

    def zones(self, game, seat, players):
        raise NotImplementedError

    def facts(self, game, players):
        """Lines of the headline after the dealer."""
        return []

    def end_zones(self, play, players):
        """The zones shown at the end of a hand played as ``play``."""
        return []

    def ended(self, play, players):
        """What ended a hand played as ``play``, in a sentence: by default every card was played."""
        return "every card is played"

    def cards(self, game):
        return list(game.play.cards())

    def hidden_from(self, game, seat):
        visible = self.visible(game, seat)
        return {card for s, hand in enumerate(game.play.hands) if not visible(s) for card in hand}

    def part(self, game):
        """The part of the hand a move made now is played in, for the move log (None: the hand is one)."""
        return None

    def click_source(self, game, move, where):
        return where.get(move.card.text) if move.card is not None else None


def hand_zones(play, seat, players, visible, notes=None):
    """Each player's hand, face up where ``visible(s)``."""
    return [zone(f"hand-{s}", f"{players[s]}'s hand", shown(hand, visible(s)), kind="hand",
                 layout="fan", owner=s, backs="hidden", note=notes[s] if notes else plural(len(hand), "card"))
            for s, hand in enumerate(play.hands)]


# ---- tricks ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Takes:
    """What winning a trick takes, counted for its winner (in a trick nobody
    takes, each player's own card for that player): ``per_trick`` for the
    trick, 1 for each of the hand's ``last`` tricks, and its cards by their
    ``weights`` (``((card text, count), ...)``).

    >>> from ..cards import parse_cards
    >>> queens = Takes(weights=(("QH", 4), ("QD", 3), ("QS", 2), ("QC", 1)))
    >>> queens.count(0, list(enumerate(parse_cards("QH 7H QC AH"))), 8), queens.supply(8)
    (5, 10)
    """

    per_trick: int = 0
    last: int = 0
    weights: tuple = ()

    def __post_init__(self):
        # Looked up for every card of every trick each time the table is drawn.
        object.__setattr__(self, "_weight_of", dict(self.weights))

    def weight(self, card):
        return self._weight_of.get(card.text, 0)

    def count(self, index, trick, tricks):
        """What the winner of the ``index``-th trick (from 0) of ``tricks`` takes with it."""
        weight_of = self._weight_of
        return (self.per_trick + (index >= tricks - self.last) * bool(self.last)
                + sum(weight_of.get(card.text, 0) for _, card in trick))

    def supply(self, tricks):
        """All there is to take in a hand of ``tricks`` tricks."""
        return self.per_trick * tricks + self.last + sum(n for _, n in self.weights)

    def taken(self, play):
        """What each seat has taken so far in ``play``."""
        tricks = len(play.tricks) + (sum(map(len, play.hands)) + len(play.trick)) // play.seats
        taken = [0] * play.seats
        for index, (winner, trick) in enumerate(play.tricks):
            if winner is None:
                for seat, card in trick:
                    taken[seat] += self.weight(card)
            else:
                taken[winner] += self.count(index, trick, tricks)
        return tuple(taken)

    def cards_taken(self, play):
        """The cards each seat has taken so far in ``play`` that count (a weight of their own)."""
        cards = [[] for _ in range(play.seats)]
        for winner, trick in play.tricks:
            for seat, card in trick:
                if self.weight(card):
                    cards[seat if winner is None else winner].append(card)
        return cards

    def all_taken(self, play):
        tricks = len(play.tricks) + (sum(map(len, play.hands)) + len(play.trick)) // play.seats
        return sum(self.taken(play)) == self.supply(tricks)


def suit_weights(deck, suit, weight=1):
    """Each card of ``suit`` in the pack ``deck`` at ``weight``, for :class:`Takes`."""
    return tuple((card.text, weight) for card in make_deck(deck) if card.suit == suit)


@dataclass(frozen=True)
class TrickContract(Contract):
    """A hand of tricks led first by the dealer's left, with ``rules`` for what
    may be played (and who takes a trick) and ``takes`` for what the players
    count; with ``ends_when_taken``, the hand stops once all of it is taken."""

    takes: Takes = Takes()
    ranks: RankOrder = ACES_HIGH
    rules: FollowSuit = FOLLOW_SUIT
    ends_when_taken: bool = False
    taken_word: str = ""   # what ``takes`` counts, for the notes on the table ("heart"); "": no note

    def deal(self, game, hands):
        game.play = TrickPlay.deal(hands, left_of(game.dealer, game.seats), self.ranks, rules=self.rules)

    def legal(self, game):
        return [game.forms["play"].make(card) for card in game.play.legal_cards()]

    def why_not(self, game, move):
        if move.kind != "play":
            return (f"this is the time to play a card to the trick, not {move.text!r}", "play.turn")
        return game.play.why_not(move.card)

    def play(self, game, move, seat):
        game.play = game.play.play(move.card)
        return trick_sentence(game.play, game.player_names(), seat, move.card, self.scored(game.play))

    def scored(self, play):
        """What the trick just completed took, in words, or None."""
        if play.trick or not play.tricks:
            return None
        trick = play.tricks[-1][1]
        tricks = len(play.tricks) + sum(map(len, play.hands)) // play.seats
        counted = self.takes.count(len(play.tricks) - 1, trick, tricks) if play.tricks[-1][0] is not None else 0
        return f"{plural(counted, self.taken_word)} taken" if counted and self.taken_word else None

    def taken(self, play):
        return self.takes.taken(play)

    def is_over(self, game):
        play = game.play
        return play.is_over or (self.ends_when_taken and not play.trick and self.takes.all_taken(play))

    def view(self, game, seat):
        return {"play": game.play.to_json(seat, self.visible(game, seat)), "taken": list(self.taken(game.play))}

    def zones(self, game, seat, players):
        taken = self.taken(game.play)
        counts = game.play.trick_counts()
        notes = [plural(counts[s], "trick") + (f", {plural(taken[s], self.taken_word)}" if self.taken_word else "")
                 for s in range(game.seats)]
        return trick_zones(game.play, seat, players, notes, visible=self.visible(game, seat))

    def end_zones(self, play, players):
        return [last_trick_zone(play, players)] if play.tricks else []

    def ended(self, play, players):
        if play.is_over:
            return f"all {plural(len(play.tricks), 'trick')} are played"
        last = [card.symbol for _, card in play.tricks[-1][1] if self.takes.weight(card)]
        return (f"trick {len(play.tricks)} takes the {' and the '.join(last)}, the last of the cards that count, "
                f"which stops the hand")

    def part(self, game):
        return f"Trick {len(game.play.tricks) + 1}"


# ---- stops and layouts ----------------------------------------------------------------------------

@dataclass(frozen=True)
class StopsContract(Contract):
    """Sequences up a suit, started by the dealer's left with any card, each
    card played by whoever holds it, until a player is out of cards
    (``wrap``: the lowest rank follows the highest; ``length``: the most cards
    in a sequence); ``sequence_rule`` is cited when the next card is held back."""

    ranks: RankOrder = ACES_LOW
    wrap: bool = False
    length: int = None
    sequence_rule: str = "play.sequence"

    def deal(self, game, hands):
        game.play = StopsPlay.deal(hands, starter=left_of(game.dealer, game.seats), ranks=self.ranks, wrap=self.wrap,
                                   length=self.length)

    def legal(self, game):
        play = game.play
        return [game.forms["play"].make(card) for card in play.playable(play.hands[play.to_act])]

    def public_turn(self, game):
        # Whoever holds the next card plays it: the others learn who when it is played.
        return None if game.play.sequence else game.play.to_act

    def waiting(self, game):
        return f"the holder of the {game.play.next_card().symbol}"

    def why_not(self, game, move):
        if move.kind != "play":
            return (f"this is the time to play a card, not {move.text!r}", "play.turn")
        return game.play.why_not(move.card, self.sequence_rule)

    def play(self, game, move, seat):
        game.play = game.play.play(move.card, seat)
        players = game.player_names()
        said = f"{players[seat]} plays the {move.card.symbol}"
        if game.play.stopped and game.play.hands[seat]:
            said += f"; that ends the sequence, and {players[seat]} starts the next"
        return said + "."

    def is_over(self, game):
        return any(not hand for hand in game.play.hands)

    def winner(self, game):
        return next(s for s, hand in enumerate(game.play.hands) if not hand)

    def zones(self, game, seat, players):
        play = game.play
        zones = hand_zones(play, seat, players, self.visible(game, seat))
        zones.append(sequence_zone(play, players))
        earlier = len(play.played) - len(play.sequence or play.closed)
        # Cards of finished sequences are turned face down.
        zones.append(zone("played", "Played before", ["??"] * earlier, kind="discard", layout="squared",
                          group="play"))
        return zones

    def facts(self, game, players):
        play = game.play
        if not play.sequence:
            return [f"{players[play.starter]} starts a sequence"]
        return [f"Next: the {play.next_card().symbol}"] if play.next_card() else []

    def end_zones(self, play, players):
        return [sequence_zone(play, players, ended=True)]

    def ended(self, play, players):
        return f"{players[next(s for s, hand in enumerate(play.hands) if not hand)]} is out of cards"


@dataclass(frozen=True)
class LayoutContract(Contract):
    """Rows per suit built out from a start rank (``start``; None: the rank of
    the first card laid), the dealer's left laying first; a player who can lay
    a card must (``layout_rule``, ``pass_rule``), until someone is out of cards."""

    ranks: RankOrder = ACES_LOW
    start: str = None
    layout_rule: str = "play.layout"
    pass_rule: str = "play.pass"

    def deal(self, game, hands):
        game.play = LayoutPlay.deal(hands, left_of(game.dealer, game.seats), SuitRows(ranks=self.ranks, start=self.start))

    def legal(self, game):
        cards = game.play.playable()
        if not cards:
            return [game.forms["pass"].make()]
        return [game.forms["play"].make(card) for card in cards]

    def why_not(self, game, move):
        play = game.play
        playable = play.playable()
        if move.kind == "pass":
            return (f"you can lay the {playable[0].symbol}, so you must", self.pass_rule)
        if move.kind != "play":
            return (f"this is the time to lay a card or pass, not {move.text!r}", "play.turn")
        if move.card not in play.hands[play.turn]:
            return (f"the {move.card.symbol} is not in your hand", "play.turn")
        return (f"the {move.card.symbol} cannot go on the layout now: {play.where(move.card)}", self.layout_rule)

    def candidates(self, game):
        return super().candidates(game) + [game.forms["pass"].make()]

    def move_bound(self, game):
        """Every card dealt is held by someone, so one of the players can always lay a card:
        at most a pass from each of the others before each card laid."""
        return super().move_bound(game) * game.seats

    def play(self, game, move, seat):
        players = game.player_names()
        if move.kind == "pass":
            game.play = game.play.pass_turn()
            return f"{players[seat]} cannot lay a card and passes."
        game.play = game.play.play(move.card)
        return f"{players[seat]} lays the {move.card.symbol}."

    def winner(self, game):
        return game.play.winner

    def zones(self, game, seat, players):
        return hand_zones(game.play, seat, players, self.visible(game, seat)) + game.play.rows.zones()

    def facts(self, game, players):
        start = game.play.rows.start
        if start is None:
            return ["The first card laid sets the rank every row starts from"]
        return [f"Rows start from the {RANK_NAMES.get(start, start)}s"]

    def end_zones(self, play, players):
        return [z for z in play.rows.zones() if z["cards"]]

    def ended(self, play, players):
        return f"{players[play.winner]} has laid their last card"


# ---- the game ------------------------------------------------------------------------------------------

class CompendiumGame(State):
    """Hands of ``CONTRACTS`` in order, dealt round the table (see the module's
    docstring). ``DEALS_ALL``: each dealer deals every contract in a row
    before the deal passes to the left; otherwise it passes after each hand.
    A ``first_hand`` option, if the game has one, starts the game later on."""

    CONTRACTS = ()
    DEALS_ALL = False
    TARGET = ""   # the game's end, in words, for the score sheet

    def _setup(self):
        self._issue()
        self.hand_results = ()   # (hand number, contract name, won per seat, lines), one per hand played
        self.over = False
        self.said = None
        self.first_dealer = self._first_dealer()
        self._start_hand(self.options.get("first_hand", 1))

    def _first_dealer(self):
        return 0

    @property
    def hands_in_game(self):
        return len(self.CONTRACTS) * (self.seats if self.DEALS_ALL else 1)

    def move_bound(self):
        """The hands from the first played to the last, each within its contract's bound."""
        return sum(self.contract_of(number).move_bound(self)
                   for number in range(self.options.get("first_hand", 1), self.hands_in_game + 1))

    def contract_of(self, number):
        return self.CONTRACTS[(number - 1) % len(self.CONTRACTS)]

    def _passes(self, number):
        """How often the deal has passed to the left by hand ``number``, counted from hand 1."""
        return (number - 1) // len(self.CONTRACTS) if self.DEALS_ALL else number - 1

    def dealer_of(self, number):
        """The dealer of hand ``number``: the first dealer deals the first hand played (a game
        started later, by a ``first_hand`` option, too), and the deal passes from there."""
        start = self.options.get("first_hand", 1)
        return left_of(self.first_dealer, self.seats, self._passes(number) - self._passes(start))

    def _start_hand(self, number):
        self.hand_number = number
        self.dealer = self.dealer_of(number)
        self.contract = self.contract_of(number)
        self.totals_at_deal = self._totals()
        deck = self._shuffle(f"hand-{number}", make_deck(self.spec.deck))
        hands = [deck[(seat - self.dealer - 1) % self.seats::self.seats] for seat in range(self.seats)]
        self.contract.deal(self, hands)

    # ---- moves ---------------------------------------------------------------------------------

    @property
    def to_act(self):
        return None if self.over else self.contract.to_act(self)

    def _public_turn(self):
        return None if self.over else self.contract.public_turn(self)

    def _waiting(self):
        return self.contract.waiting(self)

    def _legal(self):
        return self.contract.legal(self)

    def _why_not(self, move):
        return self.contract.why_not(self, move)

    def candidate_moves(self):
        return self.contract.candidates(self)

    def _play(self, move):
        self.said = self.contract.play(self, move, self.to_act)
        if self.contract.is_over(self):
            self._end_hand()

    def _end_hand(self):
        # A contract that scores item by item adds each item to the hand's tally as it settles.
        self.tally = Tally(self.seats)
        lines = tuple(self.contract.settle(self))
        won = tuple(after - before for after, before in zip(self._totals(), self.totals_at_deal))
        if any(self.tally.items):
            self.hand_tally = self.tally.breakdown(self.player_names())
        del self.tally
        # Kept for one move, so the table can show how the hand ended before the next deal.
        self.hand_end = (self.hand_number, self.contract, self.play, lines)
        self.hand_results = self.hand_results + ((self.hand_number, self.contract.name, won, lines),)
        if self.hand_number >= self.hands_in_game:
            self.over = True
        else:
            self._start_hand(self.hand_number + 1)

    def _click_source(self, move, where):
        return self.contract.click_source(self, move, where)

    # ---- scores --------------------------------------------------------------------------------

    def _won_this_hand(self):
        won = [after - before for after, before in zip(self._totals(), self.totals_at_deal)]
        extra = self.contract.so_far(self)
        return tuple(a + b for a, b in zip(won, extra)) if extra else tuple(won)

    @property
    def scores(self):
        hand = self.hand_results[-1][2] if self.over else self._won_this_hand()
        return Scores(tuple(hand), tuple(self._game_scores()))

    # ---- what each seat sees ---------------------------------------------------------------------

    def _table(self, seat):
        return {
            "hand_number": self.hand_number,
            "hands_total": self.hands_in_game,
            "contract": self.contract.key,
            "contract_name": self.contract.name,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            **self._ledger_view(),
            **self.contract.view(self, seat),
            "hands": [{"number": n, "name": name, "won": list(won), "lines": list(lines)}
                      for n, name, won, lines in self.hand_results],
            "over": self.over,
        }

    def _cards_in_play(self):
        return self.contract.cards(self)

    def hidden_from(self, seat):
        return self.contract.hidden_from(self, seat)

    def _said(self, seat):
        return self.said

    def _log_place(self):
        return self.hand_number, self.contract.part(self)

    def _describe(self, seat):
        players = self.player_names()
        return {
            "headline": headline(f"Hand {self.hand_number} of {self.hands_in_game}: {self.contract.name}",
                                 f"Dealer: {players[self.dealer]}", *self._facts(players),
                                 *([] if self.over else self.contract.facts(self, players))),
            "zones": self.contract.zones(self, seat, players) + self._pool_zones(),
            "dealer": self.dealer,
            "score": self._score_sheet(),
            "last": self.said,
            "result": self._result_sentence(),
            "interlude": self._interlude(players),
        }

    def _facts(self, players):
        """The game's own lines of the headline, before the contract's."""
        return []

    def _score_sheet(self):
        rows = [(f"{n}. {name}", list(won)) for n, name, won, _ in self.hand_results]
        totals = [(self.TOTALS_LABEL, list(self._totals()))]
        # Right after a hand's end (its interlude) the new hand has nothing so far to show.
        if not self.over and not self.__dict__.get("hand_end") and self.contract.so_far(self):
            totals.insert(0, ("This hand so far", list(self._won_this_hand())))
        return score_sheet(self.player_names(), rows, totals, caption=self.SHEET_CAPTION, target=self.TARGET)

    def _interlude(self, players):
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, contract, play, lines = ended
        return hand_end(f"End of hand {number}: {contract.name}", lines, zones=contract.end_zones(play, players),
                        totals=self._standings(self.hand_results[-1][2]), state=self, unit=self.UNIT,
                        ended=contract.ended(play, players))
