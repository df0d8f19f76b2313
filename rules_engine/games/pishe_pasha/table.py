"""Pishe Pasha's table as a seat sees it: each player's face-down stock, the card they have
turned and their face-up discard pile, the four shared foundations between them, the headline
and the score sheet of the game (one deal)."""

from ...families.solitaire import foundation_zones
from ...table import headline, plural, score_sheet, tally_first_out, zone


def describe(state, seat):
    names = state.player_names()
    zones = []
    for s in (0, 1):
        zones.append(zone(f"stock-{s}", f"{names[s]}'s stock", ["??"] * len(state.stocks[s]), kind="stock",
                          layout="squared", owner=s))
        turned = state.turned[s]
        zones.append(zone(f"turned-{s}", f"{names[s]}'s turned card", [turned] if turned else [], kind="hand",
                          layout="row", owner=s))
        zones.append(zone(f"discard-{s}", f"{names[s]}'s discard pile", state.discards[s], kind="discard",
                          layout="squared", owner=s, source=True))
    zones += foundation_zones(state.foundations)
    return {
        "headline": headline(_title(state), *_facts(state)),
        "zones": zones,
        "dealer": state.dealer,
        "score": _score_sheet(state),
        "last": state.said,
        "result": _result(state),
        "interlude": state._end_interlude(zones),
    }


def tally_end(state, tally):
    tally_first_out(tally, [_held(state, s) for s in (0, 1)], state.winners)


def _held(state, seat):
    return len(state.stocks[seat]) + len(state.discards[seat]) + (state.turned[seat] is not None)


def _title(state):
    return "Game over" if state.winner is not None else f"Turn {state.turns}"


def _facts(state):
    names = state.player_names()
    facts = [f"Dealer: {names[state.dealer]}"]
    if state.winner is not None:
        return facts
    turn = names[state.turn]
    if state.phase == "stop":
        missed = " and the ".join(c.symbol for c in state.missed)
        facts.append(f"{names[state.offender]} missed building the {missed}: {turn} may call “Stop!”")
    else:
        facts.append(f"{turn} to play")
    if state.options["stop"]:
        facts.append("Misses left: " + ", ".join(f"{names[s]} {state.misses_left(s)}" for s in (0, 1)))
    return facts


def _score_sheet(state):
    names = state.player_names()
    rows = [("This deal", state.scores.game)] if state.winner is not None else []
    return score_sheet(names, rows, [("Cards left", [_held(state, s) for s in (0, 1)])],
                       target="One deal: the first player out of cards wins")


def _result(state):
    if state.winner is None:
        return None
    names = state.player_names()
    loser = 1 - state.winner
    return (f"{names[state.winner]} is out of cards and wins; {names[loser]} still holds "
            f"{plural(_held(state, loser), 'card')}.")
