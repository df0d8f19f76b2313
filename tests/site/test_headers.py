"""``_headers`` (build_scripts/headers.py): the policy for every path, and a year's cache only for
files whose address changes with their content -- the Pyodide bundle's folder (the worker's scripts
in it), named by a digest of all it holds, and the theme's fingerprinted assets."""

import hashlib
import json
import re

import pytest

from build_scripts import headers
from build_scripts.browser import SITE_PYODIDE, WIDGETS, WORKER_SCRIPTS, bundle_folder, installed_folders, runtime_files
from build_scripts.pyodide_bundle import MANIFEST_NAME


def rules_of(built_site):
    return headers.parse((built_site["site"] / headers.HEADERS_FILE).read_text(encoding="utf-8"))


def test_the_bundle_folders_are_named_by_digests_of_what_they_hold(built_site):
    site = built_site["site"]
    runtime, engine = installed_folders(site)
    manifest = (engine / MANIFEST_NAME).read_bytes()
    files = json.loads(manifest)["files"]
    # Every file the manifest lists is in one of the two folders with that digest.
    for name, info in files.items():
        home = runtime if name in runtime_files() else engine
        assert hashlib.sha256((home / name).read_bytes()).hexdigest() == info["sha256"], name
    assert sorted(path.name for path in runtime.iterdir() if path.is_file()) == sorted(runtime_files())
    # The runtime's name covers Pyodide's own files (and the wasm's gzip) alone, so a new engine leaves it as it was.
    assert runtime.name == hashlib.sha256(b"".join(files[name]["sha256"].encode() for name in runtime_files())).hexdigest()[:16]
    digest = hashlib.sha256(manifest)
    for name in WORKER_SCRIPTS:
        digest.update((WIDGETS / name).read_bytes())
        # The worker's scripts, as minified, live in the engine's folder and nowhere else.
        assert (engine / name).is_file() and not (site / "widgets" / name).exists(), name
    assert engine.name == digest.hexdigest()[:16]
    assert bundle_folder(engine) == f"{runtime.name}/{engine.name}"


def test_every_page_gives_the_workers_address_in_that_folder(built_site):
    runtime, engine = installed_folders(built_site["site"])
    for path in built_site["site"].rglob("*.html"):
        if path.name == "404.html" or path.name.endswith("-steps.html"):
            continue  # the theme's template, and a lesson's steps in text: no card table, no script
        text = path.read_text(encoding="utf-8")
        tag = re.search(r'<script src="[^"]*widgets/early\.js"[^>]*>', text)
        assert tag and f'data-worker="../pyodide/{runtime.name}/{engine.name}/engine-worker.js"' in tag.group(0), path
        assert ("data-start-early" in tag.group(0)) == ('data-widget="play"' in text), path
        # What the head preloads is there: main.js and its imports on every page, and on a page with
        # play blocks, a table's modules and each block's first deal (fetched on a #play- link).
        widgets = (path.parent / tag.group(0).split('"')[1]).resolve().parent
        preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', text)
        assert "main.js" in [href.rsplit("/", 1)[-1] for href in preloaded], path
        assert all((path.parent / href).resolve().is_file() for href in preloaded), (path, preloaded)
        modules = re.search(r'data-play-modules="([^"]*)"', tag.group(0))
        openings = re.search(r'data-openings="([^"]*)"', tag.group(0))
        if modules:
            assert {"play.js", "first-deal.js"} <= set(modules.group(1).split()), path
            assert all((widgets / name).is_file() for name in modules.group(1).split()), path
            for pair in openings.group(1).split():
                block, src = pair.split("=")
                assert f'id="{block}" data-widget="play"' in text and (widgets.parent / src).is_file(), (path, pair)


def test_only_content_named_files_are_kept_for_good(built_site):
    site = built_site["site"]
    runtime, engine = installed_folders(site)
    kept = [path for path, found in rules_of(built_site) if ("Cache-Control", headers.FOREVER) in found]
    assert f"/{SITE_PYODIDE}/{runtime.name}/*" in kept
    theme = [path for path in kept if "*" not in path]
    assert any(re.search(r"/assets/javascripts/bundle\.[0-9a-f]{8}\.min\.js$", path) for path in theme)
    for path in theme:
        assert (site / path.lstrip("/")).is_file() and headers.FINGERPRINTED.search(path), path
    # The pages, the widgets (the worker's own script too) and the frames are asked for again each time.
    found = rules_of(built_site)
    for path in ("/games/king/", "/widgets/early.js", "/widgets/main.js", "/games/king/king-example-1.json"):
        assert ("Cache-Control", headers.FOREVER) not in headers.headers_for(found, path), path
    snapshot = json.loads((engine / "snapshot.json").read_text())
    for path in ("pyodide.asm.wasm", "pyodide.asm.wasm.gz", f"{engine.name}/engine-worker.js",
                 f"{engine.name}/snapshot.json", f"{engine.name}/{snapshot['compressed']['file']}"):
        assert ("Cache-Control", headers.FOREVER) in headers.headers_for(found, f"/pyodide/{runtime.name}/{path}")


def test_every_path_gets_the_pages_policy(built_site):
    page = (built_site["site"] / "games" / "king" / "index.html").read_text(encoding="utf-8")
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page).group(1)
    for path in ("/", "/widgets/engine-worker.js", "/pyodide/anything/pyodide.mjs"):
        assert ("Content-Security-Policy", meta) in headers.headers_for(rules_of(built_site), path)


def test_the_file_reads_back_as_written():
    text = "# a comment\n/*\n  X-One: 1\n\n/a/*/c\n  X-Two: two: still\n"
    found = headers.parse(text)
    assert found == [("/*", [("X-One", "1")]), ("/a/*/c", [("X-Two", "two: still")])]
    assert headers.headers_for(found, "/a/b/c") == [("X-One", "1"), ("X-Two", "two: still")]
    assert headers.headers_for(found, "/a/b/d") == [("X-One", "1")]
    with pytest.raises(ValueError, match=r"_headers:1: a header line needs a path above it"):
        headers.parse("  X-One: 1\n")
