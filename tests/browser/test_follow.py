"""Following a hand (issue 38): every table's move log, one entry per move the reader's seat was
told of, grouped as the engine places them and kept through Undo, Back and a reload; the bots'
moves one at a time at the reader's pace (instant, one at a time, step by step), chosen by mouse,
keyboard or touch and kept for the reader; and both on a phone's screen, in either theme."""

import re

import pytest
from axe import axe_violations, describe, in_scheme

from rules_engine import list_games, movelog, replay
from test_tables import dealt

PLAY = "[data-widget=play]"
GAMES = [spec.id for spec in list_games()]
# The most moves told at a table before its first hand's end: a solitaire's one deal, Triple Play's
# or Pishe Pasha's first hand, last long, and the log is the same channel at any length.
MOST_MOVES = 100

# Plays the reader's seat at the page's first table (its first legal move, as the move list offers it) at
# the instant pace the tests set, until its first hand's end, the game's end or MOST_MOVES moves
# told; a real-time table is played by its beat's moves and the bots' reactions (the reader's
# seat reacts only when no bot does), each reply drawn as timing.js draws it.
PLAY_FIRST_HAND = """async ([block, most]) => {
  const w = document.querySelector(block).rwWidget;
  const src = document.querySelector('script[src$="widgets/main.js"]').src;
  const { request } = await import(new URL("engine.js", src).href);
  const settle = async () => {
    for (;;) {
      const settled = !w.busy && (w.interlude || w.desc.is_over || w.desc.rhythm?.live || !w.botsToAct());
      if (settled) return;
      await new Promise((go) => setTimeout(go, 10));
    }
  };
  const session = { session: w.session };
  while (w.step < most) {
    await settle();
    if (w.interlude || w.desc.is_over) break;
    if (w.desc.rhythm?.live) {
      let reply;
      if (w.desc.rhythm.on_beat) {
        const mine = w.desc.to_act === w.human;
        reply = await request(mine ? "move" : "bot", mine ? { ...session, move: w.desc.rhythm.on_beat } : session);
      } else {
        const planned = (await request("reactions", session)).reactions || [];
        reply = planned.length ? await request("react", { ...session, seat: planned[0].seat })
          : await request("move", { ...session, move: w.desc.reactions.find((r) => r.legal).move });
      }
      if (!reply.ok) throw new Error(reply.error.message);
      w.show(reply);
      continue;
    }
    const before = w.step;
    w.attempt(w.view.moves[0]);
    while (w.step === before) await new Promise((go) => setTimeout(go, 10));
  }
  await settle();
}"""

SHARE = """async (block) => {
  const w = document.querySelector(block).rwWidget;
  const src = document.querySelector('script[src$="widgets/main.js"]').src;
  const { request } = await import(new URL("engine.js", src).href);
  return (await request("share", { session: w.session })).record;
}"""


def told(record, seat):
    """The log the engine makes for ``seat`` of the game ``record`` reaches, replayed here."""
    states = list(replay(record))
    return [entry for entry in (movelog.entry(b, a, seat) for b, a in zip(states, states[1:])) if entry]


def shown(page, block=PLAY):
    """The log as the page holds it and as it draws it: its entries, then each line's words."""
    return page.evaluate(f"""() => {{
        const w = document.querySelector('{block}').rwWidget;
        const lines = [...w.root.querySelectorAll('.rw-log__move')];
        return {{ entries: w.log.entries, lines: lines.map((li) => li.textContent),
                  own: lines.filter((li) => li.classList.contains('rw-log__move--own')).length }};
    }}""")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_tables_log_tells_its_first_hand_one_for_one(reader_page, site_url, game_id):
    page = reader_page("follow-log")
    widget = dealt(page, site_url + f"games/{game_id}/")
    # Every table has the log (a log role, announced politely) and the pace, in its toolbar.
    assert widget.locator(".rw-log [role=log]").count() == 1
    assert widget.locator(".rw-toolbar .rw-pace select").count() == 1
    page.evaluate(PLAY_FIRST_HAND, [PLAY, MOST_MOVES])
    seat = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.human")
    expected = told(page.evaluate(SHARE, PLAY), seat)
    log = shown(page)
    assert log["entries"] == expected
    assert len(log["lines"]) == len(expected) == page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")
    assert all(line.startswith(entry["said"]) for line, entry in zip(log["lines"], expected))
    assert log["own"] == sum(1 for entry in expected if entry.get("own"))
    # Grouped as the engine places the moves: a group for each hand, and each trick or round in it.
    groups = page.evaluate(f"""() => [...document.querySelector('{PLAY}').querySelectorAll('.rw-log__part')].map(
        (part) => [part.closest('.rw-log__hand').dataset.hand, part.dataset.part])""")
    places = [["null" if e["hand"] is None else str(e["hand"]), e["part"] or "null"] for e in expected]
    assert groups == [place for i, place in enumerate(places) if i == 0 or place != places[i - 1]]
    # The hand's end, where the first hand ends within the moves played, explains its score item by item.
    ended = page.evaluate(f"() => {{ const w = document.querySelector('{PLAY}').rwWidget; return Boolean(w.interlude); }}")
    if ended:
        assert widget.locator(".rw-interlude .rw-breakdown__item").count() > 0, game_id
        # ... and passes axe, in one theme or the other, game by game (both for every game would
        # cost the suite a minute of its 20: the hand's end is drawn by the same code and style in all).
        scheme = ("default", "slate")[GAMES.index(game_id) % 2]
        in_scheme(page, scheme)
        found = axe_violations(page, PLAY)
        in_scheme(page, "default")
        assert not found, f"{scheme}:\n{describe(found)}"
    # Every button the table offers reads as a button does: its first letter a capital.
    words = widget.locator(".rw-actions button, .rw-rhythm__reactions button").all_inner_texts()
    assert not [w for w in words if re.match(r"[a-z]", w)], words


def test_the_log_is_kept_through_undo_back_and_a_reload(page, site_url):
    widget = dealt(page, site_url + "games/king/")
    for _ in range(2):
        before = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")
        widget.locator("[data-zone=hand-0] button.rw-card--legal").first.click()
        page.wait_for_function(f"n => document.querySelector('{PLAY}').rwWidget.step > n", arg=before)
        page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    full = shown(page)
    assert len(full["entries"]) == 11 and full["own"] == 2
    widget.get_by_role("button", name="Undo").click()
    widget.locator(".rw-message", has_text="Move taken back.").wait_for()
    step = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")
    assert 4 <= step < 11 and shown(page)["lines"] == full["lines"][:step]   # back to the reader's second turn
    # Played again, to a visit to the glossary and Back (the theme's instant navigation), then a reload.
    widget.locator("[data-zone=hand-0] button.rw-card--legal").first.click()
    page.wait_for_function(f"() => document.querySelector('{PLAY}').rwWidget.log.entries.length === 11")
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    kept = shown(page)
    page.locator("article a.glossary-term").first.click()
    page.wait_for_url(re.compile(r"glossary/"))
    page.go_back()
    page.locator(f"{PLAY} .rw-message", has_text="Your game, as you left it.").wait_for()
    assert shown(page) == kept
    page.reload()
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert shown(page) == kept
    assert page.locator(f"{PLAY} .rw-log__title").first.inner_text() == "Hand 1"
    assert page.locator(f"{PLAY} .rw-log__part .rw-log__title").all_inner_texts()[:3] == ["Trick 1", "Trick 2", "Trick 3"]


def test_the_log_links_the_rule_a_card_played_under(page, site_url):
    """Last One's jack skips the next player: its line links the page's paragraph on it."""
    page.goto(site_url + "games/last-one/#play-1/1/")
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    link = page.locator(f"{PLAY} .rw-log__move", has_text="is skipped").first.locator("a.rw-rule-link")
    assert link.get_attribute("href") == "#play.jack" and page.locator('[id="play.jack"]').count() == 1


def log_times(page, block=PLAY):
    """From now on, note the moment each line comes into the log at ``block`` (ms since the page began)."""
    page.evaluate("""(block) => {
        window.__logged = [];
        const watch = () => {
          const log = document.querySelector(`${block} .rw-log__hands`);
          if (!log) return setTimeout(watch, 20);
          new MutationObserver(() => window.__logged.push([performance.now(),
            document.querySelectorAll(`${block} .rw-log__move`).length])).observe(log, { childList: true, subtree: true });
        };
        watch();
    }""", block)


def test_the_bots_move_one_at_a_time_before_the_readers_first_move(new_page, site_url):
    page = new_page(instant=False)   # the reader's pace: one at a time, the default
    page.goto(site_url + "games/king/")
    page.locator(PLAY).wait_for(state="attached")
    log_times(page)
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert page.locator(f"{PLAY} .rw-pace select").input_value() == "normal"
    counts = page.evaluate("window.__logged")
    firsts = [next(t for t, n in counts if n >= k) for k in (1, 2, 3)]
    # Seats 1, 2 and 3 play before seat 0, each shown on its own, a pause apart.
    assert all(later - earlier >= 500 for earlier, later in zip(firsts, firsts[1:])), counts


def test_step_by_step_the_reader_plays_each_bots_move_by_keyboard_or_touch(new_page, site_url):
    page = new_page(instant=False)
    widget = dealt(page, site_url + "games/king/")
    pace = widget.locator(".rw-pace select")
    pace.focus()   # by keyboard: the pace is a select in the toolbar
    page.keyboard.press("End")
    assert pace.input_value() == "step" and page.evaluate("localStorage.getItem('rules-bots-pace')") == "step"
    widget.locator("[data-zone=hand-0] button.rw-card--legal").first.click()
    nxt = widget.locator("[data-move=next-move]")
    nxt.wait_for()
    assert re.search(r"Seat [123] is to play: press “Next move” to see it\.$", widget.locator(".rw-status").inner_text())
    assert page.evaluate("document.activeElement.dataset.move") == "next-move"   # the focus goes to Next
    for n in (5, 6):
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelector('{PLAY}').rwWidget.log.entries.length === {n}")
        if not nxt.count():
            break   # the reader's turn came
        page.wait_for_function("() => document.activeElement.dataset.move === 'next-move'")  # the focus stays on Next
    while nxt.count():
        nxt.click()
        page.wait_for_timeout(100)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert shown(page)["own"] == 1
    # Kept for the reader: a phone opening a table again steps too, by touch, from the deal on.
    phone = new_page(instant=False, touch=True)
    phone.goto(site_url)
    phone.evaluate("localStorage.setItem('rules-bots-pace', 'step')")
    phone.goto(site_url + "games/king/")
    phone.locator(PLAY).scroll_into_view_if_needed()
    phone.locator(f"{PLAY} [data-move=next-move]").tap()
    phone.wait_for_function(f"() => document.querySelector('{PLAY}').rwWidget.log.entries.length === 1")
    assert phone.locator(f"{PLAY} .rw-pace select").input_value() == "step"


def test_the_log_and_the_pace_on_a_phone_by_touch_and_keyboard_in_either_theme(new_page, site_url):
    page = new_page(touch=True)
    widget = dealt(page, site_url + "games/vazhushal/")   # long melds, long sentences
    log = widget.locator(".rw-log")
    body = log.locator("[role=log]")
    assert body.get_attribute("aria-label") == "Moves so far" and body.is_visible()
    box = body.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    assert widget.locator(".rw-log__move").count() >= 5
    # Folded and opened by a tap, and kept so for the reader.
    log.locator("summary").tap()
    assert not body.is_visible() and page.evaluate("localStorage.getItem('rules-move-log-open')") == "0"
    log.locator("summary").focus()
    page.keyboard.press("Enter")
    assert body.is_visible()
    for scheme in ("default", "slate"):
        in_scheme(page, scheme)
        found = axe_violations(page, PLAY)
        assert not found, f"{scheme}:\n{describe(found)}"
