"""The browser side of the build: the widgets' files and the self-hosted
Pyodide bundle, placed in the site beside the pages."""

import os
import shutil
from pathlib import Path

from build_scripts import pyodide_bundle

ROOT = Path(__file__).resolve().parent.parent
WIDGETS = ROOT / "widgets"
SITE_PYODIDE = "pyodide"


# A link to a playable hand (#play-N/...) scrolls the widget into view while the page is still
# parsing: start the engine's worker from the <head> then, instead of waiting for the page's
# scripts (about a second later on a cold load); widgets/engine.js adopts it and the messages
# it sent meanwhile.
EARLY_START = """<script>
if (/^#play-/.test(location.hash) && !window.rulesEngineStatus && window.Worker && typeof WebAssembly === "object") {
  const early = window.rulesEngineEarly = { messages: [], errors: [], startedAt: performance.now() };
  early.worker = new Worker(new URL("%s", location.href), { type: "module" });
  early.worker.onmessage = (event) => early.messages.push(event);
  early.worker.onerror = (event) => early.errors.push(event);
}
</script>"""


def early_start_script(worker_url):
    """The <head> script that starts the worker early on a deep link to a playable hand."""
    return EARLY_START % worker_url


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
