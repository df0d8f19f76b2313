"""Pishe Pasha's heuristic bot, from its seat's view only.

It always builds when it can; it loads every card it can onto the other's discard pile,
first those the foundations will not want soon (a card given away that the foundations need
next is a card the other gets rid of for free), and the card it has turned before the top of
its discard pile, so that more of its own cards come up. It calls “Stop!” whenever it pays:
to send a missed card off its own pile, or to cut short the other's turn.
"""

from ...cards import ACES_LOW, SUITS, parse_card


def _distance(card, foundations):
    """How far ``card`` is from being built: 0 if it goes next."""
    pile = foundations[SUITS.index(card.suit)]
    built = ACES_LOW.index(parse_card(pile[-1])) + 1 if pile else 0
    return ACES_LOW.index(card) - built


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table, me = view["table"], view["seat"]
    if table["phase"] == "stop":
        mine = [c for c in table["discards"][me] if c[-1] in table["missed"] and _distance(parse_card(c), table["foundations"]) == 0]
        if mine and "stop build" in moves:
            return "stop build"
        return "stop turn" if "stop turn" in moves else "pass"
    builds = [m for m in moves if m.startswith("build")]
    if builds:
        return builds[0]
    loads = [m for m in moves if m.startswith("load")]
    if loads:
        turned = table["turned"][me]

        def worth(move):
            card = parse_card(move.split()[1])
            soon = _distance(card, table["foundations"])
            return (min(soon, 4), move.split()[1] == turned, rng.random())
        return max(loads, key=worth)
    for kind in ("turn", "discard"):
        for move in moves:
            if move.startswith(kind):
                return move
    return moves[0]
