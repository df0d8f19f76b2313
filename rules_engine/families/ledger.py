"""What a game of many hands carries from one hand to the next: chips, or points on paper.

A game keeps one of two ledgers, as a mixin beside its family's base class:
:class:`ChipsLedger`, each player's chips and the pools on the table, every
change a transfer (Play or Pay, Spinado, Pope Joan, Lórum), or
:class:`PointsLedger`, a score per player (Comet). Both say what each player
holds (``_totals``), in words (``_amount_word``), what the game's score is
(``_game_scores``: won or lost since the start), what a seat's view shows of
it and which zones it puts on the table. The game sets ``over`` at its end.
"""

from ..table import Tally, plural, signed, zone
from .chips import Chips, chips_word


class Ledger:
    """What both ledgers share: the winners, the standings in words, and the hand's score item by
    item. A game that keeps ``hand_items`` (set to () at each deal) has every change it makes
    for a reason (``why``: ``(label, rule, cards)``) added to it, so that its hand's end can show
    what made each player's row (``_hand_tally``)."""

    @property
    def winners(self):
        """The seats with the highest total, once the game is over."""
        if not self.over:
            return ()
        best = max(self._totals())
        return tuple(s for s, total in enumerate(self._totals()) if total == best)

    def _result_sentence(self):
        if not self.over:
            return None
        names = [self.player_names()[s] for s in self.winners]
        best = self._amount_word(max(self._totals()))
        if len(names) > 1:
            return f"{' and '.join(names)} share the win with {best} each."
        return f"{names[0]} wins the game with {best}."

    def _standings(self, won):
        """A line per player: what ``won`` (per seat) gave them this hand, and what they now hold."""
        players, totals = self.player_names(), self._totals()
        return [f"{players[s]}: {signed(won[s])} this hand, {self._amount_word(totals[s])} in all"
                for s in range(self.seats)]

    def _item(self, seat, points, why, count=None):
        """``points`` won (or lost, below 0) by ``seat`` for ``why`` (``(label, rule, cards)``);
        ``count``: ``(number, noun)`` the item counts, as "3 cards"."""
        if why is not None:
            label, rule, cards = why
            self.hand_items += ((seat, label, points, rule, tuple(cards), count),)

    def _hand_tally(self):
        """The hand's items as a ``table.Tally``, those of one label and rule for one player made
        one (a chip paid at each of twelve passes is one item of 12, its note "12 times")."""
        merged = {}
        for seat, label, points, rule, cards, count in self.hand_items:
            so_far, cards_so_far, counted, noun = merged.get((seat, label, rule), (0, (), 0, None))
            number, noun = count or (0, noun)
            merged[seat, label, rule] = (so_far + points, cards_so_far + cards, counted + number, noun)
        tally = Tally(self.seats)
        for (seat, label, rule), (points, cards, counted, noun) in merged.items():
            tally.add(seat, label, points, rule, cards, noun and plural(counted, noun))
        return tally


class ChipsLedger(Ledger):
    """Chips held and pooled; the game's ``chips`` option is what each player starts with."""

    POOLS = ()
    TOTALS_LABEL, SHEET_CAPTION, UNIT = "Chips held", "Chips won and lost", "chips"

    def _issue(self):
        self.chips = Chips.issue(self.seats, self.options["chips"], self.POOLS)

    def _totals(self):
        return self.chips.held

    @staticmethod
    def _amount_word(n):
        return chips_word(n)

    def _game_scores(self):
        return tuple(c - self.options["chips"] for c in self.chips.held)

    def _ledger_view(self):
        return {"chips": self.chips.to_json()}

    def _pool_zones(self):
        return [zone(f"pool-{i}", name, (), kind="pool", group="pools", chips=n)
                for i, (name, n) in enumerate(self.chips.pools)]

    def _pay_pool(self, seat, name, amount, why=None, count=None):
        self.chips = self.chips.to_pool(seat, name, amount)
        self._item(seat, -amount, why, count)

    def _pay(self, payer, payee, amount, why=None, count=None):
        """``payer`` pays ``payee``: for ``why``, an item of each of theirs."""
        self.chips = self.chips.pay(payer, payee, amount)
        self._item(payer, -amount, why, count)
        self._item(payee, amount, why, count)

    def _collect(self, name, seat, rule=None, cards=()):
        """``seat`` takes the pool ``name``; a sentence, or None when it was empty. With a
        ``rule``, an item of the hand ("Takes Pope", 0 for an empty pool) and the ``cards`` that won it."""
        self.chips, taken = self.chips.collect(name, seat)
        self._item(seat, taken, rule and (f"Takes {name}", rule, cards))
        return f"{self.player_names()[seat]} collects {name} ({chips_word(taken)})" if taken else None


class PointsLedger(Ledger):
    """A score per player, from 0."""

    TOTALS_LABEL, SHEET_CAPTION, UNIT = "Points", "Score sheet", "points"

    def _issue(self):
        self.points = (0,) * self.seats

    def _totals(self):
        return self.points

    def _score(self, points):
        self.points = tuple(a + b for a, b in zip(self.points, points))

    @staticmethod
    def _amount_word(n):
        return plural(n, "point")

    def _game_scores(self):
        return self.points

    def _ledger_view(self):
        return {"points": list(self.points)}

    def _pool_zones(self):
        return []
