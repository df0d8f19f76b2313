"""The engine under Pyodide (CPython 3.14 compiled to WebAssembly) in Node, offline,
loaded from the self-hosted bundle exactly as a page loads it, against the engine on
the CPython running this test.

The bundle is built (or found up to date) once per session in ``build/pyodide`` by
``build_scripts/pyodide_bundle.py``; ``run_games.mjs`` then starts Pyodide from it the way
the site's worker does (``widgets/engine-start.js``): the fast start, which restores the
bundle's memory snapshot with the engine imported and reseeds every random generator, and
plays seeded bot games for every registered game. Every record and score must equal the
CPython ones. The normal start (``loadPackage("rules_engine")`` through the bundle's lock),
the site's fallback, plays a shorter plan to the same records. The runs are played once per
session (``parity_runs.py``), whichever worker asks. These tests never skip: without Node.js
they fail and say so.
"""

import difflib
import sys
import zipfile
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (str(ROOT), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)

import rules_engine  # noqa: E402
from build_scripts import bytecode, pyodide_bundle, stdlib_cut  # noqa: E402
from node_runner import run_in_pyodide  # noqa: E402
import parity_runs  # noqa: E402
from parity_runs import FALLBACK_PLAN, PLAN, ParityRunError, report  # noqa: E402

GAME_IDS = [spec.id for spec in rules_engine.list_games()]


@pytest.fixture(scope="session")
def bundle():
    try:
        return pyodide_bundle.build_bundle(parity_runs.BUNDLE_DIR)
    except pyodide_bundle.BundleError as error:
        problem = f"could not build the Pyodide bundle: {error}"
    pytest.fail(problem, pytrace=False)


def _report(name):
    try:
        return report(name)
    except ParityRunError as error:
        problem = str(error)
    pytest.fail(problem, pytrace=False)


@pytest.fixture(scope="session")
def pyodide_report():
    return _report("snapshot")


@pytest.fixture(scope="session")
def normal_report():
    return _report("normal")


@pytest.fixture(scope="session")
def cpython_report():
    return _report("cpython")


@pytest.fixture(scope="session")
def cpython_fallback_report():
    return _report("cpython-fallback")


def test_pyodide_runs_python_314(pyodide_report):
    env = pyodide_report["environment"]
    assert env["python"].startswith("3.14"), env
    assert env["platform"] == "emscripten", env
    assert pyodide_report["pyodide"]["version"] == pyodide_bundle.PYODIDE_VERSION


def test_the_site_start_restores_the_snapshot_with_the_engine_imported(pyodide_report):
    env = pyodide_report["environment"]
    run = pyodide_report["pyodide"]
    assert run["start"] == "snapshot"
    # Nothing was loaded with loadPackage: the engine was in the snapshot, unpacked from the bundle's wheel.
    assert set(run["loaded_packages"]) == set(), run["loaded_packages"]
    assert env["engine_version"] == rules_engine.__version__, env
    # The file system is not part of a memory snapshot: what was imported is there, not the wheel's files.
    assert env["engine_installed_version"] is None, env
    assert env["engine_file"].startswith("/lib/python3.14/site-packages/rules_engine/"), env
    assert run["fetch_attempts"] == [], "Pyodide tried the network"
    assert run["reseeded"] >= 1, "the random module's generator was not reseeded"
    # The snapshot came as the site sends it: its gzip, unpacked by DecompressionStream.
    assert (run["snapshot_via"], run["gzip_failed"]) == ("gzip", None)


def test_every_restore_reseeds_the_random_generators(bundle, pyodide_report):
    again = run_in_pyodide(bundle, {"counts": {}, "records": False})
    assert again["pyodide"]["start"] == "snapshot"
    assert again["pyodide"]["first_random"] != pyodide_report["pyodide"]["first_random"]


def test_the_normal_start_loads_the_engine_from_the_bundled_wheel(normal_report):
    env = normal_report["environment"]
    run = normal_report["pyodide"]
    assert run["start"] == "normal"
    assert set(run["loaded_packages"]) == {"rules-engine"}, run["loaded_packages"]
    assert env["engine_installed_version"] == rules_engine.__version__, env
    assert env["engine_file"].startswith("/lib/python3.14/site-packages/rules_engine/"), env
    assert run["fetch_attempts"] == [], "Pyodide tried the network"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_normal_start_plays_the_same_games(game_id, normal_report, cpython_fallback_report):
    ours, theirs = cpython_fallback_report["games"][game_id], normal_report["games"][game_id]
    for kind in FALLBACK_PLAN["counts"]:
        assert [(r["record"], r["scores"]) for r in theirs[kind]["results"]] == \
               [(r["record"], r["scores"]) for r in ours[kind]["results"]], f"{game_id}, {kind} bots"


def test_bundle_is_complete_and_self_contained(bundle):
    assert pyodide_bundle.check_bundle(bundle) == []
    names = {path.name for path in bundle.iterdir()}
    wheel = "rules_engine-0.1.0-py3-none-any.whl"
    snapshot = pyodide_bundle.snapshot_manifest(bundle)
    assert snapshot["pyodide"] == pyodide_bundle.PYODIDE_VERSION
    assert snapshot["engine_wheel"] == wheel
    assert names == {*pyodide_bundle.RUNTIME_FILES, *pyodide_bundle.RUNTIME_COMPRESSED, "pyodide-lock.json",
                     "bundle-manifest.json", wheel, "snapshot.json", snapshot["file"], snapshot["file"] + ".gz",
                     stdlib_cut.STDLIB_CUT, *pyodide_bundle.engine_compressed(wheel)}
    # Each gzip unpacks to its plain file, and is much smaller.
    assert pyodide_bundle.check_bundle(bundle, deep=True) == []
    assert snapshot["compressed"]["bytes"] < snapshot["bytes"] / 3
    for name, source in {**pyodide_bundle.RUNTIME_COMPRESSED, **pyodide_bundle.engine_compressed(wheel)}.items():
        assert (bundle / name).stat().st_size < (bundle / source).stat().st_size / 2


def test_the_engine_ships_compiled(bundle):
    """The wheel holds the engine's bytecode alone (build_scripts/bytecode.py), and its RECORD says so."""
    with zipfile.ZipFile(bundle / "rules_engine-0.1.0-py3-none-any.whl") as wheel:
        names = wheel.namelist()
        record = wheel.read("rules_engine-0.1.0.dist-info/RECORD").decode().splitlines()
        assert "rules_engine/host.pyc" in names and not [name for name in names if name.endswith(".py")]
        for line in record:
            name, digest, size = line.rsplit(",", 2)
            if digest:
                data = wheel.read(name)
                assert (digest, int(size)) == (bytecode._record_line(name, data).split(",")[1], len(data)), name
        assert sorted(line.split(",")[0] for line in record) == sorted(names)
        # Hash-based and unchecked: the flags word after the magic number is 1.
        assert int.from_bytes(wheel.read("rules_engine/host.pyc")[4:8], "little") == 1


def test_the_library_fetched_is_cut_to_what_the_engine_imports(bundle):
    """Both starts fetch stdlib.zip (its name in widgets/engine-start.js is the build's); it holds the
    engine's modules' imports and the Unicode codecs, and far less than Pyodide's whole library.
    The games above are played on it (tests/pyodide/run_games.mjs), on both starts."""
    assert f'export const STDLIB = "{stdlib_cut.STDLIB_CUT}";' in (ROOT / "widgets" / "engine-start.js").read_text()
    with zipfile.ZipFile(bundle / stdlib_cut.STDLIB_CUT) as cut, zipfile.ZipFile(bundle / "python_stdlib.zip") as full:
        compiled, everything = set(cut.namelist()), set(full.namelist())
        assert cut.testzip() is None
        # Compiled by the build (build_scripts/bytecode.py): bytecode alone, no source.
        assert all(name.endswith(".pyc") for name in compiled), sorted(compiled)[:5]
        names = {name[:-1] for name in compiled}
        assert names < everything
    assert {"random.py", "json/__init__.py", "difflib.py", "dataclasses.py", "traceback.py", "encodings/latin_1.py",
            "_pyodide/__init__.py", "tarfile.py"} <= names   # the engine's, Pyodide's and loadPackage's
    assert not names & {"pdb.py", "unittest/__init__.py", "email/message.py", "platform.py"}
    # What the worker fetches, gzipped at build time, is less than half the library Pyodide fetches.
    assert (bundle / (stdlib_cut.STDLIB_CUT + ".gz")).stat().st_size < (bundle / "python_stdlib.zip").stat().st_size / 2


def _diff(expected, actual):
    return "".join(difflib.unified_diff(
        expected.splitlines(True), actual.splitlines(True), "CPython", "Pyodide", n=2))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_games_as_cpython(game_id, pyodide_report, cpython_report):
    ours, theirs = cpython_report["games"][game_id], pyodide_report["games"][game_id]
    assert sorted(theirs) == sorted(ours) == sorted(PLAN["counts"])
    for kind, count in PLAN["counts"].items():
        expected, actual = ours[kind]["results"], theirs[kind]["results"]
        assert [r["seed"] for r in actual] == [r["seed"] for r in expected]
        assert len(actual) == min(count, PLAN["fewer"].get(game_id, {}).get(kind, count))
        for want, got in zip(expected, actual):
            where = f"{game_id}, {kind} bots, seed {want['seed']!r}"
            assert got["record"] == want["record"], f"{where}: records differ\n{_diff(want['record'], got['record'])}"
            assert got["scores"] == want["scores"], f"{where}: scores differ"
            assert got["moves"] == want["moves"], where
        # Some games were played (a Black Hole deal may be lost before its first move, not all of them).
        assert any(r["moves"] > 0 for r in actual), f"{game_id}, {kind} bots: no game made a move"
