"""Gin Rummy's table as a seat sees it: the knock rummies' (rules_engine/families/knock_rummy.py),
the two hands, the stock, the discard pile, the card a knocker discarded face down and the melds,
with the headline of the upcard's offer, the game to 100 and the result with a shutout."""

from ...table import plural


def describe(state, seat):
    return state.knock_table(seat, doing=_doing, result=_result,
                             target=f"Game to 100; at most {state.max_hands} hands")


def _doing(state, turn):
    return [{
        "offer": f"{turn} may take the upcard or pass",
        "offer-dealer": f"{turn} may take the upcard or pass",
        "first-draw": f"{turn} draws from the stock",
        "draw": f"{turn} draws",
        "discard": f"{turn} discards or knocks",
        "lay": f"{turn} has knocked and lays out melds",
        "answer": (f"{state.player_names()[state.knocker]} went gin: {turn} lays out melds" if state.gin else
                   f"{turn} lays out melds and lays off"),
    }[state.phase]]


def _result(state):
    names = state.player_names()
    final = " to ".join(str(p) for p in sorted(state.final, reverse=True))
    if len(state.winners) == 2:
        return f"After {state.hand_number} hands the players are level on {plural(state.points[0], 'point')}."
    winner = state.winners[0]
    shutout = " after a shutout" if state.points[1 - winner] == 0 else ""
    return f"{names[winner]} wins the game{shutout}, {final} with the bonuses."
