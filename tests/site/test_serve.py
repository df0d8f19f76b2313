"""`make serve` (issue 27, item 16): the port comes from the command line, and the pages served
let MkDocs' live-reload script run (build_scripts/csp.py), while a built site keeps its strict policy."""

import os
import re
import subprocess
from types import SimpleNamespace

from mkdocs.livereload import LiveReloadServer

from build_scripts import csp, hooks
from site_helpers import ROOT

PAGE = """<!doctype html><html><head><title>A page</title></head>
<body><p>Rules.</p><script>var theme = "inline, as the theme's are";</script></body></html>"""


def serve_command(*args):
    env = {k: v for k, v in os.environ.items() if k not in ("PORT", "MAKEFLAGS", "MFLAGS")}
    out = subprocess.run(["make", "-n", "serve", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60).stdout
    return [line for line in out.splitlines() if "mkdocs serve" in line]


def test_make_serve_takes_its_port_from_the_command_line():
    assert serve_command("PORT=8001") == [".venv/bin/python -m mkdocs serve --strict -a 127.0.0.1:8001"]
    assert serve_command() == [".venv/bin/python -m mkdocs serve --strict -a 127.0.0.1:8000"]


def script_sources(policy):
    return re.search(r"script-src ([^;]*)", policy).group(1).split()


def runs(policy, body):
    """Whether a browser runs the inline script ``body`` under ``policy`` (CSP level 3: beside a
    hash or a nonce, 'unsafe-inline' is ignored)."""
    sources = script_sources(policy)
    if any(s.startswith(("'sha256-", "'nonce-")) or s == "'strict-dynamic'" for s in sources):
        return csp.script_hash(body) in sources
    return "'unsafe-inline'" in sources


def served(page):
    """The page as `mkdocs serve` sends it, with its live-reload script."""
    return LiveReloadServer._inject_js_into_html(None, page.read_bytes(), 1).decode()


def meta_policy(html):
    return re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html).group(1)


def test_served_pages_run_the_live_reload_script_and_built_ones_only_their_own(tmp_path):
    for serving in (True, False):
        site = tmp_path / str(serving)
        site.mkdir()
        (site / "index.html").write_text(PAGE)
        policy = csp.apply(site, serving=serving)
        html = served(site / "index.html")
        assert meta_policy(html) == policy
        scripts = list(csp.inline_scripts(html))
        assert len(scripts) == 2 and "livereload" in scripts[1]
        assert runs(policy, scripts[0])  # the page's own
        assert runs(policy, scripts[1]) is serving
        assert script_sources(policy)[:2] == ["'self'", "'wasm-unsafe-eval'"] and "object-src 'none'" in policy


def test_the_hooks_apply_the_served_policy_under_mkdocs_serve(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text(PAGE)
    for step in ("minify.minify_site", "browser.install_pyodide", "headers.write"):
        module, name = step.split(".")
        monkeypatch.setattr(getattr(hooks, module), name, lambda *args, **kwargs: None)
    monkeypatch.setitem(hooks._build, "bundle", None)
    monkeypatch.setitem(hooks._build, "bundle_folder", None)
    monkeypatch.setitem(hooks._run, "serving", False)
    hooks.on_startup(command="serve", dirty=False)
    hooks.on_post_build(SimpleNamespace(site_dir=str(tmp_path)))
    assert "'unsafe-inline'" in meta_policy((tmp_path / "index.html").read_text())
