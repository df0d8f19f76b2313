"""Umtali's table as a seat sees it: the two hands, the stock, the discard pile (its top face
down after a player goes out so), each side's melds, the headline, the score sheet and the
hand's end (each side's cards and what they score)."""

from ...game import ALL
from ...table import headline, plural, score_sheet, zone

KIND_LABELS = {"set": "Set", "run": "Run", "marriage": "Marriage", "pair": "Pair", "single": "Single",
               "left": "Card left"}


def describe(state, seat):
    names = state.player_names()
    zones = []
    for s, hand in enumerate(state.hands):
        zones.append(zone(f"hand-{s}", f"{names[s]}'s hand", (c.text if seat in (s, ALL) else "??" for c in hand),
                          kind="hand", layout="fan", owner=s, backs="hidden",
                          note=f"side {state.side_points(state.side(s))}, game {state.points[s]}"))
    zones.append(zone("stock", "Stock", ["??"] * len(state.stock), kind="stock", layout="squared", group="middle"))
    zones.append(zone("pile", "Discard pile", state.pile_seen_by(seat), kind="discard", layout="squared",
                      group="middle", source=any(m.kind == "take" for m in state.legal_moves()),
                      note="the last discard lies face down" if state.face_down is not None else None))
    for number, (owner, kind, cards) in enumerate(state.melds, 1):
        zones.append(zone(f"meld-{number}", f"{KIND_LABELS[kind]} {number}", cards, kind="meld", owner=owner))
    return {
        "headline": headline(f"Hand {state.hand_number} of {state.hands_in_game}", *_facts(state)),
        "zones": zones,
        "dealer": state.dealer,
        "score": _score_sheet(state),
        "last": state.said,
        "result": _result(state),
        "interlude": _interlude(state),
    }


def _facts(state):
    names = state.player_names()
    facts = [f"Dealer: {names[state.dealer]}"]
    if state.over:
        return facts
    turn = names[state.turn]
    if state.out is not None:
        facts.append(f"{names[state.out]} is out: {turn} has a last turn")
    if state.must_meld is not None:
        facts.append(f"{turn} melds the further card just taken from the pile")
    elif state.phase == "draw":
        facts.append(f"{turn} draws")
    else:
        facts.append(f"{turn} melds, then discards")
    return facts


def _score_sheet(state):
    rows = [(f"Hand {n}", list(p)) for n, p, _ in state.hand_results]
    return score_sheet(state.player_names(), rows, [("Points", list(state.points))],
                       target=f"{state.hands_in_game} hands; the higher total wins")


def _result(state):
    if not state.over:
        return None
    names = state.player_names()
    if len(state.winners) == 2:
        return f"After {state.hands_in_game} hands the players are level on {plural(state.points[0], 'point')}, and share the win."
    winner = state.winners[0]
    return (f"{names[winner]} wins, {state.points[winner]} to {state.points[1 - winner]} "
            f"after {state.hands_in_game} hands.")


def _interlude(state):
    ended = state.__dict__.get("hand_end")
    if not ended:
        return None
    number, lines, melds, hands = ended
    names = state.player_names()
    zones = []
    for s in range(2):
        cards = [c for owner, _, m in melds if owner == s for c in m]
        zones.append(zone(f"end-side-{s}", f"{names[s]}'s side", cards, kind="meld", owner=s))
    for s, hand in enumerate(hands):
        if hand:
            zones.append(zone(f"end-hand-{s}", f"{names[s]}'s cards still held", hand, kind="hand",
                              owner=s, source=False))
    totals = [f"{names[s]}: {plural(state.points[s], 'point')} in all" for s in range(2)]
    return {"title": f"End of hand {number}", "zones": zones,
            "lines": [line[0].upper() + line[1:] for line in lines] + totals}
