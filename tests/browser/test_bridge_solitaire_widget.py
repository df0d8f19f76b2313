"""Bridge Solitaire in Chromium: keep six face-up cards by click, bid from
the move list, and play a trick against the stock."""

PLAY = "[data-widget=play]"


def test_choose_bid_and_play_a_trick(page, site_url):
    page.goto(site_url + "games/bridge-solitaire/")
    widget = page.locator(PLAY)
    widget.scroll_into_view_if_needed()
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    faceup = widget.locator("[data-zone=faceup] .rw-card")
    assert faceup.count() == 13
    for kept in range(6):
        widget.locator("[data-zone=faceup] .rw-card--legal").first.click()
        page.wait_for_function(
            "n => document.querySelectorAll(\"[data-widget=play] [data-zone=kept] .rw-card\").length === n"
            " || document.querySelectorAll(\"[data-widget=play] [data-zone=hand-0] .rw-card\").length === 13",
            arg=kept + 1)
        page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    hand = widget.locator("[data-zone=hand-0] .rw-card")
    assert hand.count() == 13
    assert "The house " in widget.locator(".rw-headline").inner_text()
    # Bid the cheapest legal bid through the list of moves.
    bid = next(text for text in widget.locator("select option").all_inner_texts() if text.lower().startswith("bid"))
    before = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")
    widget.get_by_role("button", name=bid).first.click()
    # The class is still there from before the click: wait for the bid's reply itself.
    page.wait_for_function(f"n => document.querySelector('{PLAY}').rwWidget.step > n", arg=before)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert "Contract:" in widget.locator(".rw-headline").inner_text()
    widget.locator("[data-zone=hand-0] .rw-card--legal").first.click()
    page.wait_for_function(
        "() => document.querySelectorAll(\"[data-widget=play] [data-zone=hand-0] .rw-card\").length === 12")
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert "Last trick, taken by" in widget.locator("[data-zone=last-trick]").get_attribute("aria-label")
