"""Stop the Bus at the card table: the reader picks a face-up card, then which of their own cards
to give for it from the buttons that appear, by mouse, keyboard and touch; and stops the bus with
its button (beside the one that keeps a hand). The page opens at the reader's first turn of a seeded deal."""

import pytest

from rules_engine.host import Host
from said import listen, said_after
from site_server import INSTANT_PACE

GAME = "stop-the-bus"
PLAY = "#play-1"
READY = f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
    return w && w.desc && w.desc.to_act === w.human && !w.busy; }}"""


def call(host, op, **args):
    reply = host.handle({"v": 1, "op": op, "session": "t", **args})
    assert reply["ok"], reply
    return reply


def open_at_the_readers_turn(page, site_url, seed=3):
    host = Host()
    reply = call(host, "open", game=GAME, seed=seed, seats=3, human=0)
    while reply["table"]["to_act"] != 0:
        reply = call(host, "bot")
    if reply["table"]["is_over"] or reply["table"]["interlude"]:
        pytest.fail(f"seed {seed} gives the reader no plain first turn")
    code = call(host, "share")["share"]
    page.goto(site_url + f"games/{GAME}/#play-1/{seed}/{code}")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_function(READY)
    clicks = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.moves")
    take = next(c for c in clicks if c["move"].startswith("take "))
    key = "/".join(map(str, take["card"]))
    choices = [c for c in clicks if c["card"] == take["card"]]
    assert [c["choice"].split()[0] for c in choices] == ["give"] * 3
    return page.locator(PLAY), key, choices


def step(page):
    listen(page, PLAY)   # every sentence from now on: the bots may answer before the test reads it
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")


def played(page, before):
    """The sentence of the first move made after step ``before``: the reader's, not a bot's answer."""
    return said_after(page, PLAY, before)


def the_gifts_are_offered(widget, choices):
    buttons = widget.locator(".rw-actions button[data-choice]")
    assert [buttons.nth(i).get_attribute("data-move") for i in range(buttons.count())] == [c["move"] for c in choices]
    return buttons


def gave(choice):
    """``Seat 0 takes the X and gives the Y`` for a move ``take X give Y``, in symbols."""
    from rules_engine.cards import parse_card

    _, up, _, own = choice["move"].split()
    return f"Seat 0 takes the {parse_card(up).symbol} and gives the {parse_card(own).symbol}"


def test_a_face_up_card_and_the_card_given_for_it_by_mouse(page, site_url):
    widget, key, choices = open_at_the_readers_turn(page, site_url)
    before = step(page)
    widget.locator(f'[data-key="{key}"]').click()
    the_gifts_are_offered(widget, choices).nth(1).click()
    assert gave(choices[1]) in played(page, before)


def test_a_face_up_card_and_the_card_given_for_it_by_keyboard(page, site_url):
    widget, key, choices = open_at_the_readers_turn(page, site_url)
    before = step(page)
    widget.locator(f'[data-key="{key}"]').focus()
    page.keyboard.press("Enter")
    the_gifts_are_offered(widget, choices)
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.move") == choices[2]["move"]
    page.keyboard.press("Enter")
    assert gave(choices[2]) in played(page, before)


def test_a_face_up_card_and_the_card_given_for_it_by_touch(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True)
    context.add_init_script(INSTANT_PACE)  # the bots play at once
    page = context.new_page()
    try:
        widget, key, choices = open_at_the_readers_turn(page, site_url)
        before = step(page)
        widget.locator(f'[data-key="{key}"]').tap()
        the_gifts_are_offered(widget, choices).nth(0).tap()
        assert gave(choices[0]) in played(page, before)
    finally:
        context.close()


def test_the_reader_stops_the_bus_with_its_button_and_keeps_a_hand_with_another(page, site_url):
    widget, _, _ = open_at_the_readers_turn(page, site_url)
    assert widget.locator('.rw-actions button[data-move="keep"]').inner_text() == "Keep my hand"
    before = step(page)
    stop = widget.locator('.rw-actions button[data-move="stop"]')
    assert stop.inner_text() == "Stop the bus!"
    stop.click()
    assert "Seat 0 stops the bus" in played(page, before)
