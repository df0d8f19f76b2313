"""A move built from several cards, a meld, made at the card table by mouse, keyboard and touch.
Written for every game with such moves (a form ``meld``, as the rummy family's games have): the
engine finds a deal whose reader comes to lay out melds, the page opens there, and the reader
picks the meld's cards one by one (the table marking those picked and those that may follow),
then presses the finishing button; axe stays clean with a meld half built, in both themes. Where a
pack holds a card twice, the two copies are picked one after the other."""

import re
from collections import Counter
from pathlib import Path

import pytest
from said import listen, said_after

from axe import axe_violations, describe, in_scheme
from build_scripts.source import parse_source
from rules_engine import list_games, load_game, state_class
from rules_engine.cards import make_deck
from rules_engine.game import State
from rules_engine.host import Host
from rules_engine.render import symbol

PLAY = "#play-1"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
# A point of a card that no other card covers: its middle, unless another card lies there; then,
# in a fanned hand of many cards, where the next card covers all but the card's left strip and a
# card picked before it, raised and drawn on top, all but its bottom edge, the middle of that
# strip's bottom edge.
SPOT = """el => { const r = el.getBoundingClientRect();
    if (el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))) return null;
    const next = el.nextElementSibling;
    const right = next && next.classList.contains('rw-card') ? Math.min(r.right, next.getBoundingClientRect().left) : r.right;
    return {x: Math.max(2, (right - r.left) / 2), y: r.height - 3}; }"""
GAMES = [spec.id for spec in list_games() if "meld" in state_class(spec.id).forms.by_kind]
READY = f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
    return w && w.desc && w.desc.to_act === w.human && !w.busy && w.desc.selection; }}"""


def call(host, op, **args):
    reply = host.handle({"v": 1, "op": op, "session": "t", **args})
    assert reply["ok"], reply
    return reply


def opened(host, game_id, seed):
    """The game opened in ``host`` as the page's play block deals it (its players, its options)."""
    block = next(f for f in parse_source(str(DOCS / f"{game_id}.md")).fences if f.kind == "play" and f.id == PLAY[1:])
    return call(host, "open", game=game_id, seed=seed, human=0, seats=block.options.get("seats"),
                options=block.game_options)


def a_turn_with_a_meld(game_id):
    """``(seed, share code, meld)`` of a deal at a reader's turn where a meld of three or more
    cards may be laid (the reader playing the hints, the bots the others)."""
    for seed in range(60):
        host = Host()
        reply = opened(host, game_id, seed)
        for _ in range(400):
            table = reply["table"]
            if table["is_over"] or table["interlude"]:
                break
            if table["to_act"] == 0:
                # (one holding a card twice, of two packs, is test_two_copies_of_a_card_are_picked_one_after_the_other's)
                melds = [c["move"] for c in table["moves"] if c.get("built") and c["move"].startswith("meld ")
                         and len(set(c["move"].split())) == len(c["move"].split())]
                if melds:
                    return seed, call(host, "share")["share"], melds[0]
                reply = call(host, "move", move=call(host, "hint")["hint"])
            else:
                reply = call(host, "bot")
    pytest.fail(f"no {game_id} deal of 60 brings the reader to a meld")


def open_at_the_meld(page, site_url, game_id):
    seed, code, meld = a_turn_with_a_meld(game_id)
    page.visit(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_function(READY)
    return page.locator(PLAY), meld.split()[1:], meld


def key_of(page, card):
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.selection.places['{card}'][0].join('/')")


def press(locator, tap=False):
    """Clicks (or taps) a card where it shows."""
    locator.scroll_into_view_if_needed()
    spot = locator.evaluate(SPOT)
    if spot is None:
        locator.tap() if tap else locator.click()
    else:
        locator.tap(position=spot) if tap else locator.click(position=spot)


def step(page):
    """The table's step now; from now on the table keeps the sentence of each move made (said.py)."""
    listen(page, PLAY)
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")


def picked(page, count):
    """Waits for the engine's answer to the reader's ``count``-th pick."""
    page.wait_for_function(f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
        return !w.busy && w.desc.selection && w.desc.selection.picked.length === {count}; }}""")


def button_words(page, meld):
    """The words of the button that finishes ``meld`` ("Meld", "Show meld"), as the engine gives them."""
    finish = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.selection.finish")
    return next(f["button"] for f in finish if f["move"] == meld)


def the_meld_is_offered(page, widget, cards, meld):
    pressed = widget.locator('.rw-card[aria-pressed="true"]')
    assert pressed.count() == len(cards)
    button = widget.locator(f'.rw-actions button[data-choice="{button_words(page, meld)}"]')
    assert button.count() == 1
    assert "Picked:" in widget.locator(".rw-message").inner_text()
    return button


def laid(page, before, meld):
    """The last move in words, once the meld is made: it names the meld's first card."""
    last = said_after(page, PLAY, before)
    first = next(word for word in meld.split() if re.fullmatch(r"[2-9TJQKA][SHDC]|JK", word))
    assert symbol(first) in last, last
    return last


@pytest.mark.parametrize("game_id", GAMES)
def test_a_meld_by_mouse_with_axe_clean_half_built(reader_page, site_url, game_id):
    # Each test's page goes from game to game as a reader following links does (one engine start).
    page = reader_page("melds-mouse")
    widget, cards, meld = open_at_the_meld(page, site_url, game_id)
    before = step(page)
    press(widget.locator(f'[data-key="{key_of(page, cards[0])}"]'))
    picked(page, 1)
    # The cards that may follow are marked as playable; the others of the hand are not.
    for card in cards[1:]:
        assert "rw-card--legal" in widget.locator(f'[data-key="{key_of(page, card)}"]').get_attribute("class")
    for scheme in ("default", "slate"):
        in_scheme(page, scheme)
        found = axe_violations(page, PLAY)
        assert not found, f"{scheme}:\n{describe(found)}"
    for count, card in enumerate(cards[1:], 2):
        press(widget.locator(f'[data-key="{key_of(page, card)}"]'))
        picked(page, count)
    button = the_meld_is_offered(page, widget, cards, meld)
    # The buttons that finish it come straight after the table, before the score sheet, so that they
    # stay by the cards.
    assert widget.locator(".rw-table-area + .rw-actions + .rw-play__scores .rw-scores").count() == 1
    button.click()
    laid(page, before, meld)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_meld_by_keyboard_and_escape_takes_it_back(reader_page, site_url, game_id):
    page = reader_page("melds-keyboard")
    widget, cards, meld = open_at_the_meld(page, site_url, game_id)
    before = step(page)
    widget.locator(f'[data-key="{key_of(page, cards[0])}"]').focus()
    page.keyboard.press("Enter")
    picked(page, 1)
    page.keyboard.press("Escape")
    picked(page, 0)
    assert widget.locator('.rw-card[aria-pressed="true"]').count() == 0
    for count, card in enumerate(cards, 1):
        widget.locator(f'[data-key="{key_of(page, card)}"]').focus()
        page.keyboard.press("Enter")
        picked(page, count)
    button = the_meld_is_offered(page, widget, cards, meld)
    # Once no card may be added, the last pick hands the focus to the finishing button; while one
    # may (a fourth card of a run), the focus stays on the card picked.
    if page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.selection.next.length"):
        assert page.evaluate("document.activeElement.dataset.key") == key_of(page, cards[-1])
        button.focus()
    assert page.evaluate("document.activeElement.dataset.choice") == button_words(page, meld)
    page.keyboard.press("Enter")
    laid(page, before, meld)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_meld_by_touch_on_a_phone(reader_page, site_url, game_id):
    page = reader_page("melds-touch", touch=True)
    widget, cards, meld = open_at_the_meld(page, site_url, game_id)
    before = step(page)
    for count, card in enumerate(cards, 1):
        press(widget.locator(f'[data-key="{key_of(page, card)}"]'), tap=True)
        picked(page, count)
    the_meld_is_offered(page, widget, cards, meld).tap()
    laid(page, before, meld)
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


def a_turn_with_a_lay_off(game_id):
    """``(seed, share code, lay-off)`` of a deal at a reader's turn where a card may be laid off."""
    for seed in range(80):
        host = Host()
        reply = opened(host, game_id, seed)
        for _ in range(400):
            table = reply["table"]
            if table["is_over"] or table["interlude"]:
                break
            if table["to_act"] == 0:
                offs = [c["move"] for c in table["moves"] if c.get("built") and c["move"].startswith("layoff ")]
                if offs:
                    return seed, call(host, "share")["share"], offs[0]
                reply = call(host, "move", move=call(host, "hint")["hint"])
            else:
                reply = call(host, "bot")
    pytest.fail(f"no {game_id} deal of 80 brings the reader to a lay-off")


@pytest.mark.parametrize("game_id", [g for g in GAMES if "layoff" in state_class(g).forms.by_kind])
def test_a_card_laid_off_by_picking_it_then_the_meld(reader_page, site_url, game_id):
    page = reader_page("melds-lay-off")
    seed, code, move = a_turn_with_a_lay_off(game_id)
    page.visit(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_function(READY)
    widget = page.locator(PLAY)
    card, target = move.split()[1], f"meld-{move.split()[-1]}"
    before = step(page)
    widget.locator(f'[data-key="{key_of(page, card)}"]').click()
    picked(page, 1)
    zone = widget.locator(f'[data-zone="{target}"]')
    assert "rw-zone--target" in zone.get_attribute("class")
    zone.locator("button.rw-card").last.click()
    assert " lays off " in laid(page, before, move)


def _builds_with_a_card_twice(game_id):
    """Whether the game has moves built from cards and its pack holds some card twice."""
    cls = state_class(game_id)
    pack = load_game(game_id).new(seed=0).pack_name()
    return cls._built is not State._built and max(Counter(card.text for card in make_deck(pack)).values()) > 1


def a_turn_with_a_card_twice(game_id):
    """``(seed, share code, move)`` of a deal at a reader's turn where a move built from cards
    holds one card twice (a pack with two jokers, or two packs)."""
    for seed in range(80):
        host = Host()
        reply = opened(host, game_id, seed)
        for _ in range(300):
            table = reply["table"]
            if table["is_over"] or table["interlude"]:
                break
            if table["to_act"] == 0:
                for click in table["moves"]:
                    cards = click["move"].split()[1:]
                    if click.get("built") and len(set(cards)) < len(cards):
                        return seed, call(host, "share")["share"], click["move"]
                reply = call(host, "move", move=call(host, "hint")["hint"])
            else:
                reply = call(host, "bot")
    pytest.fail(f"no {game_id} deal of 80 brings the reader to a move holding a card twice")


@pytest.mark.parametrize("game_id", [g for g in (spec.id for spec in list_games()) if _builds_with_a_card_twice(g)])
def test_two_copies_of_a_card_are_picked_one_after_the_other(reader_page, site_url, game_id):
    page = reader_page("melds-twice")
    seed, code, move = a_turn_with_a_card_twice(game_id)
    page.visit(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_function(READY)
    widget, cards = page.locator(PLAY), move.split()[1:]
    twice = next(card for card in cards if cards.count(card) > 1)
    copy = lambda n: widget.locator('[data-key="%s"]' % page.evaluate(  # noqa: E731
        f"document.querySelector('{PLAY}').rwWidget.desc.selection.places['{twice}'][{n}].join('/')"))
    press(copy(0))
    picked(page, 1)
    assert "rw-card--legal" in copy(1).get_attribute("class")   # the other copy may follow
    press(copy(1))
    picked(page, 2)
    assert copy(0).get_attribute("aria-pressed") == copy(1).get_attribute("aria-pressed") == "true"
    press(copy(1))   # taken back: one copy stays picked
    picked(page, 1)
    assert widget.locator('.rw-card[aria-pressed="true"]').count() == 1
    before = step(page)
    picks = [twice] + [card for i, card in enumerate(cards) if not (card == twice and i == cards.index(twice))]
    for count, card in enumerate(picks[1:], 2):
        n = picks[:count].count(card) - 1
        press(widget.locator('[data-key="%s"]' % page.evaluate(
            f"document.querySelector('{PLAY}').rwWidget.desc.selection.places['{card}'][{n}].join('/')")))
        picked(page, count)
    selection = page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.selection")
    if move in [f["move"] for f in selection["finish"]]:
        widget.locator(f'.rw-actions button[data-move="{move}"], .rw-actions button[data-choice]').first.click()
    else:   # a move aimed at a place (the discard pile taken with two cards of its rank): point at it
        zone = widget.locator(f'[data-zone="{selection["targets"][0]}"]')
        press(zone.locator("button.rw-card").last.or_(zone.locator("button.rw-slot")).first)
    page.wait_for_function(f"n => document.querySelector('{PLAY}').rwWidget.step > n", arg=before)
    assert page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.last")
