"""Each game's tests lie in a folder of their own, ``tests/games/<game>/`` (the game's id with
'-' written '_'): ``test_<game>.py`` and its golden records. What the shared tests need to know
of a game beyond its spec (how many of its games the conformance suite plays a batch, say) its
test module declares as a plain constant, read here without importing the module."""

import ast
import json
from pathlib import Path

GAME_TESTS = Path(__file__).resolve().parent / "games"


def folder(game_id):
    return GAME_TESTS / game_id.replace("-", "_")


def declared(game_id, name, default):
    """The value of the constant ``name`` in ``game_id``'s test module, or ``default``."""
    path = folder(game_id) / f"test_{folder(game_id).name}.py"
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    return default


class GoldenRecord:
    """One golden record: a whole game the heuristic bots played from ``expected["seed"]``, kept
    in its game's ``golden/`` folder with what it comes to in ``golden/expected.json``."""

    def __init__(self, game_id, path, expected):
        self.game_id, self.path, self.expected = game_id, path, expected

    def text(self):
        return self.path.read_text()


def golden_records():
    """``{record name: GoldenRecord}`` over every game's ``golden/expected.json``."""
    found = {}
    for listing in sorted(GAME_TESTS.glob("*/golden/expected.json")):
        game_id = listing.parent.parent.name.replace("_", "-")
        for name, expected in json.loads(listing.read_text()).items():
            found[name] = GoldenRecord(game_id, listing.parent / f"{name}.txt", expected)
    return found
