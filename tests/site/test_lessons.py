"""Lessons: the ``lesson`` block's format, replayed by the engine at build time, each mistake
refused with its file and line; and questions asked in worked examples."""

import json
import re

import rules_engine
from build_scripts import lessons
from build_scripts.render import ask_questions
from build_scripts.validate import _check_lesson, example_questions, taught_rules, teachable_rules, untaught_rules
from build_scripts.source import parse_source
from rules_engine.prepared import frames_of

from site_helpers import DOCS

# King's page without its own lessons: each test adds the one it checks.
KING = re.sub(r"^```lesson\n.*?^```\n", "", (DOCS / "games" / "king.md").read_text(encoding="utf-8"),
              flags=re.M | re.S)
# Seed 12 of King: seat 2 leads the 2♣, seat 3 plays the 4♣; seat 0 holds the 5♣ and the 9♣.
GOOD = """```lesson
title: Your first hand
seed: 12

say: You want to take no tricks at all in this hand. #scoring.no-tricks
move: play 2C {Seat 2 leads the 2♣.}
move: play 4C
you: Follow suit, and keep your high club. #play.follow-suit
expect: play 5C
else play 9C: The 9♣ would take the trick, and each trick costs 20.
move: play 3C
you: Lead any card.
expect: any
rest: bots
say: Each trick taken cost 20.
```
"""


def page_with(block, tmp_path):
    """King's page with ``block`` at its end, its lessons checked (the rest of the page's checks
    are the build's, tested elsewhere)."""
    path = tmp_path / "king.md"
    path.write_text(KING + "\n" + block, encoding="utf-8")
    source = parse_source(path)
    for fence in source.fences:
        if fence.kind == "lesson" and fence.lesson is not None:
            _check_lesson(source, rules_engine.state_class("king").spec, fence)
    return source


def errors_of(source):
    return [str(error).split(":", 2)[1:] for error in sorted(source.errors)]


def test_a_lesson_is_replayed_into_frames_the_reader_sees_from_their_seat(tmp_path):
    source = page_with(GOOD, tmp_path)
    assert source.errors == []
    fence = [fence for fence in source.fences if fence.kind == "lesson"][0]
    frames = fence.artifact["frames"]
    kinds = [frame["kind"] for frame in frames]
    assert kinds == ["deal", "say", "move", "move", "you", "move", "move", "you", "move", "rest", "say", "end"]
    asked = frames[4]
    assert asked["expect"] == ["play 5C"] and asked["feedback"] == {
        "play 9C": "The 9♣ would take the trick, and each trick costs 20."}
    assert asked["legal"] == ["play 5C", "play 9C"] and asked["rules"] == ["play.follow-suit"]
    # Each move the step allows in the table's words, for the widget's answers; a move made as the
    # reader's seat is told it, what it brought about included.
    assert asked["said"] == {"play 5C": "Seat 0 plays the 5♣.", "play 9C": "Seat 0 plays the 9♣."}
    assert frames[6]["said"] == "Seat 1 plays the 3♣; Seat 0 wins the trick with the 5♣: −20 in No tricks."
    # The reader's seat sees its own hand, never another's.
    hands = {zone["owner"]: zone["cards"] for zone in asked["table"]["zones"] if zone["kind"] == "hand"}
    assert "??" not in hands[0] and all(set(cards) == {"??"} for seat, cards in hands.items() if seat != 0)
    # "any" legal move: every other one is a branch of its own, played to the hand's end.
    anything = frames[7]
    assert anything["any"] and len(anything["branches"]) == len(anything["legal"]) - 1
    assert all(branch[-1]["kind"] == "end" for branch in anything["branches"].values())
    assert frames[-1]["table"]["interlude"]["title"].startswith("End of hand 1")
    json.dumps(fence.artifact)


def test_each_mistake_in_a_lesson_is_refused_at_its_line(tmp_path):
    first = KING.count("\n") + 2   # the block's first line, "```lesson"
    bad = (GOOD.replace("expect: play 5C", "expect: play 8C")
               .replace("move: play 3C", "move: play 3C\nbid 5: nothing")
               .replace("#play.follow-suit", "#play.folow-suit"))
    source = page_with(bad, tmp_path)
    assert errors_of(source) == [
        [str(first + 7), " the lesson names rule '#play.folow-suit', which no paragraph of this page has "
                         "(did you mean '#play.follow-suit'?)"],
        [str(first + 11), " unknown lesson line 'bid 5:': the steps are say:, move:, you: with expect: and "
                          "else <move>:, and rest: bots"],
    ]
    source = page_with(GOOD.replace("expect: play 5C", "expect: play 8C"), tmp_path)
    assert errors_of(source) == [[str(first + 8), " lesson 'Your first hand': the expected move 'play 8C' is not "
                                                  "legal here: 8♣ is not in your hand (rule play.turn)"]]


def test_a_lesson_that_stops_before_its_hand_ends_or_plays_out_of_turn_is_refused(tmp_path):
    first = KING.count("\n") + 2
    source = page_with(GOOD.replace("rest: bots\n", ""), tmp_path)
    assert [message for _, message in errors_of(source)] == [
        " lesson 'Your first hand': the lesson stops before its hand ends (seat 1 is to play): add the hand's "
        "last moves, or end with 'rest: bots', so it can explain the score"]
    source = page_with(GOOD.replace("move: play 4C\n", ""), tmp_path)
    assert errors_of(source)[0] == [str(first + 6), " lesson 'Your first hand': it is seat 3's turn here, not the "
                                                    "reader's (seat 0): write its 'move:' first"]


def test_a_lesson_and_the_examples_name_the_rules_they_teach(tmp_path):
    by_examples = taught_rules(page_with("", tmp_path))
    source = page_with(GOOD, tmp_path)
    assert taught_rules(source) == by_examples | {"scoring.no-tricks", "play.follow-suit"}
    assert "scoring.no-tricks" not in untaught_rules(source)
    assert set(untaught_rules(source)) == set(teachable_rules(source)) - taught_rules(source)


def test_a_question_in_a_worked_example_is_prepared_for_the_stepper():
    body = "game: king\nseed: 12\nmoves:\n1. play 2C\n2. play 4C\n3. ? play 5C {Keep the 9♣ back.}\nend\n"
    cleaned, asked = example_questions(body)
    assert asked == [3] and "? " not in cleaned
    states = list(rules_engine.replay(cleaned))
    frames = ask_questions(frames_of(states), states, asked)
    question = frames[2]["question"]
    assert question["expect"] == "play 5C" and question["reason"] == "Keep the 9♣ back."
    assert question["seat"] == 0 and question["legal"] == ["play 5C", "play 9C"]
    assert "play 2D" in question["refusals"] and question["refusals"]["play 2D"]["rule"] == "play.follow-suit"
    assert lessons.rule_refs("why? #play.follow-suit and #end.game") == ["play.follow-suit", "end.game"]


def test_a_page_without_a_lesson_or_teaching_too_few_rules_fails_the_check(tmp_path):
    from build_scripts.validate import check_contents

    source = page_with("", tmp_path)   # King's page without its lessons
    check_contents(source)
    messages = [str(error) for error in source.errors]
    assert any("the page has no lesson: add a ```lesson``` block" in message for message in messages), messages
    taught = [message for message in messages if "Play and Scoring rules, and a page teaches at least 90%" in message]
    assert len(taught) == 1 and "not yet: " in taught[0] and "play.turn" in taught[0].split("not yet: ")[1]
    source = parse_source(DOCS / "games" / "king.md")
    check_contents(source)
    assert source.errors == []


def test_a_move_built_card_by_card_is_listed_with_its_cards_for_the_widget():
    source = parse_source(DOCS / "games" / "gin-rummy.md")
    spec = rules_engine.state_class("gin-rummy").spec
    fence = [fence for fence in source.fences if fence.kind == "lesson"][-1]
    _check_lesson(source, spec, fence)
    asked = [frame for frame in fence.artifact["frames"] if frame["kind"] == "you" and "built" in frame]
    layoff = next(frame for frame in asked if frame["expect"][0].startswith("layoff"))
    built = {entry["move"]: entry for entry in layoff["built"]}
    assert built[layoff["expect"][0]]["cards"] == [layoff["expect"][0].split()[1]]
    assert built[layoff["expect"][0]]["target"] in {zone["id"] for zone in layoff["table"]["zones"]}
    assert set(built) == {click["move"] for click in layoff["table"]["moves"] if click.get("built")}


def test_a_step_naming_rules_links_each_once_in_words_of_its_own():
    from build_scripts.render import _rule_links

    links = re.findall(r'<a class="rules-lesson__rule" href="#([^"]+)">([^<]+)</a>',
                       _rule_links("Trail or sweep. #play.sweep #play.trail #play.sweep"))
    assert links == [("play.sweep", "rule: sweep"), ("play.trail", "rule: trail")]
    assert re.findall(r">([^<]+)</a>", _rule_links("Follow suit. #play.follow-suit")) == ["the rule"]
    # Two rules of one name in different sections are told apart by their place.
    assert re.findall(r">([^<]+)</a>", _rule_links("#play.capture #scoring.capture")) == ["rule 1", "rule 2"]


def test_each_lessons_steps_in_text_are_a_page_of_their_own_linked_from_its_box(built_site):
    """A game's page links each lesson's steps in text, a page beside it, rather than carrying every
    lesson's script (and its answers) to readers who play it on the page: the page readable without
    scripts, its rule links leading to the rules on the game's page, its cards coloured."""
    site = built_site["site"]
    pages = sorted(site.glob("games/*/index.html"))
    assert len(pages) >= 41
    linked = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "rules-lesson__answer" not in text, page.parent.name
        for name in re.findall(r'<p class="rules-lesson__script"><a href="([^"]+-steps\.html)">', text):
            steps = (page.parent / name).read_text(encoding="utf-8")
            assert steps.startswith("<!doctype html>") and '<ol class="rules-lesson__steps">' in steps, name
            anchors = set(re.findall(r'\bid="([^"]+)"', text))
            for target in re.findall(r'href="\./#([^"]+)"', steps):
                assert target in anchors, (name, target)
            assert 'href="#' not in steps, name
            linked += 1
    assert linked >= 41, linked
    assert '<span class="card card--red">' in steps
