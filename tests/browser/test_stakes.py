"""A stake placed at the card table by mouse, keyboard and touch, for every game whose moves
include a bet (``bet {int}``, a banking game's stake): the engine finds a deal whose reader's
first turn is a stake, the page opens at that turn, and the reader stakes from the buttons."""

import pathlib
import re

import pytest
from said import listen, said_after

from rules_engine import list_games, state_class
from rules_engine.host import Host
from site_server import INSTANT_PACE

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "games"
PLAY = "#play-1"
GAMES = [spec.id for spec in list_games() if "bet" in state_class(spec.id).forms.by_kind]
READY = f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
    return w && w.desc && w.desc.to_act === w.human && !w.busy; }}"""


def call(host, op, **args):
    reply = host.handle({"v": 1, "op": op, "session": "t", **args})
    assert reply["ok"], reply
    return reply


def a_turn_to_stake(page, site_url, game_id):
    """Open the page's first table at a deal whose reader stakes first; its widget."""
    seats = _block_seats(game_id)
    for seed in range(40):
        host = Host()
        reply = call(host, "open", game=game_id, seed=seed, human=0, seats=seats)
        while not reply["table"]["is_over"] and reply["table"]["to_act"] != 0:
            reply = call(host, "bot")
        if any(c["move"].startswith("bet ") for c in reply["table"]["moves"]) and not reply["table"]["interlude"]:
            code = call(host, "share")["share"]
            page.goto(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
            page.locator(PLAY).scroll_into_view_if_needed()
            page.wait_for_function(READY)
            return page.locator(PLAY)
    pytest.fail(f"no {game_id} deal of 40 lets the reader stake at once")


def _block_seats(game_id):
    """The players of the page's first ``play`` block (its share codes are of its deal)."""
    block = re.search(r"^```play\n(.*?)^```", (DOCS / f"{game_id}.md").read_text(encoding="utf-8"), re.S | re.M)
    seats = re.search(r"^seats: (\d+)$", block.group(1), re.M)
    return int(seats.group(1)) if seats else state_class(game_id).spec.default_seats


def played(page, before):
    return said_after(page, PLAY, before)


def step(page):
    """The table's step now; from now on the table keeps the sentence of each move made (said.py)."""
    listen(page, PLAY)
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stake_by_mouse(page, site_url, game_id):
    widget = a_turn_to_stake(page, site_url, game_id)
    before = step(page)
    widget.locator('.rw-actions button[data-move="bet 3"]').click()
    assert "stakes 3 chips" in played(page, before)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stake_by_keyboard(page, site_url, game_id):
    widget = a_turn_to_stake(page, site_url, game_id)
    before = step(page)
    widget.locator('.rw-actions button[data-move="bet 1"]').focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.move") == "bet 2"
    page.keyboard.press("Enter")
    assert "stakes 2 chips" in played(page, before)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stake_by_touch(browser, site_url, game_id):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.add_init_script(INSTANT_PACE)  # the bots play at once
    page = context.new_page()
    try:
        widget = a_turn_to_stake(page, site_url, game_id)
        before = step(page)
        widget.locator('.rw-actions button[data-move="bet 5"]').tap()
        assert "stakes 5 chips" in played(page, before)
    finally:
        context.close()
