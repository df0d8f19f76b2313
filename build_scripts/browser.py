"""The browser side of the build: the widgets' files and the self-hosted
Pyodide bundle, placed in the site beside the pages."""

import hashlib
import json
import os
import re
import shutil
from pathlib import Path

from build_scripts import pyodide_bundle

ROOT = Path(__file__).resolve().parent.parent
WIDGETS = ROOT / "widgets"
SITE_PYODIDE = "pyodide"
# The worker's own scripts go into the bundle's folder too: a returning reader's browser then holds
# everything the worker runs, and asks the server for none of it.
WORKER_SCRIPTS = ("engine-worker.js", "engine-start.js")


# widgets/early.js runs in every page's <head>, before the theme's bundle: it gives the page the
# worker's address (in the bundle's folder), starts the worker early on a #play- link (on pages
# with a play widget) and keeps links within the page from reloading it. A file, not an inline
# script, so a strict content security policy allows it.
def early_start_script(script_url, worker_url, openings=None):
    """The <head> tags that start a page's scripts early: widgets/early.js (``worker_url`` relative
    to it), after a modulepreload of main.js and what it imports.

    ``openings``: on a page with play widgets, each one's id and the file of its first deal (or
    None). A #play- link then also starts the worker at once, and early.js preloads that table's
    modules and its first deal: fetched one import after another once the theme's bundle has run,
    they put the deal on the table a second later on a phone's link (benchmarks/link_speed.py)."""
    folder = script_url.rsplit("/", 1)[0] + "/" if "/" in script_url else ""
    tags = [f'<link rel="modulepreload" href="{folder}{name}">' for name in module_closure(MAIN_MODULE)]
    early = ""
    if openings is not None:
        modules = " ".join(module_closure(*PLAY_MODULES))
        named = " ".join(f"{block}={src}" for block, src in openings.items() if src)
        early = f' data-start-early data-play-modules="{modules}" data-openings="{named}"'
    tags.append(f'<script src="{script_url}" data-worker="{worker_url}"{early}></script>')
    return "\n".join(tags)


MAIN_MODULE = "main.js"
# A play table's modules (play.js, loaded when the table nears the view) and the first deal's
# (first-deal.js, loaded with the deal drawn from the build).
PLAY_MODULES = ("play.js", "first-deal.js")
STATIC_IMPORT = re.compile(r'^\s*import\s+(?:[^;]*?\s+from\s+)?"\./([\w.-]+\.js)"', re.M | re.S)


def module_closure(*entries):
    """The widget modules ``entries`` import, statically and at any depth, with the entries first:
    every file a browser fetches before it runs them (a dynamic ``import()`` is not followed)."""
    found, queue = [], list(entries)
    while queue:
        name = queue.pop(0)
        if name in found:
            continue
        found.append(name)
        queue += STATIC_IMPORT.findall((WIDGETS / name).read_text(encoding="utf-8"))
    return found


def worker_address(folder):
    """The worker's address relative to widgets/early.js; ``folder`` is ``bundle_folder``'s."""
    return f"../{SITE_PYODIDE}/{folder}/{WORKER_SCRIPTS[0]}"


def widget_files():
    """The widgets' scripts and styles, as paths relative to the project root."""
    return sorted(
        str(path.relative_to(ROOT)) for path in WIDGETS.iterdir() if path.suffix in (".js", ".css")
    )


def _link_or_copy(source, destination):
    # Hard links make the 13 MB runtime free to place on every rebuild of `mkdocs serve`.
    try:
        os.link(source, destination)
    except OSError:
        shutil.copy2(source, destination)


def _digest(parts):
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part)
    return digest.hexdigest()[:16]


def runtime_files():
    """The bundle's files that go into the runtime's folder: Pyodide's own, and their gzips."""
    return (*pyodide_bundle.RUNTIME_FILES, *pyodide_bundle.RUNTIME_COMPRESSED)


def bundle_folder(bundle_dir):
    """Where the bundle goes in the site, below ``pyodide/``: ``<runtime>/<engine>``, each name 16
    hex digits of a sha256, so an address changes whenever a byte behind it does and a browser
    may keep what it fetched for good (``_headers``, build_scripts/headers.py).

    - ``<runtime>``: Pyodide's own files (pyodide_bundle.RUNTIME_FILES, and the gzip made of the
      WebAssembly binary, RUNTIME_COMPRESSED), by their sha256s; the
      same for every build of one Pyodide version, so a new build of the engine does not make
      returning readers fetch the runtime again;
    - ``<engine>``, inside it: the lock, the wheel, the snapshot and the worker's scripts, by the
      bundle's manifest (every file's sha256) and those scripts."""
    manifest_path = Path(bundle_dir) / pyodide_bundle.MANIFEST_NAME
    files = json.loads(manifest_path.read_text())["files"]
    runtime = _digest(files[name]["sha256"].encode() for name in runtime_files())
    engine = _digest([manifest_path.read_bytes(), *((WIDGETS / name).read_bytes() for name in WORKER_SCRIPTS)])
    return f"{runtime}/{engine}"


def install_pyodide(site_dir, bundle_dir, folder):
    """Put the (cached) Pyodide bundle at ``<site>/pyodide/<folder>/`` (``folder`` is
    ``bundle_folder``'s, the one the pages name), alone under pyodide/: the runtime's files in the
    outer folder, the rest in the inner one with the worker's scripts (as built into
    ``<site>/widgets/``, moved there). Returns the inner one."""
    site_dir = Path(site_dir)
    top = site_dir / SITE_PYODIDE
    if top.exists():
        shutil.rmtree(top)
    engine = top / folder
    engine.mkdir(parents=True)
    for source in sorted(Path(bundle_dir).iterdir()):
        home = engine.parent if source.name in runtime_files() else engine
        _link_or_copy(source, home / source.name)
    for name in WORKER_SCRIPTS:
        (site_dir / "widgets" / name).replace(engine / name)
    return engine


def installed_folders(site_dir):
    """The built site's two bundle folders: (pyodide/<runtime>/, pyodide/<runtime>/<engine>/)."""
    (runtime,) = (Path(site_dir) / SITE_PYODIDE).iterdir()
    (engine,) = (path for path in runtime.iterdir() if path.is_dir())
    return runtime, engine
