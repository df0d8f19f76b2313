"""The checks on the games' rules sources: each broken source fails with the
right ``file:line`` message, and the site's real pages pass."""

import dataclasses
import shutil
from pathlib import Path

import pytest
import yaml
from mkdocs.utils.yaml import yaml_load

import rules_engine
from build_scripts.errors import display_path
from build_scripts.source import markdown_parser, parse_source
from build_scripts.validate import check_contents, check_game, check_site, game_sources

from site_helpers import DOCS, FIXTURES, ROOT, run_mkdocs

SPECS = {spec.id: spec for spec in rules_engine.list_games()}
# The fixtures are small pages for Yukon, checked against three of the rules its engine cites.
FIXTURE_SPEC = dataclasses.replace(SPECS["yukon"], rules=("play.build",))


def check_fixture(name, spec=FIXTURE_SPEC):
    path = FIXTURES / name
    source = check_game(parse_source(path, game_id="yukon"), SPECS, spec=spec)
    prefix = display_path(path) + ":"
    return [str(error)[len(prefix):] for error in sorted(source.errors)]


def test_the_valid_fixture_passes_every_check():
    assert check_fixture("valid.md") == []


@pytest.mark.parametrize("name, expected", [
    ("missing_section.md", [
        "15: missing section '## Play': the sections are, in order, 'Object of the game', 'Setup', "
        "'Play', 'Scoring and end of the game', 'Interpretation notes'",
    ]),
    ("duplicate_id.md", ["19: duplicate rule id 'play.build': line 17 has it already"]),
    ("unknown_fence.md", [
        "19: unknown fence kind 'python': a game page's fenced blocks are 'pycon' (a doctest: a Python "
        "session run against the engine at every build); 'play' (a playable hand); 'example' (a worked "
        "example: a game record the build replays); 'diagram' (a layout the engine deals and the build draws); "
        "'lesson' (a hand the reader plays step by step, as build_scripts/lessons.py reads it)",
    ]),
    ("bad_front_matter.md", ["3: front matter is not valid YAML: expected ',' or ']', but got '<stream end>'"]),
    ("engine_fact_in_front_matter.md", [
        "3: front matter key 'players' is a fact the engine knows: the build takes it from rules_engine, remove it",
        "4: related game 'King' is on this site: write its id 'king' so that it links to its page",
        "4: related game 'klondike' is not registered: write a game on this site by its id, and any other "
        "game by its name, capitalised (like 'Klondike')",
    ]),
    ("failing_doctest.md", [
        """16: doctest '>>> len(state.view()["table"]["columns"])' failed: expected '8', got '7'""",
    ]),
    ("broken_links.md", [
        "11: link to '#play.bild' goes nowhere: no rule, section, block or heading of this page has the "
        "anchor 'play.bild' (did you mean '#play.build'?)",
        "29: link to '#scoring.nothing' goes nowhere: no rule, section, block or heading of this page has the "
        "anchor 'scoring.nothing' (did you mean '#scoring'?)",
    ]),
    ("missing_cited_id.md", [
        "13: the engine cites rule 'play.build' (rules_engine/games/yukon/__init__.py) but no paragraph on this "
        "page ends with {#play.build}",
    ]),
    ("malformed_ids.md", [
        "7: malformed rule id {#Object Goal}: write {#section.name}, lowercase words joined by '-' and at "
        "least one '.', like {#play.follow-suit}",
        "11: malformed rule id {#setup}: write {#section.name}, lowercase words joined by '-' and at least "
        "one '.', like {#play.follow-suit}",
        "19: rule paragraph has no id: end it with one, like {#play.follow-suit}",
        "29: rule 'scoring.stay' is an interpretation note: its id must start with 'interpretation.'",
    ]),
    ("bad_fence_options.md", [
        "15: option 'seed' must be a whole number, got 'seven'",
        "16: unknown option 'colour' for a diagram block: its options are id, layout, seed, seats, caption",
        "25: write 'play' alone after the fence: options go inside the block, one 'key: value' a line",
        "26: seat 2 does not exist: the seats are 0 to 0",
        "30: this hand cannot be dealt: unknown option 'draw' for yukon: its options are none",
        "31: option 'variant' must have a JSON value, as in a record ('7', '\"facing\"'), got 'red'",
    ]),
    ("example_does_not_replay.md", [
        "24: example does not replay: record move 2 'move KS onto 8C' does not apply: illegal move "
        "'move KS onto 8C': K♠ cannot go on 8♣: it takes a card one rank below it, of the other colour "
        "(rule play.build)",
    ]),
])
def test_a_broken_source_fails_with_its_file_and_line(name, expected):
    assert check_fixture(name) == expected


def test_every_rule_the_real_engine_cites_is_required():
    # The valid fixture states only four of Yukon's rules: against the full spec, the rest are missing.
    missing = {rule for rule in SPECS["yukon"].cited_rules if rule not in {
        "play.turn", "play.build", "play.empty-column", "end.game", "scoring.cards", "interpretation.foundation-final"}}
    errors = check_fixture("valid.md", spec=SPECS["yukon"])
    assert sorted(error.split("'")[1] for error in errors) == sorted(missing)


def test_a_page_for_an_unregistered_game_is_refused(tmp_path):
    page = tmp_path / "no-such-game.md"
    shutil.copy(FIXTURES / "valid.md", page)
    errors = check_game(parse_source(page), SPECS).errors
    assert [(e.line, e.message.split(" (")[0]) for e in errors] == [(1, "no game 'no-such-game' is registered in rules_engine")]


def test_a_registered_game_without_a_page_is_reported(tmp_path):
    (tmp_path / "games").mkdir()
    for game_id in SPECS:
        if game_id != "king":
            shutil.copy(DOCS / "games" / f"{game_id}.md", tmp_path / "games" / f"{game_id}.md")
    _, errors = check_site(tmp_path)
    assert [error.message for error in errors] == [
        f"game 'king' (King) is registered but has no page: write {tmp_path / 'games' / 'king.md'}"]
    assert errors[0].path.endswith("rules_engine/games/king/__init__.py")


# That the site's pages pass every check is tested by running the command "Adding a game" prints
# for it, `.venv/bin/python -m build_scripts.validate` (tests/site/test_page_commands.py).


def test_each_game_page_states_every_rule_its_engine_cites():
    for game_id, path in game_sources(DOCS).items():
        assert set(SPECS[game_id].cited_rules) <= parse_source(path).rule_ids, game_id


def test_the_adding_a_game_example_is_a_valid_source():
    text = (DOCS / "adding-a-game.md").read_text(encoding="utf-8")
    examples = [token.content for token in markdown_parser().parse(text)
                if token.type == "fence" and token.info.strip() == "markdown"]
    assert len(examples) == 1
    source = check_game(parse_source("adding-a-game/yukon.md", text=examples[0]), SPECS)
    check_contents(source)
    assert [str(error) for error in source.errors] == []
    assert {fence.kind for fence in source.fences} == {"diagram", "pycon", "play", "example", "lesson"}


def test_a_broken_source_stops_the_mkdocs_build(tmp_path):
    """End to end: the build refuses, names the file and line, and writes no site."""
    docs = tmp_path / "docs"
    shutil.copytree(DOCS, docs)
    king = docs / "games" / "king.md"
    king.write_text(king.read_text(encoding="utf-8").replace(" {#play.follow-suit}", ""), encoding="utf-8")
    line = next(number for number, text in enumerate(king.read_text().splitlines(), 1)
                if text.startswith("You must follow suit"))
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as file:
        config = yaml_load(file)  # MkDocs' own loader, which resolves the !ENV tags
    config.update(docs_dir=str(docs), site_dir=str(tmp_path / "site"),
                  hooks=[str(ROOT / "build_scripts" / "hooks.py")],
                  watch=[str(ROOT / "build_scripts"), str(ROOT / "rules_engine"), str(ROOT / "widgets")])
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    result = run_mkdocs("build", "--strict", "--config-file", str(tmp_path / "mkdocs.yml"))
    assert result.returncode != 0
    assert f"{display_path(king)}:{line}: rule paragraph has no id" in result.stderr
    assert "the engine cites rule 'play.follow-suit'" in result.stderr
    assert not (tmp_path / "site" / "games" / "king" / "index.html").exists()


def test_fixture_paths_in_messages_are_relative_to_the_working_directory(monkeypatch):
    monkeypatch.chdir(ROOT)
    assert display_path(ROOT / "docs" / "games" / "king.md") == str(Path("docs/games/king.md"))


def test_a_page_without_what_every_game_shows_is_told_what_to_add():
    source = parse_source(FIXTURES / "missing_cited_id.md", game_id="yukon")
    check_contents(source)
    prefix = display_path(source.path) + ":"
    assert [str(error)[len(prefix):] for error in sorted(source.errors)] == [
        "9: the page has no picture of the deal: add a ```diagram``` with 'layout: deal' and 'seed: N' under "
        "'## Setup'",
        "13: the page has no lesson: add a ```lesson``` block (build_scripts/lessons.py) that plays a first hand "
        "with the reader, so they learn by playing before they face the bots",
        "13: the page has no playable hand with a seed: add a ```play``` block with 'seed: N' (the catalogue's "
        "and the collections' buttons open that deal, and its first deal is drawn before the engine loads)",
        "13: the page has no worked example: add an ```example``` record of a real hand, so a reader can step "
        "through one",
        "13: the page's lessons and worked examples name 0 of its 3 Play and Scoring rules, and a page teaches at "
        "least 90% of them: name each (#rule.id) in the step that shows it; not yet: play.turn, end.game, "
        "scoring.cards",
        "17: the page has 0 doctest(s) (```pycon```), and a game's page shows at least 5: put one after each "
        "rule a reader may doubt, each scoring rule above all, so the engine bears the page out where it matters",
    ]
