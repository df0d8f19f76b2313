"""Every game of two or more players has its end checked by its own test: a default game
played by the site's bots ends as its text (or, where the text is silent, its page's
"Scoring and end of the game") says, and names the winners that end makes. The check lies
in the game's test folder, beside the game; this test only makes sure each game has one."""

import ast

import pytest

import rules_engine
from game_tests import GAME_TESTS, folder

END_TEST = "test_a_default_game_ends_as_its_text_says"


def defined_tests(tests):
    return {node.name for path in tests.glob("test_*.py") for node in ast.parse(path.read_text()).body
            if isinstance(node, ast.FunctionDef)}


@pytest.mark.parametrize("game_id", [spec.id for spec in rules_engine.list_games() if spec.seats[1] >= 2])
def test_every_game_of_two_or_more_players_checks_its_own_end(game_id):
    tests = folder(game_id)
    assert END_TEST in defined_tests(tests), (
        f"{tests.relative_to(GAME_TESTS.parents[1])}/: no {END_TEST}(); write one that plays a default game "
        f"with `final = played_to_end({game_id!r})` (from tests/ends.py) and asserts the end the page's "
        "'Scoring and end of the game' states: how many hands, who wins, the totals adding up")
