"""Run ``run_games.mjs`` (the engine under Pyodide in Node) from CPython.

Shared by ``test_engine_in_pyodide.py`` and ``benchmarks/pyodide_speed.py``.
"""

import json
import os
import subprocess
from pathlib import Path

from build_scripts import bundle_steps

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "run_games.mjs"


class PyodideRunError(RuntimeError):
    """Node is missing or too old, or the runner failed; the message says what to do."""


def find_node():
    """The ``node`` executable (>= 18, as Pyodide requires), or PyodideRunError saying why not."""
    try:
        return bundle_steps.find_node()
    except bundle_steps.BundleError as error:
        raise PyodideRunError(str(error)) from None


def run_in_pyodide(bundle_dir, plan=None, npm_dir=None, timeout=600, start="snapshot"):
    """Play ``plan`` (see ``pyodide_games.py``) under Pyodide from ``bundle_dir``; returns the
    report: ``pyodide_games.run_plan``'s, plus a ``"pyodide"`` section (the start taken, versions,
    loaded packages, network attempts, timings of loadPyodide / loadPackage / the games).
    ``start`` is the site's fast start, ``"snapshot"`` (the bundle's memory snapshot restored),
    or ``"normal"`` (loadPyodide, then loadPackage)."""
    command = [find_node(), str(RUNNER), "--bundle", str(bundle_dir), "--plan", json.dumps(plan or {}),
               "--start", start]
    if npm_dir is not None:
        command += ["--npm", str(npm_dir)]
    try:
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, check=False,
            env=dict(os.environ, NODE_OPTIONS=""),
        )
    except subprocess.TimeoutExpired as error:
        raise PyodideRunError(f"run_games.mjs took more than {timeout} s") from error
    if result.returncode != 0:
        raise PyodideRunError(
            f"run_games.mjs failed (exit {result.returncode}):\n{result.stderr.strip()[-4000:]}"
        )
    try:
        return json.loads(result.stdout)
    except ValueError as error:
        raise PyodideRunError(
            f"run_games.mjs printed no JSON report ({error}); stdout starts {result.stdout[:500]!r}; "
            f"stderr:\n{result.stderr.strip()[-2000:]}"
        ) from None
