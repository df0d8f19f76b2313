"""The standard library cut to what the engine needs, and the bundle's Python compiled to bytecode.

Pyodide's ``python_stdlib.zip`` (2.5 MB) holds all of Python's library as source, and every start
of the engine in a browser fetches it and compiles what it imports. The page's worker fetches
``stdlib.zip`` instead (``stdLibURL``): the files ``stdlib_used.mjs`` finds imported when Pyodide
starts, loads the engine's wheel, imports every module of the engine and runs a short session of
every game through the host, with the Unicode and Latin-1 codecs (``ENCODINGS``), which a string's
``encode`` may import at any time. ``compile_python.mjs`` then compiles them, and the engine's
wheel, to bytecode (``bytecode.py``).

A module left out would fail to import in the browser alone, so the Pyodide tests
(tests/pyodide/run_games.mjs) play their games on this cut too.
"""

import json
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
USED_SCRIPT = HERE / "stdlib_used.mjs"
COMPILE_SCRIPT = HERE / "compile_python.mjs"
SCRIPTS = (USED_SCRIPT, COMPILE_SCRIPT, HERE / "node_pyodide.mjs", HERE / "bytecode.py")
STDLIB_CUT = "stdlib.zip"
ENCODINGS = tuple(f"encodings/{name}.py" for name in (
    "__init__", "aliases", "ascii", "latin_1", "charmap", "raw_unicode_escape", "unicode_escape", "utf_8", "utf_8_sig",
    "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "idna", "punycode"))


def used_files(run, node, bundle_dir, loader):
    """The files of the bundle's python_stdlib.zip the engine imports (``run``: the bundle's
    command runner, which reports failures as a BundleError)."""
    result = run([node, USED_SCRIPT, "--bundle", bundle_dir, "--loader", loader],
                 "finding the standard library the engine uses (stdlib_used.mjs)")
    return json.loads(result.stdout.strip().splitlines()[-1])


def compile_bundle(run, node, bundle_dir, loader, used, wheel):
    """Write ``bundle_dir/stdlib.zip`` (the files in ``used`` and ``ENCODINGS``, compiled) and
    replace ``wheel`` by its compiled copy; returns how many files each holds."""
    bundle_dir = Path(bundle_dir)
    with tempfile.TemporaryDirectory(prefix="compile-python-") as tmp:
        names = Path(tmp) / "names.json"
        names.write_text(json.dumps(sorted(set(used) | set(ENCODINGS))))
        compiled_wheel = Path(tmp) / Path(wheel).name
        result = run([node, COMPILE_SCRIPT, "--bundle", bundle_dir, "--loader", loader, "--names", names,
                      "--wheel", Path(wheel).name, "--stdlib-out", bundle_dir / STDLIB_CUT,
                      "--wheel-out", compiled_wheel], "compiling the bundle's Python (compile_python.mjs)")
        compiled_wheel.replace(wheel)
    return json.loads(result.stdout.strip().splitlines()[-1])
