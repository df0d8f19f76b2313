"""Run ``run_games.mjs`` (the engine under Pyodide in Node) from CPython.

Shared by ``test_engine_in_pyodide.py`` and ``benchmarks/pyodide_speed.py``.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "run_games.mjs"
MIN_NODE = (18, 0)


class PyodideRunError(RuntimeError):
    """Node is missing or too old, or the runner failed; the message says what to do."""


def find_node():
    """The ``node`` executable (>= 18, as Pyodide requires), or PyodideRunError saying why not."""
    node = shutil.which("node")
    if node is None:
        raise PyodideRunError(
            "node is not on PATH: the engine-in-Pyodide check runs Pyodide under Node.js >= 18 "
            "(Debian: apt-get install nodejs npm)"
        )
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    try:
        found = tuple(int(part) for part in version.lstrip("v").split(".")[:2])
    except ValueError:
        found = (0, 0)
    if found < MIN_NODE:
        raise PyodideRunError(f"{node} is Node.js {version or '(unknown version)'}; Pyodide needs >= 18")
    return node


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
