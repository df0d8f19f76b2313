"""On a phone, the buttons that finish a move stay in view: a card chosen that waits for its
choice (a wager's amount, an 8's suit) or cards picked for a move built from several (a meld)
bring their buttons into view without scrolling, and the cards still to pick are not hidden
under them. Written for every game whose reader meets such a move: the engine finds a deal
where the reader's turn offers one, the page opens there with the cards to tap at the foot of
the screen (where a reader scrolled to see the hand), and every tap lands where the reader sees
the card; axe stays clean with the buttons shown, in both themes."""

from collections import Counter

import pytest

from axe import axe_violations, describe, in_scheme
from rules_engine import list_games, state_class
from rules_engine.game import State
from rules_engine.host import Host
from test_melds import PLAY, call, opened

# The games with moves built from several cards or made by a card and a choice.
GAMES = sorted(spec.id for spec in list_games() if state_class(spec.id)._built is not State._built
               or state_class(spec.id)._click_choice is not State._click_choice)
READY = f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
    return w && w.desc && w.desc.to_act === w.human && !w.busy; }}"""


def waiting_for_a_button(table, state):
    """What the reader at ``table`` may start that waits for a button: ``("built", cards, button)``
    for a move built from several cards that goes to no place of its own (picked card by card,
    then finished by ``button``), or ``("chosen", key)`` for a card whose moves differ only by a
    choice; None if neither."""
    for click in table["moves"]:
        if click.get("built"):
            built = state._built(state.parse_move(click["move"]))
            if built.target is None and len(built.cards) > 1:
                return "built", list(built.cards), built.button
    choices = Counter(tuple(c["card"]) for c in table["moves"] if c["card"] and c.get("choice") and not c["to"])
    for key, n in choices.items():
        if n > 1:
            return "chosen", "/".join(map(str, key))
    return None


def a_turn_waiting_for_a_button(game_id):
    """``(seed, share code, what)`` of a deal at a reader's turn that offers such a move (the
    reader playing the hints, the bots the others), or None."""
    for seed in range(25):
        host = Host()
        reply = opened(host, game_id, seed)
        for _ in range(150):
            table = reply["table"]
            if table["is_over"] or table["interlude"] or table.get("rhythm"):
                break
            if table["to_act"] == 0:
                what = waiting_for_a_button(table, host.sessions["t"].state)
                if what:
                    return seed, call(host, "share")["share"], what
                reply = call(host, "move", move=call(host, "hint")["hint"])
            else:
                reply = call(host, "bot")
    return None


# Taps a card where the reader sees it, without scrolling: a point of it that no other element
# covers (a grid over it, the middle first); returns a sentence if there is none.
TAP_POINT = """(card) => {
  const r = card.getBoundingClientRect();
  const at = [0.5, 0.1, 0.3, 0.7, 0.9];
  for (const fy of at) for (const fx of at) {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    if (y >= 0 && y <= innerHeight && card.contains(document.elementFromPoint(x, y))) return { x, y };
  }
  return `the ${card.dataset.card} shows nowhere on the screen (${Math.round(r.top)} to ${Math.round(r.bottom)} px of ${innerHeight})`;
}"""

# The buttons given, each whole on the screen and not covered, or sentences saying which is not.
IN_VIEW = """(buttons) => buttons.flatMap((button) => {
  const r = button.getBoundingClientRect();
  const seen = r.top >= 0 && r.bottom <= innerHeight && button.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  return seen ? [] : [`“${button.textContent}” lies at ${Math.round(r.top)} to ${Math.round(r.bottom)} px of ${innerHeight}`];
})"""


def tap(page, key):
    card = page.locator(f'{PLAY} [data-key="{key}"]')
    spot = card.evaluate(TAP_POINT)
    assert isinstance(spot, dict), spot
    page.touchscreen.tap(spot["x"], spot["y"])


def key_of(page, card, copy):
    return page.evaluate(f"document.querySelector('{PLAY}').rwWidget.desc.selection.places['{card}'][{copy}].join('/')")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_buttons_that_finish_a_move_are_in_view_on_a_phone(reader_page, site_url, game_id):
    found = a_turn_waiting_for_a_button(game_id)
    if found is None:
        pytest.skip(f"no {game_id} turn of 25 deals offers a move that waits for a button")
    seed, code, what = found
    page = reader_page("finish-touch", touch=True)
    page.visit(site_url + f"games/{game_id}/#play-1/{seed}/{code}")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_function(READY)
    first = what[1] if what[0] == "chosen" else key_of(page, what[1][0], 0)
    # The reader has scrolled just far enough to see the card at the foot of the screen.
    page.locator(f'{PLAY} [data-key="{first}"]').evaluate("card => card.scrollIntoView({ block: 'end' })")
    if what[0] == "chosen":
        tap(page, first)
        page.wait_for_selector(f"{PLAY} .rw-actions [data-choice]")
    else:
        cards, button = what[1], what[2]
        for count, card in enumerate(cards, 1):
            tap(page, key_of(page, card, cards[:count].count(card) - 1))
            page.wait_for_function(f"""() => {{ const w = document.querySelector('{PLAY}').rwWidget;
                return !w.busy && w.desc.selection && w.desc.selection.picked.length === {count}; }}""")
        page.wait_for_selector(f'{PLAY} .rw-actions [data-choice="{button}"]')
    finishing = page.locator(f"{PLAY} .rw-actions [data-choice]")
    problems = finishing.evaluate_all(IN_VIEW)
    # And the cards picked stay in sight above them.
    problems += [spot for spot in page.locator(f"{PLAY} .rw-card--selected").evaluate_all(f"cards => cards.map({TAP_POINT})")
                 if isinstance(spot, str)]
    assert not problems, f"{game_id}, {what}:\n" + "\n".join(problems)
    # axe with the buttons stuck over the table, the table's top in view below the theme's header (a
    # control the screen's edge cuts, as the toolbar's may be where the cards were scrolled to, is
    # measured cut, too small to tap).
    page.evaluate(f"scrollBy(0, document.querySelector('{PLAY}').getBoundingClientRect().top - 60)")
    for scheme in ("default", "slate"):
        in_scheme(page, scheme)
        found = axe_violations(page, PLAY)
        assert not found, f"{scheme}:\n{describe(found)}"
