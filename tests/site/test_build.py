"""The strict build and what it publishes: a page per registered game with
its facts, anchors, diagram and widget places; the index pages; the glossary
links; nothing fetched from other hosts; docs/ left as it was."""

import html
import json
import re
import xml.etree.ElementTree as ElementTree

import pytest

import rules_engine
from build_scripts.source import parse_source
from site_helpers import DOCS

SPECS = {spec.id: spec for spec in rules_engine.list_games()}


def page(built_site, path):
    return (built_site["site"] / path / "index.html").read_text(encoding="utf-8")


def game_page(built_site, game_id):
    return page(built_site, f"games/{game_id}")


def figure(page_html, css_class):
    """The first ``<figure>`` with ``css_class``, whole."""
    match = re.search(rf'<figure class="{css_class}[^"]*".*?</figure>', page_html, re.DOTALL)
    assert match, f"no figure {css_class}"
    return match.group(0)


def test_the_build_leaves_docs_untouched(built_site):
    assert built_site["docs_after"] == built_site["docs_before"]


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_each_registered_game_has_a_page_titled_from_the_engine(built_site, game_id):
    text = game_page(built_site, game_id)
    assert re.search(rf'<h1 id="[^"]+">{SPECS[game_id].name}<a class="headerlink"', text)
    assert f"<title>{SPECS[game_id].name} - Card Game Rules</title>" in text


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_rule_the_engine_can_cite_is_an_anchor_on_its_page(built_site, game_id):
    text = game_page(built_site, game_id)
    missing = [rule for rule in SPECS[game_id].cited_rules if f'id="{rule}"' not in text]
    assert missing == []
    # ...on the rule's own paragraph, which also links to itself.
    for rule in SPECS[game_id].cited_rules:
        assert re.search(rf'<(p|li) class="rule" id="{re.escape(rule)}">', text), rule
        assert f'href="#{rule}"' in text


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_the_facts_box_comes_from_the_engine(built_site, game_id):
    spec = SPECS[game_id]
    box = re.search(r'<aside [^>]*class="game-facts".*?</aside>', game_page(built_site, game_id), re.DOTALL).group(0)
    terms = re.findall(r"<dt>(.*?)</dt>", box)
    assert terms[:4] == ["Players", "Deck", "Family", "Options"]
    low, high = spec.seats
    players = str(low) if low == high else " or ".join(map(str, spec.seat_counts)) or f"{low} to {high}"
    assert f'href="../by-players/#players-{low}">{players}</a>' in box
    assert html.escape(spec.deck_words()) in box and str(spec.deck_size) in spec.deck_words()
    assert f">{spec.family.capitalize()}</a>" in box


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_the_deal_diagram_is_an_svg_of_every_card(built_site, game_id):
    diagram = figure(game_page(built_site, game_id), "rules-diagram")
    svg = re.search(r"<svg.*?</svg>", diagram, re.DOTALL).group(0)
    root = ElementTree.fromstring(svg)  # well-formed XML, not just text that looks like it
    namespace = "{http://www.w3.org/2000/svg}"
    groups = [g.get("class", "").split(" ")[0] for g in root.iter(f"{namespace}g")]
    assert groups.count("rd-face") + groups.count("rd-down") == SPECS[game_id].deck_size
    assert root.find(f"{namespace}title").text and root.find(f"{namespace}desc").text
    assert "<figcaption>" in diagram


def test_yukons_diagram_shows_the_tableau_the_engine_deals(built_site):
    diagram = figure(game_page(built_site, "yukon"), "rules-diagram")
    description = html.unescape(re.search(r"<desc[^>]*>(.*?)</desc>", diagram).group(1))
    state = rules_engine.load_game("yukon").new(seed=7)
    for number, column in enumerate(state.view()["table"]["columns"], 1):
        cards = " ".join(rules_engine.parse_card(card).symbol for card in column["up"])
        hidden = f"{len(column['down'])} face down, then " if column["down"] else ""
        assert f"Column {number}: {hidden}{cards}" in description


def test_kings_diagram_shows_the_four_hands_the_engine_deals(built_site):
    diagram = figure(game_page(built_site, "king"), "rules-diagram")
    description = html.unescape(re.search(r"<desc[^>]*>(.*?)</desc>", diagram).group(1))
    state = rules_engine.load_game("king").new(seed=42)
    for seat in range(4):
        hand = state.view(seat)["table"]["play"]["hands"][seat]
        shown = description.split(f"Seat {seat}'s hand: ")[1].split(".")[0].replace(" · ", " ")
        assert " ".join(rules_engine.parse_card(card).symbol for card in hand) == shown


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_widget_places_carry_their_data(built_site, game_id):
    text = game_page(built_site, game_id)
    plays = re.findall(r'<div class="rules-widget rules-widget--play" id="([a-z0-9-]+)" ([^>]*)>', text)
    assert plays, "no place for a playable hand"
    for _, attrs in plays:
        # A block without a seed deals afresh each time (docs/adding-a-game.md).
        assert f'data-game="{game_id}"' in attrs and "data-seat=" in attrs
    assert any("data-seed=" in attrs for _, attrs in plays), "no seeded hand to link to"


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_worked_examples_carry_a_replayable_record_and_a_text_fallback(built_site, game_id):
    example = figure(game_page(built_site, game_id), "rules-widget rules-widget--example")
    record = json.loads(html.unescape(re.search(r'data-record="([^"]*)"', example).group(1)))
    states = list(rules_engine.replay(record))
    moves = re.findall(r"<li>.*?</li>", example, re.DOTALL)
    assert len(moves) == len(record["moves"]) == len(states) - 1
    assert f'data-steps="{len(moves)}"' in example
    assert 'id="example-1"' in example


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_doctest_is_shown_as_a_checked_example(built_site, game_id):
    source = parse_source(DOCS / "games" / f"{game_id}.md")
    doctests = [fence for fence in source.fences if fence.kind == "pycon"]
    text = game_page(built_site, game_id)
    assert text.count('<details class="example">') == len(doctests)  # folded until opened


@pytest.mark.parametrize("path", ["games", "games/by-family", "games/by-players"])
def test_the_index_pages_list_every_game(built_site, path):
    text = page(built_site, path)
    for game_id, spec in SPECS.items():
        assert f'href="../{game_id}/">{spec.name}</a>' in text or f'href="{game_id}/">{spec.name}</a>' in text


def test_games_are_filed_under_their_family_and_each_number_of_players(built_site):
    families = page(built_site, "games/by-family")
    players = page(built_site, "games/by-players")
    for game_id, spec in SPECS.items():
        section = families.split(f'id="{re.sub(r"[^a-z0-9]+", "-", spec.family.lower())}"')[1].split("<h2")[0]
        assert f'href="../{game_id}/"' in section
        for count in spec.player_counts:
            section = players.split(f'id="players-{count}"')[1].split("<h2")[0]
            assert f'href="../{game_id}/"' in section


def test_the_home_page_lists_the_games(built_site):
    text = (built_site["site"] / "index.html").read_text(encoding="utf-8")
    for game_id, spec in SPECS.items():
        assert f'href="games/{game_id}/">{spec.name}</a>' in text


def test_rules_link_their_terms_to_the_glossary(built_site):
    glossary = page(built_site, "glossary")
    for game_id in SPECS:
        links = re.findall(r'<a class="glossary-term" href="../../glossary/#([a-z-]+)"', game_page(built_site, game_id))
        assert len(links) == len(set(links)), game_id   # each term linked once, at its first use
        for term in links:
            assert f'id="{term}"' in glossary
    for term in ("trick", "trump", "meld", "stock", "upcard", "tableau", "foundation"):
        assert f'id="{term}"' in glossary


def test_the_site_fetches_nothing_from_other_hosts(built_site):
    for path in built_site["site"].rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        # Anything the browser would load: scripts, stylesheets, icons, images, frames.
        # (A canonical link only names the page's address; nothing fetches it.)
        loaded = re.findall(r'<(?:script|img|iframe|source)\b[^>]*\bsrc="([^"]*)"', text)
        loaded += [href for rel, href in re.findall(r'<link rel="([^"]*)" href="([^"]*)"', text)
                   if rel not in ("canonical", "prev", "next", "alternate")]
        assert [url for url in loaded if re.match(r"(https?:)?//", url)] == [], path
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text, path


def test_the_theme_offers_search_dark_mode_instant_navigation_and_print(built_site):
    text = game_page(built_site, "king")
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', text).group(1))
    assert "navigation.instant" in config["features"]
    assert "content.lazy" in config["features"]  # code blocks' buttons put in as they near the view
    assert 'data-md-color-scheme="slate"' in text and 'data-md-color-scheme="default"' in text
    assert "assets/print.css" in text
    index = json.loads((built_site["site"] / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert any(entry["location"].startswith("games/king/") for entry in index["docs"])


def test_the_theme_s_palette_keeps_no_rule_that_restyles_every_element(built_site):
    # build_scripts/theme.py: the rule restyled the whole page twice as the theme started.
    (sheet,) = (built_site["site"] / "assets" / "stylesheets").glob("palette.*.min.css")
    text = sheet.read_text(encoding="utf-8")
    assert "data-md-color-switching]" not in text
    assert "[data-md-color-scheme=slate]" in text  # the rest of the palette is there


def test_a_palette_stylesheet_without_the_rule_stops_the_build(tmp_path):
    from build_scripts import theme
    sheets = tmp_path / "assets" / "stylesheets"
    sheets.mkdir(parents=True)
    assert theme.drop_switching_rule(tmp_path) is None  # no palette: nothing to do
    sheet = sheets / "palette.0123abcd.min.css"
    sheet.write_text(f"a{{color:red}}{theme.SWITCHING_RULE}b{{color:blue}}", encoding="utf-8")
    assert theme.drop_switching_rule(tmp_path) == sheet
    assert sheet.read_text(encoding="utf-8") == f"a{{color:red}}{theme.DONE}b{{color:blue}}"
    # A dirty build finds it changed already; a new theme's file stops the build.
    assert theme.drop_switching_rule(tmp_path) is None
    sheet.write_text("a{color:red}", encoding="utf-8")
    with pytest.raises(theme.ThemeError, match=r"palette\.0123abcd\.min\.css: the theme's rule"):
        theme.drop_switching_rule(tmp_path)


def test_every_code_block_can_be_reached_from_the_keyboard_before_the_theme_mounts_it(built_site):
    # content.lazy: the theme gives a wide block its tabindex only as the block nears the view.
    blocks = 0
    for path in ("adding-a-game", "games/king"):
        text = page(built_site, path)
        found = re.findall(r"<pre\b[^>]*>(?:<span></span>)?<code([^>]*)>", text)
        assert found and all(attrs == ' tabindex="0"' for attrs in found), (path, set(found))
        blocks += len(found)
    assert blocks > 10
