"""The browser side of the build: the widgets' files and the self-hosted
Pyodide bundle, placed in the site beside the pages."""

import hashlib
import os
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
def early_start_script(script_url, worker_url, start_early=False):
    """The <head> script tag of widgets/early.js; ``worker_url`` is relative to the script."""
    early = " data-start-early" if start_early else ""
    return f'<script src="{script_url}" data-worker="{worker_url}"{early}></script>'


def worker_address(bundle_folder):
    """The worker's address relative to widgets/early.js."""
    return f"../{SITE_PYODIDE}/{bundle_folder}/{WORKER_SCRIPTS[0]}"


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


def bundle_folder(bundle_dir):
    """The bundle's folder name in the site: 16 hex digits of a sha256 over its manifest (which
    lists every other file's sha256) and the worker's scripts, so the address changes whenever a
    byte of what the worker runs does, and a browser may keep what it fetched from there for good
    (``_headers``, build_scripts/headers.py)."""
    digest = hashlib.sha256((Path(bundle_dir) / pyodide_bundle.MANIFEST_NAME).read_bytes())
    for name in WORKER_SCRIPTS:
        digest.update((WIDGETS / name).read_bytes())
    return digest.hexdigest()[:16]


def install_pyodide(site_dir, bundle_dir):
    """Put the (cached) Pyodide bundle at ``<site>/pyodide/<bundle_folder>/``, alone there, and
    move the worker's scripts (as built into ``<site>/widgets/``) in beside it."""
    site_dir = Path(site_dir)
    top = site_dir / SITE_PYODIDE
    if top.exists():
        shutil.rmtree(top)
    target = top / bundle_folder(bundle_dir)
    shutil.copytree(bundle_dir, target, copy_function=_link_or_copy)
    for name in WORKER_SCRIPTS:
        (site_dir / "widgets" / name).replace(target / name)
    return target
