"""A score sheet knows each game's hands, end, winner and balance from its ``ScoreRule``
(rules_engine/scoring.py): games played by the engine, written down hand by hand as a
score pad would, end on the row the engine ends them, with the engine's winners, and every
row passes the sheet's checks. Rows a game cannot produce are caught (chips made from
nothing, a Domino that leaves chips in the pot, a Getaway game with no loser), and the
Kaiser ends the page gives: 52 with the higher score, level scores playing on, -52 losing,
a draw after the last hand. tests/scorepad/ checks that the pad's own JavaScript agrees."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import rules_engine
from game_tests import declared
from build_scripts import scorepad
from rules_engine.bots import HeuristicBot, RandomBot
from rules_engine.scoring import check_row, people_columns, sheet_outcome, start_totals

SPECS = {spec.id: spec for spec in rules_engine.list_games()}
RULES_JS = Path(__file__).resolve().parent / "scorepad" / "sheet_rules.mjs"


def last_legal(state):
    return state.legal_moves()[-1]


def play(game_id, seed, policy, seats=None, **options):
    """A finished game, and the rows a table keeps of it as the pad takes them: a row per hand,
    what each column's game score moved by since the last (the pool's column, the chips the
    players' rows put in or took out); a game of one deal as one row."""
    state = rules_engine.load_game(game_id, **options).new(seed=seed, seats=seats)
    rule = state.spec.scoring
    people = people_columns(rule, state.seats)
    bots = {"heuristic": HeuristicBot, "random": RandomBot}.get(policy)
    players = [bots(seat) for seat in range(state.seats)] if bots else None
    rows, written = [], [0] * people

    def write(number):
        now = list(state.scores.game[:people])  # seat c < people sits in side c
        cells = [a - b for a, b in zip(now, written)]
        rows.append({"cells": cells + ([-sum(cells)] if rule.pool else []), "hand": number if rule.hands else None})
        return now

    while not state.is_over:
        seat, hands = state.to_act, len(getattr(state, "hand_results", ()))
        state = state.apply(players[seat].choose(state.view(seat)) if players else policy(state))
        if not rule.per_game and len(state.hand_results) > hands:
            written = write(state.hand_results[-1][0])
    if rule.per_game:
        write(None)
    return state, rows


def winner_columns(state):
    rule = state.spec.scoring
    people = people_columns(rule, state.seats)
    return sorted({seat % people for seat in state.winners})


# Random players, and players always making the last move allowed (who end Kaiser at -52); a
# solitaire by its bot, since random or fixed play may go round in circles for ever. (Games of
# the bots, which play to win, end as their texts say in tests/test_game_ends.py.)
PLAYS = [(game_id, seed, policy) for game_id in sorted(SPECS) if game_id != "bridge-solitaire"
         for seed, policy in (((1, "random"), (2, "random"), (1, last_legal)) if SPECS[game_id].seats[1] > 1
                              else ((1, "heuristic"), (2, "heuristic")))]


@pytest.mark.parametrize("game_id, seed, policy", PLAYS, ids=lambda v: getattr(v, "__name__", str(v)))
def test_a_played_game_written_down_ends_as_the_engine_ends_it(game_id, seed, policy):
    state, rows = play(game_id, seed, policy)
    rule, options = state.spec.scoring, state.options
    if rule.ties == "first" and state.winners:
        rows[-1]["first"] = winner_columns(state)[0]  # what the table saw: who got there first
    totals = start_totals(rule, state.seats, options)
    for index, row in enumerate(rows):
        assert check_row(rule, row["cells"], row.get("hand"), before=totals) is None, (index, row)
        totals = [t + (c or 0) for t, c in zip(totals, row["cells"])]
        if index < len(rows) - 1 or rule.per_game:
            assert not sheet_outcome(rule, rows[: index + 1], state.seats, options)["over"], index
    if rule.per_game:
        return
    outcome = sheet_outcome(rule, rows, state.seats, options)
    assert outcome["over"] and outcome["ended"] == len(rows) - 1
    assert outcome["winners"] == winner_columns(state), outcome
    # The totals with the game's end bonuses, where it has any (a knock rummy's box and game bonuses).
    assert outcome["final"] == (list(state.final) if getattr(state, "final", None) else None), outcome


# Each game may declare, beside itself, sheets the pad must end and total as the engine does:
# ``PAD_SHEETS`` in its test module, each {"seats", "rows" (a row's cells), "options"?, "final"?}, where
# "final" is the totals with the game's end bonuses.
PAD_SHEETS = [(game_id, sheet) for game_id in sorted(SPECS) for sheet in declared(game_id, "PAD_SHEETS", [])]


@pytest.mark.parametrize("game_id, sheet", [(g, s) for g, s in PAD_SHEETS if "final" in s],
                         ids=lambda value: value if isinstance(value, str) else "")
def test_a_sheet_adds_the_games_end_bonuses_to_its_totals(game_id, sheet):
    outcome = sheet_outcome(SPECS[game_id].scoring, sheet["rows"], sheet["seats"])
    assert outcome["over"] and outcome["final"] == sheet["final"]


def test_a_game_without_end_bonuses_has_no_totals_with_bonuses():
    assert sheet_outcome(SPECS["kaiser"].scoring, [[52, 10]], 4)["final"] is None


def test_chip_games_end_by_their_deals_or_a_player_out_of_chips():
    rule = SPECS["play-or-pay"].scoring
    hand = [-3, -5, -1, 9, 0]
    assert rule.end == "deals" and rule.pool == "Pot" and rule.start_option == "chips"
    options = {"chips": 100, "deals": 2}
    assert not sheet_outcome(rule, [hand] * 7, 4, options)["over"]
    assert sheet_outcome(rule, [hand] * 8, 4, options)["why"] == "deals"
    broke = sheet_outcome(rule, [[-20, -5, 20, 5, 0], [-80, 0, 70, 0, 10]], 4, options)
    assert broke["over"] and broke["why"] == "out" and broke["winners"] == [2] and broke["ended"] == 1
    assert broke["totals"] == [0, 95, 190, 105, 10]


def test_a_row_that_makes_chips_or_drains_an_empty_pot_is_refused():
    rule = SPECS["lorum"].scoring
    before = start_totals(rule, 4, {"chips": 100})
    made = check_row(rule, [5, 0, 0, 0, None], hand=1, before=before)
    assert made["hard"] and made["rule"] == "scoring.chips" and "adds up to 5" in made["message"]
    drained = check_row(rule, [5, 0, 0, 0, -5], hand=1, before=before)
    assert drained["hard"] and "the pot holds 0 chips" in drained["message"]
    assert check_row(rule, [-2, -3, -1, -2, 8], hand=1, before=before) is None
    # The Domino (every seventh hand) takes everything left in the pot.
    before[-1] = 8
    assert check_row(rule, [12, -2, -1, -1, -8], hand=7, before=before) is None
    kept = check_row(rule, [10, -2, -1, -1, -6], hand=7, before=before)
    assert kept["rule"] == "scoring.domino" and "leaves the pot empty" in kept["message"]
    assert [hand.name for hand in rule.hands[:8]] == ["No hearts", "Queens", "No tricks", "Hairy Ape", "Train",
                                                       "Quart", "Domino", "No hearts"]
    assert len(rule.hands) == 28 and rule.hands_per_deal == 7


def test_a_game_of_one_deal_has_its_loser_or_winner_in_every_row():
    getaway, stone = SPECS["getaway"].scoring, SPECS["rolling-stone"].scoring
    assert check_row(getaway, [0, -1, 0], before=None) is None
    assert check_row(getaway, [0, 0, 0])["hard"] and check_row(getaway, [1, -1, 0])["hard"]
    assert check_row(stone, [0, 1, 0, 0]) is None and check_row(stone, [0, 0, 0, 0])["hard"]
    assert getaway.end == stone.end == SPECS["yukon"].scoring.end == "session"
    assert check_row(SPECS["yukon"].scoring, [53])["hard"] and check_row(SPECS["the-clock"].scoring, [52]) is None


@pytest.mark.parametrize("rows, over, winners, why", [
    ([[52, 52]], False, [], None),                        # level at 52: play on
    ([[52, 52], [2, 0]], True, [0], "target"),             # a hand leaves them unequal
    ([[-52, 10]], False, [], None),                       # -52 plays on (losing there is an option)
    ([[-60, -53], [120, 0]], True, [0], "target"),         # from below nothing to 52
    ([[51, 50]], False, [], None),
    ([[0, 0]] * 200, True, [], "draw"),                   # level after the last hand: a draw
    ([[0, 0]] * 199 + [[1, 0]], True, [0], "last"),
])
def test_kaiser_ends_as_its_page_says(rows, over, winners, why):
    outcome = sheet_outcome(SPECS["kaiser"].scoring, rows, 4)
    assert (outcome["over"], outcome["winners"], outcome["why"]) == (over, winners, why)


def test_the_first_to_reach_the_target_wins_when_several_reach_it_in_one_hand():
    rule = SPECS["scotch-whist"].scoring
    rows = [[40, 30, 0, 0], {"cells": [5, 20, 0, 0]}]
    assert sheet_outcome(rule, rows, 4)["why"] == "first?"
    rows[1]["first"] = 1
    assert sheet_outcome(rule, rows, 4)["winners"] == [1]
    assert sheet_outcome(rule, [[40, 30, 0, 0], [1, 0, 0, 0]], 4)["winners"] == [0]


# ---- the pad's JavaScript keeps the same rules ---------------------------------------------------

def sheet_cases():
    """Sheets of every game as tables write them, and the edges: each as {game, seats, options, rows}."""
    cases = []
    for game_id, seed, policy in PLAYS[::3] + PLAYS[2::3]:
        state, rows = play(game_id, seed, policy)
        if state.spec.scoring.ties == "first" and state.winners:
            rows[-1]["first"] = winner_columns(state)[0]
        cases.append({"game": game_id, "seats": state.seats, "options": dict(state.options), "rows": rows})
    kaiser = [[52, 52]], [[52, 52], [2, 0]], [[-52, 10]], [[-60, -53]], [[0, 0]] * 200, [[0, 0]] * 199 + [[1, 0]]
    cases += [{"game": "kaiser", "seats": 4, "options": {}, "rows": [{"cells": c} for c in rows]} for rows in kaiser]
    cases += [
        {"game": "scotch-whist", "seats": 4, "options": {}, "rows": [{"cells": [40, 30, 0, 0]}, {"cells": [5, 20, 0, 0]}]},
        {"game": "scotch-whist", "seats": 4, "options": {},
         "rows": [{"cells": [40, 30, 0, 0]}, {"cells": [5, 20, 0, 0], "first": 1}]},
        {"game": "play-or-pay", "seats": 4, "options": {"chips": 25, "deals": 2},
         "rows": [{"cells": c} for c in ([-20, -5, 20, 5, 0], [5, 0, 0, 0, 0], [-5, 0, 0, 0, 5], [0, 0, 0, 0, -10])]},
        {"game": "lorum", "seats": 4, "options": {"chips": 50},
         "rows": [{"cells": [-2, -3, -1, -2, 8], "hand": 1}, {"cells": [12, -2, -1, -1, -8], "hand": 7},
                  {"cells": [5, 0, 0, 0, None], "hand": 2}, {"cells": [10, -2, -1, -1, 0], "hand": 14}]},
        {"game": "king", "seats": 4, "options": {}, "rows": [{"cells": [-100, -100, None, None], "hand": 1},
                                                            {"cells": [-100, -80, -40, -40], "hand": 11}]},
        {"game": "getaway", "seats": 3, "options": {}, "rows": [{"cells": c} for c in ([0, -1, 0], [0, 0, 0], [1, -1, 0])]},
        {"game": "yukon", "seats": 1, "options": {}, "rows": [{"cells": [52]}, {"cells": [53]}]},
        {"game": "bridge-solitaire", "seats": 1, "options": {}, "rows": [{"cells": [120, 0]}, {"cells": [800, 0], "over": True}]},
    ]
    cases += [{"game": game_id, "seats": sheet["seats"], "options": sheet.get("options", {}),
               "rows": [{"cells": cells} for cells in sheet["rows"]]} for game_id, sheet in PAD_SHEETS]
    return cases


def test_the_pads_javascript_ends_and_checks_each_sheet_as_the_engine_does(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: the score pad's rules are checked in Node.js >= 18")
    cases = sheet_cases()
    (tmp_path / "games.json").write_text(scorepad.games_json(SPECS), encoding="utf-8")
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    result = subprocess.run([node, str(RULES_JS), "--games", str(tmp_path / "games.json"), "--cases",
                             str(tmp_path / "cases.json")], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-4000:]
    pad = json.loads(result.stdout)
    for case, said in zip(cases, pad):
        spec = SPECS[case["game"]]
        rule = spec.scoring
        options = {o.name: o.default for o in spec.options} | case["options"]
        engine = sheet_outcome(rule, case["rows"], case["seats"], options)
        where = f"{case['game']}, {len(case['rows'])} rows"
        assert {k: said[k] for k in ("over", "winners", "why", "ended", "final")} == \
            {k: engine[k] for k in ("over", "winners", "why", "ended", "final")}, where
        totals = start_totals(rule, case["seats"], options)
        for index, row in enumerate(case["rows"]):
            assert said["checks"][index] == check_row(rule, row["cells"], row.get("hand"), before=totals), (where, index)
            totals = [t + (c or 0) for t, c in zip(totals, row["cells"])]
