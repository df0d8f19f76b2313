"""Bets named card by card and declarations named step by step, made at the card table by mouse,
by keyboard and by touch: a wager on a board card (the card, then the amount among its buttons),
for every game whose moves include one; and a poker hand declared (its kind, then its rank) and
a call, for every game whose moves are declared hands; and a gesture at a card that calls for
one, on the beat, for every real-time game."""

import json
import re

import pytest

from rules_engine import list_games, state_class
from rules_engine.host import Host
from said import listen, said_after
from test_melds import opened
from test_widgets import to_the_readers_turn

PLAY = "#play-1"
READY = f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
    return w && w.desc && w.desc.to_act === w.human && !w.busy; }}"""
WAGER_GAMES = [s.id for s in list_games() if "wager" in state_class(s.id).forms.by_kind]
DECLARING_GAMES = [s.id for s in list_games() if {"call", "pair", "rank-7"} <= set(state_class(s.id).forms.by_kind)]
HOW = ("mouse", "keyboard", "touch")


def a_turn_where(page, site_url, game_id, wanted):
    """Open the page's first table at a deal where the reader's first turn offers a move
    ``wanted`` accepts; its widget."""
    for seed in range(40):
        host = Host()
        reply = opened(host, game_id, seed)
        while not reply["table"]["is_over"] and reply["table"]["to_act"] != 0:
            reply = host.handle({"v": 1, "op": "bot", "session": "t"})
        table = reply["table"]
        if not table["interlude"] and any(wanted(c["move"]) for c in table["moves"]):
            code = host.handle({"v": 1, "op": "share", "session": "t"})["share"]
            page.visit(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
            page.locator(PLAY).scroll_into_view_if_needed()
            page.wait_for_function(READY)
            return page.locator(PLAY)
    pytest.fail(f"no {game_id} deal of 40 offers the reader such a move at once")


def pressed(page, target, how):
    if how == "keyboard":
        target.focus()
        page.keyboard.press("Enter")
    elif how == "touch":
        target.tap()
    else:
        target.click()


def step(page):
    listen(page, PLAY)
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")


def moves(page):
    page.wait_for_function(READY)
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.moves")


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("game_id", WAGER_GAMES)
def test_a_wager_on_a_board_card(reader_page, site_url, game_id, how):
    page = reader_page(f"wagers-{how}", touch=how == "touch")
    widget = a_turn_where(page, site_url, game_id, lambda move: move.startswith("wager 2 on "))
    click = next(c for c in moves(page) if c["move"].startswith("wager 2 on "))
    before = step(page)
    pressed(page, widget.locator(f'[data-key="{"/".join(map(str, click["card"]))}"]'), how)
    amount = widget.locator(f'.rw-actions button[data-move="{click["move"]}"]')
    amount.wait_for()
    pressed(page, amount, how)
    assert re.search(r"wagers 2 chips on the ", said_after(page, PLAY, before))


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("game_id", DECLARING_GAMES)
def test_a_hand_declared_then_a_call(reader_page, site_url, game_id, how):
    page = reader_page(f"declarations-{how}", touch=how == "touch")
    widget = a_turn_where(page, site_url, game_id, lambda move: move == "call")
    before = step(page)
    pressed(page, widget.locator('.rw-actions button[data-move="pair"]'), how)
    said_after(page, PLAY, before)
    rank = next(m["move"] for m in moves(page) if m["move"].startswith("rank-") or m["move"].endswith("s"))
    before = step(page)
    pressed(page, widget.locator(f'.rw-actions button[data-move="{rank}"]'), how)
    assert " declares pair of " in said_after(page, PLAY, before)
    # Round the table to the reader again, past the bots' declarations (and any hand they end):
    # the reader calls as soon as a call is offered, declaring the lowest hand open until then.
    for _ in range(6):
        to_the_readers_turn(page, PLAY)
        listed = [m["move"] for m in moves(page)]
        if "call" in listed:
            break
        before = step(page)
        pressed(page, widget.locator(f'.rw-actions button[data-move="{listed[0]}"]'), how)
        page.wait_for_function(f"n => document.querySelector('{PLAY}').rwWidget.step > n", arg=before)
    else:
        pytest.fail("six turns of the reader's without a call offered")
    before = step(page)
    pressed(page, widget.locator('.rw-actions button[data-move="call"]'), how)
    assert " calls " in said_after(page, PLAY, before)


RHYTHM_GAMES = [s.id for s in list_games() if state_class(s.id).rhythm]
# The gesture the card on the table calls for, while the reader is still to make it.
DUE = f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
    const due = w.desc && w.desc.rhythm.live && w.view.table.reaction;
    return due && due.pending.includes(w.human) ? due.gesture : null; }}"""


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("game_id", RHYTHM_GAMES)
def test_a_gesture_on_the_beat_before_the_bots_and_no_long_task(reader_page, site_url, game_id, how):
    """The reader starts the beat, cards are turned on it, and when one calls for a gesture the
    reader makes it by mouse, key or touch: the engine takes it in its order among the bots'. No
    task on the page's thread takes over 50 ms meanwhile."""
    page = reader_page(f"gestures-{how}", touch=how == "touch")
    page.visit(site_url + f"games/{game_id}/")
    widget = page.locator(PLAY)
    widget.scroll_into_view_if_needed()
    # Every table started deals once the engine runs: the beat is timed once they all have.
    page.wait_for_function("""() => [...document.querySelectorAll('[data-widget=play]')]
        .every((t) => !t.rwWidget?.started || t.matches('.rw-play--live, .rw-play--your-turn'))""")
    start = step(page)
    pressed(page, widget.locator(".rw-rhythm__toggle"), how)
    page.wait_for_function(f"n => document.querySelector('{PLAY}').rwWidget.step > n", arg=start)
    assert widget.locator(".rw-rhythm__pulse").count() == 1
    # The page's work task by task, from the browser's trace. A task's thread time is the work done
    # in it; its wall time also counts the moments a loaded machine gave the thread to another
    # (in CI, beside two test workers, four tasks of 3 ms of work each took 53-117 ms of wall time).
    browser = page.context.browser
    browser.start_tracing(categories=["toplevel"])
    try:
        wanted = 2 if how == "keyboard" else 1   # a few reactions by key, one each else
        made_in_time = reactions_made(page, widget, how, wanted)
    finally:
        tasks = page_thread_tasks(browser.stop_tracing())
    assert made_in_time == wanted, f"sixteen cards called for a gesture and the reader's came in time {made_in_time} times"
    worst = max(tasks, key=lambda task: task["work_ms"])
    assert worst["work_ms"] < 50, f"a task on the page's thread did {worst['work_ms']:.0f} ms of work ({worst})"
    pressed(page, widget.locator(".rw-rhythm__toggle"), how)   # pause: the page goes on to other games quiet


def reactions_made(page, widget, how, wanted):
    """The reader answers each card that calls for a gesture (at most sixteen) until ``wanted`` of
    its gestures came before the last bot's; how many did."""
    made_in_time = 0
    for _ in range(16):
        gesture = page.wait_for_function(DUE, timeout=60_000).json_value()
        reaction = next(r for r in page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.reactions")
                        if r["move"].split()[1].startswith(gesture[:3]))
        before = step(page)
        if how == "keyboard":
            page.keyboard.press(reaction["key"].lower())
        else:
            pressed(page, widget.locator(f'.rw-rhythm button[data-move="{reaction["move"]}"]'), how)
        made = page.wait_for_function(f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
            if (w.said.some((s) => s.startsWith("Seat 0 {reaction["move"].split()[1]}"))) return "made";
            return w.message.textContent.includes("Not allowed") && w.step > {before} ? "late" : null; }}""").json_value()
        made_in_time += made == "made"
        if made_in_time == wanted:
            break
    return made_in_time


def page_thread_tasks(trace):
    """Every task the pages' main threads ran during a Chromium trace (category ``toplevel``), with
    its wall time and its thread time ("work") in milliseconds."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    main_threads = {(e["pid"], e["tid"]) for e in events
                    if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"]["name"] == "CrRendererMain"}
    return [{"wall_ms": e["dur"] / 1000, "work_ms": e.get("tdur", e["dur"]) / 1000} for e in events
            if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask" and (e["pid"], e["tid"]) in main_threads]
