"""Bridge Solitaire (Stephen Rogers): one hand of Contract Bridge after
another against the undealt stock, "the house", scored as a rubber.

Deal order. Each hand is its own labelled shuffle ``hand-N`` of the 54 cards.
The first seven cards of that order are the face-down cards, the next
thirteen the face-up cards, in that order; the other 34 are the stock, whose
top card is the 21st card of the order.

- Choosing: the player keeps six face-up cards, one ``keep`` at a time;
  while a joker lies face up it must be kept first. The seven others go to
  the discard pile in deal order (the last of them on top), and the
  face-down cards join the hand.
- The house bids in the player's shortest suit (ties: the lowest-ranking
  suit, the cheapest bid) at the level six minus the player's winning tricks,
  or passes if that is not above zero. Winning tricks in a suit, played out
  against the house, which holds every other card of it: the player's
  highest card wins if no higher card of the suit is outside the hand, and
  the house follows suit with its lowest; otherwise the player's lowest card
  is given up to the house's highest; repeat until the player's cards of the
  suit are used up.
- After a house bid the player passes (and defends the house's contract) or
  bids higher (and declares); after a house pass the player must bid. The
  auction is then over: the house never bids twice.
- No trumps only with 4-3-3-3, 3-3-3-3 and a joker, or 3-3-3-2 and both.
- The player's jokers double (one) or redouble (two) whatever the contract.
- The defender leads first. The house leads by turning the top card of the
  stock. When the player leads, cards are turned until one the house could
  legally play shows: a card of the suit led, a trump, or a joker (after a
  joker lead, any card). Turned cards that do not fit go face up to the
  discard pile. At no trumps at most four are turned; if none fits the
  player wins the trick.
- A joker may be played by the player only when void in the suit led (or
  leading). A trick with a joker goes to the house, except that the
  player's joker on the house's joker wins for the player.
- The last card of the stock is the house's play whatever it is; once the
  stock is empty, each card left in the player's hand is a trick for the
  player.
- Scoring is rubber bridge (families.bridge_scoring). Honours count for the
  player only, from the player's thirteen cards (the house holds no hand);
  they score whoever declares. The rubber ends when a side has two games.
- A rubber still unfinished after ``hands`` hands (option, 20) is stopped
  and scored as the Laws score an unfinished rubber: 300 for a side's game,
  100 for a part score in the unfinished game. Without a limit a player who
  always overbids would never finish; the heuristic bot's rubbers take 8
  hands at the median and 20 at the 99th percentile.
"""

from itertools import count

from ...cards import SUITS, make_deck
from ...errors import quote
from ...families.bridge_scoring import (
    GAME_POINTS, STRAIN_NAMES, STRAIN_SYMBOLS, STRAINS, contract_items, honours_held, honours_points, rubber_step,
)
from ...game import GameSpec, Option, Scores, State
from ...moves import MoveForm, MoveForms
from ...scoring import Fact, ScoreError, ScoreRule
from ...table import Tally, plural
from .table import BridgeSolitaireTable, bid_text

RANKS = "23456789TJQKA"
PLAYER, HOUSE = 0, 1
FORMS = MoveForms(
    MoveForm("keep", "keep {card}"),
    MoveForm("pass", "pass"),
    MoveForm("bid-nt", "bid {int} notrump"),
    MoveForm("bid", "bid {int} {suit}"),
    MoveForm("play", "play {card}"),
)
NT_SHAPES = {0: (4, 3, 3, 3), 1: (3, 3, 3, 3), 2: (3, 3, 3, 2)}


def rank_of(card):
    return RANKS.index(card.rank)


def winning_tricks(cards, suit):
    """Winning tricks of the player's ``cards`` (texts or Cards) in ``suit``.

    The house must follow suit while it can, even under a winner, so a long
    suit outlasts it: with A765432, the A wins, the house's six higher cards
    take five of the small ones, and the 7 wins.

    >>> winning_tricks("AD QD TD 9D".split(), "D"), winning_tricks("AS 7S 6S 5S 4S 3S 2S".split(), "S")
    (2, 2)
    """
    mine = sorted((RANKS.index(str(c)[0]) for c in cards if str(c)[1:] == suit), reverse=True)
    others = [r for r in reversed(range(13)) if r not in mine]
    wins = 0
    while mine:
        if not others or mine[0] > others[0]:
            wins += 1
            mine.pop(0)
            if others:
                others.pop()  # the house follows with its lowest card: its higher ones may win later
        else:
            mine.pop()
            others.pop(0)
    return wins


def short_suit(cards):
    lengths = {s: sum(str(c)[1:] == s for c in cards) for s in "CDHS"}
    return min("CDHS", key=lambda s: (lengths[s], "CDHS".index(s)))


def house_bid(cards):
    """The house's bid for the player's hand, ``(level, strain)``, or None for a pass."""
    level = 6 - sum(winning_tricks(cards, s) for s in "CDHS")
    return (level, short_suit(cards)) if level > 0 else None


def nt_allowed(cards):
    jokers = sum(str(c) == "JK" for c in cards)
    shape = tuple(sorted((sum(str(c)[1:] == s for c in cards) for s in SUITS), reverse=True))
    return NT_SHAPES.get(jokers) == shape


def bid_move(level, strain):
    if strain == "N":
        return FORMS["bid-nt"].make(level)
    return FORMS["bid"].make(level, strain)


# ---- a hand's score from what the player writes down: used by the game and by the score pad ------

def hand_result(level, strain, declarer, doubling, vulnerable, tricks, honours=0, tally=None):
    """One hand's points for each side (player, house): ``below`` and
    ``above`` the line, and the ``honours`` points (the player's only, whoever
    declares), from the contract, the declarer's tricks and the honours the
    player held (trump honours, or aces at no trumps); each item is added to
    ``tally`` (a ``table.Tally`` of the two sides), if given, as it is scored.

    >>> hand_result(2, "H", HOUSE, 2, False, 7, honours=4)
    {'below': [0, 0], 'above': [200, 0], 'honours': 100}
    """
    above, below = [0, 0], [0, 0]
    for side, line, label, points in contract_items(level, strain, doubling, vulnerable, tricks):
        scorer = declarer if side == "declarer" else 1 - declarer
        (below if line == "below" else above)[scorer] += points
        if tally is not None:
            tally.add(scorer, label, points, "scoring.rubber", note=f"{line} the line")
    points = honours_points(strain, honours)
    above[PLAYER] += points
    if tally is not None and points:
        held = "all four aces" if strain == "N" else f"{honours} of the five trump honours"
        tally.add(PLAYER, "Honours", points, "interpretation.honours", note=f"{held}, above the line")
    return {"below": below, "above": above, "honours": points}


def _pair(context, key, most):
    # A game in progress has under GAME_POINTS below the line (the hand that reaches it starts the
    # next game), and each side has won at most one game of a rubber still going.
    value = context.get(key, [0, 0])
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(
            type(v) is int and 0 <= v <= most for v in value):
        raise ScoreError(f"the rubber so far: {key} must be two whole numbers from 0 to {most}, got {quote(value)}")
    return tuple(value)


def hand_row(hand, facts, context):
    """The score pad's calculator (rules_engine/scoring.py). ``context`` is the
    rubber so far (``line``: this game's points below the line, ``games_won``),
    as the previous row's ``state`` left it; vulnerability follows from it
    unless the facts say otherwise."""
    line, games_won = _pair(context, "line", GAME_POINTS - 1), _pair(context, "games_won", 1)
    level, strain, doubling, tricks = facts["level"], facts["strain"], facts["doubling"], facts["tricks"]
    declarer = PLAYER if facts["declarer"] == "player" else HOUSE
    if strain == "N" and facts["honours"] > 4:
        raise ScoreError("at no trumps only the four aces count as honours", "interpretation.honours")
    vulnerable = facts["vulnerable"] if facts["vulnerable"] is not None else games_won[declarer] > 0
    result = hand_result(level, strain, declarer, doubling, vulnerable, tricks, facts["honours"])
    below, above = result["below"], result["above"]
    line, games_won, winner, bonus = rubber_step(line, games_won, below)
    if bonus:
        above[winner] += bonus
    need = 6 + level
    outcome = "made" if tricks >= need else f"down {need - tricks}"
    extra = {1: "", 2: " doubled", 4: " redoubled"}[doubling]
    who = ("you", "the house")
    detail = (f"{level}{STRAIN_SYMBOLS[strain]}{extra} by {who[declarer]}"
              f"{' (vulnerable)' if vulnerable else ''}, {plural(tricks, 'trick')}: {outcome}; "
              f"below the line {below[0]} to {below[1]}, above {above[0]} to {above[1]}")
    if result["honours"]:
        detail += f" (honours {result['honours']})"
    if winner is not None:
        detail += f"; game to {who[winner]}" + (f", rubber over, bonus {bonus}" if bonus else "")
    return {
        "points": [below[side] + above[side] for side in (PLAYER, HOUSE)],
        "rule": "end.game" if bonus else "scoring.rubber",
        "detail": detail,
        "below": below,
        "above": above,
        "vulnerable": vulnerable,
        "state": {"line": [0, 0] if winner is not None else list(line), "games_won": list(games_won)},
        "over": bool(bonus),
    }


SCORING = ScoreRule(
    wins="high",
    others=("The house",),
    ends_by_rows=True,
    calculator=hand_row,
    facts=(
        Fact("level", "Contract: odd tricks bid", low=1, high=7),
        Fact("strain", "Contract: trumps", kind="choice",
             choices=tuple((s, f"{STRAIN_SYMBOLS[s]} {STRAIN_NAMES[s]}") for s in STRAINS)),
        Fact("declarer", "Declarer", kind="choice", choices=(("player", "you"), ("house", "the house"))),
        Fact("doubling", "Jokers in your hand", kind="choice",
             choices=((1, "none: not doubled"), (2, "one: doubled"), (4, "both: redoubled"))),
        Fact("tricks", "Tricks taken by the declarer", high=13),
        Fact("honours", "Honours in your hand", high=5,
             help="trump A K Q J 10 held, or aces at no trumps; they count only at four or more"),
        Fact("vulnerable", "Declarer vulnerable", kind="yesno", optional=True,
             help="a side that has won a game is vulnerable; worked out from the rows above when left empty"),
    ),
    rule="scoring.rubber",
    cites=("interpretation.honours",),
)


class BridgeSolitaireState(BridgeSolitaireTable, State):
    spec = GameSpec(
        id="bridge-solitaire",
        name="Bridge Solitaire",
        family="solitaire",
        seats=(1, 1),
        deck="54",
        aliases=("You People Suck",),
        summary="Contract Bridge for one: choose a hand, outbid the stock, and play a rubber against it.",
        rules=(
            "setup.choose", "setup.jokers", "bidding.house", "bidding.player", "bidding.higher",
            "bidding.notrump", "play.follow", "play.joker", "play.stock",
            "interpretation.house-plays", "interpretation.hand-limit",
        ),
        seat_names=("You",),
        options=(Option("hands", 20, choices=tuple(range(1, 101)),
                        description="hands after which an unfinished rubber is stopped and scored"),),
        scoring=SCORING,
    )
    forms = FORMS

    def _setup(self):
        self.hand_no = 0
        self.games = ((0, 0),)  # below-the-line points of each game, player then house
        self.games_won = (0, 0)
        self.above = (0, 0)
        self.below_total = (0, 0)
        self.history = ()  # one summary per finished hand
        self.rubber_bonus = None
        self._deal()

    def _deal(self):
        self.hand_no += 1
        order = self._shuffle(f"hand-{self.hand_no}", make_deck("54"))
        self.facedown, self.faceup, self.stock = tuple(order[:7]), tuple(order[7:20]), tuple(order[20:])
        self.kept, self.hand, self.discards = (), (), ()
        self.phase = "choose"
        self.house_bid = self.contract = None
        self.trick, self.turned, self.tricks = (), (), ()
        self.won = (0, 0)
        self.leader = None

    # ---- whose turn ------------------------------------------------------------------------

    @property
    def to_act(self):
        return None if self.phase == "over" else PLAYER

    @property
    def trump(self):
        return None if self.contract is None or self.contract[1] == "N" else self.contract[1]

    # ---- moves ----------------------------------------------------------------------------------

    def _legal(self):
        if self.phase == "choose":
            unkept = self._unkept()
            pool = [c for c in unkept if c.is_joker][:1] or unkept
            return [FORMS["keep"].make(c) for c in pool]
        if self.phase == "bid":
            moves = [] if self.house_bid is None else [FORMS["pass"].make()]
            floor = -1 if self.house_bid is None else self._bid_value(self.house_bid)
            for level in range(1, 8):
                for strain in STRAINS:
                    if self._bid_value((level, strain)) > floor and (strain != "N" or nt_allowed(self.hand)):
                        moves.append(bid_move(level, strain))
            return moves
        return [FORMS["play"].make(c) for c in self._playable()]

    def _unkept(self):
        """The face-up cards not kept yet, in deal order (jokers counted one by one)."""
        left = list(self.faceup)
        for card in self.kept:
            left.remove(card)
        return left

    @staticmethod
    def _bid_value(bid):
        return (bid[0] - 1) * 5 + STRAINS.index(bid[1])

    def _playable(self):
        if not self.trick or self.trick[0].is_joker:
            return list(self.hand)
        suit = self.trick[0].suit
        follow = [c for c in self.hand if c.suit == suit]
        return follow or list(self.hand)

    def _why_not(self, move):
        if self.phase == "choose":
            if move.kind != "keep":
                return ("first keep six of the face-up cards", "setup.choose")
            if move.card not in self._unkept():
                return (f"{move.card.symbol} is not a face-up card still to choose from", "setup.choose")
            return ("a face-up joker must be kept before any other card", "setup.jokers")
        if self.phase == "bid":
            if move.kind in ("keep", "play"):
                return ("the bidding comes first: bid or pass", "bidding.player")
            if move.kind == "pass":
                return ("the house passed, so the player must bid", "bidding.player")
            level = move.args[0]
            strain = "N" if move.kind == "bid-nt" else move.args[1]
            if not 1 <= level <= 7:
                return ("a bid is for one to seven odd tricks", "bidding.higher")
            if strain == "N" and not nt_allowed(self.hand):
                return ("no trumps needs 4-3-3-3, 3-3-3-3 with a joker, or 3-3-3-2 with both jokers",
                        "bidding.notrump")
            return (f"a bid must be higher than the house's {bid_text(self.house_bid)}", "bidding.higher")
        if move.kind != "play":
            return ("the bidding is over: play a card", "play.follow")
        if move.card not in self.hand:
            return (f"{move.card.symbol} is not in the hand", "play.follow")
        if move.card.is_joker:
            return ("a joker may be played only when unable to follow suit", "play.joker")
        return (f"must follow suit: the trick was led with {self.trick[0].symbol}", "play.follow")

    def candidate_moves(self):
        moves = list(self.legal_moves())
        if self.phase == "choose":
            moves += [FORMS["keep"].make(c) for c in self.faceup + self.facedown[:1]]
        elif self.phase == "bid":
            moves += [FORMS["pass"].make(), bid_move(1, "N"), bid_move(1, "C"), FORMS["play"].make(self.hand[0])]
        else:
            moves += [FORMS["play"].make(c) for c in self.hand + self.stock[:1]] + [FORMS["pass"].make()]
        return list(dict.fromkeys(moves))

    def _play(self, move):
        if move.kind == "keep":
            self.kept += (move.card,)
            if len(self.kept) == 6:
                self.discards = tuple(self._unkept())
                self.hand = tuple(sorted(self.kept + self.facedown, key=_sort_key))
                self.facedown = self.faceup = self.kept = ()
                self.house_bid = house_bid(self.hand)
                self.phase = "bid"
            return
        if move.kind == "pass":
            self._start_play(self.house_bid, HOUSE)
            return
        if move.kind in ("bid", "bid-nt"):
            self._start_play((move.args[0], "N" if move.kind == "bid-nt" else move.args[1]), PLAYER)
            return
        i = self.hand.index(move.card)
        self.hand = self.hand[:i] + self.hand[i + 1:]
        if self.trick:  # answering the house's lead
            self.turned = ()
            self._finish_trick(self.trick + (move.card,), HOUSE)
        else:
            self._house_answers(move.card)
        self._next_trick()

    def _start_play(self, bid, declarer):
        jokers = sum(c.is_joker for c in self.hand)
        self.contract = (bid[0], bid[1], declarer, (1, 2, 4)[jokers])
        self.phase = "play"
        self.leader = 1 - declarer
        self.turned = ()
        self._next_trick()

    def _house_answers(self, lead):
        """Turn cards from the stock until one fits (interpretation.house-plays)."""
        turned = []
        for n in count(1):
            card, self.stock = self.stock[0], self.stock[1:]
            fits = lead.is_joker or card.is_joker or card.suit == lead.suit or card.suit == self.trump
            if fits or not self.stock:
                self.turned = tuple(turned)
                self._finish_trick((lead, card), PLAYER)
                return
            turned.append(card)
            self.discards += (card,)
            if self.trump is None and n == 4:
                self.turned = tuple(turned)
                self._finish_trick((lead,), PLAYER)
                return

    def _finish_trick(self, cards, leader):
        winner = self._winner(cards, leader)
        self.tricks += ((leader, cards, winner),)
        self.won = tuple(w + (i == winner) for i, w in enumerate(self.won))
        self.trick = ()
        self.leader = winner

    def _winner(self, cards, leader):
        if len(cards) == 1:
            return leader
        lead, answer = cards
        if lead.is_joker and answer.is_joker:
            return 1 - leader if leader == HOUSE else HOUSE
        if lead.is_joker or answer.is_joker:
            return HOUSE
        if answer.suit == lead.suit:
            return leader if rank_of(lead) > rank_of(answer) else 1 - leader
        return 1 - leader if answer.suit == self.trump else leader

    def _next_trick(self):
        if not self.hand or not self.stock:
            # Cards left in hand once the stock is out are tricks for the player.
            left = len(self.hand)
            self.won = (self.won[0] + left, self.won[1])
            self.tricks += tuple((PLAYER, (c,), PLAYER) for c in self.hand)
            self.hand = ()
            self._score_hand(left)
            return
        if self.leader == HOUSE:
            self.trick, self.stock = self.stock[:1], self.stock[1:]

    # ---- scoring ---------------------------------------------------------------------------------

    def _score_hand(self, left):
        """Score the hand that has just ended, ``left`` cards left in the player's hand as the stock ran out.
        The same pure functions score the score pad's rows (hand_row)."""
        level, strain, declarer, doubling = self.contract
        vulnerable = self.games_won[declarer] > 0
        held = honours_held(strain, [c.text for c in self._player_cards()])
        self.tally = Tally(2)   # the hand's items, player then house, as they are scored
        result = hand_result(level, strain, declarer, doubling, vulnerable, self.won[declarer], held, self.tally)
        below, above, honour_points = result["below"], result["above"], result["honours"]
        line, games_won, winner, bonus = rubber_step(self.games[-1], self.games_won, below)
        self.games = self.games[:-1] + (line,)
        self.below_total = tuple(t + b for t, b in zip(self.below_total, below))
        if winner is not None:
            self.games_won = games_won
            if bonus:
                self.rubber_bonus = (winner, bonus)
                above[winner] += bonus
                self.tally.add(winner, f"Rubber won {games_won[winner]} games to {games_won[1 - winner]}", bonus,
                               "end.game", note="above the line")
            else:
                self.games += ((0, 0),)
        self.above = tuple(a + b for a, b in zip(self.above, above))
        self.history += ({
            "hand": self.hand_no, "contract": self._contract_text(), "tricks": list(self.won),
            "below": below, "above": above, "honours": honour_points,
            "net": below[0] + above[0] - below[1] - above[1],
        },)
        if not self.rubber_bonus and self.hand_no >= self.options["hands"]:
            self._stop_rubber()
        self.hand_tally = self.tally.breakdown(("You", "The house"), lambda side: [PLAYER] if side == PLAYER else [])
        del self.tally
        # Kept for one move, so the table can show the hand's last trick and result before the next deal.
        self.hand_end = (self.hand_no, self.tricks[-1] if self.tricks else None, self.history[-1], left)
        if self.rubber_bonus:
            self.phase = "over"
        else:
            self._deal()

    def _stop_rubber(self):
        """An unfinished rubber (interpretation.hand-limit): 300 for a side's
        game, 100 for a part score in the game left unfinished."""
        bonus = [0, 0]
        for side in (PLAYER, HOUSE):
            if self.games_won[side]:
                bonus[side] += self.tally.add(side, "Unfinished rubber: a game won", 300 * self.games_won[side],
                                              "interpretation.hand-limit", note="above the line")
            if self.games[-1][side] > 0:
                bonus[side] += self.tally.add(side, "Unfinished rubber: a part score", 100,
                                              "interpretation.hand-limit", note="above the line")
        self.above = tuple(a + b for a, b in zip(self.above, bonus))
        self.history[-1]["above"] = [a + b for a, b in zip(self.history[-1]["above"], bonus)]
        self.history[-1]["net"] += bonus[0] - bonus[1]
        self.rubber_bonus = ("unfinished", list(bonus))

    def _player_cards(self):
        return [t[1][0] if t[0] == PLAYER else t[1][-1] for t in self.tricks]

    def _contract_text(self):
        if self.contract is None:
            return None
        level, strain, declarer, doubling = self.contract
        extra = {1: "", 2: " doubled", 4: " redoubled"}[doubling]
        return f"{level}{STRAIN_SYMBOLS[strain]}{extra} by the {('player', 'house')[declarer]}"

    @property
    def totals(self):
        return tuple(b + a for b, a in zip(self.below_total, self.above))

    @property
    def scores(self):
        hand = self.history[-1]["net"] if self.history else 0
        player, house = self.totals
        return Scores((hand,), (player - house,))

    @property
    def result(self):
        if self.phase != "over":
            return None
        you, house = self.totals
        # Equal totals are a tied rubber, won by neither side (interpretation.tied-rubber).
        return "won" if you > house else "lost" if you < house else "tied"

    # ---- views -------------------------------------------------------------------------------------

    def _table(self, seat):
        last = self.tricks[-1] if self.tricks else None
        return {
            "hand_no": self.hand_no,
            "phase": self.phase,
            "facedown": ["??"] * len(self.facedown),
            # The seat's cards in view: the face-up cards still to choose from, then the hand
            # (the shape of the other games' dealt hands, so the build can draw the deal).
            "play": {
                "hands": [[c.text for c in (self._unkept() if self.phase == "choose" else self.hand)]],
                "leader": PLAYER if self.phase == "play" and self.leader == PLAYER else None,
            },
            "kept": [c.text for c in self.kept],
            "house_bid": None if self.phase == "choose" else bid_text(self.house_bid),
            "contract": self._contract_text(),
            "trump": STRAIN_NAMES[self.contract[1]] if self.contract else None,
            "leader": ("player", "house")[self.leader] if self.leader is not None else None,
            "trick": [c.text for c in self.trick],
            "last_trick": None if last is None else {
                "leader": ("player", "house")[last[0]], "cards": [c.text for c in last[1]],
                "winner": ("player", "house")[last[2]]},
            "turned": [c.text for c in self.turned],
            "tricks": {"player": self.won[0], "house": self.won[1]},
            "stock": len(self.stock),
            # The top discard, unless it is the last card in "turned" (each card appears once).
            "discard_top": self.discards[-1].text if self.discards and self.discards[-1] not in self.turned else None,
            "discards": len(self.discards),
            "rubber": {
                "games": [list(g) for g in self.games], "games_won": list(self.games_won),
                "above": list(self.above), "totals": list(self.totals),
                "vulnerable": [g > 0 for g in self.games_won], "hands": list(self.history),
                "rubber_bonus": self.rubber_bonus and list(self.rubber_bonus),
            },
            "result": self.result,
        }

    def _cards_in_play(self):
        played = [c for t in self.tricks for c in t[1]]
        return list(self.facedown + self.faceup + self.hand + self.stock + self.discards + self.trick) + played

    def hidden_from(self, seat):
        # The cards turned in the last trick stay in view, though under the discard pile's top.
        shown = set(self.turned) | set(self.discards[-1:])
        hidden = list(self.facedown + self.stock) + [c for c in self.discards if c not in shown]
        return hidden + [c for t in self.tricks[:-1] for c in t[1]]


def _sort_key(card):
    return (4, 0) if card.is_joker else ("SHDC".index(card.suit), -rank_of(card))


GAME = BridgeSolitaireState
