"""Golden records: whole games whose final scores are fixed, each game's in its test folder
(``tests/games/<game>/golden/``). A change that alters how any of them plays out fails here
(see tests/regenerate_golden.py)."""

import pytest

import rules_engine
from game_tests import golden_records
from rules_engine import Record, replay

RECORDS = golden_records()


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_golden_record_replays_to_its_final_scores(name):
    golden = RECORDS[name]
    text, expected = golden.text(), golden.expected
    record = Record.load(text)
    assert (record.game, record.seed) == (golden.game_id, expected["seed"])
    states = list(replay(text))
    final = states[-1]
    assert final.is_over
    assert list(final.scores.game) == expected["scores"]
    assert len(states) == expected["moves"] + 1
    if "result" in expected:  # the solitaires: won or lost
        assert final.result == expected["result"]
    assert final.record.to_text() == text == Record.load(text).to_text()


def test_every_game_has_a_golden_record():
    games = {spec.id for spec in rules_engine.list_games()}
    missing = games - {golden.game_id for golden in RECORDS.values()}
    assert not missing, (f"games with no golden record: {sorted(missing)}; give each an entry "
                         "{\"seed\": N} in tests/games/<game>/golden/expected.json and run "
                         "tests/regenerate_golden.py <record name>")
