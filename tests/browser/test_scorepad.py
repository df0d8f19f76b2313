"""The score pad on the built site, in Chromium, with the network refused
beyond 127.0.0.1: sheets of five players, rows by digits and by quick
buttons, edits, standings in each order, named sheets kept across a reload,
export and import, a link carrying the sheet, bad files and links refused in
a sentence with every sheet kept (tests/scorepad/ fuzzes the import functions
themselves), scores beyond nine digits refused, King's rows worked out by the
engine with an unbalanced row flagged, a game's end and winner, the random
picker and the timer, at a phone's width and by keyboard, and axe-core in
both themes."""

import json
import random
import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from axe import axe_violations, describe, in_scheme
from scorepad_pages import (PAD, PLAYERS, cell, enter_row, live, new_sheet, open_pad, sheet_link, sheet_options,
                            standings, totals)


# ---- a plain sheet of five -------------------------------------------------------------------

def test_five_players_digits_quick_buttons_edits_and_standings(page, site_url):
    open_pad(page, site_url)
    new_sheet(page, "Thursday rummy")
    assert page.locator(".scorepad__col").all_inner_texts() == PLAYERS
    # A row by digits, sparse: Dan and Eve did not score. The turn moves on to Bob.
    enter_row(page, {"Ann": 10, "Bob": -5, "Cat": 30})
    assert totals(page) == [10, -5, 30, 0, 0]
    assert "Turn: Bob" in page.locator(".scorepad__state").inner_text()
    # A row by the quick buttons, walking the players with Previous and Next.
    page.get_by_role("button", name="Previous player").click()
    page.get_by_role("button", name="plus 10", exact=True).click()
    page.get_by_role("button", name="plus 5", exact=True).click()
    page.get_by_role("button", name="Next player").click()
    page.get_by_role("button", name="Next player").click()
    page.get_by_role("button", name="Next player").click()
    page.get_by_role("button", name="Previous player").click()
    assert "Turn: Cat" in page.locator(".scorepad__state").inner_text()
    page.get_by_role("button", name="minus 50", exact=True).click()
    page.get_by_role("button", name="plus 1", exact=True).click()
    assert cell(page, "Ann").input_value() == "15" and cell(page, "Cat").input_value() == "-49"
    page.get_by_role("button", name="Save row").click()
    live(page).get_by_text("Row 2 saved: Ann +15, Cat −49.").wait_for()
    # A player's own entry: a row with one number in it.
    enter_row(page, {"Eve": 100})
    assert totals(page) == [25, -5, -19, 0, 100]
    rounds = page.locator(".scorepad__rounds").all_inner_texts()
    assert rounds == ["2 rounds", "1 round", "2 rounds", "0 rounds", "1 round"]  # turn order
    # Edit a past row.
    page.get_by_role("button", name="Edit row 1", exact=True).click()
    assert page.locator(".scorepad__entry h3").inner_text() == "Editing row 1"
    assert cell(page, "Bob").input_value() == "-5"
    cell(page, "Bob").fill("20")
    cell(page, "Dan").fill("7")
    page.get_by_role("button", name="Save changes").click()
    assert totals(page) == [25, 20, -19, 7, 100]
    assert page.locator(".scorepad__table tbody tr").count() == 3
    # Standings, each way.
    page.get_by_role("button", name="High to low").click()
    assert standings(page) == ["Eve", "Ann", "Bob", "Dan", "Cat"]
    page.get_by_role("button", name="Low to high").click()
    assert standings(page) == ["Cat", "Dan", "Bob", "Ann", "Eve"]
    assert page.get_by_role("button", name="Low to high").get_attribute("aria-pressed") == "true"
    page.get_by_role("button", name="Turn order").click()
    assert standings(page) == PLAYERS
    # A player's entries, from the standings, each editable.
    page.get_by_role("button", name="Ann's entries (2)").click()
    assert page.locator(".scorepad__entries:visible li").count() == 2
    # Nothing here needed the rules engine.
    assert page.evaluate("rulesEngineStatus.workersStarted") == 0


def test_two_named_sheets_survive_a_reload_and_players_are_reused(page, site_url):
    open_pad(page, site_url)
    new_sheet(page, "Rummy at Sam's", ["Sam", "Kim", "Lee"])
    enter_row(page, {"Sam": 12, "Kim": 3})
    new_sheet(page, "Diloti rematch", ["Kim", "Lee"])
    enter_row(page, {"Lee": 61})
    page.reload()
    page.locator(".scorepad__sheet").wait_for()
    options = page.get_by_label("Sheet", exact=True).locator("option").all_inner_texts()
    assert options == ["Diloti rematch", "Rummy at Sam's"]
    assert page.locator(".scorepad__title").inner_text() == "Diloti rematch"
    page.get_by_label("Sheet", exact=True).select_option(label="Rummy at Sam's")
    assert totals(page) == [12, 3, 0]
    # Finished sheets stay for review.
    page.get_by_role("button", name="Finish the sheet").click()
    assert "Rummy at Sam's, finished" in page.get_by_label("Sheet", exact=True).locator("option").all_inner_texts()
    assert page.locator(".scorepad__state").inner_text() == "Game over: Sam wins with 12."
    # Players of earlier games are offered again, with their colours.
    page.get_by_role("button", name="New sheet").click()
    chips = page.locator(".scorepad__chip").all_inner_texts()
    assert {"Add Kim", "Add Lee", "Add Sam"} <= set(chips)


def test_export_and_import_json_csv_and_a_link(page, new_page, site_url, tmp_path):
    open_pad(page, site_url)
    new_sheet(page, "Passed on", ["Ann", "Bob", "Cat"])
    enter_row(page, {"Ann": 10, "Bob": -20})
    enter_row(page, {"Cat": 5})
    shown = page.locator(".scorepad__table").inner_text()
    # Each import is a sheet of its own, named apart from the one it came from.
    for kind, name in (("JSON", "passed-on.json"), ("CSV", "passed-on-2.csv")):
        with page.expect_download() as info:
            page.get_by_role("button", name=f"Download {kind}").click()
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        assert path.name == name
        if kind == "JSON":
            assert json.loads(path.read_text())["sheet"]["rows"][0]["cells"] == [10, -20, None]
        else:
            assert path.read_text().splitlines()[:3] == ["Sheet,Passed on (2)", "Row,Hand,Ann,Bob,Cat,Note", "1,,10,-20,,"]
        page.get_by_label("Import a sheet (JSON or CSV file)").set_input_files(path)
        live(page).get_by_text(f"from “{path.name}”").wait_for()
        assert page.locator(".scorepad__table").inner_text().split("\n", 1)[1] == shown.split("\n", 1)[1]
        assert totals(page) == [10, -20, 5]
    assert sheet_options(page) == ["Passed on (3)", "Passed on (2)", "Passed on"]
    # A link carries the whole sheet to another browser.
    page.get_by_role("button", name="Link to this sheet").click()
    page.locator(".scorepad__link").wait_for()
    link = page.get_by_label("Link to this sheet").input_value()
    assert re.search(r"/score-pad/#sheet=[zj][A-Za-z0-9_-]+$", link)
    other = new_page()
    other.goto(link)
    other.locator(".scorepad__sheet").wait_for()
    assert totals(other) == [10, -20, 5]
    assert other.evaluate("location.hash") == ""



def test_bad_files_and_links_are_refused_in_a_sentence_and_every_sheet_kept(page, new_page, site_url):
    open_pad(page, site_url)
    new_sheet(page, "Kept", ["Ann", "Bob"])
    enter_row(page, {"Ann": 10, "Bob": -5})
    stored = page.evaluate("localStorage.getItem('rules-site.scorepad.v1')")
    exported = json.dumps({"format": "rules-site-score-sheet", "version": 1, "sheet": json.loads(stored)["sheets"][0]})
    assert "[10, -5]" in exported
    noise = bytearray(random.Random(25).randbytes(3000))
    noise[100] = 0xFF  # never in UTF-8
    files = {
        "digits.json": (exported.replace("[10, -5]", f"[1{'0' * 399}, -5]"),
                        "row 1, Ann: a number of 400 digits is more than a score needs (at most 999,999,999 either way)"),
        "one.json": (exported.replace("[10, -5]", "[1.0, -5]"), "row 1, Ann: “1.0” is not a whole number"),
        "types.json": (exported.replace('"players": [', '"players": [null, '), "player 1 must be an object, not null"),
        "squared.csv": ("Ann,Bob\n²,1\n", "line 2, Ann: “²” is not a whole number"),
        "rows.csv": ("Ann,Bob\n" + "1,2\n" * 200_000, "it has more than 1,000 rows, and a sheet holds at most 1,000"),
        "noise.json": (bytes(noise), "it is not text in UTF-8, as a sheet is (JSON or CSV): the bytes at line "),
        "huge.json": (b" " * (5 << 20), "it is 5 MB (5,242,880 bytes), and a sheet's file is at most 4 MB (4,194,304 bytes)"),
    }
    alert = page.locator(f"{PAD} > .scorepad__problem")
    for name, (content, why) in files.items():
        buffer = content if isinstance(content, bytes) else content.encode()
        page.get_by_label("Import a sheet (JSON or CSV file)").set_input_files(
            {"name": name, "mimeType": "application/octet-stream", "buffer": buffer})
        alert.get_by_text(f"Nothing was imported from “{name}”").wait_for()
        said = alert.inner_text()
        assert said.startswith(f"Nothing was imported from “{name}”: {why}") and len(said) < 500, said
        assert page.evaluate("localStorage.getItem('rules-site.scorepad.v1')") == stored
    assert page.get_by_label("Sheet", exact=True).locator("option").count() == 1
    # A good file after them is taken, and the problem goes.
    page.get_by_label("Import a sheet (JSON or CSV file)").set_input_files(
        {"name": "good.json", "mimeType": "application/json", "buffer": exported.encode()})
    live(page).get_by_text("from “good.json”").wait_for()
    assert alert.inner_text() == ""

    # The link: 136 KB that unpack to 100 MB, refused at once; then a 400-digit cell in a plain link.
    links = [(sheet_link(site_url, b" " * (100 << 20)), "its sheet unpacks to more than 4 MB, which no score sheet needs"),
             (sheet_link(site_url, exported.replace("[10, -5]", f"[-{'9' * 400}, -5]").encode(), packed=False),
              "row 1, Ann: a number of 400 digits is more than a score needs (at most 999,999,999 either way)")]
    assert 130_000 < len(links[0][0]) < 150_000
    other = new_page()
    for link, why in links:
        other.goto(link)
        other.locator(".scorepad__setup").wait_for()
        said = other.locator(f"{PAD} > .scorepad__problem").inner_text()
        assert said == f"That link's sheet was not opened, and nothing was kept: {why}.", said
        assert other.evaluate("localStorage.getItem('rules-site.scorepad.v1')") is None
        other.goto("about:blank")


def test_a_score_beyond_nine_digits_is_refused_naming_its_player(page, site_url):
    open_pad(page, site_url)
    new_sheet(page, "Big numbers", ["Ann", "Bob"])
    check = page.locator(".scorepad__check")
    for typed, why in ((f"1{'0' * 399}", "a number of 400 digits is more than a score needs"),
                       ("12345678901234567890", "“12345678901234567890” is more than a score needs"),
                       ("1.0", "“1.0” is not a whole number"), ("²", "“²” is not a whole number")):
        enter_row(page, {"Ann": typed})
        assert check.inner_text().startswith(f"Ann: {why}"), check.inner_text()
    assert page.locator(".scorepad__table tbody tr").count() == 0
    # The quick buttons stop at the bound too, and the largest score is kept exactly.
    cell(page, "Ann").fill("999999999")
    page.get_by_role("button", name="plus 1", exact=True).click()
    assert check.inner_text() == "Ann: “1000000000” is more than a score needs (at most 999,999,999 either way)."
    assert cell(page, "Ann").input_value() == "999999999"
    page.get_by_role("button", name="Save row").click()
    enter_row(page, {"Ann": "999999999"})
    assert totals(page) == [1_999_999_998, 0]
    # A sheet of the most rows takes no new one (its file could not come back in), yet stays editable.
    store = json.loads(page.evaluate("localStorage.getItem('rules-site.scorepad.v1')"))
    store["sheets"][0]["rows"] = [{"id": f"r{i}", "hand": None, "cells": [1, None], "computed": None, "note": ""}
                                  for i in range(1000)]
    page.evaluate("s => localStorage.setItem('rules-site.scorepad.v1', s)", json.dumps(store))
    page.reload()
    page.locator(".scorepad__sheet").wait_for()
    enter_row(page, {"Bob": 5})
    assert check.inner_text() == "This sheet has 1,000 rows, as many as a sheet holds: start a new sheet to go on."
    page.get_by_role("button", name="Edit row 1000", exact=True).click()
    enter_row(page, {"Bob": 5})
    assert totals(page) == [1000, 5]
    # A plain sheet's own rules: whole numbers only, and at most twenty players.
    page.get_by_role("button", name="New sheet").click()
    setup = page.locator(".scorepad__setup")
    setup.get_by_label("Player 1", exact=True).fill("Ann")
    setup.get_by_label("The game ends at (points, optional)").fill("1.5")
    setup.get_by_role("button", name="Start the sheet").click()
    assert setup.locator(".scorepad__problem").inner_text() == "The end of the game: “1.5” is not a whole number."
    while setup.get_by_role("button", name="Add a player").is_enabled():
        setup.get_by_role("button", name="Add a player").click()
    assert setup.get_by_label(re.compile(r"^Player \d+$")).count() == 20


def test_random_player_and_countdown_timer(page, site_url):
    open_pad(page, site_url)
    new_sheet(page, "Picker")
    page.get_by_role("button", name="Pick a player at random").click()
    picked = page.locator(".scorepad__picked").inner_text()
    assert re.fullmatch(r"Picked: (Ann|Bob|Cat|Dan|Eve)", picked), picked
    assert page.get_by_role("button", name="Draw partnerships").is_disabled()  # five cannot pair up
    page.get_by_label("Minutes").fill("0.03")
    page.get_by_label("Minutes").dispatch_event("change")
    page.get_by_role("button", name="Start").click()
    assert page.get_by_role("button", name="Pause").is_visible()
    live(page).get_by_text("Time is up.").wait_for(timeout=10_000)
    assert page.locator(".scorepad__clock").inner_text() == "00:00"


# ---- King: the engine's rows, checks, and the end of the game ---------------------------------

def test_king_from_its_page_engine_rows_checks_and_the_winner(page, site_url):
    page.goto(site_url + "games/king/")
    page.evaluate("window.sameDocument = true")
    page.get_by_role("link", name="Keep score").click()  # instant navigation to the pad, set up for King
    setup = page.locator(".scorepad__setup")
    setup.wait_for()
    assert page.evaluate("window.sameDocument") is True  # no page load: mkdocs-material's instant navigation
    assert setup.get_by_label("Game", exact=True).input_value() == "king"
    assert "4 players; 10 hands; the highest total wins" in setup.locator(".scorepad__about").inner_text()
    assert page.evaluate("location.search") == ""
    for i, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
        setup.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    assert setup.get_by_role("button", name="Add a player").is_disabled()
    setup.get_by_role("button", name="Start the sheet").click()
    assert page.evaluate("rulesEngineStatus.workersStarted") == 0

    # Hand 1 by the engine, from the tricks each took, which add up to 12 instead of 13.
    engine = page.locator(".scorepad__engine")
    engine.locator("summary").click()
    for name, taken in zip(["Ann", "Bob", "Cat", "Dan"], [5, 4, 2, 1]):
        engine.get_by_label(name, exact=True).fill(str(taken))
    engine.get_by_role("button", name="Work it out").click()
    check = page.locator(".scorepad__check")
    check.get_by_text("Does not balance").wait_for()
    assert page.evaluate("rulesEngineStatus.workersStarted") == 1
    assert [cell(page, n).input_value() for n in ["Ann", "Bob", "Cat", "Dan"]] == ["-100", "-80", "-40", "-20"]
    assert check.get_by_role("link", name="the rule").first.get_attribute("href") == "../games/king/#scoring.no-tricks"
    flagged = check.locator(".scorepad__flag a").get_attribute("href")
    assert flagged == "../games/king/#scoring.negative-total"
    # Saving is refused once, with the rule.
    page.get_by_role("button", name="Save row").click()
    assert "Not saved yet: this row adds up to −240" in check.inner_text()
    assert page.locator(".scorepad__table tbody tr").count() == 0
    # Corrected facts balance; the row keeps the engine's mark.
    engine.get_by_label("Dan", exact=True).fill("2")
    engine.get_by_role("button", name="Work it out").click()
    check.get_by_text("Worked out by the rules engine").wait_for()
    assert cell(page, "Dan").input_value() == "-40"
    assert "Does not balance" not in check.inner_text()
    page.get_by_role("button", name="Save row").click()
    assert page.locator(".scorepad__table tbody th").first.inner_text().startswith("1. No tricks")
    assert page.locator(".scorepad__computed").count() == 1

    # A positive hand worked out after an auction: the bid moves from the bidder to the dealer.
    page.get_by_label("Hand", exact=True).select_option("7")
    engine = page.locator(".scorepad__engine")
    if engine.get_attribute("open") is None:
        engine.locator("summary").click()
    engine.get_by_label("Played").select_option("up")
    for name, tricks in zip(["Ann", "Bob", "Cat", "Dan"], [2, 7, 2, 2]):
        engine.get_by_label(name, exact=True).fill(str(tricks))
    engine.get_by_label("Dealer").select_option(label="Ann")
    engine.get_by_label("Auction: the winning bid").fill("5")
    engine.get_by_label("Auction: the high bidder").select_option(label="Bob")
    engine.get_by_role("button", name="Work it out").click()
    check.get_by_text("Worked out by the rules engine").wait_for()
    assert [cell(page, n).input_value() for n in ["Ann", "Bob", "Cat", "Dan"]] == ["175", "50", "50", "50"]
    page.get_by_role("button", name="Save row").click()

    # The other eight hands by digits, each balanced, to the end of the game.
    rows = {2: [-80, -100, -40, -40], 3: [-100, -50, 0, -50], 4: [-30, -210, 0, 0], 5: [-160, 0, 0, 0],
            6: [-90, 0, 0, -90], 8: [25, 100, 100, 100], 9: [100, 75, 75, 75], 10: [0, 0, 325, 0]}
    for hand, points in rows.items():
        page.get_by_label("Hand", exact=True).select_option(str(hand))
        enter_row(page, dict(zip(["Ann", "Bob", "Cat", "Dan"], points)))
    assert page.locator(".scorepad__check p").count() == 0
    state = page.locator(".scorepad__state").inner_text()
    expected = [-100 + 175 + sum(r[0] for r in rows.values()), -80 + 50 + sum(r[1] for r in rows.values()),
                -40 + 50 + sum(r[2] for r in rows.values()), -40 + 50 + sum(r[3] for r in rows.values())]
    assert totals(page) == expected and sum(expected) == 0
    assert state == f"Game over: Cat wins with {max(expected)}."
    assert page.locator(".scorepad__winner").inner_text().strip() == "★ winner"
    assert page.locator(".scorepad__flag").count() == 0  # the whole game totals 0


def test_a_hand_row_that_does_not_balance_is_flagged_without_the_engine(page, site_url):
    open_pad(page, site_url, "?game=king")
    new_sheet(page, "King by hand", ["Ann", "Bob", "Cat", "Dan"], game="King")
    enter_row(page, {"Ann": -100, "Bob": -100})
    check = page.locator(".scorepad__check")
    assert "a No tricks hand always gives out \u2212260 in all" in check.inner_text()
    assert page.get_by_role("button", name="Save anyway").is_visible()
    page.get_by_role("button", name="Save anyway").click()
    assert page.locator(".scorepad__table tbody tr").count() == 1
    assert page.evaluate("rulesEngineStatus.workersStarted") == 0


# ---- phone, keyboard, axe --------------------------------------------------------------------

def test_a_phone_and_a_keyboard(new_page, site_url):
    phone = new_page(width=390)
    open_pad(phone, site_url)
    new_sheet(phone, "Phone", ["Ann", "Bob", "Cat", "Dan", "Eve"])
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width}px"
    for name in ("plus 100", "minus 1", "Save row", "Next player"):
        box = phone.get_by_role("button", name=name, exact=True).bounding_box()
        assert box["height"] >= 40 and box["width"] >= 40 and box["x"] + box["width"] <= 390, (name, box)
    # Keyboard only: type into the first cell, Tab to the next, Enter saves.
    cell(phone, "Ann").focus()
    phone.keyboard.type("12")
    phone.keyboard.press("Tab")
    phone.keyboard.type("-3")
    phone.keyboard.press("Enter")
    live(phone).get_by_text("Row 1 saved: Ann +12, Bob −3.").wait_for()
    assert phone.evaluate("document.activeElement.textContent") == "Save row"


def test_a_sheet_of_eight_on_a_phone_keeps_its_edges_in_view(new_page, site_url):
    phone = new_page(width=390)
    open_pad(phone, site_url)
    new_sheet(phone, "Eight", ["Annabel", "Bartholomew", "Catherine", "Dan", "Eve", "Fred", "Gus", "Hal"])
    enter_row(phone, {"Annabel": 120, "Catherine": -12345, "Hal": 1000})
    enter_row(phone, {"Bartholomew": 999999999})
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width}px"
    wrap = phone.locator(".scorepad__table-wrap")
    assert wrap.evaluate("n => n.scrollWidth > n.clientWidth")  # eight players' columns need more than a phone

    edges = r"""n => {
        const shadow = (cell) => (getComputedStyle(cell).boxShadow.match(/rgba?\([^)]*\)/g) || []).some((c) => !/, 0\)$/.test(c));
        const rows = [...n.querySelectorAll("tbody tr")];
        return { names: rows.map((r) => r.cells[0].getBoundingClientRect().left),
                 edits: rows.map((r) => r.querySelector("button").getBoundingClientRect().right),
                 before: rows.every((r) => shadow(r.cells[0])), after: rows.every((r) => shadow(r.cells[r.cells.length - 1])) };
    }"""   # where the row names and Edit buttons lie, and the shadows that say columns are out of view

    # Scrolled to either end, and half way, each row keeps its name and its Edit button in view, and
    # a shadow marks each edge beyond which columns lie hidden. The shadows follow the scroll by a
    # scroll-driven animation, drawn at the next frames: waited for, however long a loaded machine takes.
    for at, before, after in ((0, False, True), (0.5, True, True), (1, True, False)):
        wrap.evaluate("(n, at) => { n.scrollLeft = at * (n.scrollWidth - n.clientWidth); }", at)
        drawn = f"([n, before, after]) => {{ const seen = ({edges})(n); return seen.before === before && seen.after === after; }}"
        try:
            phone.wait_for_function(drawn, arg=[wrap.element_handle(), before, after], timeout=10_000)
        except PlaywrightTimeout:
            pass   # the assertion below says what is drawn instead
        seen = wrap.evaluate(edges)
        assert all(0 <= x for x in seen["names"]) and all(x <= 390 for x in seen["edits"]), (at, seen)
        assert (seen["before"], seen["after"]) == (before, after), (at, seen)
    phone.get_by_role("button", name="Edit row 1").click()
    assert cell(phone, "Catherine").input_value() in ("-12345", "−12345")


def test_axe_finds_no_problem_in_either_theme(new_page, site_url):
    phone = new_page(width=390)
    open_pad(phone, site_url, "?game=king")
    assert not (found := axe_violations(phone, PAD)), describe(found)
    new_sheet(phone, "Axe", ["Ann", "Bob", "Cat", "Dan"], game="King")
    enter_row(phone, {"Ann": -100, "Bob": -80, "Cat": -40, "Dan": -40})
    enter_row(phone, {"Ann": -100})  # flagged: the check's alert is on the page
    phone.locator(".scorepad__engine summary").click()
    phone.get_by_role("button", name="Ann's entries (1)").click()
    for scheme in ("default", "slate"):
        in_scheme(phone, scheme)
        found = axe_violations(phone, PAD)
        assert not found, f"{scheme}:\n{describe(found)}"
    # The whole page too, header and navigation included.
    assert not (found := axe_violations(phone)), describe(found)


def test_bridge_solitaire_rows_by_the_engine_end_the_rubber(page, site_url):
    open_pad(page, site_url, "?game=bridge-solitaire")
    new_sheet(page, "Rubber", ["Ann"], game="Bridge Solitaire")
    assert page.locator(".scorepad__col").all_inner_texts() == ["Ann", "The house"]
    check = page.locator(".scorepad__check")
    for level, strain, tricks in ((4, "♠ spades", 10), (3, "NT notrump", 9)):
        engine = page.locator(".scorepad__engine")
        engine.locator("summary").click()
        engine.get_by_label("Contract: odd tricks bid").fill(str(level))
        engine.get_by_label("Contract: trumps").select_option(label=strain)
        engine.get_by_label("Declarer", exact=True).select_option(label="you")
        engine.get_by_label("Jokers in your hand").select_option(label="none: not doubled")
        engine.get_by_label("Tricks taken by the declarer").fill(str(tricks))
        engine.get_by_label("Honours in your hand").fill("0")
        engine.get_by_role("button", name="Work it out").click()
        check.get_by_text("Worked out by the rules engine").wait_for()
        page.get_by_role("button", name="Save row").click()
    # The second game was bid vulnerable (worked out from the first row) and ends the rubber: 700 bonus.
    assert totals(page) == [120 + 100 + 700, 0]
    assert page.locator(".scorepad__state").inner_text() == "Game over: Ann wins with 920."
    page.get_by_role("button", name="Edit row 2", exact=True).click()
    assert "3NT by you (vulnerable), 9 tricks: made" in check.inner_text()


def test_a_gin_sheet_adds_the_bonuses_once_the_game_is_over(page, site_url):
    """Gin Rummy's page adds 100 for the game and 25 for each hand won: Ann +64, Bob +30, Ann +40
    ends the game at 104 to 30, which the bonuses make 254 to 55."""
    open_pad(page, site_url, "?game=gin-rummy")
    new_sheet(page, "Gin", ["Ann", "Bob"], game="Gin Rummy")
    for row in ({"Ann": 64}, {"Bob": 30}, {"Ann": 40}):
        enter_row(page, row)
    assert totals(page) == [104, 30]
    assert page.locator(".scorepad__state").inner_text() == "Game over: Ann wins, 254 to 55 with the bonuses."
    assert page.locator(".scorepad__bonuses td").all_inner_texts()[:2] == ["254", "55"]
