"""The standard library cut to what the engine needs: Pyodide's ``python_stdlib.zip`` (2.5 MB)
holds all of Python's library, and every start of the engine in a browser fetches it. The page's
worker fetches this cut instead (``stdLibURL``): the files ``stdlib_used.mjs`` finds imported when
Pyodide starts, loads the engine's wheel, imports every module of the engine and runs a short
session of every game through the host, and the Unicode and Latin-1 codecs (``ENCODINGS``),
which a string's ``encode`` may import at any time.

A module left out would fail to import in the browser alone, so the Pyodide tests
(tests/pyodide/run_games.mjs) play their games on this cut too.
"""

import json
import zipfile
from pathlib import Path

USED_SCRIPT = Path(__file__).resolve().parent / "stdlib_used.mjs"
STDLIB_CUT = "stdlib.zip"
ENCODINGS = tuple(f"encodings/{name}.py" for name in (
    "__init__", "aliases", "ascii", "latin_1", "charmap", "raw_unicode_escape", "unicode_escape", "utf_8", "utf_8_sig",
    "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "idna", "punycode"))
ZIP_TIME = (1980, 1, 1, 0, 0, 0)   # the same files give the same bytes


def used_files(run, node, bundle_dir, loader):
    """The files of the bundle's python_stdlib.zip the engine imports (``run``: the bundle's
    command runner, which reports failures as a BundleError)."""
    result = run([node, USED_SCRIPT, "--bundle", bundle_dir, "--loader", loader],
                 "finding the standard library the engine uses (stdlib_used.mjs)")
    return json.loads(result.stdout.strip().splitlines()[-1])


def write_cut(full_zip, names, out):
    """Write ``out``: the files of ``full_zip`` named in ``names`` or in ``ENCODINGS``, in the
    order of the full zip; returns how many."""
    wanted = set(names) | set(ENCODINGS)
    with zipfile.ZipFile(full_zip) as full, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as cut:
        kept = [info for info in full.infolist() if info.filename in wanted]
        missing = wanted - {info.filename for info in kept}
        if missing:
            raise ValueError(f"{full_zip} has no {', '.join(sorted(missing))}")
        for info in kept:
            copy = zipfile.ZipInfo(info.filename, ZIP_TIME)
            copy.compress_type = zipfile.ZIP_DEFLATED
            copy.external_attr = info.external_attr
            cut.writestr(copy, full.read(info))
    return len(kept)
