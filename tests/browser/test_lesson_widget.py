"""Lessons on the page (widgets/lesson.js): every lesson of every game played to "Lesson complete"
by its expected moves, made on the table as a reader makes them; one by keyboard alone, one by
touch on a phone; a wrong legal move and a card that starts no move answered in the right words;
the completion kept in the browser and cleared; both themes axe clean."""

import json
import re
from collections import Counter

import pytest
from axe import axe_violations, describe, in_scheme

from rules_engine import list_games

LESSON = re.compile(r"^(?P<game>[a-z-]+)-(?P<lesson>lesson-\d+)\.json$")


def lessons_of(site_dir):
    """``{game: [(lesson id, its frames)]}`` from the files the build wrote beside the pages."""
    out = {}
    for path in sorted((site_dir / "games").glob("*/*-lesson-*.json")):
        match = LESSON.match(path.name)
        if match and match["game"] == path.parent.name:
            out.setdefault(match["game"], []).append((match["lesson"], json.loads(path.read_text("utf-8"))))
    for game in out:
        out[game].sort(key=lambda pair: int(pair[0].rsplit("-", 1)[1]))
    return out


def words(lesson):
    return lesson.locator(".rw-lesson__words").inner_text()


def message(lesson):
    return lesson.locator(".rw-message").inner_text()


# A fan's cards overlap from the right: a reader touches the part of a card that shows, its left edge.
EDGE = {"x": 6, "y": 16}


def click_move(lesson, frame, move):
    """Makes ``move`` on the lesson's table as a reader does: its card (then its choice or its
    place), its cards one by one then the button that finishes them, or its button."""
    table = frame["table"]
    built = next((b for b in frame.get("built", []) if b["move"] == move), None)
    click = next((c for c in table["moves"] if c["move"] == move and not c.get("built")), None)
    if built:
        places, used, wholes = table["selection"]["places"], Counter(), set()
        for text in built["cards"]:
            zone, index = places[text][used[text]]
            used[text] += 1
            if zone in wholes:
                continue   # a build's cards are picked all at one click on any of them
            if any(z["id"] == zone and z.get("whole") for z in table["zones"]):
                wholes.add(zone)
            lesson.locator(f'.rw-table-area [data-key="{zone}/{index}"]').click(position=EDGE)
        if built["target"]:
            lesson.locator(f'.rw-table-area .rw-zone[data-zone="{built["target"]}"] button').last.click()
        else:
            lesson.locator(f'.rw-actions button[data-move="{move}"]').click()
    elif click and click["card"]:
        lesson.locator(f'.rw-table-area [data-key="{click["card"][0]}/{click["card"][1]}"]').click(position=EDGE)
        if sum(c.get("card") == click["card"] for c in table["moves"]) > 1:
            if click["to"]:
                lesson.locator(f'.rw-table-area .rw-zone[data-zone="{click["to"]}"] button').last.click()
            else:
                lesson.locator(f'.rw-actions button[data-move="{move}"]').click()
    else:
        lesson.locator(f'.rw-actions button[data-move="{move}"]').click()


def play_through(lesson, frames, make_move=click_move, next_step=None, table=None):
    """Plays a lesson by its expected moves to its end, checking each step's words on the way: each
    rule named once, in words of its own; the moves in the table's words; the hand's end kept on
    the table through the words after the move that ended it."""
    next_step = next_step or (lambda: lesson.get_by_role("button", name="Next", exact=True).click())
    for at, frame in enumerate(frames):
        said = words(lesson)
        table = frame.get("table") or table
        if frame["kind"] == "say":
            assert frame["text"].split("#")[0].strip()[:30] in said, (at, said)
        links = lesson.locator(".rw-lesson__words").evaluate(
            "(words) => [...words.querySelectorAll('a.rules-lesson__rule')].map((a) => [a.getAttribute('href'), a.textContent])")
        assert len(set(href for href, _ in links)) == len(links) == len(set(text for _, text in links)), (at, links)
        if frame["kind"] == "move":
            assert frame["said"] in said, (at, said)   # the table's words, not the notation
        if table and table["interlude"] and frame["kind"] != "you":
            assert lesson.locator(".rw-table-area .rw-interlude").count() == 1, (at, frame["kind"], "the next deal shown")
        if frame["kind"] == "rest":
            check_rest_list(lesson, len(frame["moves"]))
        if frame["kind"] == "you":
            assert "Your move." in said, (at, said)
            make_move(lesson, frame, frame["expect"][0])
            lesson.locator(".rw-lesson__right").wait_for()
        elif frame["kind"] == "end":
            assert "Lesson complete" in said, said
        else:
            next_step()


def check_rest_list(lesson, count):
    """The bots' moves to the hand's end: a line saying how many first; then a list whose numbers,
    up to three digits, are whole inside its box, which is tall and framed, its scrollbar showing."""
    assert f"rest of the hand in {count} move" in lesson.locator(".rw-lesson__words p").first.inner_text()
    box = lesson.locator(".rw-lesson__rest").evaluate("""(list) => {
      const style = getComputedStyle(list);
      const probe = document.createElement("span");
      probe.textContent = "100.";
      list.firstElementChild.append(probe);
      const number = probe.getBoundingClientRect().width;
      probe.remove();
      const room = list.firstElementChild.getBoundingClientRect().left - list.getBoundingClientRect().left - list.clientLeft;
      return { number, room, height: list.clientHeight, full: list.scrollHeight, font: parseFloat(style.fontSize),
               border: style.borderTopStyle, thumb: style.scrollbarColor };
    }""")
    assert box["room"] >= box["number"], box                 # the marker "100." fits in the item's margin
    assert box["height"] >= min(box["full"], 20 * box["font"]), box   # about twenty lines at once
    assert box["border"] != "none" and not box["thumb"].startswith(("auto", "rgba(0, 0, 0, 0)", "transparent")), box


def start(lesson):
    # The lesson's own button comes first, at the top of its box; its steps in text are a page of
    # their own, linked below it, so that their answers are not shown first.
    lesson.scroll_into_view_if_needed()
    script = lesson.locator(".rules-lesson__script")
    button = lesson.get_by_role("button", name="Start the lesson")
    button.wait_for()
    assert not lesson.locator(".rules-lesson__answer").count()
    assert button.bounding_box()["y"] < script.bounding_box()["y"]
    assert script.get_by_role("link", name="The lesson's steps in text").get_attribute("href").endswith("-steps.html")
    lesson.get_by_role("button", name="Start the lesson").click()
    lesson.locator(".rw-lesson__words p").first.wait_for()


# Every game's page has its lessons (make check requires one): a test each, spread over the workers.
GAMES = [spec.id for spec in list_games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_is_played_to_its_end_by_its_expected_moves(page, site_url, site_dir, game):
    each = lessons_of(site_dir).get(game, [])
    assert each, f"{game}'s page has no lesson"
    page.goto(f"{site_url}games/{game}/")
    for lesson_id, lesson in each:
        figure = page.locator(f"#{lesson_id}")
        start(figure)
        play_through(figure, lesson["frames"])
        assert figure.locator(".rules-lesson__mark").count() == 1   # kept, and marked on the lesson
    note = page.locator(".rules-lessons-kept")
    assert f"{len(each)} of this page's {len(each)} lessons" in note.inner_text() or len(each) == 1


def _frames(site_dir, game, lesson_id):
    return json.loads((site_dir / "games" / game / f"{game}-{lesson_id}.json").read_text("utf-8"))["frames"]


def test_a_wrong_legal_move_and_a_card_that_starts_no_move_are_answered(page, site_url, site_dir):
    frames = _frames(site_dir, "king", "lesson-1")
    page.goto(f"{site_url}games/king/")
    lesson = page.locator("#lesson-1")
    start(lesson)
    at = next(i for i, f in enumerate(frames) if f["kind"] == "you" and len(f["legal"]) > 1 and f["refusals"])
    for _ in range(at):
        lesson.get_by_role("button", name="Next", exact=True).click()
    frame = frames[at]
    wrong = next(move for move in frame["legal"] if move not in frame["expect"])
    click_move(lesson, frame, wrong)
    said = message(lesson)
    answer = frame["feedback"].get(wrong) or frame["text"].split("#")[0].strip()[:40]
    assert "is allowed, but not this time" in said and answer in said, said
    assert said.startswith(frame["said"][wrong]), said   # the move in the table's words
    assert "Your move." in words(lesson)   # not played: the lesson still asks
    refused, why = next(iter(frame["refusals"].items()))
    card = refused.split()[-1]
    zone = next(z for z in frame["table"]["zones"] if z.get("tries") and card in z["cards"])
    lesson.locator(f'.rw-table-area [data-key="{zone["id"]}/{zone["cards"].index(card)}"]').click(position=EDGE)
    said = message(lesson)
    assert said.startswith("Not allowed: ") and why["reason"] in said, said
    assert lesson.locator(f'.rw-message a[href="#{why["rule"]}"]').count() == 1
    # "Show me" marks the move asked for and plays it.
    lesson.get_by_role("button", name="Show me").click()
    lesson.locator(".rw-lesson__right").wait_for()


def test_a_move_the_lesson_also_accepts_goes_on_from_that_move(page, site_url, site_dir):
    lessons = lessons_of(site_dir)
    game, lesson_id, frames, at = next((game, lesson_id, lesson["frames"], at) for game, each in lessons.items()
                                       for lesson_id, lesson in each for at, frame in enumerate(lesson["frames"])
                                       if frame["kind"] == "you" and frame.get("branches"))
    page.goto(f"{site_url}games/{game}/")
    lesson = page.locator(f"#{lesson_id}")
    start(lesson)
    play_through(lesson, frames[:at])
    move, branch = next(iter(frames[at]["branches"].items()))
    click_move(lesson, frames[at], move)
    assert branch[0]["move"] == move and "Right: " in words(lesson)
    play_through(lesson, branch)


def test_a_lesson_by_keyboard_alone(page, site_url, site_dir):
    frames = _frames(site_dir, "lorum", "lesson-1")
    page.goto(f"{site_url}games/lorum/")
    lesson = page.locator("#lesson-1")
    lesson.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('#lesson-1 .rw-button--start')")
    lesson.get_by_role("button", name="Start the lesson").focus()
    page.keyboard.press("Enter")
    lesson.locator(".rw-lesson__words p").first.wait_for()

    def by_keys(lesson, frame, move):
        click = next(c for c in frame["table"]["moves"] if c["move"] == move)
        key = f'{click["card"][0]}/{click["card"][1]}'
        assert page.evaluate("() => document.activeElement.matches('#lesson-1 .rw-table-area button')")
        for _ in range(20):
            if page.evaluate("() => document.activeElement.dataset.key") == key:
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")

    def next_by_keys():
        assert page.evaluate("() => document.activeElement.textContent") == "Next"
        page.keyboard.press("Enter")

    # The first moves go from the left of the hand: walk back to its first card before each.
    def from_first(lesson, frame, move):
        page.keyboard.press("Home")
        by_keys(lesson, frame, move)

    play_through(lesson, frames, from_first, next_by_keys)


def test_a_lesson_by_touch_on_a_phone(new_page, site_url, site_dir):
    page = new_page(touch=True)
    frames = _frames(site_dir, "gin-rummy", "lesson-2")
    page.goto(f"{site_url}games/gin-rummy/")
    lesson = page.locator("#lesson-2")
    lesson.scroll_into_view_if_needed()
    lesson.get_by_role("button", name="Start the lesson").tap()
    lesson.locator(".rw-lesson__words p").first.wait_for()

    def tap_move(lesson, frame, move):
        real = lesson.locator
        lesson_tap = type("Taps", (), {"locator": lambda self, selector: Tapper(real(selector))})()
        click_move(lesson_tap, frame, move)

    play_through(lesson, frames, tap_move, lambda: lesson.get_by_role("button", name="Next", exact=True).tap())


class Tapper:
    """A locator whose clicks are taps."""

    def __init__(self, locator):
        self.inner = locator

    def click(self, **where):
        self.inner.tap(**where)

    @property
    def last(self):
        return Tapper(self.inner.last)


def test_completion_is_kept_marked_and_cleared(page, site_url, site_dir):
    frames = _frames(site_dir, "yaniv", "lesson-2")
    page.goto(f"{site_url}games/yaniv/")
    lesson = page.locator("#lesson-2")
    start(lesson)
    play_through(lesson, frames)
    links = lesson.locator(".rw-lesson__complete a")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == ["#play-1"]
    assert "yaniv" in json.loads(page.evaluate("() => localStorage.getItem('rules-site.lessons.v1')"))
    page.reload()
    page.locator("#lesson-2 .rules-lesson__mark").wait_for()
    assert "1 of this page's 2 lessons" in page.locator(".rules-lessons-kept").inner_text()
    page.get_by_role("button", name="Forget them").click()
    assert page.locator(".rules-lesson__mark, .rules-lessons-kept").count() == 0
    assert page.evaluate("() => localStorage.getItem('rules-site.lessons.v1')") == "{}"


def test_a_lesson_is_axe_clean_in_both_themes(page, site_url, site_dir):
    frames = _frames(site_dir, "gin-rummy", "lesson-1")
    page.goto(f"{site_url}games/gin-rummy/")
    lesson = page.locator("#lesson-1")
    start(lesson)
    asked = next(i for i, f in enumerate(frames) if f["kind"] == "you")
    for _ in range(asked):
        lesson.get_by_role("button", name="Next", exact=True).click()
    for scheme in ("default", "slate"):
        in_scheme(page, scheme)
        found = axe_violations(page, "#lesson-1")
        assert not found, f"{scheme}:\n{describe(found)}"
    play_through(lesson, frames[asked:])
    for scheme in ("default", "slate"):
        in_scheme(page, scheme)
        found = axe_violations(page, "#lesson-1")
        assert not found, f"{scheme} at the end:\n{describe(found)}"
