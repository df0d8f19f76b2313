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

from ..table import zone
from .chips import Chips, chips_word
from .ledger import ChipsLedger

OUTCOMES = ("win", "lose", "push")


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
    def words(self):
        return f"stakes {self.low} to {chips_word(self.high)}"


class BankingGame(ChipsLedger):
    """The ledger of a banking game: each player's chips, the stake in front of each player, and
    the banker (``self.banker``) whose chips are the bank. A game sets ``self.banker`` and
    settles each bet with ``_settle``; ``_bank_zones`` puts the stakes and the bank on the table."""

    STAKE_LABEL, BANK_LABEL = "Stake", "The bank"

    def _issue(self):
        self.chips = Chips.issue(self.seats, self.options["chips"], stake_pools(self.seats))

    def staked(self, seat):
        return self.chips.pools[seat][1]   # the stakes are the pools, in seat order

    def _stake(self, seat, amount):
        self.chips = stake(self.chips, seat, amount)

    def _settle(self, seat, outcome, odds=(1, 1), amount=None):
        """Settle ``seat``'s bet (or ``amount`` of it) with the banker; the chips it won (negative: lost)."""
        self.chips, won = settle(self.chips, seat, self.banker, outcome, odds, amount)
        return won

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
