"""The home page's catalogue in a browser: its filters by pointer, keyboard and touch, the plain
list without JavaScript, and axe in both themes."""

from axe import axe_violations, describe, in_scheme

from rules_engine import list_games

SPECS = list_games()
CATALOGUE = "[data-widget=catalogue]"


def shown(page):
    return page.eval_on_selector_all(f"{CATALOGUE} li", "items => items.filter(li => !li.hidden)"
                                     ".map(li => new URL(li.querySelector('a').href).pathname)")


def expected(**wanted):
    def fits(spec):
        low, high = spec.seats
        return (("players" not in wanted or low <= wanted["players"] <= high)
                and ("family" not in wanted or spec.family == wanted["family"])
                and ("solitaire" not in wanted or (high == 1) == wanted["solitaire"]))
    return sorted(f"/games/{spec.id}/" for spec in SPECS if fits(spec))


def open_catalogue(page, site_url):
    page.goto(site_url)
    page.locator(f"{CATALOGUE} form").wait_for()  # shown once the script has mounted it
    assert page.locator(".rules-catalogue__count").inner_text() == f"All {len(SPECS)} games"


def test_filters_chosen_with_the_pointer_narrow_the_list_and_reset_shows_every_game(page, site_url):
    open_catalogue(page, site_url)
    page.select_option(f"{CATALOGUE} select[name=players]", "2")
    assert sorted(shown(page)) == expected(players=2)
    page.select_option(f"{CATALOGUE} select[name=family]", "trick-taking")
    assert sorted(shown(page)) == expected(players=2, family="trick-taking")
    count = len(expected(players=2, family="trick-taking"))
    assert page.locator(".rules-catalogue__count").inner_text() == f"{count} of {len(SPECS)} games shown"
    # A choice nothing fits says so, rather than showing an empty list.
    page.select_option(f"{CATALOGUE} select[name=kind]", "solitaire")
    assert shown(page) == [] and page.locator(".rules-catalogue__none").is_visible()
    page.locator(f"{CATALOGUE} button[type=reset]").click()
    page.wait_for_function(f"document.querySelectorAll('{CATALOGUE} li:not([hidden])').length === {len(SPECS)}")
    assert page.locator(".rules-catalogue__none").is_hidden()


def test_filters_work_from_the_keyboard(page, site_url):
    open_catalogue(page, site_url)
    kind = page.locator(f"{CATALOGUE} select[name=kind]")
    kind.focus()
    page.keyboard.press("ArrowDown")  # "solitaires only", the option after "any"
    page.wait_for_function(f"document.querySelector('{CATALOGUE} select[name=kind]').value === 'solitaire'")
    assert sorted(shown(page)) == expected(solitaire=True)
    # Tab reaches the reset button (past the lessons' filter), and Enter on it shows every game again.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "learned"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.type") == "reset"
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('{CATALOGUE} li:not([hidden])').length === {len(SPECS)}")


def test_filters_work_on_a_touch_screen_without_scrolling_sideways(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True)
    try:
        page = context.new_page()
        open_catalogue(page, site_url)
        page.select_option(f"{CATALOGUE} select[name=players]", "1")
        assert sorted(shown(page)) == expected(players=1)
        for control in page.locator(f"{CATALOGUE} form select, {CATALOGUE} form button").all():
            box = control.bounding_box()
            assert box["height"] >= 44 and box["x"] + box["width"] <= 390, box  # a finger's target, on screen
        page.locator(f"{CATALOGUE} button[type=reset]").tap()
        page.wait_for_function(f"document.querySelectorAll('{CATALOGUE} li:not([hidden])').length === {len(SPECS)}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_without_javascript_the_catalogue_is_the_whole_list(new_page, site_url):
    page = new_page(java_script_enabled=False)
    page.goto(site_url)
    assert page.locator(f"{CATALOGUE} form").is_hidden()
    assert len(shown(page)) == len(SPECS)
    assert all(page.locator(f"{CATALOGUE} li").nth(i).is_visible() for i in range(len(SPECS)))


def test_the_catalogue_with_its_filters_passes_axe_in_either_theme(page, site_url):
    open_catalogue(page, site_url)
    page.select_option(f"{CATALOGUE} select[name=kind]", "solitaire")
    for scheme in ("default", "slate"):
        in_scheme(page, scheme)
        found = axe_violations(page, CATALOGUE)
        assert not found, f"{scheme}:\n{describe(found)}"


def test_games_whose_lessons_were_completed_are_marked_filtered_and_forgotten(page, site_url):
    page.goto(site_url)
    lessons = {game: ids.split() for game, ids in page.eval_on_selector_all(
        f"{CATALOGUE} li[data-game]", "items => items.map(li => [li.dataset.game, li.dataset.lessons])")}
    assert all(lessons.values()), [game for game, ids in lessons.items() if not ids]   # every game teaches
    several = next(game for game, ids in lessons.items() if len(ids) > 1 and game != "king")
    # As lesson.js keeps them: every lesson of King, one of another game's.
    kept = {"king": {lesson: "2026-12-07" for lesson in lessons["king"]}, several: {lessons[several][0]: "2026-12-07"}}
    page.evaluate("kept => localStorage.setItem('rules-site.lessons.v1', JSON.stringify(kept))", kept)
    open_catalogue(page, site_url)
    mark = lambda game: page.locator(f'{CATALOGUE} li[data-game="{game}"] .rules-catalogue__mark')  # noqa: E731
    assert mark("king").inner_text().strip() == "✓ learned"
    assert mark(several).inner_text().strip() == f"✓ 1 of {len(lessons[several])} lessons"
    assert mark("yukon").count() == 0
    page.select_option(f"{CATALOGUE} select[name=learned]", "yes")
    assert shown(page) == ["/games/king/"]
    page.select_option(f"{CATALOGUE} select[name=learned]", "no")
    assert sorted(shown(page)) == sorted(f"/games/{spec.id}/" for spec in SPECS if spec.id != "king")
    note = page.locator(".rules-catalogue__learned-note")
    assert "1 game learned, 1 game begun" in note.inner_text()
    note.get_by_role("button", name="Forget my lessons").click()
    assert page.locator(f"{CATALOGUE} .rules-catalogue__mark").count() == 0 and note.is_hidden()
    assert len(shown(page)) == len(SPECS)   # not yet learned: every game now
    assert page.evaluate("localStorage.getItem('rules-site.lessons.v1')") is None
