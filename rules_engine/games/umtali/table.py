"""Umtali's table as a seat sees it: the two hands, the stock, the discard pile (its top face
down after a player goes out so), each side's melds, the headline, the score sheet and the
hand's end (each side's cards and what they score); the rummies' parts from
rules_engine/families/rummy_table.py."""

from ...families.rummy_table import description, hand_sheet, hand_zones, interlude, stock_zone
from ...table import plural, zone

KIND_LABELS = {"set": "Set", "run": "Run", "marriage": "Marriage", "pair": "Pair", "single": "Single",
               "left": "Card left"}


def describe(state, seat):
    notes = [f"side {state.side_points(state.side(s))}, game {state.points[s]}" for s in range(len(state.hands))]
    zones = hand_zones(state, seat, notes)
    zones.append(stock_zone(len(state.stock)))
    zones.append(zone("pile", "Discard pile", state.pile_seen_by(seat), kind="discard", layout="squared",
                      group="middle", source=any(m.kind == "take" for m in state.legal_moves()),
                      note="the last discard lies face down" if state.face_down is not None else None))
    for number, (owner, kind, cards) in enumerate(state.melds, 1):
        zones.append(zone(f"meld-{number}", f"{KIND_LABELS[kind]} {number}", cards, kind="meld", owner=owner))
    score = hand_sheet(state, [("Points", list(state.points))],
                       target=f"{state.hands_in_game} hands; the higher total wins")
    return description(state, zones, title=f"Hand {state.hand_number} of {state.hands_in_game}", doing=_doing,
                       score=score, result=_result, ended=_ended)


def _doing(state, turn):
    names = state.player_names()
    facts = []
    if state.out is not None:
        facts.append(f"{names[state.out]} is out: {turn} has a last turn")
    if state.must_meld is not None:
        facts.append(f"{turn} melds the further card just taken from the pile")
    elif state.phase == "draw":
        facts.append(f"{turn} draws")
    else:
        facts.append(f"{turn} melds, then discards")
    return facts


def _result(state):
    names = state.player_names()
    if len(state.winners) == 2:
        return f"After {state.hands_in_game} hands the players are level on {plural(state.points[0], 'point')}, and share the win."
    winner = state.winners[0]
    return (f"{names[winner]} wins, {state.points[winner]} to {state.points[1 - winner]} "
            f"after {state.hands_in_game} hands.")


def _ended(state, number, lines, melds, hands, ended):
    names = state.player_names()
    zones = []
    for s in range(2):
        cards = [c for owner, _, m in melds if owner == s for c in m]
        zones.append(zone(f"end-side-{s}", f"{names[s]}'s side", cards, kind="meld", owner=s))
    for s, hand in enumerate(hands):
        if hand:
            zones.append(zone(f"end-hand-{s}", f"{names[s]}'s cards still held", hand, kind="hand",
                              owner=s, source=False))
    return interlude(state, number, zones, lines, totals=range(2), ended=ended)
