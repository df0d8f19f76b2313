"""What a game's own test needs to check how a default game ends (its test
``test_a_default_game_ends_as_its_text_says``, which ``test_game_ends.py`` requires of
every game of two or more players)."""

import rules_engine
from rules_engine.bots import HeuristicBot, play_out


def played_to_end(game_id):
    """A default game of ``game_id`` played to its end by the site's bots, from a seed of its own."""
    state = rules_engine.load_game(game_id).new(seed=f"ends-{game_id}")
    final = play_out(state, [HeuristicBot(seat) for seat in range(state.seats)])
    assert final.is_over and final.winners
    return final


def most(values):
    """The seats holding the highest of ``values``."""
    best = max(values)
    return tuple(i for i, v in enumerate(values) if v == best)


def sides(side, seats=4):
    """The seats of partnership ``side`` (0 or 1), partners sitting opposite."""
    return tuple(seat for seat in range(seats) if seat % 2 == side)


def chips_after_each_hand(final):
    """Each seat's chips after each hand of a banking game, from its hands' results."""
    totals, after = [final.options["chips"]] * final.seats, []
    for _, won, _ in final.hand_results:
        totals = [t + w for t, w in zip(totals, won)]
        after.append(totals)
    return after


def last_hand_played(state, scores, pick=0):
    """``state``, a trick game's first hand, made its ``LAST_HAND`` with ``scores`` before it and
    played to the game's end, by the legal move at ``pick`` each time."""
    state.hand_number, state.game_scores = state.LAST_HAND, tuple(scores)
    while not state.is_over:
        state = state.apply(state.legal_moves()[pick])
    return state


def first_hand_end(state, seat=0):
    """``state`` played by the site's bots to the end of its first hand: the hand's end that
    ``seat`` is shown, checked to explain itself. Each scorer's items add up to its points, and
    those to the hand's row of the score sheet; each item cites a rule of the game's page."""
    bots = [HeuristicBot(s) for s in range(state.seats)]
    while not state.table(seat)["interlude"] and not state.is_over:
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
    table = state.table(seat)
    assert table["interlude"] and table["interlude"]["breakdown"], table["interlude"]
    breakdown, row = table["interlude"]["breakdown"], table["score"]["rows"][-1]["cells"]
    for group in breakdown:
        assert group["points"] == sum(item["points"] for item in group["items"]), group
        assert all(item["rule"] in state.spec.cited_rules for item in group["items"]), group
    assert [g["points"] for g in breakdown] == [cell or 0 for cell in row], (breakdown, row)
    return table["interlude"]


def hand_ends_explained(game_id, seed=None, **options):
    """A default game of ``game_id`` played to its end by the site's bots, checked at each hand's
    end (a new row of ``hand_results``) by ``conformance.check_hand_end``: the table shows each
    column's points item by item, under rules of the game's page, adding up to the hand's row.
    Returns the breakdowns shown, hand by hand."""
    from conformance import check_hand_end
    from rules_engine.game import ALL
    from rules_engine.scoring import people_columns

    state = rules_engine.load_game(game_id, **options).new(seed=seed or f"ends-{game_id}")
    bots = [HeuristicBot(seat) for seat in range(state.seats)]
    written, shown = [0] * people_columns(state.spec.scoring, state.seats), []
    while not state.is_over:
        hands = len(state.hand_results)
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)), seat=state.to_act)
        if len(state.hand_results) > hands:
            written = check_hand_end(state, written)
            shown.append(state.table(ALL)["interlude"]["breakdown"])
    return shown


def game_end_explained(state):
    """``state``, a game of one hand (a patience, a shedding game), played by the site's bots to
    its end, checked there by ``conformance.check_hand_end``: the table shows each column's points
    item by item, under rules of the game's page, adding up to the game's score. Returns the
    game's end as the table shows it to all (its ``interlude``)."""
    from conformance import check_hand_end
    from rules_engine.game import ALL
    from rules_engine.scoring import people_columns

    final = play_out(state, [HeuristicBot(seat) for seat in range(state.seats)])
    check_hand_end(final, [0] * people_columns(final.spec.scoring, final.seats))
    return final.table(ALL)["interlude"]
