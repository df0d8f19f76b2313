"""Questions inside worked examples (widgets/stepper.js, asking.js): a step written ``N. ? move {…}``
stops the reader stepping forward onto it, "What would you play?"; the move the example plays,
made on the table as a reader makes it, plays the step ("Right: …"); another legal move is answered
with the example's reason; a card that starts no move gets the engine's refusal with its rule; "Show
me" plays it; ▶ again passes it. All of it from the frames the build made, before any engine."""

import json
import re
from pathlib import Path

import pytest
from test_lesson_widget import EDGE, click_move

FRAMES = re.compile(r"^(?P<game>[a-z-]+)-(?P<example>example-\d+)\.json$")


def questions_of(site_dir):
    """``[(game, example id, step, frame)]``: every question of every example the build wrote."""
    out = []
    for path in sorted((site_dir / "games").glob("*/*-example-*.json")):
        match = FRAMES.match(path.name)
        if not match or match["game"] != path.parent.name:
            continue
        for at, frame in enumerate(json.loads(path.read_text("utf-8"))):
            if frame.get("question"):
                out.append((match["game"], match["example"], at, frame))
    return out


def as_asked(frame):
    """The question as a lesson's step, for click_move: its table with the moves and the built ones."""
    question = frame["question"]
    table = {**frame["table"], "moves": question["moves"], "selection": question.get("selection")}
    return {"table": table, "built": question.get("built", [])}


def ask(page, site_url, game, example, at):
    """Opens the example at step ``at`` by its link, then steps forward onto the question."""
    page.goto("about:blank")  # a link to the same page with another step would only change its hash
    page.goto(f"{site_url}games/{game}/#{example}/{at}")
    stepper = page.locator(f"#{example}")
    stepper.locator(".rw-commentary").wait_for()
    page.wait_for_function(f"() => document.querySelector('#{example} .rw-counter').textContent.startsWith('Step {at} ')")
    stepper.get_by_role("button", name="Next step").click()
    stepper.locator(".rw-stepper__ask").wait_for()
    return stepper


# The games whose pages ask a question in an example (``N. ? move``), a test each over the workers.
DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
ASKING = sorted(path.stem for path in DOCS.glob("*.md") if re.search(r"(?m)^\s*\d+\.\s+\?\s", path.read_text("utf-8")))


def test_questions_are_asked_in_many_games():
    assert len(ASKING) >= 20, ASKING


@pytest.mark.parametrize("game_id", ASKING)
def test_every_question_is_answered_right_by_the_move_the_example_plays(page, site_url, site_dir, game_id):
    asked = [q for q in questions_of(site_dir) if q[0] == game_id]
    assert asked, f"{game_id}: the page asks, but the build wrote no question"
    for game, example, at, frame in asked:
        stepper = ask(page, site_url, game, example, at)
        click_move(stepper, as_asked(frame), frame["question"]["expect"])
        said = stepper.locator(".rw-commentary").inner_text()
        assert said.startswith("Right: "), (game, example, at, said)
        assert stepper.locator(".rw-counter").inner_text().startswith(f"Step {at + 1} "), (game, example)
        # The example's comment names its rules as links, not as "#play.…" ids.
        assert "#play." not in said and "#scoring." not in said, said


def test_a_wrong_move_a_refused_card_show_me_and_passing_a_question(page, site_url, site_dir):
    game, example, at, frame = next(q for q in questions_of(site_dir) if q[3]["question"]["refusals"]
                                    and any(c["card"] and c["move"] != q[3]["question"]["expect"]
                                            for c in q[3]["question"]["moves"]))
    question = frame["question"]
    stepper = ask(page, site_url, game, example, at)
    message = stepper.locator(".rw-message")
    wrong = next(c["move"] for c in question["moves"] if c["card"] and c["move"] != question["expect"])
    click_move(stepper, as_asked(frame), wrong)
    said = message.inner_text()
    assert "is allowed, but the example plays another move" in said, said
    assert stepper.locator(".rw-counter").inner_text().startswith(f"Step {at} "), "a wrong move is not played"
    stepper.page.keyboard.press("Escape")
    refused, why = next(iter(question["refusals"].items()))
    card = refused.split()[-1]
    zone = next(z for z in frame["table"]["zones"] if z.get("tries") and card in z["cards"])
    stepper.locator(f'.rw-table-area [data-key="{zone["id"]}/{zone["cards"].index(card)}"]').click(position=EDGE)
    said = message.inner_text()
    assert said.startswith("Not allowed: ") and why["reason"] in said, said
    if why["rule"]:
        assert stepper.locator(f'.rw-message a[href="#{why["rule"]}"]').count() == 1
    stepper.get_by_role("button", name="Show me").click()
    page.wait_for_function(f"() => document.querySelector('#{example} .rw-counter').textContent.startsWith('Step {at + 1} ')")
    # Back, and forward again: answered once, the question is not asked again this visit.
    stepper.get_by_role("button", name="Previous step").click()
    stepper.get_by_role("button", name="Next step").click()
    assert stepper.locator(".rw-counter").inner_text().startswith(f"Step {at + 1} ")
    # Another question, passed by ▶ pressed again: the step plays without an answer.
    game, example, at, frame = next(q for q in questions_of(site_dir) if q[0] != game)
    stepper = ask(page, site_url, game, example, at)
    stepper.get_by_role("button", name="Next step").click()
    assert stepper.locator(".rw-counter").inner_text().startswith(f"Step {at + 1} ")
    assert not stepper.locator(".rw-commentary").inner_text().startswith("Right: ")


def test_a_question_by_touch_on_a_phone_speaks_of_taps(new_page, site_url, site_dir):
    # A move of several cards (Cassino's capture of a build), built by touch at 390x844.
    game, example, at, frame = next(q for q in questions_of(site_dir) if q[3]["question"].get("built"))
    page = new_page(touch=True)
    stepper = ask(page, site_url, game, example, at)
    built = next(b for b in frame["question"]["built"] if b["move"] == frame["question"]["expect"])
    zone, index = as_asked(frame)["table"]["selection"]["places"][built["cards"][0]][0]
    stepper.locator(f'.rw-table-area [data-key="{zone}/{index}"]').tap(position=EDGE)
    said = stepper.locator(".rw-message").inner_text()
    assert said.startswith("Picked: ") and "tap a picked card to take it back" in said and "Escape" not in said, said
