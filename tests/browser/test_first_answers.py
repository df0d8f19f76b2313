"""A first move answered before Python loads: with the engine held back, a play block of every game
(its first whose first turn has a move answered) takes a first move from the build's answers (rules_engine.prepared.answers, written beside the
page) and draws the reader's move and the bots' replies at once: a move built card by card is built so,
each card answered from the build's list of such moves, and a card the engine would refuse is refused
with its rule first; once the engine is let through, the
table on screen goes live from the position drawn, and the browser's own engine, replaying each
block's deal and move as a table going live does (widgets/first-deal.js, dealLive), reaches the
very reply each answer drew. Only the answer to the move made is fetched."""

import json
import re

from conftest import visit
from test_lesson_widget import EDGE

PLAY = "[data-widget=play][data-opening-src]"


def _drawn(page, block):
    """Waits until ``block`` shows the reader's turn drawn from the build, the engine still loading."""
    page.wait_for_function("""(id) => { const w = document.getElementById(id)?.rwWidget, early = w?.early;
        return early && early.state === "drawn" && !early.answering && w.desc === early.reply.table; }""", arg=block)


def _click(page, block, zone, index):
    """A click on a card of the table, at its top left corner: the one part of a card in a fan that is
    never covered."""
    page.locator(f"#{block} [data-key='{zone}/{index}']").click(position=EDGE)


def _refused_before_the_engine(page, block, turn):
    """A card that starts no move (one the engine would refuse, in the turn's ``refusals``) is refused
    at once, as the engine would refuse it, with its rule's link; the table stays the reader's. True if
    the turn has such a card."""
    zones = {zone["id"]: zone for zone in turn["table"]["zones"]}
    picked = (turn["table"].get("selection") or {}).get("selectable", [])  # a click on those picks them
    for move, refusal in (turn.get("refusals") or {}).items():
        if move.split()[-1] in picked:
            continue
        for zone in zones.values():
            if zone.get("tries") and zone["tries"].replace("{card}", move.split()[-1]) == move and move.split()[-1] in zone["cards"]:
                _click(page, block, zone["id"], zone["cards"].index(move.split()[-1]))
                message = page.locator(f"#{block} .rw-message")
                assert message.inner_text().startswith(f"Not allowed: {refusal['reason']}."), (block, move)
                if refusal["rule"]:
                    assert message.locator("a.rw-rule-link").get_attribute("href") == f"#{refusal['rule']}"
                assert page.evaluate("rulesEngineStatus.state") == "loading"
                return True
    return False


def _build(page, block, turn, built):
    """The move ``built`` made card by card on the table, then its button: each card picked is
    answered from the build's list (the cards that may follow, the buttons that finish)."""
    places = turn["table"]["selection"]["places"]
    for number, card in enumerate(built["cards"]):
        zone, index = places[card][built["cards"][:number].count(card)]
        _click(page, block, zone, index)
        page.wait_for_selector(f"#{block} [data-key='{zone}/{index}'].rw-card--selected")
        assert page.locator(f"#{block} .rw-message").inner_text().startswith("Picked: "), (block, card)
    if built["target"]:
        page.locator(f"#{block} [data-zone='{built['target']}'] .rw-card, #{block} [data-zone='{built['target']}'] .rw-slot").last.click()
    else:
        page.locator(f"#{block} button[data-choice]", has_text=built["button"][0].upper() + built["button"][1:]).first.click()


def test_every_blocks_first_move_is_answered_before_the_engine_and_the_engine_agrees(new_page, site_url, site_dir):
    page = new_page()
    held = []
    # Python stays out of the page until the test lets it through (the worker and every file of its bundle).
    page.route("**/pyodide/**", lambda route: held.append(route))
    pages = sorted({path.parent.name for path in (site_dir / "games").glob("*/*-answer-*.json")})
    assert len(pages) >= 30, pages
    checked, sent, builds, refused = [], [], [], []
    page.on("request", lambda request: sent.append(request.url))
    for number, game in enumerate(pages):
        (page.goto if not number else lambda url: visit(page, url))(site_url + f"games/{game}/")
        for block in page.locator(PLAY).evaluate_all("(nodes) => nodes.map((node) => node.id)"):
            page.locator(f"#{block}").scroll_into_view_if_needed()
            _drawn(page, block)
            turn = page.evaluate("(id) => document.getElementById(id).rwWidget.early.reply", block)
            answered = list(turn.get("answers") or {})
            if not answered:
                continue
            step = page.evaluate("(id) => document.getElementById(id).rwWidget.step", block)
            if _refused_before_the_engine(page, block, turn):
                refused.append(block)
            sent.clear()
            # A move built card by card is built so, each card answered from the build's list; any
            # other from the list of legal moves, as any move may be made.
            built = [b for b in turn.get("built") or [] if len(b["cards"]) > 1 and b["move"] in answered]
            move = built[0]["move"] if built else answered[-1]
            if built:
                _build(page, block, turn, built[0])
                builds.append(game)
            else:
                page.select_option(f"#{block}-moves", value=move)
                page.locator(f"#{block} .rw-move-list").get_by_role("button", name="Play").click()
            _drawn(page, block)
            where = f"{game} {block} {move!r}"
            state = page.evaluate("""(id) => { const w = document.getElementById(id).rwWidget;
                return [rulesEngineStatus.state, w.early.played, w.step, w.log.entries.length, w.root.dataset.firstDeal]; }""", block)
            assert state[0] == "loading" and state[1] == [move] and state[2] > step, (where, state)
            assert state[3] == state[2], f"{where}: the move log holds an entry for each move told: {state}"
            # Only the answer to the move made was fetched.
            files = [url for url in sent if "-answer-" in url]
            assert len(files) == 1 and re.search(rf"/{game}-{block}-answer-\d+\.json$", files[0]), (where, files)
            expected = page.evaluate("""async (id) => { const w = document.getElementById(id).rwWidget;
                const { opening } = await import(new URL("widgets/first-deal.js", document.baseURI.replace(/games\\/.*$/, "")));
                return { game: w.game, human: w.human, seats: w.seats, options: w.blockOptions, seed: w.seed ?? Number(w.root.dataset.firstSeed),
                         played: w.early.played, drawn: opening(w.early.reply) }; }""", block)
            checked.append((where, expected))
            break   # a game's first block with answers: every game, within the suite's time
    assert len(checked) >= 38, [where for where, _ in checked]
    # The capture games build a move card by card on their first turn (a game that lists only some of
    # its melds answers each card by a search: its moves wait for the engine).
    assert len(builds) >= 3, builds
    assert len(refused) >= 10, refused

    # The engine let through.
    for route in held:
        route.continue_()
    page.unroute("**/pyodide/**")
    page.wait_for_function("() => rulesEngineStatus.state !== 'loading'", timeout=180_000)
    assert page.evaluate("rulesEngineStatus.state") == "ready"
    # The browser's engine replays every block's deal and move as a table going live does.
    differ = page.evaluate("""async (checked) => {
        const { FirstDeal, opening } = await import(new URL("widgets/first-deal.js", document.baseURI.replace(/games\\/.*$/, "")));
        const differ = [];
        for (const [where, block] of checked) {
          const widget = { ...block, session: `answers-${differ.length}` };
          const reply = await FirstDeal.prototype.dealLive.call({ widget, played: block.played });
          if (!reply.ok) differ.push([where, reply.error.message]);
          else if (opening(reply) !== block.drawn) {
            const drawn = JSON.parse(block.drawn), live = JSON.parse(opening(reply));
            differ.push([where, Object.keys(live).filter((key) => JSON.stringify(live[key]) !== JSON.stringify(drawn[key])),
                         JSON.stringify(live).slice(0, 300), block.drawn.slice(0, 300)]);
          }
        }
        return differ;
    }""", checked)
    assert differ == [], json.dumps(differ)[:2000]
    # The table on this page went live from the position it drew.
    last = page.locator(PLAY).last
    page.wait_for_function("(node) => node.dataset.firstDeal !== 'drawn'", arg=last.element_handle(), timeout=180_000)
    assert last.get_attribute("data-first-deal") == "live"
    page.wait_for_selector(f"#{last.get_attribute('id')}.rw-play--your-turn, #{last.get_attribute('id')} .rw-interlude")


def test_a_game_kept_in_the_tab_is_drawn_as_it_was_left_before_the_engine_loads(new_page, site_url):
    page = new_page()
    page.goto(site_url + "games/king/")
    widget = page.locator("#play-1")
    widget.scroll_into_view_if_needed()
    page.wait_for_selector("#play-1.rw-play--your-turn")
    widget.locator("[data-zone=hand-0] .rw-card--legal").first.click()
    page.wait_for_function("""() => { const kept = JSON.parse(sessionStorage.getItem("rules-table/king/play-1") || "null");
        return kept?.shown && kept.shown.step === document.getElementById("play-1").rwWidget.step; }""")
    step = page.evaluate("document.getElementById('play-1').rwWidget.step")

    # The reader comes back to the page with Python held back: the game is on the table as it was left.
    held = []
    page.route("**/pyodide/**", lambda route: held.append(route))
    page.goto(site_url + "games/king/")
    widget.scroll_into_view_if_needed()
    page.wait_for_selector("#play-1[data-first-deal=kept] [data-zone=hand-0] .rw-card")
    assert page.evaluate("rulesEngineStatus.state") == "loading"
    assert len(widget.locator("[data-zone=hand-0] .rw-card").all()) == 12
    assert page.evaluate("document.getElementById('play-1').rwWidget.log.entries.length") == step
    assert "as you left it" in widget.locator(".rw-loading__note").inner_text()
    assert widget.get_by_role("button", name="Undo").is_disabled()

    # Once the engine is up it opens the kept game, and play goes on from there.
    for route in held:
        route.continue_()
    page.unroute("**/pyodide/**")
    page.wait_for_selector("#play-1[data-first-deal=live].rw-play--your-turn", timeout=180_000)
    assert len(widget.locator("[data-zone=hand-0] .rw-card").all()) == 12
    assert "Your game, as you left it." in widget.locator(".rw-message").inner_text()
