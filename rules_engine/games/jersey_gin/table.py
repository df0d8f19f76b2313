"""Jersey Gin's table as a seat sees it: the knock rummies' (rules_engine/families/knock_rummy.py),
the three hands, the stock, the discard pile, the card discarded face down and the melds, with
the headline of the breaker and the break, the game to 100 and the result."""

from ...table import plural


def describe(state, seat):
    names = state.player_names()
    standing = [f"Breaker: {names[state.breaker]}"] if state.breaker is not None else []
    target = f"Game to 100; at most {state.max_hands} hands; the break at {state.break_at} cards"
    return state.knock_table(seat, doing=_doing, result=_result, target=target, standing=standing)


def _doing(state, turn):
    broken = state.breaker is not None
    return [{
        "draw": f"{turn} draws",
        "discard": f"{turn} discards or goes gin" if broken else f"{turn} discards or knocks",
        "lay": f"{turn} has gone gin and lays out melds" if broken else f"{turn} has knocked and lays out melds",
        "answer": (f"{state.player_names()[state.knocker]} went gin: {turn} lays out melds" if state.gin else
                   f"{turn} lays out melds and lays off"),
        "break-lay": f"{turn} lays out melds and lays off",
    }[state.phase]]


def _result(state):
    names = state.player_names()
    final = " to ".join(str(p) for p in sorted(state.final, reverse=True))
    if len(state.winners) > 1:
        level = " and ".join(names[s] for s in state.winners)
        return f"After {state.hand_number} hands {level} are level on {plural(max(state.points), 'point')}."
    return f"{names[state.winners[0]]} wins the game, {final} with the bonuses."
