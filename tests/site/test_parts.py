"""The build's parts one by one: parsing a source, rendering it, the glossary
links, the card colours and the generated pages."""

import dataclasses

import markdown
import pytest

import rules_engine
from build_scripts import glossary, htmltext, indexes, render
from build_scripts.source import parse_source
from build_scripts.validate import check_game
from site_helpers import FIXTURES

SPECS = {spec.id: spec for spec in rules_engine.list_games()}
FIXTURE_SPEC = dataclasses.replace(SPECS["yukon"], rules=("play.build",))


@pytest.fixture(scope="module")
def valid():
    return check_game(parse_source(FIXTURES / "valid.md", game_id="yukon"), SPECS, spec=FIXTURE_SPEC)


# ---- parsing ------------------------------------------------------------------------------------

def test_rules_are_read_with_their_section_and_lines(valid):
    rules = [(r.id, r.section, r.first_line, r.line) for r in valid.rules]
    assert rules == [
        ("object.goal", "object", 11, 11),
        ("setup.deal", "setup", 15, 16),
        ("play.turn", "play", 25, 25),
        ("play.build", "play", 29, 29),
        ("play.empty-column", "play", 30, 30),
        ("end.game", "scoring", 44, 44),
        ("scoring.cards", "scoring", 46, 46),
        ("interpretation.foundation-final", "interpretation", 50, 50),
    ]


def test_front_matter_and_fences_are_read(valid):
    assert valid.front_matter == {"origin": "A page the tests check against a few of Yukon's rules.",
                                  "aliases": ["Test Patience"], "related": ["king", "Klondike"]}
    assert valid.front_matter_lines == {"origin": 2, "aliases": 3, "related": 4}
    fences = [(f.kind, f.id, f.line, f.options) for f in valid.fences]
    assert fences == [("diagram", "diagram-1", 18, {"layout": "deal", "seed": 3}),
                      ("pycon", "pycon-1", 32, {}), ("play", "play-1", 38, {"seed": 3})]


def test_a_source_without_front_matter_is_refused():
    source = parse_source("x/yukon.md", text="## Object of the game\n\nWin. {#object.goal}\n")
    assert (1, "the source must start with YAML front matter between '---' lines (origin, aliases, "
               "related)") in [(e.line, e.message) for e in source.errors]


def test_sections_out_of_order_and_repeated_are_refused():
    text = ("---\norigin: x\n---\n\n## Setup\n\nA. {#setup.a}\n\n## Object of the game\n\nB. {#object.b}\n\n"
            "## Play\n\nC. {#play.turn}\n\n## Play\n\nD. {#play.d}\n\n## Scoring and end of the game\n\n"
            "E. {#end.game}\n\n## Interpretation notes\n\nF. {#interpretation.f}\n\n## Variants\n\nG.\n")
    messages = [(e.line, e.message.split(":")[0]) for e in sorted(parse_source("x/yukon.md", text=text).errors)]
    assert messages == [
        (9, "section 'Object of the game' is out of order"),
        (17, "section 'Play' appears twice"),
        (29, "unknown section 'Variants'"),
        (31, "rule paragraph has no id"),
    ]


def test_headings_raw_html_and_indented_blocks_are_refused():
    text = ("---\norigin: x\n---\n\n# Title\n\n## Object of the game\n\nA. {#object.a}\n\n<div>raw</div>\n\n"
            "- item {#object.b}\n\n  ```pycon\n  >>> 1\n  1\n  ```\n\n### Sub {#sub}\n\n    indented code\n\n"
            "> A quote. {#object.c}\n")
    errors = sorted(parse_source("x/yukon.md", text=text).errors)
    missing = [(e.line, e.message.split("'")[1]) for e in errors if e.message.startswith("missing section")]
    assert missing == [(24, "## Interpretation notes"), (24, "## Play"), (24, "## Scoring and end of the game"),
                       (24, "## Setup")]
    messages = [(e.line, e.message[:40]) for e in errors if not e.message.startswith("missing section")]
    assert messages == [
        (5, "a game page has no level-1 heading: its "),
        (11, "raw HTML is not allowed on a game page: "),
        (15, "a pycon block must start at the left mar"),
        (20, "headings take no id: the sections have f"),
        (22, "indented code is not allowed on a game p"),
        (24, "quotes are not allowed on a game page: s"),
    ]


# ---- rendering ----------------------------------------------------------------------------------

def test_rule_ids_are_rewritten_for_attr_list_and_land_on_their_elements(valid):
    page = render.render_game_page(valid, SPECS["yukon"], SPECS)
    assert "{#" not in page.replace("{#object}", "").replace("{#setup}", "").replace("{#play}", "") \
        .replace("{#scoring}", "").replace("{#interpretation}", "")
    assert "over two lines. [¶](#setup.deal \"Link to this rule: setup.deal\"){ .rule-link }\n{: #setup.deal .rule }" in page
    assert "1. A card goes on one of the other colour." in page
    assert "   {: #play.build .rule }" in page  # indented to the list item's text
    converted = markdown.markdown(page, extensions=["attr_list", "md_in_html", "def_list", "tables"])
    assert '<p class="rule" id="setup.deal">Deal seven columns,\nover two lines.' in converted
    assert '<li class="rule" id="play.build">A card goes on one of the other colour.' in converted
    assert '<li class="rule" id="play.empty-column">' in converted
    assert '<h2 id="play">Play</h2>' in converted


def test_the_page_starts_with_the_engines_facts(valid):
    page = render.render_game_page(valid, SPECS["yukon"], SPECS)
    assert page.startswith("# Yukon\n\nA Klondike layout")
    assert "origin:" not in page  # the front matter is not shown as text
    assert "Players\n:   [1](by-players.md#players-1)" in page
    assert "Family\n:   [Solitaire](by-family.md#solitaire)" in page
    assert "Also known as\n:   Test Patience" in page
    assert "Related games\n:   [King](king.md), Klondike" in page


def test_options_and_engine_aliases_appear_in_the_facts_box(valid):
    option = rules_engine.Option("draw", 1, (1, 3), "cards turned from the stock at a time")
    spec = dataclasses.replace(SPECS["yukon"], options=(option,), aliases=("Alaska Jack",), seats=(2, 6))
    box = "\n".join(render.facts_box(valid, spec, SPECS))
    assert "Players\n:   [2 to 6](by-players.md#players-2)" in box
    assert ("Options\n:   `draw`: cards turned from the stock at a time (default `1`; one of `1`, `3`)") in box
    assert "Also known as\n:   Alaska Jack, Test Patience" in box


def test_fences_become_widget_places_drawings_and_checked_examples(valid):
    page = render.render_game_page(valid, SPECS["yukon"], SPECS)
    assert '<figure class="rules-diagram" id="diagram-1" data-search-exclude>' in page
    assert '??? example "Checked example: the engine runs this at every build"\n\n    ```pycon\n    >>> import' in page
    assert ('<div class="rules-widget rules-widget--play" id="play-1" data-widget="play" data-game="yukon" '
            'data-seats="1" data-seat="0" data-seed="3">') in page
    assert "<code>python -m rules_engine play yukon --seed 3</code>" in page
    # The title stays as the live table's heading, where "New deal" may change the deal: it names none.
    assert '<p class="rules-widget__title">Play Yukon at this table</p>' in page


def test_a_play_blocks_title_says_who_the_reader_is_at_a_table_of_several(valid):
    spec = dataclasses.replace(SPECS["yukon"], seats=(2, 6))
    page = render.render_game_page(valid, spec, SPECS)
    assert '<p class="rules-widget__title">Play Yukon at this table: 2 players, you in seat 0</p>' in page


def test_moves_show_cards_by_symbol_and_colour():
    assert render.format_move("move TC onto JD") == ('move <span class="card card--black">10♣</span> onto '
                                                     '<span class="card card--red">J♦</span>')
    assert render.format_move("trumps hearts") == "trumps hearts"


# ---- text of the rendered page --------------------------------------------------------------------

TERMS = [glossary.Term("Trick", "trick", "One card from each player."),
         glossary.Term("Trump", "trump", "A suit that beats the others."),
         glossary.Term("No trumps", "no-trumps", "No trump suit."),
         glossary.Term("Face up", "face-up", "Showing its face.")]


def test_glossary_terms_are_linked_once_and_only_in_rules():
    page = ('<p>A trick before the rules.</p>'
            '<p class="rule" id="a.b">Tricks and <code>trick</code> and a <a href="#">trump</a>, '
            'then no trumps, a face-up card, trumps again, trick-taking.</p>'
            '<li class="rule" id="a.c">A trick, and trumps.</li>')
    linked = glossary.link_terms(page, TERMS, "../glossary/")
    assert linked.count('class="glossary-term"') == 4
    assert '<p>A trick before the rules.</p>' in linked
    assert '<a class="glossary-term" href="../glossary/#trick" title="One card from each player.">Tricks</a>' in linked
    assert '<code>trick</code>' in linked and '<a href="#">trump</a>' in linked
    assert 'href="../glossary/#no-trumps" title="No trump suit.">no trumps</a>' in linked
    assert 'href="../glossary/#face-up" title="Showing its face.">face-up</a>' in linked
    assert 'href="../glossary/#trump" title="A suit that beats the others.">trumps</a> again' in linked
    assert "trick-taking" in linked and "#trick\" title=\"One card from each player.\">trick</a>-taking" not in linked


def test_the_glossary_page_is_read_into_terms(tmp_path):
    text = "# Glossary\n\n## Trick {#trick}\n\nOne card from *each* player, [won](#x) by one.\n\n## Notes\n\nNo id.\n"
    assert glossary.read_terms(text) == [glossary.Term("Trick", "trick", "One card from each player, won by one.")]


def test_cards_in_prose_are_coloured_but_not_in_code_or_drawings():
    page = '<p>The 7♥ and 10♣.</p><code>7♥</code><svg><text>K♦</text></svg>'
    assert htmltext.colour_cards(page) == ('<p>The <span class="card card--red">7♥</span> and '
                                           '<span class="card card--black">10♣</span>.</p>'
                                           '<code>7♥</code><svg><text>K♦</text></svg>')


# ---- generated pages ------------------------------------------------------------------------------

def test_the_navigation_gets_a_page_per_game_in_name_order():
    nav = [{"Home": "index.md"}, {"Games": ["games/index.md"]}, {"Glossary": "glossary.md"}]
    games = indexes.add_games_to_nav(nav, SPECS)[1]["Games"]
    assert games[0] == "games/index.md"
    assert [next(iter(entry.items())) for entry in games[1:]] == sorted(
        ((spec.name, f"games/{spec.id}.md") for spec in SPECS.values()), key=lambda item: item[0].lower())
    assert {"King": "games/king.md"} in games and {"The Clock": "games/the-clock.md"} in games
    assert indexes.add_games_to_nav(nav, SPECS)[::2] == [{"Home": "index.md"}, {"Glossary": "glossary.md"}]


def test_a_to_z_files_aliases_and_accented_names_by_their_letter(valid):
    lorum = dataclasses.replace(SPECS["king"], id="lorum", name="Lórum", aliases=("Lorum",))
    specs = {"yukon": SPECS["yukon"], "lorum": lorum}
    page = indexes.a_to_z_page(specs, {"yukon": valid})
    assert page.index("## L {#letter-l}") < page.index("[Lórum](lorum.md)") < page.index("## T {#letter-t}")
    assert "- *Test Patience*: see [Yukon](yukon.md)" in page
    assert "- *Lorum*: see [Lórum](lorum.md)" in page


def test_games_are_listed_under_every_player_count_they_take():
    wide = dataclasses.replace(SPECS["king"], id="wide", name="Wide", seats=(2, 4))
    page = indexes.by_players_page({"wide": wide})
    for count in (2, 3, 4):
        section = page.split(f"{{#players-{count}}}")[1].split("## ")[0]
        assert "[Wide](wide.md)" in section
    assert "{#players-1}" not in page and "{#players-5}" not in page
