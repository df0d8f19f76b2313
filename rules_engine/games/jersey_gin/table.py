"""Jersey Gin's table as a seat sees it: the three hands, the stock and the discard pile, the
card a knocker discarded face down, the melds laid out, the headline, the score sheet and the
hand's end (the hands and the melds, face up)."""

from ...table import headline, plural, score_sheet, zone


def describe(state, seat):
    zones = state.table_zones(seat, "Face-down discard")
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
    if state.breaker is not None:
        facts.append(f"Breaker: {names[state.breaker]}")
    if state.over:
        return facts
    turn = names[state.turn]
    facts.append({
        "draw": f"{turn} draws",
        "discard": f"{turn} discards or goes gin" if state.breaker is not None else f"{turn} discards or knocks",
        "lay": f"{turn} has gone gin and lays out melds" if state.breaker is not None else
               f"{turn} has knocked and lays out melds",
        "answer": (f"{names[state.knocker]} went gin: {turn} lays out melds" if state.gin else
                   f"{turn} lays out melds and lays off"),
        "break-lay": f"{turn} lays out melds and lays off",
    }[state.phase])
    return facts


def _score_sheet(state):
    rows = [(f"Hand {n}", list(p)) for n, p, _ in state.hand_results]
    totals = [("Points", list(state.points)), ("Hands won", list(state.boxes))]
    if state.final is not None:
        totals.append(("With bonuses", list(state.final)))
    return score_sheet(state.player_names(), rows, totals,
                       target=f"Game to 100; at most {state.max_hands} hands; the break at {state.break_at} cards")


def _result(state):
    if not state.over:
        return None
    names = state.player_names()
    final = " to ".join(str(p) for p in sorted(state.final, reverse=True))
    if len(state.winners) > 1:
        level = " and ".join(names[s] for s in state.winners)
        return f"After {state.hand_number} hands {level} are level on {plural(max(state.points), 'point')}."
    return f"{names[state.winners[0]]} wins the game, {final} with the bonuses."


def _interlude(state):
    ended = state.__dict__.get("hand_end")
    if not ended:
        return None
    number, lines, hands, melds, deadwood = ended
    names = state.player_names()
    zones = []
    if any(melds) or any(state.hand_results[-1][1]):
        for s, hand in enumerate(hands):
            zones.append(zone(f"end-hand-{s}", f"{names[s]}'s deadwood: {deadwood[s]}", hand,
                              kind="hand", owner=s, source=False))
        for n, (owner, cards) in enumerate(melds, 1):
            zones.append(zone(f"end-meld-{n}", f"Meld {n}", cards, kind="meld", owner=owner))
    totals = [f"{names[s]}: {plural(state.points[s], 'point')} in all" for s in range(state.seats)]
    return {"title": f"End of hand {number}", "zones": zones,
            "lines": [line[0].upper() + line[1:] for line in lines] + totals}
