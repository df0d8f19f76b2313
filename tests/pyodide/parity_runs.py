"""The four runs the Pyodide parity tests compare, each played once per test session.

Every game is played by seeded bots on the site's fast start (the snapshot), on the normal
start, and on the CPython running the tests. Under pytest-xdist a session fixture runs once per
worker, so each worker used to play all of it: some 65 s of every game twice over. Now the
controller begins the runs as the session starts (``begin``, from the root ``conftest.py``), on
a thread, one after another, and writes each report to a folder it names in ``PARITY_RUNS``; a
worker's fixture waits for its report there (``report``). Where no controller began them (one
test chosen by ``-k``, say), the fixture plays its run itself.
"""

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (str(ROOT), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)

from build_scripts import pyodide_bundle  # noqa: E402
from node_runner import PyodideRunError, run_in_pyodide  # noqa: E402
from pyodide_games import run_plan  # noqa: E402

# Parity is about the platform (the same records on Python 3.14 in WebAssembly as here): a
# difference in hashing, sorting or the random module shows in a game's first moves, so a few
# games of each kind per game suffice, with every game of the site played. The stops bots of
# Comet, Pope Joan and Spinado look ahead by play-outs at every real choice (one heuristic game
# of Comet takes some 2.5 s on CPython, three times that in Pyodide), and Bartok's weigh every
# rule between hands: fewer of theirs. Random players of Gin Rummy hardly ever knock, so their
# games run to the last hand (some 2,300 moves, each weighing every knock): fewer of those too.
# Random players of Vazhushal rearrange their melds whenever they may, into pools whose search
# takes some 4 s a game on CPython (35 s for eight, about three times that in Pyodide): two.
PLAN = {"counts": {"random": 8, "heuristic": 4}, "records": True,
        "fewer": {"comet": {"heuristic": 1}, "pope-joan": {"heuristic": 2}, "spinado": {"heuristic": 2},
                  "bartok": {"heuristic": 2}, "gin-rummy": {"random": 4}, "vazhushal": {"random": 2}}}
FALLBACK_PLAN = {"counts": {"random": 3, "heuristic": 2}, "records": True}
BUNDLE_DIR = ROOT / "build" / "pyodide"
FOLDER_VARIABLE = "PARITY_RUNS"
WAIT_SECONDS = 1200


class ParityRunError(RuntimeError):
    """A run could not be made; the message says why."""


def _cpython(plan):
    # In a process of its own when begun by the controller, whose thread shares a GIL with xdist.
    command = [sys.executable, "-c",
               "import sys; sys.path[:0] = sys.argv[1:3]; import pyodide_games; print(pyodide_games.main(sys.argv[3]))",
               str(ROOT), str(HERE), json.dumps(plan)]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    if result.returncode != 0:
        raise ParityRunError(f"the CPython run failed:\n{result.stderr.strip()[-4000:]}")
    return json.loads(result.stdout)


def _bundle():
    try:
        return pyodide_bundle.build_bundle(BUNDLE_DIR)
    except pyodide_bundle.BundleError as error:
        raise ParityRunError(f"could not build the Pyodide bundle: {error}") from None


def _pyodide(plan, start):
    try:
        return run_in_pyodide(_bundle(), plan, start=start)
    except PyodideRunError as error:
        raise ParityRunError(str(error)) from None


# name -> (how the controller plays it, how a lone fixture plays it)
RUNS = {
    "snapshot": (lambda: _pyodide(PLAN, "snapshot"),) * 2,
    "normal": (lambda: _pyodide(FALLBACK_PLAN, "normal"),) * 2,
    "cpython": (lambda: _cpython(PLAN), lambda: run_plan(PLAN)),
    "cpython-fallback": (lambda: _cpython(FALLBACK_PLAN), lambda: run_plan(FALLBACK_PLAN)),
}


def begin(folder):
    """Play every run on a thread, writing ``<name>.json`` (or ``<name>.error``) into ``folder``,
    and name the folder in the environment the workers inherit. Returns the thread."""
    folder = Path(folder)

    def play_all():
        for name, (play, _) in RUNS.items():
            try:
                outcome, text = "json", json.dumps(play())
            except Exception as error:  # reported by the fixture that waits for it
                outcome, text = "error", f"{type(error).__name__}: {error}"
            partial = folder / f".{name}.partial"
            partial.write_text(text, encoding="utf-8")
            partial.rename(folder / f"{name}.{outcome}")

    os.environ[FOLDER_VARIABLE] = str(folder)
    thread = threading.Thread(target=play_all, name="Pyodide parity runs", daemon=True)
    thread.start()
    return thread


def report(name):
    """The report of run ``name``: the controller's, once written, or played here."""
    folder = os.environ.get(FOLDER_VARIABLE)
    if not folder:
        return RUNS[name][1]()
    folder = Path(folder)
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if (folder / f"{name}.json").exists():
            return json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        if (folder / f"{name}.error").exists():
            raise ParityRunError((folder / f"{name}.error").read_text(encoding="utf-8"))
        time.sleep(0.25)
    raise ParityRunError(f"the {name} run begun by the test session wrote nothing in {WAIT_SECONDS} s ({folder})")
