"""Issue 27, item 14: every sentence the engine writes, read by the text check (tests/text_check.py)
in every state of every golden record, as every seat and a commentator see it, and in every frame
of every worked example on the pages, with the stepper's line and the example's closing line; the
score pad's labels and checks; and the reasons a move a reader might try is refused."""

import pathlib
import re

import pytest

import rules_engine
from build_scripts.render import example_end
from build_scripts.source import parse_source
from build_scripts.validate import example_questions
from rules_engine.game import ALL
from rules_engine.prepared import frames_of
from rules_engine.scoring import check_game, check_row
from game_tests import golden_records
from text_check import problems, table_problems

ROOT = pathlib.Path(__file__).resolve().parents[1]
GOLDEN = golden_records()
NAMES = sorted(GOLDEN)


def report(found):
    """One line per distinct problem, with the first place it was seen and how often."""
    first, counts = {}, {}
    for check, where, kind, excerpt in found:
        first.setdefault((check, kind, excerpt), where)
        counts[check, kind, excerpt] = counts.get((check, kind, excerpt), 0) + 1
    return "\n".join(f"{check} in a {kind} ({where}, {counts[check, kind, excerpt]}×): {excerpt}"
                     for (check, kind, excerpt), where in first.items())


@pytest.mark.parametrize("name", NAMES)
def test_every_sentence_of_a_golden_record_reads_well(name):
    found = []
    for number, state in enumerate(rules_engine.replay(GOLDEN[name].text())):
        for seat in (ALL, *range(state.seats)):
            found += table_problems(state.table(seat), f"{name}, state {number}, seat {seat}")
    assert not found, report(found)


def examples():
    for page in sorted((ROOT / "docs" / "games").glob("*.md")):
        for fence in parse_source(page).fences:
            if fence.kind == "example":
                body, _ = example_questions(fence.body)   # a question's mark ("12. ? move") aside
                yield f"{page.stem} {fence.id}", list(rules_engine.replay(rules_engine.Record.from_text(body)))


def test_every_sentence_of_the_worked_examples_reads_well():
    found = []
    for name, states in examples():
        frames = frames_of(states)
        for index, frame in enumerate(frames):
            where = f"{name}, step {index}"
            found += table_problems(frame["table"], where)
            found += [(check, where, "said", excerpt) for check, excerpt in problems("said", frame["said"])]
        found += [(check, f"{name}, its end", "outcome", excerpt)
                  for check, excerpt in problems("outcome", example_end(states[-1]))]
    assert not found, report(found)


def test_the_score_pads_words_read_well():
    """Each fact a player enters, as the pad labels it (``label (N in all)``), and the checks'
    sentences with a negative figure."""
    found = []
    for spec in rules_engine.list_games():
        rule = spec.scoring
        for hand in rule.hands:
            for fact in hand.facts:
                legend = f"{fact.label} ({fact.total} in all)" if fact.total is not None else fact.label
                found += [(check, f"{spec.id}, {hand.name}", "fact label", excerpt)
                          for check, excerpt in problems("fact label", legend)]
            if hand.total is not None:
                message = check_row(rule, [hand.total - 999], rule.hands.index(hand) + 1)["message"]
                found += [(check, spec.id, "check", excerpt) for check, excerpt in problems("check", message)]
        if rule.game_total is not None:
            message = check_game(rule, [rule.game_total - 999])["message"]
            found += [(check, spec.id, "check", excerpt) for check, excerpt in problems("check", message)]
    assert not found, report(found)


@pytest.mark.parametrize("kind, text, check", [
    ("said", "Seat 1: play 7♣ — leads to the next.. Seat 3 plays the 4♣.", "doubled punctuation"),
    ("said", "Seat 1 wins with the J♥... and then some.", None),
    ("interlude line", "Seat 0: −40 this hand, -40 points in all", "hyphen for minus"),
    ("check", "this row adds up to -150, but", "hyphen for minus"),
    ("fact", "Dealt from hand-3 of 1-2 decks", None),
    ("result", "Ann & Cat wins with 50.", "side with a singular verb"),
    ("result", "Seats 0 and 2 wins the game.", "side with a singular verb"),
    ("result", "Lost: 1 of 52 cards are on the foundations.", "number agreement"),
    ("zone note", "1 trick, 1 points", "number agreement"),
    ("zone note", "3 card", "number agreement"),
    ("fact", "Seat 1 deals first", None),
    ("fact label", "K♥ taken (1 for the player who took it) (1 in all)", "doubled parenthetical"),
    ("fact", "the the dealer", "repeated word"),
    ("fact", "Seat 2 plays a 8♥", "a or an"),
    ("interlude line", "Seat 0: +0 this hand", "signed zero"),
    ("last", "Seat 2 plays the 8♥", "ending"),
    ("title", "Hand 2.", "ending"),
    ("fact", "Trumps: hearts (the 7♥", "brackets"),
    ("outcome", "After the last move: King: hand 8, points [75, 100, 175].", "code"),
])
def test_the_text_check_finds_each_kind_of_slip(kind, text, check):
    found = {name for name, _ in problems(kind, text)}
    assert found == ({check} if check else set()), found


def test_a_partnership_the_table_names_agrees_with_its_verb():
    sides = ("Seat 0 and Seat 2",)
    assert [name for name, _ in problems("result", "Seat 0 and Seat 2 wins the game.", sides)] == \
        ["side with a singular verb"]
    assert problems("result", "Seat 0 and Seat 2 win the game.", sides) == []


CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")


def tries(state):
    """Moves a reader might try: for each kind of legal move (its text, cards aside), that move
    with its first card replaced by each card the seat sees on the table."""
    seen = {card for z in state.table(state.to_act)["zones"] for card in z["cards"] if card != "??"}
    shapes = {CARD.sub("{card}", move.text): move.text for move in state.legal_moves()}
    return {CARD.sub(card, text, count=1) for text in shapes.values() if CARD.search(text) for card in seen}


@pytest.mark.parametrize("name", NAMES)
def test_the_reasons_a_move_is_refused_read_well(name):
    """What a reader is told of a move that is refused (``Not allowed: <reason>.``, the command
    line's ``Illegal move``): the moves a reader might try (``tries``) in every fifth state of
    the golden record."""
    found = []
    for number, state in enumerate(rules_engine.replay(GOLDEN[name].text())):
        if number % 5 or state.is_over or state.to_act is None:
            continue
        for text in sorted(tries(state)):
            try:
                explanation = state.explain(text)
            except rules_engine.RulesError as error:
                reason = str(error)
            else:
                if explanation is None:
                    continue
                reason = explanation.reason
            found += [(check, f"{name}, state {number}: {text}", "reason", excerpt)
                      for check, excerpt in problems("reason", reason)]
    assert not found, report(found)
