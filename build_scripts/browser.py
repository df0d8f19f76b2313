"""The browser side of the build: the widgets' files and the self-hosted
Pyodide bundle, placed in the site beside the pages."""

import os
import shutil
from pathlib import Path

from build_scripts import pyodide_bundle

ROOT = Path(__file__).resolve().parent.parent
WIDGETS = ROOT / "widgets"
SITE_PYODIDE = "pyodide"


# widgets/early.js runs in every page's <head>, before the theme's bundle: it starts the worker
# early on a #play- link (on pages with a play widget) and keeps links within the page from
# reloading it. A file, not an inline script, so a strict content security policy allows it.
def early_start_script(script_url, worker_url=None):
    """The <head> script tag of widgets/early.js."""
    worker = f' data-worker="{worker_url}"' if worker_url else ""
    return f'<script src="{script_url}"{worker}></script>'


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


def install_pyodide(site_dir):
    """Put the (cached) Pyodide bundle at ``<site>/pyodide/``."""
    bundle = pyodide_bundle.build_bundle()
    target = Path(site_dir) / SITE_PYODIDE
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(bundle, target, copy_function=_link_or_copy)
    return target
