"""A move built card by card on a table drawn without the engine (a lesson's step, an example's
question, a first deal drawn while the engine loads) is answered card by card by the widgets'
``builtSelection`` (widgets/tables.js) from the moves the build listed with their cards
(rules_engine.prepared.built_of). Here, at the seats' turns of seeded random games of every game
that builds moves so and lists them all, Node.js runs that function on cards picked (one card, the
first two of a move, a whole move, aimed at its target) and must answer as the engine's own
selection does (rules_engine.selection.described): the cards that may follow, the places they may
go, the buttons that finish."""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import rules_engine
from rules_engine.game import Game
from rules_engine.prepared import built_of
from rules_engine.selection import described

TABLES_JS = Path(__file__).resolve().parent.parent / "widgets" / "tables.js"
RUNNER = """
import { readFileSync } from "node:fs";
const { builtSelection } = await import(process.argv[1]);
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
console.log(JSON.stringify(cases.map((c) => builtSelection(c.selection, c.built, c.picked, c.target))));
"""


def _cases(game_id, seeds=2, moves=120, per_game=60):
    cases = []
    for seed in range(seeds):
        state, rng = Game(rules_engine.state_class(game_id)).new(seed=seed), random.Random(seed)
        for _ in range(moves):
            if state.is_over or len(cases) >= per_game:
                break
            if state.to_act is not None and state.lists_built_moves:
                table = state.table(state.to_act)
                built = built_of(state) if table.get("selection") else []
                picks = [([text], None) for text in table["selection"]["selectable"][:3]] if built else []
                for move in rng.sample(built, min(3, len(built))):
                    picks += [(move["cards"][:2], None), (move["cards"], None), (move["cards"], move["target"])]
                for picked, target in picks:
                    engine = described(state, table, picked, target)
                    cases.append({"where": f"{game_id} seed {seed} step {len(state.moves_made)} {picked} {target}",
                                  "selection": table["selection"], "built": built, "picked": picked, "target": target,
                                  "engine": {key: engine[key] for key in ("next", "targets", "finish")}})
            state = state.apply(rng.choice(state.legal_moves()))
    return cases


def test_a_move_built_card_by_card_is_answered_without_the_engine_as_the_engine_answers_it(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: the widgets' selection is checked in Node.js >= 18")
    cases = [case for spec in rules_engine.list_games() for case in _cases(spec.id)]
    games = {case["where"].split()[0] for case in cases}
    assert len(games) >= 5 and len(cases) >= 300, (sorted(games), len(cases))
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    result = subprocess.run([node, "--input-type=module", "-e", RUNNER, TABLES_JS.as_uri(), str(tmp_path / "cases.json")],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-4000:]
    for case, said in zip(cases, json.loads(result.stdout), strict=True):
        assert {key: said[key] for key in case["engine"]} == case["engine"], case["where"]
