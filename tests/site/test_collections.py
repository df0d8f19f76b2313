"""The collection pages (build_scripts/collection_pages.py) and the home page's catalogue
(build_scripts/indexes.py): what they take from the engine, and the errors of a broken source."""

import re

import pytest

import rules_engine
from build_scripts import collection_pages
from build_scripts.indexes import sort_key
from build_scripts.render import players_text
from site_helpers import DOCS

SPECS = {spec.id: spec for spec in rules_engine.list_games()}
COLLECTIONS = collection_pages.collection_sources(DOCS)


def read(built_site, path):
    return (built_site["site"] / path / "index.html").read_text(encoding="utf-8")


def test_the_two_articles_are_collections_in_the_navigation_and_on_the_home_page(built_site):
    assert [path.stem for path in COLLECTIONS] == ["alone", "for-two"]
    home = read(built_site, "")
    for path in COLLECTIONS:
        assert f'href="collections/{path.stem}/"' in home
        # The navigation, on every page, names them.
        assert f'href="../../collections/{path.stem}/"' in read(built_site, "games/yukon")


@pytest.mark.parametrize("path", COLLECTIONS, ids=lambda path: path.stem)
def test_each_game_of_a_collection_shows_the_engines_facts_a_diagram_and_its_table(built_site, path):
    collection = collection_pages.parse_collection(path, SPECS)
    assert not collection.errors
    page = read(built_site, f"collections/{path.stem}")
    assert "<h1" in page and collection.title in page
    for entry in collection.entries:
        section = page.split(f'<h2 id="{entry.game_id}"')[1].split("<h2")[0]
        spec = SPECS.get(entry.game_id)
        if spec is None:
            assert "is not on the site yet" in section
            continue
        assert f'href="../../games/{spec.id}/"' in section
        facts = re.search(r'<aside aria-label="[^"]*" class="game-facts">.*?</aside>', section, re.S).group(0)
        assert f">{players_text(spec.player_counts)}</a>" in facts
        assert spec.deck_words().replace("&", "&amp;") in facts
        figures = entry.options["figures"]
        assert f"a median of {figures['moves']:g} moves" in facts
        if spec.seats == (1, 1):
            assert f"wins {figures['won']} of {figures['games']} games" in facts
        else:
            assert "Odds" not in facts
        assert f'<figure class="rules-diagram" id="diagram-{spec.id}"' in section and "<svg" in section
        # The button leads to the table on the game's page, which is there.
        table = re.search(rf'href="../../games/{spec.id}/#([a-z0-9-]+)"', section).group(1)
        assert f'id="{table}"' in read(built_site, f"games/{spec.id}")
        assert 'data-widget="play"' in read(built_site, f"games/{spec.id}")


RUNS = collection_pages.measured_runs(DOCS, SPECS)


@pytest.mark.parametrize("run", sorted(RUNS))
def test_every_recorded_figure_is_what_the_bots_play_now(run):
    """The build shows the figures ``--measure`` recorded; here each run is played again."""
    recorded = collection_pages.recorded_figures(DOCS / collection_pages.FOLDER).get(run)
    assert recorded == collection_pages.measure(*RUNS[run]), \
        f"{run}: the recorded figures are not the bots' any more: run `{collection_pages.MEASURE_COMMAND}`"


def test_the_figures_file_holds_only_the_runs_the_collections_show():
    assert sorted(collection_pages.recorded_figures(DOCS / collection_pages.FOLDER)) == sorted(RUNS)


def test_measured_figures_are_those_of_the_engines_bots():
    # The Clock has no choices: its length and odds are the deals' alone.
    figures = collection_pages.measure("the-clock", 300, 5)
    game = rules_engine.load_game("the-clock")
    won = 0
    for i in range(300):
        state = game.new(seed=f"5-{i}")
        while not state.is_over:
            state = state.apply(state.legal_moves()[0])
        won += state.result == "won"
    assert figures["won"] == won and figures["games"] == 300


def test_a_solitaires_odds_in_a_collection_are_the_run_its_page_shows():
    """Where a collection measures a solitaire with the run its page prints (``simulate --games N
    --seed S``), the two pages give the same figure."""
    compared = 0
    for path in COLLECTIONS:
        for entry in collection_pages.parse_collection(path, SPECS).entries:
            options = entry.options
            if entry.game_id not in SPECS or SPECS[entry.game_id].seats != (1, 1) or "games" not in options:
                continue
            page = (DOCS / "games" / f"{entry.game_id}.md").read_text(encoding="utf-8")
            command = f'main(["simulate", "{entry.game_id}", "--games", "{options["games"]}", "--seed", "{options["seed"]}"])'
            assert command in page, f"{path.name}: {entry.game_id}'s page shows no run of {options['games']} games from seed {options['seed']}"
            printed = re.search(r"won: (\d+) of (\d+)", page.split(command)[1]).groups()
            figures = options["figures"]
            assert printed == (str(figures["won"]), str(figures["games"]))
            compared += 1
    assert compared >= 3


def test_the_catalogue_lists_every_game_with_what_its_filters_read(built_site):
    home = read(built_site, "")
    catalogue = home.split('class="rules-catalogue"')[1]
    items = re.findall(r'<li ([^>]*)><a href="games/([a-z0-9-]+)/">', catalogue)
    assert [game_id for _, game_id in items] == sorted(SPECS, key=lambda game_id: sort_key(SPECS[game_id].name))
    for attrs, game_id in items:
        spec = SPECS[game_id]
        data = dict(re.findall(r'data-([a-z]+)="([^"]*)"', attrs))
        assert data["players"].split() == [str(n) for n in spec.player_counts]
        assert data["kind"] == ("solitaire" if spec.seats == (1, 1) else "company")
        assert spec.deck in data["pack"].split()
        assert f'<option value="{data["family"]}">' in catalogue
    # Without JavaScript the filters stay hidden and the list is the whole catalogue.
    assert re.search(r'<form [^>]*class="rules-catalogue__filters" hidden', catalogue)


def _errors(tmp_path, text):
    path = tmp_path / "broken.md"
    path.write_text(text, encoding="utf-8")
    return [str(error) for error in collection_pages.parse_collection(path, SPECS).errors]


GOOD_INTRO = "---\ntitle: A test\n---\n\nWhat it is for.\n\n"


@pytest.mark.parametrize("block, line, message", [
    ("```game\ngame: no-such-game\ndiagram: 1\n```\n", 8, "no game 'no-such-game' is registered"),
    ("```game\ngame: yukon\n```\n", 7, "needs 'diagram:'"),
    ("```game\ngame: yukon\ncoming: yes\nname: Yukon\n```\n", 9, "remove 'coming: yes'"),
    ("```game\ngame: yukon\ndiagram: ²\n```\n", 9, "must be a whole number"),
    ("```game\ngame: yukon\ndiagram: 1\ncolour: red\n```\n", 10, "expected one of game, diagram"),
    ("```game\ngame: yukon\ndiagram: 1\n```\n\n```game\ngame: yukon\ndiagram: 2\n```\n", 12, "in this collection twice"),
    ("```play\nseed: 1\n```\n", 7, "unknown fence kind 'play'"),
    ("```game\ngame: yukon\ndiagram: 1\n", 7, "never closed"),
    ("```game\ngame: later-game\ncoming: yes\n```\n", 7, "needs 'name:'"),
    # tmp_path holds no figures.json
    ("```game\ngame: yukon\ndiagram: 1\n```\n", 7,
     "no figures of 'yukon' measured by its bots (yukon: 200 games, seed 1) in collections/figures.json: "
     "run `python -m build_scripts.collection_pages --measure`"),
])
def test_a_broken_collection_says_where_and_what(tmp_path, block, line, message):
    errors = _errors(tmp_path, GOOD_INTRO + block)
    assert any(error.startswith(f"{tmp_path / 'broken.md'}:{line}: ") and message in error for error in errors), errors


def test_a_collection_needs_its_title_and_its_introduction(tmp_path):
    errors = _errors(tmp_path, "---\ntitle: A test\nfor: nobody\n---\n```game\ngame: yukon\ndiagram: 1\n```\n")
    assert any(":3: unknown front matter key 'for'" in error for error in errors), errors
    assert any(":5: a collection opens with a paragraph" in error for error in errors), errors
    errors = _errors(tmp_path, "No front matter.\n")
    assert any(":1: a collection starts with front matter" in error for error in errors), errors
