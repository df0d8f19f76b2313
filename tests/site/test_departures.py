"""Notes that change a rule the text states: marked on the game's page with
"**Changed from the text:**" (the page is where a game declares them), and
quoting the text's own words, which the build finds in the game's seed text."""

import dataclasses

import pytest

import rules_engine
from build_scripts import seeds
from build_scripts.errors import display_path
from build_scripts.source import parse_source
from build_scripts.validate import check_game, check_quotations, game_sources

from site_helpers import DOCS, FIXTURES

SPECS = {spec.id: spec for spec in rules_engine.list_games()}
SHARED = FIXTURES / "shared"


def site_sources():
    return {game_id: parse_source(path) for game_id, path in game_sources(DOCS).items()}


def test_every_quotation_on_the_site_is_in_its_games_text():
    listing = seeds.SHARED / "GAMES.md"
    if not listing.is_file():
        pytest.skip(f"the seed texts are not beside the project ({listing} is missing)")
    for game_id, source in site_sources().items():
        check_quotations(source, seeds.SHARED)
        assert [str(error) for error in source.errors] == [], game_id


def check_fixture(name, shared=SHARED):
    path = FIXTURES / name
    spec = dataclasses.replace(SPECS["yukon"], rules=("play.build",))
    source = check_game(parse_source(path, game_id="yukon"), SPECS, spec=spec, shared=shared)
    prefix = display_path(path) + ":"
    return [str(error)[len(prefix):] for error in sorted(source.errors)], source


def test_a_bad_note_changed_from_the_text_fails_with_its_file_and_line():
    errors, source = check_fixture("departures.md")
    assert errors == [
        "19: '**Changed from the text:**' marks an interpretation note: state the text's rule here and move "
        "the change, with its reason, under '## Interpretation notes'",
        "36: a note changed from the text quotes, in “…”, the few words of the text it departs from",
        "38: the words quoted in note 'interpretation.misquoted', “go back to the columns whenever it likes”, "
        "are not in the game's text (000_fixture.txt): quote the words it departs from exactly as the text "
        "has them",
        "41: a quotation of 21 words: quote only the few words this note departs from, 12 at most, and say "
        "the rest in our own words",
        "45: a note that changes the text's rule begins with '**Changed from the text:**'",
        "48: a quotation opened with “ is not closed with ”, or the other way round",
    ]
    # Quotations that match, across a line break and with other quote marks than the text's:
    assert [q.words for q in source.quotations if q.rule_id in ("interpretation.way-forward",
                                                                 "interpretation.foundation-final")] == [
        "no move is left", "come back to the \"tableau\" on the player's turn"]
    assert [rule.id for rule in source.rules if rule.departure] == [
        "interpretation.way-forward", "interpretation.foundation-final", "interpretation.no-quote",
        "interpretation.misquoted", "interpretation.too-long", "interpretation.late-mark",
        "interpretation.open-quote"]


def test_without_the_seed_texts_the_quotations_are_not_checked_and_the_build_says_why(tmp_path):
    errors, source = check_fixture("departures.md", shared=tmp_path)
    assert not any("are not in the game's text" in error for error in errors)
    assert source.notices == [
        f"{display_path(FIXTURES / 'departures.md')}: quotations in notes changed from the text not checked: "
        f"the seed texts are not beside the project ({tmp_path / 'GAMES.md'} is missing)"]


def test_an_article_game_has_no_seed_text_to_quote():
    texts = seeds.texts_for("the-clock", SHARED)
    assert texts.texts == {}
    assert texts.reason == ("'the-clock' is an article game (the solitaires article): its rules come from a "
                            "published reference, not from a seed text")
    assert seeds.texts_for("king", SHARED).reason.endswith("does not list 'king', so its seed text is unknown")
