"""Yaniv's table as a seat sees it: the hands, the stock, the older discards, the previous
player's discard (its first and last cards may be taken), the discard just made, the headline,
the score sheet and the hand's end (every hand face up); the rummies' parts from
rules_engine/families/rummy_table.py."""

from ...families.rummy_table import description, hand_sheet, hand_zones, interlude, stock_zone
from ...game import ALL
from ...table import plural, zone


def describe(state, seat):
    names = state.player_names()
    notes = [plural(points, "point") + ("" if s in state.active else ", out") for s, points in enumerate(state.points)]
    zones = hand_zones(state, seat, notes)
    zones.append(stock_zone(len(state.stock)))
    zones.append(zone("pile", "Older discards", state.pile, kind="discard", layout="squared", group="middle"))
    by = "Card turned up" if state.previous_by is None else f"{names[state.previous_by]}'s discard"
    zones.append(zone("previous", by, state.previous, kind="discard", group="middle",
                      source=state.phase == "draw" and not state.over,
                      note="its first or last card may be taken" if len(state.previous) > 2 else None))
    if state.fresh:
        zones.append(zone("fresh", f"{names[state.turn]}'s discard, just made", state.fresh, kind="discard", group="middle"))
    score = hand_sheet(state, [("Points", list(state.points))],
                       target=f"Out above {state.out_above}; the last player left wins (at most {state.max_hands} hands)")
    return description(state, zones, doing=lambda state, turn: _doing(state, turn, seat), score=score,
                       result=_result, ended=_ended)


def _doing(state, turn, seat):
    facts = [f"{turn} discards, or calls Yaniv" if state.phase == "discard" else f"{turn} draws"]
    if seat not in (None, ALL) and seat in state.active:
        facts.append(f"Your hand counts {state.hand_value(state.hands[seat])}")
    return facts


def _result(state):
    names = [state.player_names()[s] for s in state.winners]
    total = plural(state.points[state.winners[0]], "point")
    if state.active and len(state.active) == 1:
        return f"{names[0]} is the last player left and wins, with {total}."
    if not state.active:
        return (f"{' and '.join(names)} win{'s' if len(names) == 1 else ''} with {total}: the last players "
                f"all went out together, and the lowest total wins.")
    return (f"After {state.hand_number} hands, {' and '.join(names)} win{'s' if len(names) == 1 else ''} "
            f"with the lowest total, {total}.")


def _ended(state, number, lines, hands, playing, ended):
    names = state.player_names()
    zones = [zone(f"end-hand-{s}", f"{names[s]}'s hand: {state.hand_value(hands[s])}", hands[s], kind="hand",
                  owner=s, source=False) for s in playing]
    return interlude(state, number, zones, lines, totals=playing, ended=ended)
