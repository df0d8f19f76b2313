"""Zetema's table as a seat sees it: the hands, a meld being shown, the stock, the thirteen rank
piles and the general pile, the headline, the score sheet (by side in partnerships) and each
hand's end."""

from ...cards import RANKS
from ...game import ALL
from ...table import hand_end, headline, plural, score_sheet, zone

PILE_NAMES = {"A": "Aces", "T": "10s", "J": "Jacks", "Q": "Queens", "K": "Kings"}


def describe(state, seat):
    return {
        "headline": headline(f"Hand {state.hand_number}", *_facts(state)),
        "zones": _zones(state, seat),
        "dealer": state.dealer,
        "score": _score_sheet(state),
        "last": state.said,
        "result": _result(state),
        "interlude": _interlude(state),
    }


def _zones(state, seat):
    names = state.player_names()
    zones = []
    for s in range(state.seats):
        held = state._held(s)
        visible = seat in (s, ALL)
        zones.append(zone(f"hand-{s}", f"{names[s]}'s hand", (c.text if visible else "??" for c in held),
                          kind="hand", layout="fan", owner=s, backs="hidden",
                          note=plural(state.points[state.side_of(s)], "point")))
        if state.shown and s == state.turn:
            zones.append(zone(f"shown-{s}", f"{names[s]}'s meld, shown", state.shown, kind="meld", owner=s,
                              source=True))
    zones.append(zone("stock", "Stock", ["??"] * len(state.stock), kind="stock", layout="squared", group="middle"))
    zones.append(zone("general", "General pile", state.general, kind="discard", layout="squared", group="middle"))
    for rank, pile in zip(RANKS, state.piles):
        label = PILE_NAMES.get(rank, f"{rank}s")
        zones.append(zone(f"pile-{rank}", f"{label} pile", pile, kind="discard",
                          layout="row" if rank in "KQ" else "squared", group="piles", empty=rank if rank != "T" else "10"))
    return zones


def _facts(state):
    names = state.player_names()
    facts = [f"Dealer: {names[state.dealer]}", f"Game to {state.target}"]
    if state.over:
        return facts
    turn = names[state.turn]
    if state.phase == "meld-discard":
        facts.append(f"{turn} discards a card of the meld shown")
    else:
        facts.append(f"{turn} shows a meld, declares marriages or discards")
    if not state.stock:
        facts.append("The stock is out")
    return facts


def _score_sheet(state):
    rows = [(f"Hand {n}", list(p)) for n, p, _ in state.hand_results]
    if not state.over:
        rows.append((f"Hand {state.hand_number} so far", list(state.hand_points)))
    return score_sheet(state.scorer_names(), rows, [("Points", list(state.points))],
                       target=f"The first to {state.target} wins at once")


def _result(state):
    if not state.over:
        return None
    side = state.side_of(state.winners[0])
    alone = state.sides == state.seats
    return (f"{state.scorer_names()[side]} win{'s' if alone else ''} the game with "
            f"{plural(state.points[side], 'point')} in hand {state.hand_number}.")


def _interlude(state):
    ended = state.__dict__.get("hand_end")
    if not ended:
        return None
    number, lines, leftover, what = ended
    scorers = state.scorer_names()
    out = list(lines) or ["Nobody scored"]
    if leftover:
        out.append(f"{plural(leftover, 'card')} left on the rank piles went to the general pile unscored")
    totals = [f"{scorers[s]}: {plural(state.points[s], 'point')} in all" for s in range(state.sides)]
    return hand_end(f"End of hand {number}", out, totals=totals, ended=what, state=state)
