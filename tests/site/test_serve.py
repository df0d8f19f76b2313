"""`make serve` (issue 27, item 16): the port comes from the command line, and the pages served
let MkDocs' live-reload script run (build_scripts/csp.py), while a built site keeps its strict policy.
Served dirty (issue 26), an edit to a page checks and builds that page again, and an edit to the
code every page depends on builds them all."""

import os
import re
import shutil
import subprocess
from types import SimpleNamespace

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort
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
    assert serve_command("PORT=8001") == [".venv/bin/python -m mkdocs serve --strict --dirty -a 127.0.0.1:8001"]
    assert serve_command() == [".venv/bin/python -m mkdocs serve --strict --dirty -a 127.0.0.1:8000"]


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


def test_served_dirty_an_edited_page_alone_is_checked_and_built_again(tmp_path, monkeypatch):
    docs, site = tmp_path / "docs", tmp_path / "site"
    shutil.copytree(ROOT / "docs", docs)
    page = docs / "games" / "yukon.md"
    text = page.read_text(encoding="utf-8")
    config = load_config(str(ROOT / "mkdocs.yml"), docs_dir=str(docs), site_dir=str(site))
    served_hooks = next(iter(config["hooks"].values()))   # the hooks as MkDocs loaded them
    monkeypatch.setattr(served_hooks, "_run", dict(served_hooks._run))
    monkeypatch.setattr(served_hooks, "_import_afresh", lambda: served_hooks._run.update(imported=True))
    built = []   # the pages each build renders
    render = served_hooks.on_page_markdown
    monkeypatch.setattr(served_hooks, "on_page_markdown", lambda markdown, page, **kwargs: (
        built.append(page.file.src_uri), render(markdown, page, **kwargs))[1])
    config.plugins.on_startup(command="serve", dirty=True)
    served_hooks._run["builds"] = 0

    def rebuild():
        built.clear()
        build(load_config(str(ROOT / "mkdocs.yml"), docs_dir=str(docs), site_dir=str(site)),
              serve_url="http://127.0.0.1:8000/", dirty=True)   # strict, as in mkdocs.yml
        return set(built)

    every_page = rebuild()
    assert {"games/yukon.md", "games/king.md", "index.md"} <= every_page
    checked = dict(served_hooks._run["checked"])
    page.write_text(text.replace(" {#", " Edited. {#", 1), encoding="utf-8")
    edited = rebuild()
    assert "Edited." in (site / "games" / "yukon" / "index.html").read_text(encoding="utf-8")
    assert "games/yukon.md" in edited and "games/king.md" not in edited and len(edited) < 10
    again = served_hooks._run["checked"]
    # The widgets copied by the first build stay minified; a stylesheet edited is copied and minified.
    assert (site / "widgets" / "play.js").stat().st_size < (ROOT / "widgets" / "play.js").stat().st_size
    style = docs / "assets" / "site.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n.edited   {\n    color :  red ;\n}\n", encoding="utf-8")
    rebuild()
    assert ".edited{color:red}" in (site / "assets" / "site.css").read_text(encoding="utf-8")
    assert again["yukon"] is not checked["yukon"] and all(again[g] is checked[g] for g in checked if g != "yukon")
    # A broken edit still stops the build with the file and line; mended, the page is built.
    page.write_text(text + "\n```pycon\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
    with pytest.raises(Abort) as stopped:
        rebuild()
    assert re.search(r"games/yukon\.md:\d+: doctest '>>> 1 \+ 1' failed", str(stopped.value.__context__))
    page.write_text(text, encoding="utf-8")
    rebuild()
    # An edit to the engine, the build or the widgets: everything is imported and built again.
    assert "imported" not in served_hooks._run
    monkeypatch.setattr(served_hooks, "_code_stamp", lambda: -1)
    assert rebuild() == every_page and served_hooks._run["imported"]
