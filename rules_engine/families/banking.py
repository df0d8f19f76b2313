"""A bank and its bets: banking games, where one banker plays against every other player.

Each player stakes chips within the banker's limits; the stake lies in front of them (a pool
of their own on the ``Chips`` ledger) until the bet is settled: lost, the banker collects it;
won, it comes back with the banker's payment at the odds the game gives; a tie may push (the
stake comes back). Every change is a transfer between one player and the bank, so the chips
are conserved after every move, which the conformance suite checks. The bank is the banker's
own chips, and it passes as the game says (``next_banker``: the first claimant to the
banker's left).

>>> chips = Chips.issue(3, 50, stake_pools(3))
>>> limits = Limits(1, 10)
>>> limits.refusal(12, 50), limits.refusal(5, 3)
(('a stake is 1 to 10 chips, not 12', 'setup.limits'), ('only 3 chips are left to stake, not 5', 'play.bet'))
>>> chips = stake(chips, 1, 4)
>>> chips = stake(chips, 2, 6)
>>> chips.held, staked(chips, 1), chips.conserved
((50, 46, 44), 4, True)
>>> chips, won = settle(chips, 1, banker=0, outcome="win", odds=(2, 1))
>>> chips, lost = settle(chips, 2, banker=0, outcome="lose")
>>> chips.held, won, lost, chips.conserved
((48, 58, 44), 8, -6, True)
>>> next_banker(2, 4, claimants=(0, 3)), next_banker(2, 4, claimants=())
(3, 2)
"""

from dataclasses import dataclass

from ..game import Scores
from ..moves import MoveForm
from ..table import hand_end, headline, score_sheet, zone
from .chips import Chips, chips_word
from .ledger import ChipsLedger

OUTCOMES = ("win", "lose", "push")
# New limits (``interpretation.limits``): the lowest 1 to 5, the highest a multiple of 5 up to 25.
LOWEST_MOST, HIGHEST_MOST, HIGHEST_STEP = 5, 25, 5
LIMIT_FORMS = (MoveForm("lowest", "lowest {int}"), MoveForm("highest", "highest {int}"))


def stake_pool(seat):
    return f"stake-{seat}"


def stake_pools(seats):
    """The pools of a table of ``seats``: a stake in front of each seat."""
    return tuple(stake_pool(s) for s in range(seats))


def staked(chips, seat):
    name, amount = chips.pools[seat]   # the stakes are the pools, in seat order (read often: no lookup)
    assert name == stake_pool(seat), name
    return amount


def stake(chips, seat, amount):
    """``seat`` puts ``amount`` more chips in front of them."""
    return chips.to_pool(seat, stake_pool(seat), amount)


def settle(chips, seat, banker, outcome, odds=(1, 1), amount=None):
    """Settle ``seat``'s stake against the ``banker``: ``(chips after, chips the seat won)``.

    ``win``: the stake comes back and the banker pays it at ``odds`` (``(2, 1)``: two for one,
    rounded down); ``lose``: the banker collects it; ``push``: it comes back. ``amount`` settles
    only that part of the stake (a game where one player's stake is several bets settled apart).

    >>> chips = stake(Chips.issue(2, 20, stake_pools(2)), 1, 5)
    >>> chips, won = settle(chips, 1, banker=0, outcome="lose", amount=2)
    >>> chips.held, staked(chips, 1), won, chips.conserved
    ((22, 15), 3, -2, True)
    """
    if outcome not in OUTCOMES:
        raise ValueError(f"an outcome is one of {OUTCOMES}, not {outcome!r}")
    whole = staked(chips, seat)
    if amount is None:
        amount = whole
    if not 0 <= amount <= whole:
        raise ValueError(f"{seat} has {whole} staked, so {amount} cannot be settled")
    taker = banker if outcome == "lose" else seat
    chips = chips.to_pool(taker, stake_pool(seat), -amount)   # a negative stake: out of the pool
    if outcome == "lose":
        return chips, -amount
    if outcome == "push":
        return chips, 0
    paid = amount * odds[0] // odds[1]
    return chips.pay(banker, seat, paid), paid


def chips_with_stakes(table):
    """Each seat's chips in a banking game's view, counting its stake on the table (for bots)."""
    chips = table["chips"]
    return [held + staked for held, staked in zip(chips["held"], chips["stakes"])]


def widest_limit(moves, kind):
    """Of the ``lowest N`` or ``highest N`` moves (``kind``), the largest N (for bots)."""
    return max((m for m in moves if m.startswith(kind + " ")), key=lambda m: int(m.split()[1]))


def next_banker(banker, seats, claimants):
    """The first of ``claimants`` to the banker's left (the order of play), else the banker."""
    for step in range(1, seats):
        seat = (banker + step) % seats
        if seat in claimants:
            return seat
    return banker


@dataclass(frozen=True)
class Limits:
    """The smallest and largest stake the banker accepts."""

    low: int
    high: int
    rule: str = "setup.limits"
    held_rule: str = "play.bet"

    def amounts(self, held):
        """The stakes a player holding ``held`` chips may place, smallest first."""
        return range(self.low, min(self.high, held) + 1)

    def refusal(self, amount, held):
        """None if ``amount`` is a stake a player holding ``held`` may place, else ``(reason, rule)``."""
        if not self.low <= amount <= self.high:
            return f"a stake is {self.low} to {chips_word(self.high)}, not {amount}", self.rule
        if amount > held:
            left = "only " + chips_word(held) if held > 0 else "no chips"
            return f"{left} {'is' if held == 1 else 'are'} left to stake, not {amount}", self.held_rule
        return None

    @property
    def span(self):
        return f"{self.low} to {chips_word(self.high)}"


class BankingGame(ChipsLedger):
    """The ledger of a banking game: each player's chips, the stake in front of each player, and
    the banker (``self.banker``) whose chips are the bank. A game opens with ``_open_bank``, starts
    each hand with ``_open_hand``, settles each bet with ``_settle`` and ends each hand with
    ``_close_hand``; ``_bank_zones`` puts the stakes and the bank on the table, ``_bank_table`` and
    ``_bank_description`` the hands, the banker and the limits around the game's own parts."""

    STAKE_LABEL, BANK_LABEL = "Stake", "The bank"
    BET_WORD = "stake"   # what a bet is called on the table: a stake, a wager
    NEW_LIMITS_BUTTON = "New limits"
    new_lowest = None    # the lowest of the new limits a banker is setting, until the highest follows

    def _issue(self):
        self.chips = Chips.issue(self.seats, self.options["chips"], stake_pools(self.seats))

    def _open_bank(self, limits):
        """The game's start: the ``chips`` option issued to each player, the first ``limits``
        (lowest, highest), no hand played yet."""
        self._issue()
        self.limits = Limits(*limits)
        self.hand_results = ()   # (hand number, chips won per seat, lines)
        self.bankers = ()        # the banker of each of those hands
        self.over = False
        self.said = None

    def _open_hand(self, number, banker):
        """Hand ``number`` starts with ``banker`` holding the bank, nothing won in it yet."""
        self.hand_number, self.banker = number, banker
        self.won = [0] * self.seats   # chips won this hand, per seat
        self.lines = []               # the hand's settlements, for its end
        self.hand_items = ()          # the same, item by item (Ledger._item), for the hand's end

    @property
    def to_act(self):
        return None if self.over else self.turn

    def _left(self, seat, steps=1):
        return (seat + steps) % self.seats

    def players_in_order(self):
        """Every seat but the banker's, from the banker's left."""
        return [self._left(self.banker, k) for k in range(1, self.seats)]

    def _open_betting(self):
        """The players bet in turn, from the banker's left."""
        self.phase = "bet"
        self.turn = self._left(self.banker)

    def _pass_betting(self):
        """The next player from the banker's left bets; False when every player has."""
        order = self.players_in_order()
        index = order.index(self.turn) + 1
        if index < len(order):
            self.turn = order[index]
            return True
        return False

    def staked(self, seat):
        return self.chips.pools[seat][1]   # the stakes are the pools, in seat order

    def _stake(self, seat, amount):
        self.chips = stake(self.chips, seat, amount)

    def _settle(self, seat, outcome, odds=(1, 1), amount=None, *, why):
        """Settle ``seat``'s bet (or ``amount`` of it) with the banker, counted in the hand's
        ``won`` and, for ``why`` (``(label, rule, cards)``), an item of the player's and the
        banker's; the chips it won (negative: lost)."""
        self.chips, won = settle(self.chips, seat, self.banker, outcome, odds, amount)
        self.won[seat] += won
        self.won[self.banker] -= won
        self._item(seat, won, why)
        self._item(self.banker, -won, why)
        return won

    def _close_hand(self, lines, shown=(), ended=None, zones=()):
        """The hand ends, with ``lines`` said: the game too (``end.game``) after its last hand or a
        hand leaving a player with no chips, which ``lines`` then say. The hand's chips and lines
        are recorded, and its end shown with the hands ``shown`` (seat, what the hand is worth,
        cards), the game's own ``zones``, what ``ended`` it and each player's chips item by item."""
        names = self.player_names()
        broke = [s for s in range(self.seats) if self.chips.held[s] <= 0]
        self.over = self.hand_number >= self.options["hands"] or bool(broke)
        if broke:
            lines.append(f"{' and '.join(names[s] for s in broke)} {'has' if len(broke) == 1 else 'have'} "
                         f"no chips left: the game ends")
        elif self.over:
            lines.append("the last hand is played")
        recorded = tuple(self.lines + lines)
        self.hand_results += ((self.hand_number, tuple(self.won), recorded),)
        self.bankers += (self.banker,)
        self.hand_end = (self.hand_number, recorded, tuple(shown), ended, tuple(zones))
        self.hand_tally = self._hand_tally().breakdown(names)

    @property
    def scores(self):
        hand = self.hand_results[-1][1] if self.hand_results and self.__dict__.get("hand_end") else (0,) * self.seats
        return Scores(tuple(hand), self._game_scores())

    def _game_scores(self):
        """Chips won or lost since the start, a stake still on the table counted as its player's."""
        return tuple(c + self.staked(s) - self.options["chips"] for s, c in enumerate(self.chips.held))

    def _ledger_view(self):
        return {"chips": {"held": list(self.chips.held), "stakes": [self.staked(s) for s in range(self.seats)],
                          "banker": self.banker}}

    def _bank_zones(self):
        """The bank at the banker's place, and each player's stake at theirs."""
        names, pools = self.player_names(), self.chips.pools
        zones = [zone("bank", f"{self.BANK_LABEL} ({names[self.banker]})", (), kind="pool", owner=self.banker,
                      chips=self.chips.held[self.banker])]
        zones += [zone(f"stake-{s}", f"{names[s]}'s {self.STAKE_LABEL.lower()}", (), kind="pool", owner=s,
                       chips=pools[s][1]) for s in range(self.seats) if s != self.banker]
        return zones

    def _pool_zones(self):
        return self._bank_zones()

    def _held_note(self, seat):
        """What a seat's place says first: its chips, and whether it is the banker's."""
        held = chips_word(self.chips.held[seat])
        return f"banker, {held}" if seat == self.banker else held

    def _bank_table(self, own):
        """The view's table: the hand, the banker and the limits, the game's ``own`` part, the
        chips, and the chips each hand played won."""
        return {
            "hand_number": self.hand_number, "hands_in_game": self.options["hands"], "banker": self.banker,
            "phase": self.phase, "limits": [self.limits.low, self.limits.high], **own,
            **self._ledger_view(), "over": self.over,
            "hands_played": [{"number": n, "banker": b, "won": list(w)} for (n, w, _), b in
                             zip(self.hand_results, self.bankers)],
        }

    def _said(self, seat):
        return self.said

    def _bank_description(self, zones, phases, *facts):
        """The table described: ``zones``; the headline of the hand, the banker, the limits, the
        game's ``facts`` and, while the game goes on, its phase (``phases``: the words of each of the
        game's own); the chips won and lost each hand; the last move, the result, a hand's end."""
        names = self.player_names()
        phase = {**phases, "limits": self.new_lowest and self._limits_phase_words()}[self.phase]
        return {
            "headline": headline(f"Hand {self.hand_number} of {self.options['hands']}",
                                 f"Banker: {names[self.banker]}", self.limits_words().capitalize(),
                                 *facts, None if self.over else phase),
            "zones": zones,
            "dealer": self.banker,
            "score": score_sheet(names, [(f"Hand {n}", list(w)) for n, w, _ in self.hand_results],
                                 [("Chips held", [self.chips.held[s] + self.staked(s) for s in range(self.seats)])],
                                 caption="Chips won and lost",
                                 target=f"{self.options['hands']} hands, or until a player has no chips"),
            "last": self.said,
            "result": self._result_sentence(),
            "interlude": self._interlude(),
        }

    def _interlude(self):
        """Right after a hand ends: its lines, the hands shown, and every player's chips."""
        ended = self.__dict__.get("hand_end")
        if not ended:
            return None
        number, lines, shown, why, own_zones = ended
        names = self.player_names()
        zones = [zone(f"end-hand-{s}", f"{names[s]}: {worth}", cards, kind="hand", owner=s, source=False)
                 for s, worth, cards in shown]
        totals = [f"{names[s]}: {chips_word(self.chips.held[s])}" for s in range(self.seats)]
        # What ended the hand is said once, above the breakdown, though the hand's record keeps it as a line.
        return hand_end(f"End of hand {number}", [line for line in lines if line != why],
                        zones=zones + list(own_zones), totals=totals, ended=why, state=self, unit=self.UNIT)

    # ---- new limits: a banker about to deal may set them in two moves, the lowest then the highest

    def lowest_choices(self):
        """The lowest bet a banker may set: 1 to 5, never more than the bank holds."""
        return range(1, min(LOWEST_MOST, self.chips.held[self.banker]) + 1)

    def highest_choices(self, lowest):
        """The highest bet that may go with ``lowest``: a multiple of 5 up to 25, never more than
        the bank holds (the most it holds, when that is less than 25, is a choice too)."""
        top = min(HIGHEST_MOST, self.chips.held[self.banker])
        return [n for n in range(lowest, top + 1) if n % HIGHEST_STEP == 0 or n == top]

    def _limit_moves(self):
        """Before new limits, the lowest bets that start them; after the lowest, the highest."""
        if self.new_lowest is None:
            return [self.forms["lowest"].make(n) for n in self.lowest_choices()]
        return [self.forms["highest"].make(n) for n in self.highest_choices(self.new_lowest)]

    def _limit_candidates(self):
        """``lowest`` and ``highest`` moves worth asking ``explain`` about: either side of each bound."""
        return [self.forms[k].make(n) for k in ("lowest", "highest") for n in (0, 1, 3, 5, 6, 7, 10, 25, 26, 30)]

    def _limit_refusal(self, move):
        """Why a ``lowest`` or ``highest`` move is refused while the banker may set limits, else None."""
        banker = self.player_names()[self.banker]
        if move.kind == "lowest" and self.new_lowest is None:
            top = self.lowest_choices()[-1]
            return (f"{banker} cannot set the lowest {self.BET_WORD} at {move.args[0]}: it is 1 to "
                    f"{chips_word(top)}" + (", the most the bank holds" if top < LOWEST_MOST else ""),
                    "interpretation.limits")
        if move.kind == "highest" and self.new_lowest is not None:
            *others, last = map(str, self.highest_choices(self.new_lowest))
            return (f"{banker} cannot set the highest {self.BET_WORD} at {move.args[0]}: with the lowest at "
                    f"{self.new_lowest}, it is {', '.join(others) + ' or ' if others else ''}{last}",
                    "interpretation.limits")
        if self.new_lowest is not None:
            return f"{banker} is setting new limits: the highest {self.BET_WORD} comes next", "interpretation.limits"
        return None

    def _set_limit(self, move, starting="sets new limits", done="sets new limits"):
        """Plays a ``lowest`` or ``highest`` move; what it says (the banker ``starting`` new limits,
        or ``done`` with them), and whether the limits are now set."""
        banker = self.player_names()[self.banker]
        if move.kind == "lowest":
            self.new_lowest = move.args[0]
            return f"{banker} {starting}, the lowest {self.BET_WORD} {chips_word(move.args[0])}; " \
                   "the highest comes next", False
        self.limits = Limits(self.new_lowest, move.args[0])
        self.new_lowest = None
        return f"{banker} {done}: {self.limits_words()}", True

    def limits_words(self):
        """``stakes 1 to 10 chips``"""
        return f"{self.BET_WORD}s {self.limits.span}"

    def _limit_words(self, move):
        """A ``lowest`` or ``highest`` move's button."""
        which = f"{self.NEW_LIMITS_BUTTON}: lowest" if move.kind == "lowest" else "Highest"
        return f"{which} {self.BET_WORD} {chips_word(move.args[0])}"

    def _limits_phase_words(self):
        return f"New limits: the lowest {self.BET_WORD} {chips_word(self.new_lowest)}, the highest next"
