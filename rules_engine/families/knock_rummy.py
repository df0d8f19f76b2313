"""Knock rummies (the Gin Rummy kind): draw and discard, knock by discarding face down, then lay
out melds one at a time and lay cards off onto others' melds, each move of several cards built
step by step (``state.choose``).

A game subclasses ``KnockRummyState`` and keeps its hands (``hands``), ``stock``, ``discard``,
melds on the table (``melds``: ``(owner, cards)``), the seat to act (``turn``), its ``phase``,
the card just taken from the discard pile (``taken``), the ``knocker`` and the ``knock_card``.
It says which phases lay melds (``LAYING``), the most deadwood a knocker may keep (``limit``)
and why a lay-off is refused (``_lay_off_refusal``); the family answers the rest: the melds a
knocker may lay, the refusal of a meld, a partial choice's refusal, the knock's face-down
discard and what each seat may see of it.
"""

from ..cards import make_deck, parse_card
from ..game import ALL, State
from ..selection import Built
from ..table import plural, zone
from .rummy import Arranger, candidate_melds, canonical, meld_kind, meld_words


class KnockRummyState(State):
    LAYING = ("lay", "answer")             # the phases in which melds are laid out
    KNOCKER_LAYS = "lay"                   # the phase in which the knocker lays out
    PLAIN_MOVES = ("draw-stock", "draw-discard", "done")   # moves without a card, for candidate_moves

    @property
    def limit(self):
        """The most deadwood a knocker may keep."""
        raise NotImplementedError

    def _lay_off_refusal(self, card, number):
        raise NotImplementedError

    def _copied(self):
        self.hands = [list(h) for h in self.hands]
        self.stock, self.discard = list(self.stock), list(self.discard)
        self.melds = [(owner, list(cards)) for owner, cards in self.melds]

    @property
    def to_act(self):
        return None if self.over else self.turn

    def _melds_allowed(self, hand):
        """The melds of ``hand`` that may be laid now: for the knocker, those that leave no more
        than the limit in deadwood (so a knock once allowed can always be laid out)."""
        melds = sorted(set(candidate_melds(hand)), key=lambda m: [hand.index(c) for c in m])
        if self.phase == self.KNOCKER_LAYS:
            arranger = Arranger(hand)
            return [m for m in melds if arranger.least(m).points <= self.limit]
        return melds

    def parse_move(self, move):
        move = super().parse_move(move)
        if move.kind == "meld":   # a meld is written in one order, whatever order it is given in
            return self.forms["meld"].make(canonical(move.args[0]))
        return move

    def _meld_refusal(self, cards):
        if meld_kind(cards) is None:
            return f"{meld_words(cards)} is neither a set nor a run (aces are low)", "play.meld"
        left = Arranger(self.hands[self.turn]).least(cards).points
        return (f"melding {meld_words(cards)} would leave {left} in deadwood, more than {self.limit}",
                "play.knocker-melds")

    def candidate_moves(self):
        if self.over:
            return []
        hand = self.hands[self.turn]
        extra = [self.forms[k].make() for k in self.PLAIN_MOVES]
        extra += [self.forms[k].make(c) for k in ("discard", "knock") for c in make_deck("52")[::7]]
        extra += [self.forms["meld"].make(canonical(hand[i:i + 3])) for i in range(0, max(len(hand) - 2, 0), 2)]
        extra += [self.forms["layoff"].make(c, n) for c in hand[:3] for n in (1, 2, 5)]
        legal = self.legal_moves()
        return legal + [m for m in dict.fromkeys(extra) if m not in legal]

    # ---- moves built from several cards -----------------------------------------------------------

    def _built(self, move):
        if move.kind == "meld":
            return Built(tuple(c.text for c in move.args[0]), None, "Meld")
        if move.kind == "layoff":
            return Built((move.card.text,), f"meld-{move.args[1]}", "Lay off")
        return None

    def _selection_refusal(self, picked, target):
        cards = [parse_card(t) for t in picked]
        if self.phase not in self.LAYING:
            return "no move of this turn is made of several cards", "play.turn"
        name, hand = self.player_names()[self.turn], self.hands[self.turn]
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"{name} does not hold the {missing[0].symbol}", "play.turn"
        if target is not None:
            number = int(target[5:]) if target.startswith("meld-") and target[5:].isdecimal() else 0
            if len(cards) > 1:
                return "cards are laid off one at a time", "play.lay-off"
            return self._lay_off_refusal(cards[0], number) if number else (f"{target} is no meld", "play.lay-off")
        if len(cards) >= 3 and (meld_kind(cards) is None or len(cards) > 4 and meld_kind(cards) == "set"):
            return self._meld_refusal(canonical(cards))
        if not any(set(cards) <= set(m) for m in candidate_melds(hand)):
            return f"no set or run of the hand holds {meld_words(cards)}", "play.meld"
        return self._meld_refusal(next(m for m in candidate_melds(hand) if set(cards) <= set(m)))

    def _click_choice(self, move):
        if self.phase == "discard" and any(m.kind == "knock" and m.card is move.card for m in self.legal_moves()):
            return "knock" if move.kind == "knock" else "discard"
        return None

    def _told_in_part(self, move):
        # play.knock: the knock's discard goes face down; the others learn only of the knock.
        return ("knock", {self.turn}) if move.kind == "knock" else None

    # ---- what each seat sees ---------------------------------------------------------------------

    def hidden_from(self, seat):
        hidden = set(self.stock)
        if seat != ALL:
            hidden |= {c for s, hand in enumerate(self.hands) if s != seat and not self._shown(s) for c in hand}
            if self.knock_card is not None and seat != self.knocker:
                hidden.add(self.knock_card)
        return hidden

    def _shown(self, seat):
        """Whether ``seat``'s hand lies face up: the knocker's, once laid out."""
        return seat == self.knocker and self.phase == "answer"

    def _cards_in_play(self):
        return ([c for h in self.hands for c in h] + self.stock + self.discard + [c for _, m in self.melds for c in m]
                + ([self.knock_card] if self.knock_card else []))

    def table_zones(self, seat, knock_label):
        """The zones of a knock rummy's table as ``seat`` sees them: each hand (shown to its owner,
        or once laid out), the stock, the discard pile, the knocker's face-down discard and the melds."""
        names = self.player_names()
        zones = []
        for s, hand in enumerate(self.hands):
            visible = seat in (s, ALL) or self._shown(s)
            zones.append(zone(f"hand-{s}", f"{names[s]}'s hand", (c.text if visible else "??" for c in hand),
                              kind="hand", layout="fan", owner=s, backs="hidden",
                              note=plural(self.points[s], "point")))
        zones.append(zone("stock", "Stock", ["??"] * len(self.stock), kind="stock", layout="squared", group="middle"))
        zones.append(zone("discard", "Discard pile", self.discard, kind="discard", layout="squared", group="middle"))
        if self.knock_card is not None:
            card = self.knock_card.text if seat in (self.knocker, ALL) else "??"
            zones.append(zone("knock-discard", knock_label, [card], kind="set-aside", layout="squared", group="middle"))
        for number, (owner, cards) in enumerate(self.melds, 1):
            zones.append(zone(f"meld-{number}", f"Meld {number}", cards, kind="meld", owner=owner))
        return zones
