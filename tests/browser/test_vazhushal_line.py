"""Vazhushal at the card table: a take from the discard line built by clicking, the deepest card
picked from the line and the rest of the meld from the hand, then the finishing button."""

import pytest

from rules_engine.host import Host
from test_melds import PLAY, READY, call, key_of, laid, opened, picked, step


def a_turn_with_a_take():
    """``(seed, share code, take)`` of a deal at the reader's turn where a run of the line may be taken."""
    for seed in range(60):
        host = Host()
        reply = opened(host, "vazhushal", seed)
        for _ in range(300):
            table = reply["table"]
            if table["is_over"] or table["interlude"]:
                break
            if table["to_act"] == 0:
                takes = [c["move"] for c in table["moves"] if c.get("built") and c["move"].startswith("take ")]
                if takes:
                    return seed, call(host, "share")["share"], takes[0]
                reply = call(host, "move", move=call(host, "hint")["hint"])
            else:
                reply = call(host, "bot")
    pytest.fail("no Vazhushal deal of 60 brings the reader to a take from the line")


def test_a_run_of_the_line_taken_by_clicking(page, site_url):
    seed, code, take = a_turn_with_a_take()
    page.goto(site_url + f"games/vazhushal/#play-1/{seed}/{code}")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_function(READY)
    widget = page.locator(PLAY)
    words = take.split()
    place, cards = int(words[1]), words[3:]
    line = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.zones.find(z => z.id === 'line').cards")
    deepest = line[place - 1]
    # The deepest card first, from the line (where a copy also lies in the hand, the table picks one place).
    order = [deepest] + [c for c in cards if c != deepest]
    before = step(page)
    for count, card in enumerate(order, 1):
        widget.locator(f'[data-key="{key_of(page, card)}"]').click()
        picked(page, count)
    button = widget.locator('.rw-actions button[data-choice^="Take from the"]')
    assert button.count() >= 1
    button.first.click()
    assert " from the line" in laid(page, before, take)
