"""The widgets on the built site, in Chromium: dealing, playing by click and
keyboard, refused moves with their rule, undo, share links, the stepper and
its fallback, instant navigation, and a failed engine load."""

import re

from playwright.sync_api import expect


PLAY = "[data-widget=play]"
EXAMPLE = "[data-widget=example]"


def ready_to_play(page, url):
    page.goto(url)
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    return page.locator(PLAY)


def to_the_readers_turn(page, block):
    """Waits for the reader's turn at the table ``block`` (a selector), going on past the hands the
    bots end before it (each shown until the reader presses Next hand): a random deal of a game
    whose hands may end without the reader, as stops games and Lórum's Quart may. A real-time
    table (its beat not yet started) is the reader's at once."""
    widget = page.locator(block)
    for _ in range(10):
        # The hand's end left is marked: at the bots' instant pace the next one may follow at once
        # (Commune at ten seats), so what is waited for is a table that is not the one left.
        page.wait_for_selector(f"{block}.rw-play--your-turn, {block}.rw-play--live, {block} .rw-interlude:not([data-left])")
        if not widget.locator(".rw-interlude").count():
            return widget
        widget.locator(".rw-interlude").evaluate("node => { node.dataset.left = 'yes'; }")
        widget.locator("[data-move=next-hand]").click()
    raise AssertionError(f"{block}: ten hands ended without the reader")


HAND = "[data-widget=play] [data-zone=hand-0] .rw-card"


def human_hand(widget):
    return widget.locator("[data-zone=hand-0] .rw-card")


def step(page):
    return page.evaluate("location.hash")


def test_king_deals_and_the_bots_answer_a_click(page, site_url):
    widget = ready_to_play(page, site_url + "games/king/")
    assert human_hand(widget).count() == 13
    assert "Your turn." in widget.locator(".rw-status").inner_text()
    card = widget.locator("[data-zone=hand-0] .rw-card--legal").first
    played = card.get_attribute("data-card")
    card.click()
    page.wait_for_function("n => document.querySelectorAll('[data-widget=play] [data-zone=hand-0] .rw-card').length === n", arg=12)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    status = widget.locator(".rw-status").inner_text()
    assert re.search(r"Seat [123] plays the ", status), status
    assert played not in [c.get_attribute("data-card") for c in human_hand(widget).all()]


def test_an_illegal_card_shows_the_reason_and_links_the_rule(page, site_url):
    widget = ready_to_play(page, site_url + "games/king/")
    # A move chosen in the list first: the refusal's redraw must not reset it to the list's first.
    options = widget.locator(".rw-move-list select option")
    chosen = options.nth(options.count() - 1).get_attribute("value")
    assert chosen != options.first.get_attribute("value")
    widget.locator(".rw-move-list select").select_option(value=chosen)
    illegal = widget.locator("[data-zone=hand-0] .rw-card:not(.rw-card--legal)").first
    illegal.click()
    message = widget.locator(".rw-message")
    message.get_by_text("you must follow suit").wait_for()
    link = message.locator("a.rw-rule-link")
    assert link.get_attribute("href") == "#play.follow-suit"
    assert page.locator('[id="play.follow-suit"]').count() == 1
    assert human_hand(widget).count() == 13  # nothing changed
    page.evaluate("document.querySelector('[data-widget=play]').rwWidget.render()")
    assert widget.locator(".rw-move-list select").input_value() == chosen
    widget.locator(".rw-move-list").get_by_role("button", name="Play").click()
    page.wait_for_function("n => document.querySelectorAll('[data-widget=play] [data-zone=hand-0] .rw-card').length === n", arg=12)
    assert chosen.split()[-1] not in [c.get_attribute("data-card") for c in human_hand(widget).all()]


def test_keyboard_play_and_undo(page, site_url):
    widget = ready_to_play(page, site_url + "games/king/")
    widget.locator("[data-zone=hand-0] .rw-card--legal").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('[data-widget=play] [data-zone=hand-0] .rw-card').length === 12")
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    widget.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => document.querySelectorAll('[data-widget=play] [data-zone=hand-0] .rw-card').length === 13")
    assert "Move taken back" in widget.locator(".rw-message").inner_text()


def test_share_link_reproduces_the_position(page, new_page, site_url):
    widget = ready_to_play(page, site_url + "games/king/")
    for held in (12, 11):
        widget.locator("[data-zone=hand-0] .rw-card--legal").first.click()
        page.wait_for_function(f"() => document.querySelectorAll('{HAND}').length === {held}")
        page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    # Until the reader shares, the address names no deal (a link would tell every hand).
    assert page.evaluate("location.hash") == ""
    widget.get_by_role("button", name="Share link").click()
    page.wait_for_function("() => location.hash.startsWith('#play-1/')")
    link = page.evaluate("location.href")
    assert re.search(r"#play-1/42/[0-9A-Za-z~]+$", link), link
    assert "the bots' included" in widget.locator(".rw-message").inner_text()
    table = widget.locator(".rw-table-area").inner_text()
    other = new_page()
    copy = ready_to_play(other, link)
    assert copy.locator(".rw-table-area").inner_text() == table
    # The link's page started its one worker from its <head>, before its scripts ran.
    assert other.evaluate("[rulesEngineStatus.startedEarly, rulesEngineStatus.workersStarted]") == [True, 1]


def test_yukon_click_a_card_then_its_target(page, site_url):
    widget = ready_to_play(page, site_url + "games/yukon/")
    moves = widget.locator("select option").all_inner_texts()
    onto = next(m for m in moves if " onto " in m)
    move = widget.locator("select option").nth(moves.index(onto)).get_attribute("value")
    _, card, _, target = move.split()
    # Cards in a column overlap: click the strip of each that shows, as a reader would. A card
    # with one move only goes at once; one with several is chosen, then its target.
    widget.locator(f'.rw-zone--column .rw-card[data-card="{card}"]').click(position={"x": 8, "y": 6})
    if widget.locator(f'.rw-card[data-card="{card}"][aria-pressed="true"]').count():
        assert widget.locator(".rw-zone--target").count() >= 1
        widget.locator(f'.rw-zone--column .rw-card[data-card="{target}"]').click(position={"x": 8, "y": 6})
    page.wait_for_function("() => document.querySelector('[data-widget=play] .rw-status').textContent.includes(' moves to column ')")
    column = widget.locator(".rw-zone--column").filter(has=page.locator(f'[data-card="{target}"]'))
    assert column.locator(f'[data-card="{card}"]').count() == 1


def test_stepper_steps_and_deep_links(page, site_url):
    page.goto(site_url + "games/king/#example-1/7")
    stepper = page.locator(EXAMPLE).first
    counter = stepper.locator(".rw-counter")
    # The frames arrive from a file of their own once the example is in view.
    expect(stepper.locator(".rw-commentary")).to_contain_text("only one heart")
    assert counter.inner_text() == "Step 7 of 16"
    stepper.get_by_role("button", name="Next step").click()
    assert counter.inner_text() == "Step 8 of 16" and step(page) == "#example-1/8"
    stepper.locator(".rw-stepper").focus()
    page.keyboard.press("Home")
    assert counter.inner_text() == "Step 0 of 16"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    assert counter.inner_text() == "Step 16 of 16"
    assert stepper.locator(".rules-example__moves").is_hidden()


def test_a_hands_end_is_a_step_of_its_own(page, site_url):
    """King's second example ends hand 7 with its 61st move: step 61 is the hand's end, step 62
    the next deal, and a bad link, the counter and the line under it agree on the steps."""
    page.goto(site_url + "games/king/#example-2/63")
    stepper = page.locator(EXAMPLE).nth(1)
    counter, line = stepper.locator(".rw-counter"), stepper.locator(".rw-commentary")
    assert counter.inner_text() == "Step 0 of 62"
    assert "(its steps go from 0 to 62)" in stepper.locator(".rw-message").inner_text()
    stepper.get_by_role("button", name="Last step").click()
    expect(line).to_have_text("The next hand is dealt: Hand 8 of 10: Positive hand 2.")
    assert counter.inner_text() == "Step 62 of 62" and step(page) == "#example-2/62"
    stepper.get_by_role("button", name="Previous step").click()
    assert counter.inner_text() == "Step 61 of 62"
    assert line.inner_text().startswith("Seat 0: play 8♣ — Seat 3 takes the last trick")
    assert line.inner_text().endswith("which add up to 325. End of hand 7: Positive hand 1.")


def test_play_on_from_a_step(page, site_url):
    page.goto(site_url + "games/king/#example-1/6")
    stepper = page.locator(EXAMPLE).first
    stepper.get_by_role("button", name="Play on from here").click()
    live = stepper.locator(".rw-live")
    live.locator(".rw-play--your-turn").or_(live.locator(".rw-title")).first.wait_for()
    page.wait_for_selector(f"{EXAMPLE} .rw-live.rw-play--your-turn")
    assert "step 6" in live.locator(".rw-title").inner_text()


def test_without_javascript_the_examples_and_notices_show(new_page, site_url):
    page = new_page(java_script_enabled=False)
    page.goto(site_url + "games/king/")
    example = page.locator(EXAMPLE).first
    assert example.locator(".rules-example__moves li").count() == 16
    assert example.locator(".rules-example__moves").is_visible()
    assert "terminal" in page.locator(PLAY).inner_text()


def navigate_king_to_yukon_instantly(page, url):
    """Deal King at ``url``, follow the sidebar to Yukon and deal there, in the same
    document and with the same worker (instant navigation)."""
    ready_to_play(page, url + "games/king/")
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-sidebar--primary a[href$='games/yukon/']").click()
    page.wait_for_url(re.compile(r"games/yukon/"))
    page.locator("h1", has_text="Yukon").wait_for()
    page.locator(f"{PLAY}[data-game=yukon]").scroll_into_view_if_needed()
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert page.evaluate("window.__sameDocument") is True
    assert page.evaluate("window.rulesEngineStatus.workersStarted") == 1


def test_instant_navigation_reuses_the_worker(page, site_url):
    navigate_king_to_yukon_instantly(page, site_url)
    # The new page's worked examples are steppers too, each as the reader nears it, and step.
    examples = page.locator(EXAMPLE)
    assert examples.count() >= 1
    for example in examples.all():
        example.scroll_into_view_if_needed()
        example.locator(".rw-stepper").wait_for()
    examples.first.get_by_role("button", name="Next step").click()
    assert examples.first.locator(".rw-counter").inner_text().startswith("Step 1 of")


def test_a_phone_screen_fits(new_page, site_url):
    page = new_page(width=390)
    widget = ready_to_play(page, site_url + "games/yukon/")
    assert widget.locator(".rw-zone--column").count() == 7
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0


def test_a_failed_engine_load_leaves_the_rules_and_stepper_working(browser, site_url):
    context = browser.new_context()
    page = context.new_page()
    page.route("**/pyodide.asm.wasm*", lambda route: route.abort())  # the plain file and its gzip
    page.goto(site_url + "games/king/")
    page.locator(PLAY).scroll_into_view_if_needed()
    notice = page.locator(f"{PLAY} .rw-loading__text")
    notice.get_by_text("failed to load").or_(notice.get_by_text("cannot start")).wait_for(timeout=60_000)
    assert "still work" in notice.inner_text()
    stepper = page.locator(EXAMPLE).first
    stepper.get_by_role("button", name="Next step").click()
    expect(stepper.locator(".rw-counter")).to_have_text("Step 1 of 16")
    context.close()


def test_a_page_from_before_a_new_build_asks_the_reader_to_reload(browser, site_url):
    # A new build replaces the engine's folder: the worker's address this page gives is gone.
    context = browser.new_context()
    page = context.new_page()
    page.route("**/pyodide/*/*/engine-worker.js", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site_url + "games/king/")
    page.locator(PLAY).scroll_into_view_if_needed()
    notice = page.locator(f"{PLAY} .rw-loading__text")
    notice.get_by_text("reload the page to play").wait_for(timeout=60_000)
    assert "The site has been updated since this page was loaded" in notice.inner_text()
    assert "still work" in notice.inner_text()
    context.close()


def test_a_new_deal_is_the_readers_own_until_shared(page, site_url):
    """The engine draws a new deal's seed and keeps it: no reply names it, and the address
    forgets the shared deal until the reader shares the new one."""
    widget = ready_to_play(page, site_url + "games/king/#play-1/42/")
    widget.get_by_role("button", name="New deal").click()
    page.wait_for_function("() => location.hash === ''")
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    widget.get_by_role("button", name="Share link").click()
    page.wait_for_function("() => location.hash.startsWith('#play-1/')")
    seed = page.evaluate("location.hash").split("/")[1]
    assert seed.isdigit() and seed != "42"
    other = ready_to_play(page, site_url + "games/king/" + page.evaluate("location.hash"))
    assert other.locator("[data-zone=hand-0] .rw-card").count() == 13


def test_the_table_names_nobody_while_it_waits_for_the_holder_of_the_next_card(page, site_url):
    """In stops play whoever holds the next card plays it: the reader is not told who, nor whether
    a card that stops play was kept back (Spinado) or dead."""
    page.goto(site_url + "games/spinado/")
    widget = page.locator("#play-1")
    widget.scroll_into_view_if_needed()
    page.wait_for_selector("#play-1.rw-play--your-turn")
    statuses = []
    page.expose_function("noteStatus", lambda text: statuses.append(text))
    page.evaluate("""() => new MutationObserver(() => window.noteStatus(
        document.querySelector('#play-1 .rw-status').textContent))
        .observe(document.querySelector('#play-1 .rw-status'), {childList: true, characterData: true, subtree: true})""")
    for _ in range(6):
        held = widget.locator("[data-zone=hand-0] .rw-card").count()
        widget.locator("[data-zone=hand-0] .rw-card--legal").first.click()
        # The card leaves the hand (or the hand ends): only then is the reader's turn the next one.
        page.wait_for_function("""(held) => document.querySelectorAll('#play-1 [data-zone=hand-0] .rw-card').length < held
            || document.querySelector('#play-1 .rw-interlude')""", arg=held)
        page.wait_for_selector("#play-1.rw-play--your-turn, #play-1 .rw-interlude")
        if widget.locator(".rw-interlude").count():
            break
    waits = [s for s in statuses if "Waiting for the holder of the " in s]
    assert waits, statuses
    assert not any(re.search(r"Seat \d holds back", s) for s in statuses), statuses
