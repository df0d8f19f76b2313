"""The site's own scripts and styles, minified in place after the build.

The widgets (``widgets/*.js``, ``*.css``) and the site's stylesheets
(``assets/*.css``) are written readable and shipped minified: esbuild, pinned in
``build_scripts/pyodide_pins/`` beside Pyodide and installed by the same ``npm ci``
into ``build/npm/``, rewrites each file on its own (no bundling, so every module keeps
its name and its imports), with no change of syntax level and no licence comments.
The theme's files are already minified and are left alone.
"""

import subprocess
import sys
from pathlib import Path

from build_scripts import pyodide_bundle

# Site-relative folders whose .js and .css files are ours.
OURS = ("widgets", "assets")


class MinifyError(RuntimeError):
    """esbuild failed; the message holds its output."""


def files_to_minify(site_dir):
    site_dir = Path(site_dir)
    found = []
    for folder in OURS:
        base = site_dir / folder
        if base.is_dir():
            found += [path for path in sorted(base.iterdir())
                      if path.is_file() and path.suffix in (".js", ".css") and ".min." not in path.name]
    return found


def esbuild_path(npm_dir=pyodide_bundle.NPM_DIR):
    return pyodide_bundle.ensure_npm_runtime(npm_dir).parent / ".bin" / "esbuild"


def minify_site(site_dir, since=None):
    """Minify our scripts and styles in ``site_dir`` (only those written at ``since`` or later, a
    time in seconds, when given: a dirty build copies only the files that changed); returns
    {site-relative path: (before, after)} in bytes."""
    site_dir = Path(site_dir)
    files = [path for path in files_to_minify(site_dir) if since is None or path.stat().st_mtime >= since]
    if not files:
        return {}
    before = {path: path.stat().st_size for path in files}
    command = [str(esbuild_path()), *map(str, files), "--minify", "--legal-comments=none", "--charset=utf8",
               f"--outbase={site_dir}", f"--outdir={site_dir}", "--allow-overwrite", "--log-level=warning"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise MinifyError(f"esbuild failed (exit {result.returncode}):\n{result.stdout}{result.stderr}")
    if result.stderr.strip():
        print(result.stderr.strip(), file=sys.stderr)
    return {str(path.relative_to(site_dir)): (before[path], path.stat().st_size) for path in files}
