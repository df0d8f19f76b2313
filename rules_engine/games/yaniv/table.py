"""Yaniv's table as a seat sees it: the hands, the stock, the older discards, the previous
player's discard (its first and last cards may be taken), the discard just made, the headline,
the score sheet and the hand's end (every hand face up)."""

from ...game import ALL
from ...table import headline, plural, score_sheet, zone


def describe(state, seat):
    names = state.player_names()
    zones = []
    for s, hand in enumerate(state.hands):
        note = plural(state.points[s], "point") + ("" if s in state.active else ", out")
        zones.append(zone(f"hand-{s}", f"{names[s]}'s hand", (c.text if seat in (s, ALL) else "??" for c in hand),
                          kind="hand", layout="fan", owner=s, backs="hidden", note=note))
    zones.append(zone("stock", "Stock", ["??"] * len(state.stock), kind="stock", layout="squared", group="middle"))
    zones.append(zone("pile", "Older discards", state.pile, kind="discard", layout="squared", group="middle"))
    by = "Card turned up" if state.previous_by is None else f"{names[state.previous_by]}'s discard"
    zones.append(zone("previous", by, state.previous, kind="discard", group="middle",
                      source=state.phase == "draw" and not state.over,
                      note="its first or last card may be taken" if len(state.previous) > 2 else None))
    if state.fresh:
        zones.append(zone("fresh", f"{names[state.turn]}'s discard, just made", state.fresh, kind="discard", group="middle"))
    return {
        "headline": headline(f"Hand {state.hand_number}", *_facts(state, seat)),
        "zones": zones,
        "dealer": state.dealer,
        "score": _score_sheet(state),
        "last": state.said,
        "result": _result(state),
        "interlude": _interlude(state),
    }


def _facts(state, seat):
    names = state.player_names()
    facts = [f"Dealer: {names[state.dealer]}"]
    if state.over:
        return facts
    turn = names[state.turn]
    facts.append(f"{turn} discards, or calls Yaniv" if state.phase == "discard" else f"{turn} draws")
    if seat not in (None, ALL) and seat in state.active:
        facts.append(f"Your hand counts {state.hand_value(state.hands[seat])}")
    return facts


def _score_sheet(state):
    rows = [(f"Hand {n}", list(p)) for n, p, _ in state.hand_results]
    return score_sheet(state.player_names(), rows, [("Points", list(state.points))],
                       target=f"Out above {state.out_above}; the last player left wins (at most {state.max_hands} hands)")


def _result(state):
    if not state.over:
        return None
    names = [state.player_names()[s] for s in state.winners]
    total = plural(state.points[state.winners[0]], "point")
    if state.active and len(state.active) == 1:
        return f"{names[0]} is the last player left and wins, with {total}."
    if not state.active:
        return (f"{' and '.join(names)} win{'s' if len(names) == 1 else ''} with {total}: the last players "
                f"all went out together, and the lowest total wins.")
    return (f"After {state.hand_number} hands, {' and '.join(names)} win{'s' if len(names) == 1 else ''} "
            f"with the lowest total, {total}.")


def _interlude(state):
    ended = state.__dict__.get("hand_end")
    if not ended:
        return None
    number, lines, hands, playing = ended
    names = state.player_names()
    zones = [zone(f"end-hand-{s}", f"{names[s]}'s hand: {state.hand_value(hands[s])}", hands[s], kind="hand",
                  owner=s, source=False) for s in playing]
    totals = [f"{names[s]}: {plural(state.points[s], 'point')} in all" for s in playing]
    return {"title": f"End of hand {number}", "zones": zones,
            "lines": [line[0].upper() + line[1:] for line in lines] + totals}
