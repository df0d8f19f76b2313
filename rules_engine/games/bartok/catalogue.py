"""Bartok's catalogue of rules: the rules a hand's winner may add to the session, as data.

A rule either *asks* something of the next card (after a club, an even card) or gives a
rank an *effect* of the Crazy Eights family (a face card skips, a 4 makes the next
player draw four unless they add a 4). The seed text's examples that a table can enforce
come first (``SOURCE``); the saying for an 8 ("Eight ball, corner pocket") is left out,
being words rather than a card (``interpretation.catalogue``).

Two rules conflict when together they contradict each other, and a rule may not
repeal or contradict one in force (``rules.conflict``): two demands triggered by the
same card that no card of the pack meets together, or the pairs in ``EXCLUSIVE``.
A set of rules leaves *no further play* when some card of the pack could never be
followed: no card matches it (in suit, rank, or by being wild) and meets its demands
(``end.no-play``).
"""

from dataclasses import dataclass, replace
from itertools import combinations

from ...cards import RANKS, SUITS, Card
from ...families.eights import NO_EFFECT, Effect

PACK = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)

# The kinds of card a rule names, and the cards of each.
KINDS = {
    "club": lambda c: c.suit == "C",
    "spade": lambda c: c.suit == "S",
    "heart": lambda c: c.suit == "H",
    "diamond": lambda c: c.suit == "D",
    "red": lambda c: c.is_red,
    "black": lambda c: not c.is_red,
    "even": lambda c: c.rank in "2468T",
    "odd": lambda c: c.rank in "A3579",
    "face": lambda c: c.rank in "JQK",
    "low": lambda c: c.rank in "A234567",
}
KIND_WORDS = {"club": "a club", "spade": "a spade", "heart": "a heart", "diamond": "a diamond",
              "red": "a red card", "black": "a black card", "even": "an even card", "odd": "an odd card",
              "face": "a face card", "low": "a card of 7 or lower"}


@dataclass(frozen=True)
class HouseRule:
    """One rule of the catalogue: ``after`` a card of one kind the next card must be of the
    kind ``asks``; or the cards of ``ranks`` have ``effect``."""

    id: str
    text: str
    after: str = ""
    asks: str = ""
    ranks: str = ""
    effect: Effect = NO_EFFECT

    def triggers(self, card):
        return bool(self.after) and KINDS[self.after](card)

    def allows(self, card):
        return KINDS[self.asks](card)


def _asks(rule_id, after, asks):
    return HouseRule(rule_id, f"After {KIND_WORDS[after]}, the next card played must be {KIND_WORDS[asks]}.",
                     after=after, asks=asks)


CATALOGUE = (
    # The seed text's examples a table can enforce.
    _asks("club-even", "club", "even"),
    _asks("red-black", "red", "black"),
    HouseRule("face-skip", "A face card (jack, queen, king) skips the next player.", ranks="JQK",
              effect=Effect(skip=True)),
    HouseRule("ace-reverse", "An ace turns the direction of play round.", ranks="A", effect=Effect(reverse=True)),
    HouseRule("two-wild", "A 2 may go on any card (the other rules still bind it).", ranks="2",
              effect=Effect(wild=True)),
    HouseRule("four-draw", "A 4 makes the next player draw four and lose their turn, unless they add "
              "a 4, which passes eight on to the player after them, and so on.", ranks="4",
              effect=Effect(draw=4, stack=("4",))),
    # More of the same kind.
    _asks("spade-odd", "spade", "odd"),
    _asks("club-odd", "club", "odd"),
    _asks("diamond-red", "diamond", "red"),
    _asks("black-red", "black", "red"),
    _asks("even-odd", "even", "odd"),
    _asks("heart-low", "heart", "low"),
    HouseRule("seven-skip", "A 7 skips the next player.", ranks="7", effect=Effect(skip=True)),
    HouseRule("king-reverse", "A king turns the direction of play round.", ranks="K", effect=Effect(reverse=True)),
    HouseRule("jack-again", "A jack lets its player add another card that follows it.", ranks="J",
              effect=Effect(again=True)),
    HouseRule("two-draw", "A 2 makes the next player draw two and lose their turn, unless they add a 2, "
              "which passes four on, and so on.", ranks="2", effect=Effect(draw=2, stack=("2",))),
    HouseRule("eight-wild", "An 8 may go on any card (the other rules still bind it).", ranks="8",
              effect=Effect(wild=True)),
    HouseRule("nine-draw", "A 9 makes the next player draw one card and lose their turn.", ranks="9",
              effect=Effect(draw=1)),
)
SOURCE = ("club-even", "red-black", "face-skip", "ace-reverse", "two-wild", "four-draw")
RULES = {rule.id: rule for rule in CATALOGUE}
# Pairs that contradict without a card to show it: a jack that skips the next player cannot
# also keep the turn with its player.
EXCLUSIVE = (("face-skip", "jack-again"),)


def _demands_clash(a, b):
    """Whether some card asks, by ``a`` and ``b`` at once, for a card no card of the pack is."""
    if not (a.after and b.after):
        return False
    return any(a.triggers(t) and b.triggers(t) for t in PACK) and \
        not any(a.allows(c) and b.allows(c) for c in PACK
                if any(a.triggers(t) and b.triggers(t) for t in PACK))


def conflict(a, b):
    """Whether rules ``a`` and ``b`` (ids) contradict each other.

    >>> conflict("club-even", "club-odd"), conflict("red-black", "diamond-red"), conflict("club-even", "red-black")
    (True, True, False)
    """
    if a == b:
        return False
    return (a, b) in EXCLUSIVE or (b, a) in EXCLUSIVE or _demands_clash(RULES[a], RULES[b])


CONFLICTS = tuple((a.id, b.id) for a, b in combinations(CATALOGUE, 2) if conflict(a.id, b.id))


def addable(in_force):
    """The rules of the catalogue that may be added to ``in_force``: not in force, and
    contradicting none in force, in catalogue order."""
    return [r.id for r in CATALOGUE if r.id not in in_force and not any(conflict(r.id, f) for f in in_force)]


def effect_of(card, in_force):
    """A card's effect under the rules in force: the effects of every rule naming its rank, together."""
    effect = NO_EFFECT
    for rule_id in in_force:
        rule = RULES[rule_id]
        if card.rank in rule.ranks:
            more = rule.effect
            effect = replace(effect, draw=effect.draw + more.draw, stack=effect.stack + more.stack,
                             skip=effect.skip or more.skip, reverse=effect.reverse or more.reverse,
                             again=effect.again or more.again, wild=effect.wild or more.wild)
    return effect


def unmet(card, up, in_force):
    """The first rule in force whose demand after ``up`` the ``card`` does not meet, or None."""
    for rule_id in in_force:
        rule = RULES[rule_id]
        if rule.triggers(up) and not rule.allows(card):
            return rule
    return None


def follows(card, up, in_force):
    """Whether ``card`` may go on ``up``: it matches it in suit or rank or is wild, and meets
    every demand ``up`` makes."""
    matches = card.suit == up.suit or card.rank == up.rank or effect_of(card, in_force).wild
    return matches and unmet(card, up, in_force) is None


def dead_ends(in_force):
    """The cards of the pack that no other card could follow under ``in_force`` (``end.no-play``).

    >>> dead_ends(["red-black", "black-red", "face-skip"])
    []
    >>> [c.text for c in dead_ends(["red-black", "black-red", "even-odd"])][:4]
    ['2S', '4S', '6S', '8S']
    """
    return [up for up in PACK if not any(c != up and follows(c, up, in_force) for c in PACK)]
