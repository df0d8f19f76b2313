"""A move that makes a choice once its card is picked, an 8 and the suit it calls, played at the
card table by mouse, keyboard and touch. Written for every game with such moves (a form
``play-call`` and a card whose effect calls, as the Crazy Eights family's games have): the engine finds a deal whose reader's first turn holds an 8 that may
be played, the page opens at that turn, and the reader picks the card, then a suit from the
buttons that appear."""

import pytest

from rules_engine import list_games, state_class
from rules_engine.host import Host
from said import listen, said_after
from site_server import INSTANT_PACE

PLAY = "#play-1"
# Games with a card that calls a suit (Bartok reads the form only to refuse it: its cards never call).
GAMES = [spec.id for spec in list_games() if "play-call" in state_class(spec.id).forms.by_kind
         and any(effect.call for effect in getattr(state_class(spec.id), "EFFECTS", {}).values())]
READY = f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
    return w && w.desc && w.desc.to_act === w.human && !w.busy; }}"""


def call(host, op, **args):
    reply = host.handle({"v": 1, "op": op, "session": "t", **args})
    assert reply["ok"], reply
    return reply


def a_turn_with_a_call(game_id):
    """``(seed, share code)`` of a deal at the reader's first turn, where an 8 may be played."""
    for seed in range(80):
        host = Host()
        reply = call(host, "open", game=game_id, seed=seed, human=0)
        while not reply["table"]["is_over"] and reply["table"]["to_act"] != 0:
            reply = call(host, "bot")
        calls = [c for c in reply["table"]["moves"] if c.get("choice", "").startswith("call ")]
        if calls and not reply["table"]["interlude"]:
            return seed, call(host, "share")["share"]
    pytest.fail(f"no {game_id} deal of 80 lets the reader play an 8 at once")


def open_at_the_call(page, site_url, game_id):
    seed, code = a_turn_with_a_call(game_id)
    page.goto(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_function(READY)
    clicks = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.moves")
    eight = next(c for c in clicks if c.get("choice", "").startswith("call "))
    key = "/".join(map(str, eight["card"]))
    choices = [c for c in clicks if c["card"] == eight["card"]]
    return page.locator(PLAY), key, choices


def played(page, before):
    """The sentence of the reader's move, the first after step ``before``: a bot may have moved on
    by the time it is read, on a loaded machine."""
    return said_after(page, PLAY, before)


def step(page):
    """The step the table is at, from which on every sentence it shows is kept (``played``)."""
    listen(page, PLAY)
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")


def the_choices_are_offered(widget, key, choices):
    assert widget.locator('.rw-card[aria-pressed="true"]').get_attribute("data-key") == key
    buttons = widget.locator(".rw-actions button[data-choice]")
    assert [buttons.nth(i).get_attribute("data-move") for i in range(buttons.count())] == [c["move"] for c in choices]
    message = widget.locator(".rw-message").inner_text()
    assert "chosen: choose below: call spades, " in message, message
    return buttons


@pytest.mark.parametrize("game_id", GAMES)
def test_an_eight_and_its_suit_by_mouse(page, site_url, game_id):
    widget, key, choices = open_at_the_call(page, site_url, game_id)
    before = step(page)
    widget.locator(f'[data-key="{key}"]').click()
    buttons = the_choices_are_offered(widget, key, choices)
    buttons.nth(1).click()
    assert "calls hearts" in played(page, before)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_eight_and_its_suit_by_keyboard(page, site_url, game_id):
    widget, key, choices = open_at_the_call(page, site_url, game_id)
    before = step(page)
    widget.locator(f'[data-key="{key}"]').focus()
    page.keyboard.press("Enter")
    the_choices_are_offered(widget, key, choices)
    # The focus goes to the first choice; Tab moves on through them, Enter plays the one focused.
    assert page.evaluate("document.activeElement.dataset.choice") == choices[0]["choice"]
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.move") == choices[2]["move"]
    page.keyboard.press("Enter")
    assert "calls diamonds" in played(page, before)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_eight_and_its_suit_by_touch(browser, site_url, game_id):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True)
    context.add_init_script(INSTANT_PACE)  # the bots play at once
    page = context.new_page()
    try:
        widget, key, choices = open_at_the_call(page, site_url, game_id)
        before = step(page)
        widget.locator(f'[data-key="{key}"]').tap()
        buttons = the_choices_are_offered(widget, key, choices)
        buttons.nth(3).tap()
        assert "calls clubs" in played(page, before)
    finally:
        context.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_escape_takes_back_the_chosen_card_and_its_choices(page, site_url, game_id):
    widget, key, choices = open_at_the_call(page, site_url, game_id)
    widget.locator(f'[data-key="{key}"]').click()
    page.keyboard.press("Escape")
    assert widget.locator(".rw-actions button[data-choice]").count() == 0
    assert not widget.locator('.rw-card[aria-pressed="true"]').count()
