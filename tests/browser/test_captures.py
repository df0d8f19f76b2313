"""A capture, a move built from a card of the hand and the table cards it takes (the fishing
family), made at the card table by mouse, keyboard and touch: the engine finds a deal whose
reader comes to a capture, the page opens there, the reader picks the capturing card, then the
card on the table, and presses "Capture"; axe stays clean with a capture half built. A pile (a declaration, a build)
is made so too, by mouse, by keyboard and by touch."""

import pytest
from said import listen, said_after

from axe import axe_violations, describe
from rules_engine import list_games, state_class
from rules_engine.host import Host

PLAY = "#play-1"
GAMES = [spec.id for spec in list_games() if "capture" in state_class(spec.id).forms.by_kind]
READY = f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
    return w && w.desc && w.desc.to_act === w.human && !w.busy && w.desc.selection; }}"""


def call(host, op, **args):
    reply = host.handle({"v": 1, "op": op, "session": "t", **args})
    assert reply["ok"], reply
    return reply


def a_readers_turn(game_id, found, what):
    """``(seed, share code, what ``found(table)`` gives)`` at the first reader's turn of the deals of
    seeds 0-39 (bots and hints playing) where ``found`` gives anything but None."""
    for seed in range(40):
        host = Host()
        reply = call(host, "open", game=game_id, seed=seed, human=0)
        for _ in range(200):
            table = reply["table"]
            if table["is_over"] or table["interlude"]:
                break
            if table["to_act"] == 0:
                if (result := found(table)) is not None:
                    return seed, call(host, "share")["share"], result
                reply = call(host, "move", move=call(host, "hint")["hint"])
            else:
                reply = call(host, "bot")
    pytest.fail(f"no {game_id} deal of 40 brings the reader to {what}")


def built_moves_of(table, captures):
    return [c["move"] for c in table["moves"] if c.get("built") and c["move"].startswith("capture ") == captures]


def a_turn_with_a_capture(game_id):
    """``(seed, share code, capture, its cards in the order picked)`` at a reader's turn."""
    def capture(table):
        built = built_moves_of(table, captures=True)
        return (built[0], [built[0].split()[-1]] + built[0].split()[1:-2]) if built else None
    seed, code, (move, cards) = a_readers_turn(game_id, capture, "a capture")
    return seed, code, move, cards


def a_turn_with_a_pile(game_id):
    """``(seed, share code, move, its cards in the order picked)`` at a reader's turn that may
    bundle cards into a pile (a declaration, a build): a built move that is no capture."""
    def pile(table):
        built = built_moves_of(table, captures=False)
        if not built:
            return None
        words = built[0].split()
        at = words.index("with")
        return built[0], [words[at + 1]] + words[1:at]
    seed, code, (move, cards) = a_readers_turn(game_id, pile, "a pile to make")
    return seed, code, move, cards


def open_at_the_capture(page, site_url, game_id):
    seed, code, move, cards = a_turn_with_a_capture(game_id)
    page.visit(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_function(READY)
    return page.locator(PLAY), cards


def key_of(page, card):
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.selection.places['{card}'][0].join('/')")


def step(page):
    """The table's step now; from now on the table keeps the sentence of each move made (said.py)."""
    listen(page, PLAY)
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.step")


def picked(page, count):
    page.wait_for_function(f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
        return !w.busy && w.desc.selection && w.desc.selection.picked.length === {count}; }}""")


def captured(page, before):
    return said_after(page, PLAY, before)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_capture_by_mouse_with_axe_clean_half_built(reader_page, site_url, game_id):
    # Each test's page goes from game to game as a reader following links does (one engine start).
    page = reader_page("captures-mouse")
    widget, cards = open_at_the_capture(page, site_url, game_id)
    before = step(page)
    widget.locator(f'[data-key="{key_of(page, cards[0])}"]').click()
    picked(page, 1)
    for card in cards[1:]:   # the cards it may take are marked
        assert "rw-card--legal" in widget.locator(f'[data-key="{key_of(page, card)}"]').get_attribute("class")
    found = axe_violations(page, PLAY)
    assert not found, describe(found)
    for count, card in enumerate(cards[1:], 2):
        widget.locator(f'[data-key="{key_of(page, card)}"]').click()
        picked(page, count)
    widget.locator('.rw-actions button[data-choice="Capture"]').click()
    assert " captures " in captured(page, before)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_capture_by_keyboard(reader_page, site_url, game_id):
    page = reader_page("captures-keyboard")
    widget, cards = open_at_the_capture(page, site_url, game_id)
    before = step(page)
    for count, card in enumerate(cards, 1):
        widget.locator(f'[data-key="{key_of(page, card)}"]').focus()
        page.keyboard.press("Enter")
        picked(page, count)
    button = widget.locator('.rw-actions button[data-choice="Capture"]')
    assert button.count() == 1
    button.focus()
    page.keyboard.press("Enter")
    assert " captures " in captured(page, before)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_capture_by_touch_on_a_phone(reader_page, site_url, game_id):
    page = reader_page("captures-touch", touch=True)
    widget, cards = open_at_the_capture(page, site_url, game_id)
    before = step(page)
    for count, card in enumerate(cards, 1):
        widget.locator(f'[data-key="{key_of(page, card)}"]').tap()
        picked(page, count)
    widget.locator('.rw-actions button[data-choice="Capture"]').tap()
    assert " captures " in captured(page, before)
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


# Fishing games with a third kind of move beside capturing and laying: a pile made on the table.
PILE_GAMES = [game_id for game_id in GAMES if len(state_class(game_id).forms.by_kind) > 2]


@pytest.mark.parametrize("game_id", PILE_GAMES)
def test_a_pile_made_by_mouse_by_keyboard_and_by_touch_on_a_phone(reader_page, site_url, game_id):
    seed, code, move, cards = a_turn_with_a_pile(game_id)
    for how in ("click", "keyboard", "tap"):
        page = reader_page(f"piles-{how}", touch=how == "tap")

        def press(target):
            if how == "keyboard":
                target.focus()
                page.keyboard.press("Enter")
            else:
                getattr(target, how)()
        page.visit(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
        page.locator(PLAY).scroll_into_view_if_needed()
        page.wait_for_function(READY)
        widget, before = page.locator(PLAY), step(page)
        for count, card in enumerate(cards, 1):
            press(widget.locator(f'[data-key="{key_of(page, card)}"]'))
            picked(page, count)
        button = page.evaluate(f"""m => document.querySelector('{PLAY}').rwWidget.desc.selection.finish
            .find(f => f.move === m).button""", move)
        press(widget.locator(f'.rw-actions button[data-choice="{button}"]'))
        said = captured(page, before)
        assert said and " captures " not in said, f"{how}: {said}"


def a_turn_with_a_pile_to_take(game_id):
    """``(seed, share code, the pile's zone)`` at a reader's turn with a pile on the table (a
    declaration, a build) that a move of the reader takes in whole."""
    def pile(table):
        built = [c["move"].split() for c in table["moves"] if c.get("built")]
        return next((zone for zone in table["zones"]
                     if zone.get("whole") and any(set(zone["cards"]) <= set(words) for words in built)), None)
    return a_readers_turn(game_id, pile, "a pile to take")


@pytest.mark.parametrize("game_id", PILE_GAMES)
def test_a_pile_on_the_table_is_picked_and_put_back_whole_at_one_click(reader_page, site_url, game_id):
    """A pile is taken only whole: a click on any of its cards picks them all, and a click on one
    picked puts them all back (Diloti's lesson had the reader click each card of a declaration)."""
    seed, code, zone = a_turn_with_a_pile_to_take(game_id)
    page = reader_page("piles-whole")
    page.visit(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_function(READY)
    widget = page.locator(PLAY)
    widget.locator(f'[data-key="{zone["id"]}/{len(zone["cards"]) - 1}"]').click()
    picked(page, len(zone["cards"]))
    assert sorted(page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.selection.picked")) == sorted(zone["cards"])
    widget.locator(f'[data-key="{zone["id"]}/0"]').click()
    picked(page, 0)
