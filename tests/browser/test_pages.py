"""The pages around the widgets, in Chromium: worked examples' summary and deep
links, move numbers without scripts, unique ids, the skip link to the card
table, the glossary's bridge terms, the folded checked examples, the theme's
"Back to top" clear of the page, and every page but the games' (checked with
their tables dealt in test_tables.py) free of accessibility violations in
either theme."""

import re

from axe import axe_violations, describe, in_scheme
from waits import still, transitions_done, wheel

from rules_engine import list_games

PLAY = "[data-widget=play]"
EXAMPLE = "[data-widget=example]"


def test_the_summary_shows_only_as_the_last_step(page, site_url):
    page.goto(site_url + "games/king/")
    stepper = page.locator(EXAMPLE).first
    stepper.scroll_into_view_if_needed()   # a stepper starts as the reader nears it
    stepper.locator(".rw-stepper").wait_for()
    assert stepper.locator(".rw-counter").inner_text() == "Step 0 of 16"
    assert stepper.locator(".rules-example__end").is_hidden()


def test_a_deep_link_shows_the_examples_title_below_the_header(page, site_url):
    page.goto(site_url + "games/king/#example-2/3")
    # The example, far down the page, is scrolled to once its widget starts.
    page.wait_for_function("() => { const top = document.querySelector('#example-2').getBoundingClientRect().top;"
                           " return 0 <= top && top < innerHeight / 2; }")
    still(page)
    header = page.locator(".md-header").bounding_box()
    title = page.locator("#example-2 figcaption").bounding_box()
    assert title["y"] >= header["y"] + header["height"] - 1, (title, header)


def test_without_javascript_move_numbers_from_ten_up_show_whole(new_page, site_url):
    page = new_page(java_script_enabled=False)
    page.goto(site_url + "games/king/")
    moves = page.locator(f"{EXAMPLE} .rules-example__moves").first
    moves.scroll_into_view_if_needed()
    room = moves.evaluate("""(ol) => {
        const li = ol.querySelectorAll('li')[12];
        return (li.getBoundingClientRect().left - ol.getBoundingClientRect().left) / parseFloat(getComputedStyle(li).fontSize);
    }""")
    assert room >= 2, room  # the marker "13." sits inside the list's own (clipped) box


def test_ids_are_unique(page, site_url):
    for game in ("bridge-solitaire", "king", "yukon"):
        page.goto(site_url + f"games/{game}/")
        twice = page.evaluate("""() => { const seen = {}; for (const n of document.querySelectorAll('[id]')) seen[n.id] = (seen[n.id] || 0) + 1;
            return Object.keys(seen).filter((id) => seen[id] > 1); }""")
        assert twice == [], (game, twice)


def test_a_skip_link_reaches_the_card_table(page, site_url):
    # The theme's "Skip to content" leads to the title; the skip link follows its ¶.
    page.goto(site_url + "games/king/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Skip to content"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the title's ¶
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the card table"
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('[data-widget=play]')")


def test_the_glossary_has_the_rubber_bridge_terms(page, site_url):
    page.goto(site_url + "glossary/")
    for term in ("odd-trick", "undertrick", "honour", "insult", "rubber", "vulnerable"):
        assert page.locator(f'[id="{term}"]').count() == 1, term
    page.goto(site_url + "games/bridge-solitaire/")
    assert page.locator("a.glossary-term[href$='#odd-trick']").count() >= 1


def test_checked_examples_are_folded_and_print_open(page, site_url):
    page.goto(site_url + "games/king/")
    folded = page.locator(".md-typeset details.example")
    assert folded.count() >= 5
    first = folded.first
    assert first.evaluate("d => !d.open") and first.locator("pre").is_hidden()
    first.locator("summary").click()
    assert first.locator("pre").is_visible()
    page.emulate_media(media="print")
    assert folded.nth(1).locator("pre").is_visible()


def test_every_page_but_the_games_passes_axe_in_either_theme(page, site_url, site_dir):
    games = {f"games/{spec.id}/" for spec in list_games()}
    pages = [path for path in re.findall(r"<loc>([^<]*)</loc>", (site_dir / "sitemap.xml").read_text())
             if path.removeprefix(site_url) not in games]
    assert len(pages) >= 5, pages
    problems = []
    for address in pages:
        page.goto(address)
        for scheme in ("default", "slate"):
            in_scheme(page, scheme)
            if found := axe_violations(page, colours_only=scheme != "default"):   # the same document, other colours
                problems.append(f"{address} in {scheme}:\n{describe(found)}")
    assert not problems, "\n".join(problems)


def test_back_to_top_shows_in_the_header_clear_of_the_card_table(new_page, site_url):
    for width in (1280, 390):
        page = new_page(width=width)
        page.goto(site_url + "games/pyramid/")  # a patience's wide table, with the rules going on below it
        page.locator(PLAY).first.scroll_into_view_if_needed()  # the table deals when it comes into view
        page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
        # Down past the table, then back up until its toolbar sits just below the header: the theme
        # offers "Back to top" as the reader scrolls up.
        wheel(page, 2000)
        toolbar = page.locator(f"{PLAY} .rw-toolbar").first
        header = page.locator(".md-header").bounding_box()
        wheel(page, toolbar.bounding_box()["y"] - header["height"] - 8)
        page.wait_for_function("!document.querySelector('.md-top').hidden")
        transitions_done(page, ".md-top")
        top = page.locator(".md-top").bounding_box()
        assert header["y"] <= top["y"] and top["y"] + top["height"] <= header["y"] + header["height"], (width, top, header)
        # Every toolbar button takes its own clicks.
        for button in toolbar.locator("button").all():
            box = button.bounding_box()
            hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button')?.textContent",
                                [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
            assert hit == button.inner_text(), (width, hit, button.inner_text())
        page.locator(".md-top").click()
        page.wait_for_function("scrollY === 0")
