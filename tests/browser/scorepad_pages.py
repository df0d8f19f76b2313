"""What the score pad's browser tests share: opening the pad, starting a sheet, entering a row,
reading the totals, and a link carrying a sheet."""

import base64
import re
import zlib

PAD = "[data-widget=scorepad]"
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def open_pad(page, site_url, query=""):
    page.goto(site_url + "score-pad/" + query)
    page.wait_for_selector(f"{PAD} .scorepad__setup, {PAD} .scorepad__sheet")


def new_sheet(page, name, players=PLAYERS, game=None):
    """Fill in the "new sheet" form and start the sheet."""
    setup = page.locator(".scorepad__setup")
    if not setup.count():
        page.get_by_role("button", name="New sheet").click()
        setup.wait_for()
    setup.get_by_label("Game", exact=True).select_option(label=game or "Another game: a plain sheet")
    setup.get_by_label("Name of the sheet").fill(name)
    while setup.get_by_label(re.compile(r"^Player \d+$")).count() < len(players):
        setup.get_by_role("button", name="Add a player").click()
    for i, player in enumerate(players):
        setup.get_by_label(f"Player {i + 1}", exact=True).fill(player)
    setup.get_by_role("button", name="Start the sheet").click()
    page.locator(".scorepad__sheet").wait_for()


def cell(page, name):
    return page.locator(".scorepad__cells").get_by_label(name, exact=True)


def enter_row(page, values):
    for name, value in values.items():
        cell(page, name).fill(str(value))
    page.locator(".scorepad__entry [type=submit]").click()


def totals(page):
    texts = page.locator(".scorepad__totals:not(.scorepad__bonuses) td").all_inner_texts()
    return [int(t.replace("\u2212", "-")) for t in texts if t.strip()]


def standings(page):
    return [t.strip(" ★") for t in page.locator(".scorepad__standing-name").all_inner_texts()]


def live(page):
    return page.locator(".scorepad__live")



def sheet_options(page):
    return page.get_by_label("Sheet", exact=True).locator("option").all_inner_texts()


def sheet_link(site_url, data, packed=True):
    """A pad link carrying ``data`` (bytes): deflated (``z``) or plain (``j``), as base64url."""
    if packed:
        squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
        data = squeeze.compress(data) + squeeze.flush()
    code = base64.urlsafe_b64encode(data).decode().rstrip("=")
    return f"{site_url}score-pad/#sheet={'z' if packed else 'j'}{code}"
