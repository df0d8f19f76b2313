"""The score pad's imports under fuzz: seeded malformed files and links fed to the pad's own
import functions in Node (``widgets/scorepad-import.js`` needs no DOM) by ``fuzz_imports.mjs``.

Every malformed case (wrong types, 1.0 and true where whole numbers belong, '²', 20- and
400-digit numbers, nested junk, JSON cut short, random bytes as .json and .csv, 200,000 rows,
a 136 KB link that unpacks to 100 MB...) is refused with a SheetError whose sentence says what
is wrong and where, in under 400 characters (the page adds the file's name around it: under 500
in all), never an engine's raw text; the pad's store and games data are untouched; and honest
sheets, the largest the pad holds included, come back whole by JSON, CSV and link. The page's
side (the sentence shown, the store kept) is in tests/browser/test_scorepad.py.
"""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import rules_engine
from build_scripts import scorepad

HERE = Path(__file__).resolve().parent
FUZZ = HERE / "fuzz_imports.mjs"
SEED = 25
CASES = 500
MOST = 400  # characters of a refusal's sentence, before the page names the file
# An engine's own words, which the reader must never be shown instead of ours.
RAW = re.compile(r"Error|Cannot read|is not a function|undefined|\[object|NaN|Infinity|at position|Unexpected token")
SHAPES = {"a malformed field (plain)", "a malformed field (king)", "a malformed field (bridge)", "a malformed field (teams)",
          "a malformed sheet in a link", "JSON cut short", "a link cut short", "not JSON", "random bytes",
          "printable noise", "a CSV cell that is no score", "CSV structure", "CSV names", "CSV notes",
          "CSV hands (King)", "CSV rows", "file size", "a link too long", "a link that unpacks to 100 MB",
          "a link that unpacks to 5 MB", "a link of random bytes", "a link of bytes no text", "an empty or odd link"}


def run_fuzz(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: the score pad's import fuzz runs its modules in Node.js >= 18")
    games = tmp_path / "games.json"
    games.write_text(scorepad.games_json({spec.id: spec for spec in rules_engine.list_games()}), encoding="utf-8")
    result = subprocess.run([node, str(FUZZ), "--games", str(games), "--seed", str(SEED), "--cases", str(CASES)],
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, f"fuzz_imports.mjs failed:\n{result.stderr[-4000:]}"
    return json.loads(result.stdout)


def without_quotes(message):
    """The sentence without the input it quotes (which may say anything)."""
    return re.sub(r"“[^”]*”", "“…”", message)


def problems(case):
    if case["outcome"] != "refused":
        return f"{case['outcome']} ({case.get('error')}: {case.get('message')})"
    message = case["message"]
    found = []
    if len(message) >= MOST:
        found.append(f"{len(message)} characters")
    if RAW.search(without_quotes(message)):
        found.append("an engine's raw text")
    missing = [word for word in case["where"] if word not in message]
    if missing:
        found.append(f"does not say {missing}")
    return ", ".join(found)


# One test, so the fuzz runs once even when pytest-xdist spreads a module's tests over workers.
def test_malformed_imports_are_refused_in_a_sentence_and_honest_sheets_come_back_whole(tmp_path):
    report = run_fuzz(tmp_path)
    results = report["results"]
    assert {case["shape"] for case in results} == SHAPES
    assert len(results) >= CASES + 200

    # Every malformed case: refused, in our words, saying where, briefly.
    failed = [(case, found) for case in results if (found := problems(case))]
    lines = [f"{case['shape']} ({case.get('name') or case['kind']}): {found}\n  message: {case.get('message')!r}\n"
             f"  input: {case['input'][:160]!r}" for case, found in failed[:12]]
    assert not failed, f"{len(failed)} of {len(results)} cases (seed {report['seed']}):\n" + "\n".join(lines)

    # The cases, word for word.
    messages = [case["message"] for case in results]
    assert any(re.fullmatch(r"row \d+, \w+: a number of 400 digits is more than a score needs "
                            r"\(at most 999,999,999 either way\)", m) for m in messages)
    assert any(re.fullmatch(r"row \d+, \w+: “12345678901234567890” is more than a score needs .*", m) for m in messages)
    by_shape = {case["shape"]: case["message"] for case in results}
    assert by_shape["a link that unpacks to 100 MB"] == "its sheet unpacks to more than 4 MB, which no score sheet needs"
    rows = next(case["message"] for case in results if case.get("name") == "rows.json")
    assert re.fullmatch(r"“rows” holds more than 1,000 rows \(at line 1, column [\d,]+\), and a sheet has at most 1,000", rows)
    assert by_shape["CSV rows"] == "it has more than 1,000 rows, and a sheet holds at most 1,000"

    # Nothing an import does touches the pad's store or the games' data.
    assert report["storeUnchanged"], "an import wrote to the pad's store"
    assert report["gamesUnchanged"], "an import changed the games' data"

    # Honest sheets, the largest the pad holds included, come back whole by JSON, CSV and link.
    labels = [sheet["label"] for sheet in report["honest"]]
    assert "largest, names of 40" in labels and "King by CSV keeps its hands" in labels
    assert {f"a sheet of {spec.id}" for spec in rules_engine.list_games()} <= set(labels)
    broken = [(sheet["label"], way, sheet[way]) for sheet in report["honest"] for way in ("json", "csv", "link")
              if sheet[way] is not True]
    assert not broken, broken
