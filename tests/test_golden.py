"""Golden records: whole games whose final scores are fixed. A change that
alters how any of them plays out fails here (see golden/regenerate.py)."""

import json
import pathlib

import pytest

from rules_engine import Record, replay

GOLDEN = pathlib.Path(__file__).parent / "golden"
EXPECTED = json.loads((GOLDEN / "expected.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_its_final_scores(name):
    text = (GOLDEN / f"{name}.txt").read_text()
    states = list(replay(text))
    final = states[-1]
    expected = EXPECTED[name]
    assert final.is_over
    assert list(final.scores.game) == expected["scores"]
    assert len(states) == expected["moves"] + 1
    if "result" in expected:  # the solitaires: won or lost
        assert final.result == expected["result"]
    assert final.record.to_text() == text == Record.load(text).to_text()
