"""The engine's two starts in Chromium (widgets/engine-worker.js, engine-start.js): the fast
start from the bundle's memory snapshot, chosen on a fast link (loopback here) or when the
browser has it cached, and the normal start (loadPyodide, then loadPackage) taken when asked for
or when the snapshot cannot be used -- missing, for another Pyodide, or failing to restore. (On a
slow link the normal start is chosen: tests/browser/test_first_deal.py.) The snapshot, the
WebAssembly binary, the standard library and the wheel come as the build's gzips, the plain files
when those cannot be fetched. A move is played in each."""

import json
import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from build_scripts.browser import installed_folders
from site_server import CHROMIUM, CHROMIUM_FLAGS, INSTANT_PACE, is_site_request, refusing_proxy_flags

PLAY = "[data-widget=play]"
LEGAL = "[data-widget=play] [data-zone=hand-0] .rw-card--legal"
# A fallback may start the runtime twice (a failed restore, then the normal start): on a busy
# 2-core machine that has taken over 30 s.
SLOW_START_MS = 120_000


def play_a_move(page, url):
    """Open ``url`` (King), play the reader's first legal card, wait for the bots' answer;
    returns how the engine started (window.rulesEngineStatus)."""
    page.goto(url)
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    card = page.locator(LEGAL).first
    played = card.get_attribute("data-card")
    card.click()
    try:
        page.wait_for_function("() => document.querySelectorAll('[data-widget=play] [data-zone=hand-0] .rw-card').length === 12")
        page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    except PlaywrightTimeout:
        raise AssertionError(f"the move was not answered: {page.evaluate('JSON.stringify(rulesEngineStatus)')}") from None
    hand = [c.get_attribute("data-card") for c in page.locator("[data-widget=play] [data-zone=hand-0] .rw-card").all()]
    assert played not in hand
    assert re.search(r"Seat [123] plays the ", page.locator(f"{PLAY} .rw-status").inner_text())
    return page.evaluate("({ start: rulesEngineStatus.start, fallback: rulesEngineStatus.fallback,"
                         " chosen: rulesEngineStatus.chosen,"
                         " workers: rulesEngineStatus.workersStarted, fetched: rulesEngineStatus.fetched })")


def snapshot_requests(page):
    seen = []
    page.on("request", lambda request: "/pyodide/" in request.url and seen.append(request.url.rsplit("/", 1)[-1]))
    return seen


GZIPPED = {"snapshot": "gzip", "wasm": "gzip", "stdlib": "gzip", "gzipFailed": None}
PLAIN = {"snapshot": "plain", "wasm": "plain", "stdlib": "plain"}
# A start asked for by the page's address, where a test is about what follows the choice.
SNAPSHOT = "?engine-start=snapshot"


def test_the_fast_start_restores_the_snapshot_and_plays(page, site_url):
    seen = snapshot_requests(page)
    # A fresh browser's first visit: asking whether the snapshot is kept fails no request (a fetch
    # "only-if-cached" did, net::ERR_CACHE_MISS in the reader's console).
    failed = []
    page.on("requestfailed", lambda request: failed.append((request.url, request.failure)))
    status = play_a_move(page, site_url + "games/king/")
    assert failed == []
    # Loopback is a fast link: the first megabyte of what both starts fetch came in time.
    assert status["chosen"].startswith("fast link ("), status
    assert status == {"start": "snapshot", "fallback": None, "chosen": status["chosen"], "workers": 1, "fetched": GZIPPED}
    # The large files came gzipped from the build (unpacked by DecompressionStream), never plain.
    assert "snapshot.json" in seen and any(name.endswith(".snapshot.gz") for name in seen)
    assert {"pyodide.asm.wasm.gz", "stdlib.zip.gz"} <= set(seen)
    assert not any(name.endswith((".snapshot", ".wasm", ".zip")) for name in seen), seen
    # Nothing of the normal start was needed.
    assert not any(".whl" in name for name in seen) and "pyodide-lock.json" in seen


def test_the_plain_files_when_their_gzips_cannot_be_fetched(browser, site_url):
    context = browser.new_context()
    context.add_init_script(INSTANT_PACE)  # the bots play at once
    page = context.new_page()
    page.set_default_timeout(SLOW_START_MS)
    seen = snapshot_requests(page)
    page.route("**/pyodide/**/*.gz", lambda route: route.fulfill(status=404, body="not found"))
    status = play_a_move(page, site_url + "games/king/" + SNAPSHOT)
    assert status["start"] == "snapshot" and status["fallback"] is None
    assert {key: status["fetched"][key] for key in PLAIN} == PLAIN and "HTTP 404" in status["fetched"]["gzipFailed"]
    assert any(name.endswith(".snapshot") for name in seen) and {"pyodide.asm.wasm", "stdlib.zip"} <= set(seen)
    context.close()


def test_a_shared_link_takes_the_fast_start_too(page, site_url):
    page.goto(site_url + "games/king/" + SNAPSHOT + "#play-1")
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert page.evaluate("rulesEngineStatus.start") == "snapshot"
    assert page.evaluate("rulesEngineStatus.chosen") == "asked for (?start=snapshot)"
    assert page.evaluate("rulesEngineStatus.startedEarly") is True


def test_the_normal_start_when_asked_for(page, site_url):
    seen = snapshot_requests(page)
    status = play_a_move(page, site_url + "games/king/?engine-start=normal")
    assert (status["start"], status["chosen"], status["fallback"]) == ("normal", "asked for (?start=normal)", None)
    assert status["fetched"] == {**GZIPPED, "snapshot": None}
    assert not any(".snapshot" in name or name == "snapshot.json" for name in seen)
    assert any(name.endswith(".whl.gz") for name in seen) and not any(name.endswith(".whl") for name in seen)


def test_the_normal_start_when_the_snapshot_is_missing(browser, site_url):
    context = browser.new_context()
    context.add_init_script(INSTANT_PACE)  # the bots play at once
    page = context.new_page()
    page.set_default_timeout(SLOW_START_MS)
    # Fulfilled rather than refused: a 404 as a host without the snapshot would send.
    page.route("**/pyodide/*/*/snapshot.json", lambda route: route.fulfill(status=404, body="not found"))
    status = play_a_move(page, site_url + "games/king/" + SNAPSHOT)
    assert status["start"] == "normal" and "snapshot.json: HTTP 404" in status["fallback"]
    context.close()


def test_the_normal_start_when_the_snapshot_is_for_another_pyodide(browser, site_url, site_dir):
    manifest = json.loads((installed_folders(site_dir)[1] / "snapshot.json").read_text())
    context = browser.new_context()
    context.add_init_script(INSTANT_PACE)  # the bots play at once
    page = context.new_page()
    page.set_default_timeout(SLOW_START_MS)
    page.route("**/pyodide/*/*/snapshot.json",
               lambda route: route.fulfill(json={**manifest, "pyodide": "0.0.1"}))
    status = play_a_move(page, site_url + "games/king/" + SNAPSHOT)
    assert status["start"] == "normal" and "for Pyodide 0.0.1" in status["fallback"]
    context.close()


def test_the_normal_start_when_the_snapshot_does_not_restore(browser, site_url, site_dir):
    manifest = json.loads((installed_folders(site_dir)[1] / "snapshot.json").read_text())
    context = browser.new_context()
    context.add_init_script(INSTANT_PACE)  # the bots play at once
    page = context.new_page()
    page.set_default_timeout(SLOW_START_MS)
    # The right length, but not a snapshot: the restore itself fails (after the runtime is up).
    # (Sent as the .gz, not gzipped: taken as it is, as from a host that had already undone the gzip.)
    # The manifest names a small one: 31.5 MB through the test's route took 80 s on a loaded machine,
    # all of it at once at the end, so the page heard nothing from the worker for over a minute.
    fake = bytes(4096)
    page.route("**/pyodide/*/*/snapshot.json", lambda route: route.fulfill(json={**manifest, "bytes": len(fake)}))
    page.route(f"**/pyodide/*/*/{manifest['file']}.gz",
               lambda route: route.fulfill(body=fake, content_type="application/octet-stream"))
    status = play_a_move(page, site_url + "games/king/" + SNAPSHOT)
    assert status["start"] == "normal" and "magic number" in status["fallback"]
    context.close()




def second_visit(chromium, site_server, profile):
    """Open King's table in a browser with a profile on disk (a disk cache, as a reader's own
    browser has; a new context's cache is in memory and drops files as large as the snapshot),
    then again in a new tab; the paths the server answered for the second tab."""
    context = chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, *refusing_proxy_flags()])
    context.add_init_script(INSTANT_PACE)  # the bots play at once
    foreign = []
    context.on("request", lambda request: is_site_request(request.url) or foreign.append(request.url))
    try:
        first = context.new_page()
        first.goto(site_server.url + "games/king/#play-1")
        first.wait_for_selector(f"{PLAY}.rw-play--your-turn")
        site_server.requested.clear()
        second = context.new_page()
        second.goto(site_server.url + "games/king/#play-1")
        second.wait_for_selector(f"{PLAY}.rw-play--your-turn")
        assert second.evaluate("[rulesEngineStatus.start, rulesEngineStatus.chosen]") == ["snapshot", "cached"]
        assert foreign == []
        return list(site_server.requested)
    finally:
        context.close()


def test_a_returning_reader_gets_the_engine_from_the_cache(browser, site_server, tmp_path):
    asked = second_visit(browser.browser_type, site_server, tmp_path / "kept")
    # As the site's _headers ask: the page and the widgets are asked for again, the bundle's folder
    # (the worker's scripts in it) not.
    assert "/games/king/" in asked and "/widgets/early.js" in asked
    assert not [path for path in asked if path.startswith("/pyodide/")], asked
    # A host's default alone (max-age=0, must-revalidate): each of the engine's files is asked for again.
    site_server.honour_headers = False
    try:
        asked = second_visit(browser.browser_type, site_server, tmp_path / "default")
    finally:
        site_server.honour_headers = True
    assert {"engine-worker.js", "pyodide.mjs", "pyodide.asm.wasm.gz", "snapshot.json"} <= {
        path.rsplit("/", 1)[-1] for path in asked}, asked
