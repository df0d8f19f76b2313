"""Chips: what each player holds and what lies in the pools on the table.

Stops games (Play or Pay, Spinado, Pope Joan, Lórum) are played for chips
rather than points: players ante into pools, pay each other and the pot,
and collect a pool by playing its card. Every change is a transfer, so the
chips issued at the start are always all somewhere (``conserved``), which
the conformance suite checks after every move. A player may owe: holdings
can fall below zero within a hand, and the game decides what that means for
its end.

>>> chips = Chips.issue(3, 10, ("Pot",))
>>> chips = chips.to_pool(0, "Pot", 4).to_pool(1, "Pot", 1)
>>> chips.held, chips.pool("Pot")
((6, 9, 10), 5)
>>> chips, taken = chips.collect("Pot", 2)
>>> chips.held, taken, chips.conserved
((6, 9, 15), 5, True)
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Chips:
    held: tuple           # per seat
    pools: tuple = ()     # ((name, chips), ...) in the board's order
    issued: int = 0       # every chip in the game, held or pooled

    @classmethod
    def issue(cls, seats, each, pools=()):
        return cls(held=(each,) * seats, pools=tuple((name, 0) for name in pools), issued=seats * each)

    @property
    def conserved(self):
        return sum(self.held) + sum(n for _, n in self.pools) == self.issued

    def pool(self, name):
        return dict(self.pools)[name]

    def _with_pool(self, name, change):
        if name not in dict(self.pools):
            raise KeyError(f"no pool {name!r}: the pools are {[n for n, _ in self.pools]}")
        return tuple((n, chips + change if n == name else chips) for n, chips in self.pools)

    def _with_held(self, seat, change):
        return tuple(chips + change if s == seat else chips for s, chips in enumerate(self.held))

    def to_pool(self, seat, name, amount):
        """``seat`` puts ``amount`` chips into the pool ``name``."""
        return Chips(self._with_held(seat, -amount), self._with_pool(name, amount), self.issued)

    def pay(self, payer, payee, amount):
        """``payer`` gives ``amount`` chips to ``payee``."""
        return Chips(self._with_held(payer, -amount), self.pools, self.issued)._receive(payee, amount)

    def _receive(self, seat, amount):
        return Chips(self._with_held(seat, amount), self.pools, self.issued)

    def collect(self, name, seat):
        """``seat`` takes the whole pool ``name``: ``(chips after, chips taken)``."""
        amount = self.pool(name)
        return Chips(self._with_held(seat, amount), self._with_pool(name, -amount), self.issued), amount

    def to_json(self):
        return {"held": list(self.held), "pools": {name: n for name, n in self.pools}}


def chips_word(n):
    """``1 chip``, ``3 chips``, ``−2 chips`` (owed)."""
    sign = "−" if n < 0 else ""
    return f"{sign}{abs(n)} chip{'' if abs(n) == 1 else 's'}"
