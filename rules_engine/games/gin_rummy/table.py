"""Gin Rummy's table as a seat sees it: the two hands, the stock and the discard pile, the card
a knocker discarded face down, the melds laid out, the headline, the score sheet and the
hand's end (both hands and the melds, face up)."""

from ...table import headline, plural, score_sheet, zone


def describe(state, seat):
    zones = state.table_zones(seat, "Knocker's discard, face down")
    return {
        "headline": headline(f"Hand {state.hand_number}", *_facts(state)),
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
    facts.append({
        "offer": f"{turn} may take the upcard or pass",
        "offer-dealer": f"{turn} may take the upcard or pass",
        "first-draw": f"{turn} draws from the stock",
        "draw": f"{turn} draws",
        "discard": f"{turn} discards or knocks",
        "lay": f"{turn} has knocked and lays out melds",
        "answer": (f"{names[state.knocker]} went gin: {turn} lays out melds" if state.gin else
                   f"{turn} lays out melds and lays off"),
    }[state.phase])
    return facts


def _score_sheet(state):
    rows = [(f"Hand {n}", list(p)) for n, p, _ in state.hand_results]
    totals = [("Points", list(state.points)), ("Hands won", list(state.boxes))]
    if state.final is not None:
        totals.append(("With bonuses", list(state.final)))
    return score_sheet(state.player_names(), rows, totals, target=f"Game to 100; at most {state.max_hands} hands")


def _result(state):
    if not state.over:
        return None
    names = state.player_names()
    final = " to ".join(str(p) for p in sorted(state.final, reverse=True))
    if len(state.winners) == 2:
        return f"After {state.hand_number} hands the players are level on {plural(state.points[0], 'point')}."
    winner = state.winners[0]
    shutout = " after a shutout" if state.points[1 - winner] == 0 else ""
    return f"{names[winner]} wins the game{shutout}, {final} with the bonuses."


def _interlude(state):
    ended = state.__dict__.get("hand_end")
    if not ended:
        return None
    number, lines, hands, melds, deadwood = ended
    names = state.player_names()
    zones = []
    if any(melds) or state.hand_results[-1][1] != (0, 0):
        for s, hand in enumerate(hands):
            zones.append(zone(f"end-hand-{s}", f"{names[s]}'s deadwood: {deadwood[s]}", hand,
                              kind="hand", owner=s, source=False))
        for n, (owner, cards) in enumerate(melds, 1):
            zones.append(zone(f"end-meld-{n}", f"Meld {n}", cards, kind="meld", owner=owner))
    totals = [f"{names[s]}: {plural(state.points[s], 'point')} in all" for s in range(2)]
    return {"title": f"End of hand {number}", "zones": zones,
            "lines": [line[0].upper() + line[1:] for line in lines] + totals}
