"""The score pad keeps every sheet and keeps it by its game's rules (issue 27, items 6-10), in
Chromium on the built site: a sheet that disagrees with its game never blanks the pad (it is
kept by the game's rules, or as a plain sheet, and a stored sheet that cannot be read is set
aside); a change the browser refuses to store is said at once and never shown as saved; a CSV
says its game and garbage is refused in a sentence; each game's sheet ends, wins and balances as
the engine's rules say; players renamed, added and removed, Undo, links opened twice or pasted
into an open pad, partners drawn as the sheet's sides, and the turn moving on."""

import json
import random

from scorepad_pages import PAD, cell, enter_row, live, new_sheet, open_pad, sheet_link, sheet_options, totals

STORE = "rules-site.scorepad.v1"
FOUR = ["Ann", "Bob", "Cat", "Dan"]


def stored(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))


def import_file(page, name, content):
    buffer = content if isinstance(content, bytes) else content.encode()
    page.get_by_label("Import a sheet (JSON or CSV file)").set_input_files(
        {"name": name, "mimeType": "application/octet-stream", "buffer": buffer})


def test_a_sheet_that_disagrees_with_its_game_never_blanks_the_pad(page, new_page, site_url):
    open_pad(page, site_url, "?game=king")
    new_sheet(page, "Kept", FOUR, game="King")
    enter_row(page, {"Ann": -100, "Bob": -80, "Cat": -40, "Dan": -40})
    king = stored(page)["sheets"][0]
    twenty = json.dumps({"format": "rules-site-score-sheet", "version": 1,
                         "sheet": dict(king, name="Twenty hands", rules=dict(king["rules"], hands=20))})
    # The file says King has 20 hands: the sheet is kept by King's own rules, and the reader told.
    import_file(page, "twenty.json", twenty)
    live(page).get_by_text("Imported “Twenty hands”").wait_for()
    assert "the pad keeps King's (high wins, 10 hands)" in live(page).inner_text()
    assert page.locator(".scorepad__state").inner_text().startswith("Next: hand 2 of 10, No hearts.")
    page.reload()
    page.locator(".scorepad__sheet").wait_for()
    assert sheet_options(page) == ["Twenty hands (King)", "Kept (King)"]
    assert page.get_by_role("button", name="New sheet").is_visible()
    # A row of a hand King has not: the sheet cannot be King's, so it is kept as a plain sheet.
    fifteen = dict(king, name="Hand fifteen", rows=[dict(king["rows"][0], hand=15)])
    import_file(page, "fifteen.json", json.dumps(fifteen))
    live(page).get_by_text("Imported “Hand fifteen”").wait_for()
    assert "row 1 is hand 15, and King has 10: it is kept as a plain sheet" in live(page).inner_text()
    assert page.locator(".scorepad__about").inner_text().startswith("A plain sheet")
    # The same sheet as a link opens as it does from a file, in another browser.
    other = new_page()
    other.goto(sheet_link(site_url, twenty.encode()))
    other.locator(".scorepad__sheet").wait_for()
    assert other.locator(".scorepad__title").inner_text() == "Twenty hands"
    assert other.locator(f"{PAD} > .scorepad__problem").inner_text() == ""
    # A stored sheet that cannot be read is set aside with the reason, and the others go on.
    store = stored(page)
    store["sheets"].insert(1, dict(king, id="broken", name="Broken", players=[None, *king["players"][1:]]))
    page.evaluate("s => localStorage.setItem('rules-site.scorepad.v1', s)", json.dumps(store))
    page.reload()
    page.locator(".scorepad__sheet").wait_for()
    aside = page.locator(".scorepad__aside")
    assert aside.inner_text().startswith("A sheet kept here could not be read and is set aside: player 1 must be an object, not null.")
    assert sheet_options(page) == ["Hand fifteen", "Twenty hands (King)", "Kept (King)"]
    enter_row(page, {"Ann": 5})
    page.reload()
    page.locator(".scorepad__sheet").wait_for()
    assert totals(page)[0] == -95 and page.locator(".scorepad__aside").count() == 1
    assert any(s.get("id") == "broken" for s in (item["sheet"] for item in stored(page)["aside"]))
    # A store that is no JSON at all is kept apart, never written over, and the pad starts afresh.
    page.evaluate("localStorage.setItem('rules-site.scorepad.v1', '{\"sheets\": [')")
    page.reload()
    page.locator(".scorepad__setup").wait_for()
    assert "kept apart, under “rules-site.scorepad.v1.unreadable”" in page.locator(".scorepad__notices").inner_text()
    new_sheet(page, "Afresh", ["Ann"])
    assert page.evaluate("localStorage.getItem('rules-site.scorepad.v1.unreadable')") == '{"sheets": ['


def fill_storage(page):
    """Fill this origin's localStorage until it takes almost nothing more."""
    return page.evaluate("""() => {
        let low = 0, high = 16 * 1024 * 1024;
        while (high - low > 16) {
            const mid = (low + high) >> 1;
            try { localStorage.setItem("filler", "x".repeat(mid)); low = mid; } catch (error) { high = mid; }
        }
        localStorage.setItem("filler", "x".repeat(low));
        return low;
    }""")


def test_a_change_the_browser_refuses_to_store_is_said_at_once_and_not_shown(page, site_url):
    open_pad(page, site_url)
    new_sheet(page, "Full", ["Ann", "Bob"])
    enter_row(page, {"Ann": 10, "Bob": -5})
    # The sheet of 40,000 rows is refused as it is read, never reported imported.
    alert = page.locator(f"{PAD} > .scorepad__problem")
    import_file(page, "long.csv", "Ann,Bob\n" + "1,2\n" * 40_000)
    alert.get_by_text("Nothing was imported from “long.csv”: it has more than 1,000 rows").wait_for()
    assert sheet_options(page) == ["Full"]
    exported = json.dumps({"format": "rules-site-score-sheet", "version": 1, "sheet": stored(page)["sheets"][0]})
    assert fill_storage(page) > 1_000_000
    # A row: refused by the browser, so not shown as saved, and still in the form to try again.
    enter_row(page, {"Ann": 7})
    alert.get_by_text("Not saved: this browser refused to store it").wait_for()
    assert page.locator(".scorepad__table tbody tr").count() == 1 and totals(page) == [10, -5]
    assert cell(page, "Ann").input_value() == "7"
    # An import: nothing is kept, and the reader is told.
    import_file(page, "again.json", exported)
    alert.get_by_text("Nothing was imported from “again.json”: this browser refused to store it").wait_for()
    assert sheet_options(page) == ["Full"]
    page.reload()
    page.locator(".scorepad__sheet").wait_for()
    assert totals(page) == [10, -5] and sheet_options(page) == ["Full"]
    # Room again: the row is saved, and stays.
    page.evaluate("localStorage.removeItem('filler')")
    enter_row(page, {"Ann": 7})
    page.reload()
    page.locator(".scorepad__sheet").wait_for()
    assert totals(page) == [17, -5]


def test_a_csv_says_its_game_and_garbage_is_refused(page, site_url, tmp_path):
    open_pad(page, site_url, "?game=king")
    new_sheet(page, "King night", ["Ann", "=1+2", "Cat", "Dan"], game="King")
    enter_row(page, {"Ann": -100, "=1+2": -80, "Cat": -40, "Dan": -40})
    with page.expect_download() as info:
        page.get_by_role("button", name="Download CSV").click()
    path = tmp_path / "king.csv"
    info.value.save_as(path)
    lines = path.read_text().splitlines()
    # The game in the first line; a name a spreadsheet would run as a formula kept as text.
    assert lines[:3] == ["Sheet,King night,Game,King", "Row,Hand,Ann,'=1+2,Cat,Dan,Note", "1,1. No tricks,-100,-80,-40,-40,"]
    # Imported while a Lórum sheet is open, it is King's sheet still.
    new_sheet(page, "Lórum table", FOUR, game="Lórum")
    page.get_by_label("Import a sheet (JSON or CSV file)").set_input_files(path)
    live(page).get_by_text("Imported “King night (2)”").wait_for()
    assert page.locator(".scorepad__about").inner_text().startswith("King: ")
    assert page.locator(".scorepad__col").all_inner_texts() == ["Ann", "=1+2", "Cat", "Dan"]
    assert page.locator(".scorepad__state").inner_text().startswith("Next: hand 2 of 10")
    # A CSV that names no game is a plain sheet of its own names, whatever sheet is open.
    import_file(page, "names.csv", "Ann,Bob,Cat,Dan\n1,2,3,4\n")
    live(page).get_by_text("Imported “names”").wait_for()
    assert page.locator(".scorepad__about").inner_text().startswith("A plain sheet")
    # Garbage is refused in a sentence, and nothing is kept.
    before = sheet_options(page)
    noise = bytearray(random.Random(27).randbytes(3000))
    alert = page.locator(f"{PAD} > .scorepad__problem")
    for name, content, why in (
            ("noise.csv", bytes(noise), "it is not text in UTF-8"),
            ("noise.json", bytes(noise), "it is not text in UTF-8"),
            ("nobody.json", '{"game": "king", "players": [], "rows": []}', "“players” is empty"),
            ("control.csv", "Ann,B\u0001b\n1,2\n", "line 1, column 2 holds a control character")):
        import_file(page, name, content)
        alert.get_by_text(f"Nothing was imported from “{name}”").wait_for()
        assert why in alert.inner_text(), alert.inner_text()
    assert sheet_options(page) == before


def set_option(page, label, value):
    page.locator(".scorepad__setup").get_by_label(label).select_option(value)


def test_each_games_sheet_ends_wins_and_balances_by_its_engine_rules(page, site_url):
    # Kaiser: 52 each is no win, the game plays on; once over, no row more.
    open_pad(page, site_url, "?game=kaiser")
    new_sheet(page, "Kaiser", FOUR, game="Kaiser")
    about = page.locator(".scorepad__about").inner_text()
    assert "to 52 points; 200 hands at most" in about and "level scores play on" in about
    enter_row(page, {"Ann & Cat": 52, "Bob & Dan": 52})
    state = page.locator(".scorepad__state")
    assert state.inner_text().startswith("Level at 52: play on until a hand leaves the scores unequal.")
    assert page.locator(".scorepad__winner").count() == 0
    enter_row(page, {"Ann & Cat": -3, "Bob & Dan": 2})
    assert state.inner_text() == "Game over: Bob & Dan win with 54."
    assert page.locator(".scorepad__entry").count() == 0
    assert "takes no new row" in page.locator(".scorepad__closed").inner_text()
    # Lórum: its 28 hands, chips from 100 each, the pot; a row that makes chips is refused.
    new_sheet(page, "Lórum", FOUR, game="Lórum")
    hands = page.get_by_label("Hand", exact=True).locator("option").all_inner_texts()
    assert len(hands) == 28 and hands[:2] == ["1. No hearts", "2. Queens"] and hands[6] == "7. Domino"
    assert page.locator(".scorepad__col").all_inner_texts() == [*FOUR, "Pot"]
    enter_row(page, {"Ann": 5})
    check = page.locator(".scorepad__check")
    assert check.inner_text() == "Not saved: the pot holds 0 chips before this row and cannot pay out 5 (the rule)."
    assert page.get_by_role("button", name="Save anyway").count() == 0
    assert page.locator(".scorepad__table tbody tr:not(.scorepad__start)").count() == 0
    enter_row(page, {"Ann": -2, "Bob": -3, "Cat": -1, "Dan": -2, "Pot": ""})
    assert totals(page) == [98, 97, 99, 98, 8]
    # Play or Pay: the chips each starts with and the deals, from the engine; out of chips ends it.
    page.get_by_role("button", name="New sheet").click()
    page.locator(".scorepad__setup").get_by_label("Game", exact=True).select_option(label="Play or Pay")
    set_option(page, "Chips each player starts with", "25")
    new_sheet(page, "Pay", FOUR, game="Play or Pay")
    assert "each player deals once, or until a player runs out of chips; 25 chips each to start" in \
        page.locator(".scorepad__about").inner_text()
    enter_row(page, {"Ann": -25, "Bob": 20, "Cat": 5})
    assert state.inner_text() == "Game over: Bob wins with 45 chips."
    # Chips only pass between the players and the pot: a player who has chips in the rows stays.
    assert page.get_by_role("button", name="Remove Ann and their column").is_disabled()
    assert page.get_by_role("button", name="Remove Dan and their column").is_enabled()


def test_players_links_undo_partners_and_the_turn(page, new_page, site_url):
    open_pad(page, site_url)
    new_sheet(page, "Evening", ["Ann", "Bob", "Cat"])
    enter_row(page, {"Ann": 10, "Bob": 4})
    assert "Turn: Bob" in page.locator(".scorepad__state").inner_text()  # the turn moves on
    # Players renamed, added and removed after the start; a removal and a deleted row can be undone.
    page.get_by_label("Name of player 2").fill("Bobby")
    page.get_by_role("button", name="Save the names").click()
    page.get_by_label("New player").fill("Dee")
    page.get_by_role("button", name="Add the player").click()
    assert page.locator(".scorepad__col").all_inner_texts() == ["Ann", "Bobby", "Cat", "Dee"]
    assert totals(page) == [10, 4, 0, 0]
    page.get_by_role("button", name="Remove Ann and their column").click()
    page.get_by_role("button", name="Remove Ann and their column").click()
    assert page.locator(".scorepad__col").all_inner_texts() == ["Bobby", "Cat", "Dee"]
    page.get_by_role("button", name="Undo: Ann removed, with their column.").click()
    assert page.locator(".scorepad__col").all_inner_texts() == ["Ann", "Bobby", "Cat", "Dee"] and totals(page) == [10, 4, 0, 0]
    page.get_by_role("button", name="Edit row 1", exact=True).click()
    page.get_by_role("button", name="Delete row").click()
    assert page.locator(".scorepad__table tbody tr").count() == 0
    page.get_by_role("button", name="Undo: Row 1 deleted.").click()
    assert totals(page) == [10, 4, 0, 0]
    # The same link twice keeps one sheet; a link pasted into an open pad opens at once.
    page.get_by_role("button", name="Link to this sheet").click()
    page.locator(".scorepad__link").wait_for()
    link = page.get_by_label("Link to this sheet").input_value()
    other = new_page()
    other.goto(link)
    other.locator(".scorepad__sheet").wait_for()
    other.goto(site_url + "score-pad/")
    other.locator(".scorepad__sheet").wait_for()
    other.evaluate("link => { location.href = link; }", link)
    live(other).get_by_text("is kept here already: it is on show").wait_for()
    assert sheet_options(other) == ["Evening"]
    open_pad(other, site_url, "?game=king")
    new_sheet(other, "Other", FOUR, game="King")
    other.evaluate("link => { location.href = link; }", link)
    live(other).get_by_text("is kept here already").wait_for()
    assert other.locator(".scorepad__title").inner_text() == "Evening"
    # Kaiser's partners drawn at random are the sheet's sides.
    new_sheet(page, "Partners", FOUR, game="Kaiser")
    page.get_by_role("button", name="Draw partnerships").click()
    said = live(page)
    said.get_by_text("Partnerships drawn:").wait_for()
    pairs = said.inner_text().split("Partnerships drawn: ")[1].split(". Seats")[0]
    assert pairs.split(" against ") == page.locator(".scorepad__col").all_inner_texts()
    enter_row(page, {page.locator(".scorepad__col").first.inner_text(): 5})
    assert page.get_by_role("button", name="Draw partnerships").is_disabled()

