"""Links and addresses around the play widget, in Chromium: links within the page only
scroll; bad share links of every shape say so and leave a working table; a shared link
deals at once in view; "play on from here" links open their position; a game's options
are offered before a deal and travel in its share link."""

import pytest
from playwright.sync_api import expect
from test_widgets import EXAMPLE, PLAY, ready_to_play
from waits import follow

CARDS = "() => document.querySelectorAll('[data-widget=play] [data-zone=hand-0] .rw-card').length"


def play_cards(page, widget, count):
    for n in range(count):
        widget.locator("[data-zone=hand-0] .rw-card--legal").first.click()
        page.wait_for_function(f"{CARDS} === {12 - n}")
        page.wait_for_selector(f"{PLAY}.rw-play--your-turn")


def test_links_within_the_page_only_scroll(page, site_url):
    widget = ready_to_play(page, site_url + "games/king/")
    play_cards(page, widget, 3)
    page.evaluate("window.__sameDocument = true")
    table = widget.locator(".rw-table-area").inner_text()
    illegal = widget.locator("[data-zone=hand-0] .rw-card:not(.rw-card--legal)")
    if illegal.count():
        illegal.first.click()
        widget.locator(".rw-message a.rw-rule-link").wait_for()
        follow(page, widget.locator(".rw-message a.rw-rule-link"))
        assert widget.locator(".rw-message a.rw-rule-link").count() == 1
    # A table-of-contents entry, then a ¶ permalink.
    entry = follow(page, page.locator(".md-sidebar--secondary a.md-nav__link").first)
    follow(page, page.locator("a.headerlink").nth(2))
    page.go_back()  # Back over a link within the page only scrolls too
    page.wait_for_function("(hash) => decodeURIComponent(location.hash) === decodeURIComponent(hash)", arg=entry)
    assert page.evaluate("window.__sameDocument") is True
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert page.evaluate(CARDS) == 10
    assert widget.locator(".rw-table-area").inner_text() == table
    widget.get_by_role("button", name="Undo").click()
    page.wait_for_function(f"{CARDS} === 11")


@pytest.mark.parametrize("link", ["play-1/42/zzzzzz", "play-1/abc/xyz", "play-1/42", "play-1/-5/00",
                                  "play-1/123456789012345678901/0", "play-1/%zz"])
def test_a_bad_share_link_says_so_and_deals(page, site_url, link):
    page.goto(site_url + f"games/king/#{link}")
    widget = page.locator(PLAY)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    message = widget.locator(".rw-message").inner_text()
    assert "This link" in message and "here is" in message, message
    assert page.evaluate("location.hash") == f"#{link}"  # nothing rewritten silently
    for name in ("New deal", "Share link"):
        assert widget.get_by_role("button", name=name).is_enabled()
    widget.locator("[data-zone=hand-0] .rw-card--legal").first.click()
    page.wait_for_function(f"{CARDS} === 12")


@pytest.mark.parametrize("link", ["example-1/-3", "example-1/abc", "example-1/999"])
def test_a_bad_example_link_says_so(page, site_url, link):
    page.goto(site_url + f"games/king/#{link}")
    stepper = page.locator(EXAMPLE).first
    expect(stepper.locator(".rw-counter")).to_have_text("Step 0 of 16")
    expect(stepper.locator(".rw-message")).to_contain_text("does not have")
    assert page.evaluate("location.hash") == f"#{link}"
    stepper.get_by_role("button", name="Next step").click()
    expect(stepper.locator(".rw-counter")).to_have_text("Step 1 of 16")   # the step drawn, however busy the machine


def test_a_shared_link_brings_the_table_into_view_and_deals(page, site_url):
    page.goto(site_url + "games/king/#play-1/42/")
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")  # no scrolling by the test
    box = page.locator(PLAY).bounding_box()
    assert 0 <= box["y"] < 1000
    # The link lands on words saying what the table is: the block's title stays as its heading.
    heading = page.locator(f"{PLAY} .rw-title")
    assert heading.is_visible() and heading.inner_text() == "Play King at this table: 4 players, you in seat 0"


def test_play_on_link_opens_that_position(page, site_url):
    page.goto(site_url + "games/king/#example-1/6")
    stepper = page.locator(EXAMPLE).first
    stepper.get_by_role("button", name="Play on from here").click()
    page.wait_for_selector(f"{EXAMPLE} .rw-live.rw-play--your-turn")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    stepper.locator(".rw-live").get_by_role("button", name="Share link").click()
    link = page.evaluate("location.href")
    assert link.endswith("#example-1/6/live"), link
    page.goto(site_url + "games/")
    page.goto(link)
    live = page.locator(f"{EXAMPLE} .rw-live")
    page.wait_for_selector(f"{EXAMPLE} .rw-live.rw-play--your-turn")
    assert "step 6" in live.locator(".rw-title").inner_text()
    # A new deal at that table is shared as that deal, not as the example's step.
    live.get_by_role("button", name="New deal").click()
    page.wait_for_selector(f"{EXAMPLE} .rw-live.rw-play--your-turn")
    live.get_by_role("button", name="Share link").click()
    page.wait_for_function("location.hash.startsWith('#example-1-live/')")
    table = live.locator(".rw-table-area").inner_text()
    link = page.evaluate("location.href")
    page.goto(site_url + "games/")
    page.goto(link)
    page.wait_for_selector(f"{EXAMPLE} .rw-live.rw-play--your-turn")
    assert live.locator(".rw-title").inner_text() == "A new deal."
    assert live.locator(".rw-table-area").inner_text() == table


def test_the_games_options_before_a_deal(page, site_url):
    widget = ready_to_play(page, site_url + "games/king/")
    choice = widget.get_by_label("First hand")
    assert choice.input_value() == "1"
    choice.select_option("7")
    page.wait_for_function("() => document.querySelector('[data-widget=play]').rwWidget.desc.headline.title.startsWith('Hand 7 of 10')")
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    # A positive hand may open with the reader's choice of contract (a button) or a card.
    first = page.evaluate("document.querySelector('[data-widget=play]').rwWidget.desc.moves[0]")
    before = page.evaluate("document.querySelector('[data-widget=play]').rwWidget.step")
    if first["card"]:
        widget.locator(f'[data-key="{first["card"][0]}/{first["card"][1]}"]').click(position={"x": 6, "y": 6})
    else:
        widget.locator(f'button[data-move="{first["move"]}"]').click()
    page.wait_for_function("n => document.querySelector('[data-widget=play]').rwWidget.step > n", arg=before)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    widget.get_by_role("button", name="Share link").click()
    page.wait_for_function("() => location.hash.startsWith('#play-1/')")
    link = page.evaluate("location.href")
    assert link.endswith("/first_hand=7"), link
    table = widget.locator(".rw-table-area").inner_text()
    page.goto(site_url + "games/")
    page.goto(link)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert widget.locator(".rw-table-area").inner_text() == table
    assert widget.get_by_label("First hand").input_value() == "7"
