"""Every game's table, drawn by the one DOM renderer from the engine's
description: played by tapping on a phone and by clicking on a desktop,
by keyboard alone with the focus kept on the table, a hand's end shown
before the next deal, and no accessibility violation on a game page, its
table dealt, in either theme."""

import pathlib

import pytest
from axe import axe_violations, describe, in_scheme
from game_tests import golden_records

from build_scripts.source import parse_source
from rules_engine import list_games, replay
from rules_engine.prepared import frames_of
from test_widgets import to_the_readers_turn

PLAY = "[data-widget=play]"
EXAMPLE = "[data-widget=example]"
GAMES = [spec.id for spec in list_games()]
GOLDEN = golden_records()
DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "games"
# Play blocks that set a game's options (a compendium started at one contract, say) open
# tables the first block of a page never shows.
BLOCKS_WITH_OPTIONS = [(path.stem, fence.id) for path in sorted(DOCS.glob("*.md"))
                       for fence in parse_source(str(path)).fences if fence.kind == "play" and fence.game_options]


def dealt(page, url):
    (page.visit if hasattr(page, "visit") else page.goto)(url)
    page.locator(PLAY).first.scroll_into_view_if_needed()
    # The page's first table (once the engine runs, every table of the page deals at once).
    page.wait_for_function(f"""() => {{ const first = document.querySelector('{PLAY}');
        return first.matches('.rw-play--your-turn, .rw-play--live') && first.querySelector('.rw-zone'); }}""")
    return page.locator(PLAY).first


def step_of(page, block=PLAY):
    return page.evaluate(f"document.querySelector('{block}').rwWidget.step")


def play_first_move_by_pointer(page, widget, tap, block=PLAY):
    """Make the first legal move that starts from a card: its card, then (if it
    has several) the zone it goes to, the way a reader points at them. When the
    turn offers no card (a bid, say), press the first of its choice buttons.
    ``block`` selects the play block (the page's first by default)."""
    press = (lambda target: target.tap(position={"x": 6, "y": 6})) if tap else \
        (lambda target: target.click(position={"x": 6, "y": 6}))
    if page.evaluate(f"document.querySelector('{block}').rwWidget.desc.rhythm?.live"):
        # A real-time table: the reader starts the beat, and the first card is turned on it.
        before = step_of(page, block)
        press(widget.locator(".rw-rhythm__toggle"))
        page.wait_for_function(f"n => document.querySelector('{block}').rwWidget.step > n", arg=before)
        return None
    # The moves of the reader's turn as the widget holds them once it has settled on it.
    clicks = page.wait_for_function(f"""() => {{
        const w = document.querySelector('{block}').rwWidget;
        return w.desc && w.desc.to_act === w.human && !w.busy && w.desc.moves.length ? w.desc.moves : null;
    }}""").json_value()
    click = next((c for c in clicks if c["card"]), None)
    before = step_of(page, block)
    press = (lambda target: target.tap(position={"x": 6, "y": 6})) if tap else \
        (lambda target: target.click(position={"x": 6, "y": 6}))
    if click is None and clicks and all(c.get("built") for c in clicks):
        # Every move is built from cards (a discard of one or several): pick the first card that
        # starts one, then press the first button that finishes a move.
        selection = page.evaluate(f"document.querySelector('{block}').rwWidget.desc.selection")
        card = selection["selectable"][0]
        press(widget.locator(f'[data-key="{"/".join(map(str, selection["places"][card][0]))}"]'))
        finish = widget.locator(".rw-actions button[data-choice]").first
        finish.wait_for()
        press(finish)
        page.wait_for_function(f"n => document.querySelector('{block}').rwWidget.step > n", arg=before)
        return clicks[0]
    if click is None:
        assert clicks, "the reader's turn offers no move at all"
        press(widget.locator(".rw-actions button").first)
        page.wait_for_function(f"n => document.querySelector('{block}').rwWidget.step > n", arg=before)
        return clicks[0]
    press(widget.locator(f'[data-key="{"/".join(map(str, click["card"]))}"]'))
    if click.get("choice"):   # a choice (an 8's suit, a card laid): its button, once the card is picked
        button = f'{block} .rw-actions button[data-move="{click["move"]}"]'
        page.wait_for_function(f"""n => document.querySelector('{block}').rwWidget.step > n
            || document.querySelector({button!r})""", arg=before)
        if step_of(page, block) == before:
            press(widget.locator(f'.rw-actions button[data-move="{click["move"]}"]'))
    elif widget.locator('.rw-card[aria-pressed="true"]').count():
        zone = widget.locator(f'[data-zone="{click["to"]}"]')
        target = zone.locator("button.rw-card").last.or_(zone.locator("button.rw-slot")).first
        press(target)
    page.wait_for_function(f"n => document.querySelector('{block}').rwWidget.step > n", arg=before)
    return click


@pytest.mark.parametrize("game_id", GAMES)
def test_a_desktop_reader_passes_axe_and_clicks_a_move(reader_page, site_url, game_id):
    # One page goes from game to game as a reader following links does (the engine keeps running).
    page = reader_page("tables-desktop")
    widget = dealt(page, site_url + f"games/{game_id}/")
    assert widget.locator(".rw-zone").count() >= 1 and widget.locator(".rw-headline").inner_text()
    # The whole page with its table dealt (header, navigation, footer, rules, the table and the
    # stepper) passes axe in either theme (in the second, the rules that read colours: the rest see
    # the same document); the other pages are checked in test_pages.py.
    # The dark theme's colours on every second game: its styles are the same for all (the suite's 20 minutes).
    for scheme in ("default", "slate")[:1 + GAMES.index(game_id) % 2]:
        in_scheme(page, scheme)
        found = axe_violations(page, colours_only=scheme != "default")
        assert not found, f"{scheme}:\n{describe(found)}"
    in_scheme(page, "default")
    play_first_move_by_pointer(page, widget, tap=False)
    assert widget.locator(".rw-status").inner_text()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_phone_reader_taps_a_move_and_nothing_scrolls_sideways(reader_page, site_url, game_id):
    page = reader_page("tables-phone", touch=True)
    widget = dealt(page, site_url + f"games/{game_id}/")
    play_first_move_by_pointer(page, widget, tap=True)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn, {PLAY}.rw-play--live, {PLAY} .rw-interlude")
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    # Measured in one go: the bots may still be playing, and each of their moves redraws the table.
    boxes = widget.evaluate("""node => [...node.querySelectorAll('.rw-seat--bottom .rw-zone--fan .rw-card')]
        .map((card) => { const r = card.getBoundingClientRect(); return { x: r.x, width: r.width }; })""")
    if boxes:  # the reader's hand fits the width, every card's corner in view
        assert all(0 <= box["x"] and box["x"] + box["width"] <= 390 for box in boxes)
        assert all(b2["x"] - b1["x"] >= 14 for b1, b2 in zip(boxes, boxes[1:]))


@pytest.mark.parametrize("game_id, block_id", BLOCKS_WITH_OPTIONS)
def test_a_play_block_with_options_takes_a_move(page, site_url, game_id, block_id):
    page.goto(site_url + f"games/{game_id}/#{block_id}")
    block = f"#{block_id}"
    widget = page.locator(block)
    widget.scroll_into_view_if_needed()
    to_the_readers_turn(page, block)
    options = page.evaluate(f"JSON.parse(document.querySelector('{block}').dataset.options)")
    assert options and all(page.evaluate(f"document.querySelector('{block}').rwWidget.options[{key!r}]") == value
                           for key, value in options.items())
    play_first_move_by_pointer(page, widget, tap=False, block=block)
    assert widget.locator(".rw-status").inner_text()


def test_keyboard_only_play_keeps_the_focus_on_the_table(page, site_url):
    widget = dealt(page, site_url + "games/king/")
    page.locator("body").focus()
    for _ in range(400):  # Tab until a playable card has the focus (the table is one stop per zone)
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-widget=play] .rw-card--legal')"):
            break
    else:
        pytest.fail("no playable card reached by Tab")
    first = page.evaluate("document.activeElement.dataset.key")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.key") != first
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.key") == first
    before = step_of(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"n => document.querySelector('{PLAY}').rwWidget.step > n", arg=before)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert page.evaluate("!!document.activeElement.closest('[data-widget=play] .rw-table-area')")
    assert widget.locator("[data-zone=hand-0] .rw-card").count() == 12
    # The cards of the trick and of the last trick can never be played: none is a button, nor a tab stop.
    assert widget.locator("[data-zone=trick] .rw-card, [data-zone=last-trick] .rw-card").count() > 0
    zones = page.evaluate(f"[...document.querySelectorAll('{PLAY} .rw-table-area button')].map((b) => b.closest('.rw-zone').dataset.zone)")
    assert set(zones) == {"hand-0"}, zones


def test_by_keyboard_a_chosen_card_goes_on_to_the_places_it_may_go(page, site_url):
    widget = dealt(page, site_url + "games/yukon/")  # the block deals seed 7
    # A card with two moves, one of them to a place earlier on the page than the card itself.
    key = page.wait_for_function(f"""() => {{
        const w = document.querySelector('{PLAY}').rwWidget;
        if (!(w.desc && w.desc.to_act === w.human && !w.busy)) return null;
        const order = w.desc.zones.map((z) => z.id);
        const starts = {{}};
        for (const c of w.desc.moves) if (c.card) (starts[c.card.join("/")] ||= []).push(c.to);
        return Object.keys(starts).find((k) => starts[k].length > 1
            && starts[k].some((to) => order.indexOf(to) < order.indexOf(k.split("/")[0]))) || "none";
    }}""").json_value()
    assert key != "none", "seed 7 no longer deals a card with a place before it"
    widget.locator(f'[data-key="{key}"]').focus()
    page.keyboard.press("Enter")
    assert widget.locator('.rw-card[aria-pressed="true"]').get_attribute("data-key") == key
    # Said, not only highlighted: the message names the places, and each place says what it is for.
    message = widget.locator(".rw-message").inner_text()
    assert "chosen: it can go onto the" in message, message
    places = widget.locator(".rw-card--target, .rw-slot--target")
    chosen = widget.locator(f'[data-key="{key}"]').get_attribute("aria-label").split(",")[0]
    labels = [places.nth(i).get_attribute("aria-label") for i in range(places.count())]
    assert len(labels) >= 2 and all(label.endswith(f"move the {chosen} here") for label in labels), labels
    for scheme in ("default", "slate"):  # the highlighted places pass axe too
        in_scheme(page, scheme)
        found = axe_violations(page, PLAY)
        assert not found, f"{scheme}:\n{describe(found)}"
    # Tab: from the chosen card to each place, in the page's order, then on out of the table.
    targets = [places.nth(i).get_attribute("data-key") for i in range(places.count())]
    focused = lambda: page.evaluate("document.activeElement.dataset.key || null")  # noqa: E731
    outside = lambda: not page.evaluate(f"!!document.activeElement.closest('{PLAY} .rw-table-area')")  # noqa: E731
    for target in targets:
        page.keyboard.press("Tab")
        assert focused() == target
    page.keyboard.press("Tab")
    assert outside()
    # Back in, from below or from above, the table's one stop is the chosen card, not a place before it.
    page.keyboard.press("Shift+Tab")
    assert focused() == key
    page.keyboard.press("Shift+Tab")
    assert outside()
    page.keyboard.press("Tab")
    assert focused() == key
    # Shift+Tab goes back through the places to the chosen card.
    for target in targets:
        page.keyboard.press("Tab")
    for target in [*reversed(targets[:-1]), key]:
        page.keyboard.press("Shift+Tab")
        assert focused() == target
    page.keyboard.press("Tab")
    before = step_of(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"n => document.querySelector('{PLAY}').rwWidget.step > n", arg=before)


def test_a_chosen_card_is_cancelled_with_escape(page, site_url):
    widget = dealt(page, site_url + "games/yukon/")
    # The moves of the reader's turn as the widget holds them once it has settled on it.
    clicks = page.wait_for_function(f"""() => {{
        const w = document.querySelector('{PLAY}').rwWidget;
        return w.desc && w.desc.to_act === w.human && !w.busy && w.desc.moves.length ? w.desc.moves : null;
    }}""").json_value()
    starts = {}
    for click in clicks:
        if click["card"]:
            starts.setdefault("/".join(map(str, click["card"])), []).append(click)
    several = next((key for key, moves in starts.items() if len(moves) > 1), None)
    if several is None:
        pytest.skip("no card of this deal has two moves")
    card = widget.locator(f'[data-key="{several}"]')
    card.click(position={"x": 6, "y": 6})
    assert widget.locator('.rw-card[aria-pressed="true"]').count() == 1
    assert widget.locator(".rw-zone--target").count() == len(starts[several])
    page.keyboard.press("Escape")
    assert widget.locator('.rw-card[aria-pressed="true"]').count() == 0


def test_a_hands_end_stays_on_the_table_until_the_reader_goes_on(page, site_url):
    page.goto(site_url + "games/king/")
    stepper = page.locator(EXAMPLE).nth(1)
    # The frames are a file beside the page, fetched when the example comes near the view.
    frames = page.evaluate("src => fetch(src).then((r) => r.json())", site_url + stepper.get_attribute("data-frames-src"))
    end = next(i for i, frame in enumerate(frames) if frame["table"]["interlude"])
    # The stepper: the hand's last trick and result are a frame of their own.
    page.goto(site_url + f"games/king/#example-2/{end}")
    page.reload()  # a new hash alone is no new page
    stepper.locator(".rw-interlude").wait_for()
    assert "End of hand 7" in stepper.locator(".rw-interlude").inner_text()
    assert stepper.locator(".rw-interlude [data-zone=last-trick] .rw-card").count() == 4
    stepper.get_by_role("button", name="Next step").click()
    assert stepper.locator(".rw-interlude").count() == 0
    # Played on from just before the last card, the live table pauses on the same sight.
    page.goto(site_url + f"games/king/#example-2/{end - 1}")
    page.reload()
    stepper.get_by_role("button", name="Play on from here").click()
    live = stepper.locator(".rw-live")
    page.wait_for_selector(f"{EXAMPLE} .rw-live.rw-play--your-turn")
    live.locator("button.rw-card--legal").first.click()
    live.locator(".rw-interlude").wait_for()
    assert "End of hand 7" in live.locator(".rw-interlude").inner_text()
    # The bots wait for the reader: their loop comes to rest on the hand's end, the table idle.
    page.wait_for_function(f"() => {{ const w = document.querySelector('{EXAMPLE} .rw-live').rwWidget;"
                           " return typeof w.resumeBots === 'function' && !w.busy; }")
    assert live.locator(".rw-interlude").count() == 1
    live.get_by_role("button", name="Next hand").click()
    live.locator(".rw-headline", has_text="Hand 8 of 10").wait_for()


# A long record is drawn at this many of its states, spread over it, and at every hand's end.
MOST_DRAWN = 120


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_dom_renderer_draws_the_states_of_a_golden_record(reader_page, site_url, name):
    states = list(replay(GOLDEN[name].text()))
    tables = [frame["table"] for frame in frames_of(states)]
    every = max(1, len(tables) // MOST_DRAWN)
    tables = [table for i, table in enumerate(tables) if i % every == 0 or table["interlude"] or i == len(tables) - 1]
    page = reader_page("golden-records")   # one page draws every record in turn
    if not page.url.startswith(site_url):
        page.goto(site_url)
    drawn = page.evaluate("""async (tables) => {
        const { renderInterlude, renderTable } = await import("./widgets/tables.js");
        let cards = 0;
        for (const table of tables) {
          const node = table.interlude ? renderInterlude(table) : renderTable(table, { viewer: 0 });
          cards += node.querySelectorAll(".rw-card").length;
        }
        return cards;
    }""", tables)
    assert drawn > 0
