"""The table before the engine: over a phone's link, a seeded play block's first deal is drawn from
the build (widgets/first-deal.js, rules_engine.prepared.opening) with the loading bar saying what loads,
the bots' moves before the reader's shown one at a time in the move log, and the reader's first
card, clicked then, answered at once from the build's answer to it; once the engine is ready it
goes on from there; on that link the
worker chooses the normal start, and never fetches the snapshot. Served through the
benchmarks' throttled server (benchmarks/link_server.py: each response a round trip late, one
shared link of 20 Mbit/s), under the site's content security policy."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from link_server import PROFILES, ThrottledServer  # noqa: E402

PLAY = "[data-widget=play]"
HAND = f"{PLAY} [data-zone=hand-0] .rw-card"
# The engine's cold start through the link: about 8-20 s on this machine, more when it is busy.
LIVE_TIMEOUT_MS = 180_000


@pytest.fixture
def slow_site(site_server, site_dir):
    """The shared built site again, through a 5 Mbit/s, 80 ms link (every file gzipped): slow enough
    that the engine is still loading after the bots' first moves, shown one at a time."""
    with ThrottledServer(site_dir, PROFILES["5mbit"], "all") as server:
        yield server


def test_the_first_deal_is_drawn_and_takes_a_click_before_the_engine_is_ready(new_page, slow_site):
    server = slow_site
    page = new_page(bypass_csp=False, instant=False)   # the reader's pace: the bots' moves one at a time
    page.add_init_script("""window.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective));
      window.__logged = [];   // each line of the move log as it comes: when, and whether the engine was up
      new MutationObserver(() => { const n = document.querySelectorAll("[data-widget=play] .rw-log__move").length;
        if (n !== (window.__logged.at(-1) || [0, 0])[1]) window.__logged.push([performance.now(), n,
          document.querySelector("[data-widget=play]").dataset.firstDeal, window.rulesEngineStatus?.state]); })
      .observe(document, { childList: true, subtree: true });""")
    server.reset()
    page.goto(server.url + "games/king/")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_selector(f"{PLAY}.rw-play--early [data-zone=hand-0] .rw-card--legal")

    # The deal is on the table while Python loads, and the loading bar says what is loading.
    assert page.evaluate("rulesEngineStatus.state") == "loading"
    assert page.locator(f"{PLAY} .rw-loading progress").is_visible()
    assert re.match(r"Loading (Python in your browser|the rules engine)…", page.locator(f"{PLAY} .rw-loading__text").inner_text())
    assert "choose your move now." in page.locator(f"{PLAY} .rw-loading__note").inner_text()
    # Seat 0's view only: the bots' hands are backs. The reader's turn begins once live.
    assert len(page.locator(HAND).all()) == 13
    for seat in (1, 2, 3):
        assert {card.get_attribute("data-card") for card in page.locator(f"{PLAY} [data-zone=hand-{seat}] .rw-card").all()} == {"??"}
    assert page.locator(f"{PLAY}.rw-play--your-turn").count() == 0
    assert page.locator(f"{PLAY} .rw-toolbar").get_by_role("button", name="Hint").is_disabled()
    # Seats 1 to 3 played before seat 0: drawn from the build one at a time, a pause apart, each
    # told in the move log, all before the engine was ready.
    logged = page.evaluate("window.__logged")
    assert [n for _, n, _, _ in logged] == [1, 2, 3], logged
    assert all(drawn == "drawn" and state == "loading" for _, _, drawn, state in logged), logged
    assert all(b[0] - a[0] >= 500 for a, b in zip(logged, logged[1:])), logged

    card = page.locator(f"{HAND}.rw-card--legal").first
    played = card.get_attribute("data-card")
    card.click()
    # Answered at once from the build's answer to that card (rules_engine.prepared.answers): the card
    # leaves the hand and the bots reply one at a time, all while Python is still loading.
    page.wait_for_function(f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
        return w.early && !w.early.answering && w.early.played.length === 1; }}""")
    state, drawn, step, told = page.evaluate(f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
        return [rulesEngineStatus.state, w.root.dataset.firstDeal, w.step, w.log.entries.length]; }}""")
    assert state == "loading", "the engine was ready before the answer: the link was not slow enough to test this"
    assert drawn == "drawn" and step > 3 and told == step, (drawn, step, told)
    assert played not in [card.get_attribute("data-card") for card in page.locator(HAND).all()]
    assert len(page.locator(HAND).all()) == 12
    assert page.locator(f"{PLAY} .rw-card--pending").count() == 0
    # Only the answer to the card played was fetched: the others would tell what the bots hold.
    answers = [name for name in server.sent if "-answer-" in name]
    assert len(answers) == 1 and re.search(r"king-play-1-answer-\d+\.json", answers[0]), answers

    # Once the engine is up it deals the same table, replays the card and the bots' answers, and
    # goes on live from the position drawn: the reader's next card is the engine's to answer.
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn", timeout=LIVE_TIMEOUT_MS)
    assert page.locator(PLAY).get_attribute("data-first-deal") == "live"  # the engine reached the position drawn
    page.locator(f"{HAND}.rw-card--legal").first.click()
    page.wait_for_function(f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
        return w.step > {step} && document.querySelectorAll('{PLAY} .rw-log__move').length === w.step
          && document.querySelectorAll('{PLAY} [data-zone=hand-0] .rw-card').length === 11; }}""",
                           timeout=LIVE_TIMEOUT_MS)
    assert re.search(r"(plays the |is thinking|Your turn)", page.locator(f"{PLAY} .rw-status").inner_text())
    assert not page.locator(f"{PLAY} .rw-loading").is_visible()
    assert page.evaluate("window.__violations") == []
    # 20 Mbit/s is too slow for the snapshot's extra bytes to pay (widgets/engine-start.js, chooseStart).
    start, chosen = page.evaluate("[rulesEngineStatus.start, rulesEngineStatus.chosen]")
    assert start == "normal" and chosen.startswith("slow link ("), chosen
    sent = list(server.sent)
    assert any(name.endswith(".whl.gz") for name in sent) and not [name for name in sent if ".snapshot" in name], sent


def test_a_linked_table_is_drawn_while_the_theme_s_script_is_still_on_its_way(new_page, site_url):
    # On a #play- link early.js starts the table as soon as the parser is past its block: on a phone,
    # the theme's bundle (which the parser waits for) and the end of the page come a second later.
    page = new_page(bypass_csp=False)
    held = []
    page.route("**/assets/javascripts/bundle.*.js", lambda route: held.append(route))   # answered only when the test says
    page.goto(site_url + "games/king/#play-1", wait_until="commit")
    page.wait_for_selector(f"{PLAY}.rw-play--early [data-zone=hand-0] .rw-card--legal")
    assert held, "the theme's bundle was not asked for"
    assert page.evaluate("document.readyState") == "loading", "the page was parsed: nothing was held back"
    assert page.evaluate("rulesEngineStatus.state") == "loading"
    for route in held:
        route.continue_()
    # main.js, once it runs, finds the table made: one table, which goes live and takes the reader's move.
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn", timeout=LIVE_TIMEOUT_MS)
    assert page.locator(f"{PLAY} [data-zone=hand-0]").count() == 1


def test_the_widgets_near_a_linked_table_wait_for_its_first_answer(new_page, site_url):
    # King's lessons lie just below its table: on a #play-1 link they are fetched only once the
    # reader's first move is answered from the build (table-link.js, tableFirst), the engine held back.
    page = new_page()
    page.route("**/pyodide/**", lambda route: None)   # never answered: the engine stays loading
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(site_url + "games/king/#play-1")
    page.wait_for_selector(f"{PLAY}.rw-play--early [data-zone=hand-0] .rw-card--legal")
    # The page parsed and its widgets mounted, their observers given two frames to see them.
    page.wait_for_function("document.readyState === 'complete'")
    page.evaluate("new Promise((go) => requestAnimationFrame(() => requestAnimationFrame(go)))")
    # (A widget above the table starts at once: growing, it would move the table under the finger.)
    lessons = lambda: [url for url in asked if url.endswith("/lesson.js") or "-lesson-" in url]  # noqa: E731
    assert lessons() == [], lessons()
    page.locator(f"{HAND}.rw-card--legal").first.click()
    page.wait_for_function("() => { const w = document.querySelector('[data-widget=play]').rwWidget;"
                           " return w.early.played.length === 1 && !w.early.answering; }")
    page.wait_for_function("() => document.querySelector('#lesson-1 .rw-lesson, #lesson-1 button')")
    assert any(url.endswith("/lesson.js") for url in asked)
    assert page.evaluate("rulesEngineStatus.state") == "loading"
