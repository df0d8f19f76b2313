"""The text and SVG renderers draw every state of every golden record, from
the table description alone (the DOM renderer: tests/browser/test_tables.py)."""

import pathlib
from xml.etree import ElementTree

import pytest

from build_scripts.diagrams import draw_table
from game_tests import golden_records
from rules_engine import list_games, replay
from rules_engine.game import ALL
from rules_engine.render import interlude, pretty_move, render
from rules_engine.table import check, zone

GOLDEN = golden_records()


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_state_of_a_golden_record_is_drawn(name):
    for number, state in enumerate(replay(GOLDEN[name].text())):
        for seat in dict.fromkeys([ALL, None, state.to_act]):
            table = state.table(seat)
            text = render(table)
            assert text.startswith(f"{table['name']} · {table['headline']['title']}"), (number, text[:80])
            if table["interlude"]:
                assert interlude(table)[0] == table["interlude"]["title"]
        drawing = draw_table(state.table(ALL), f"d{number}", f"state {number}")
        root = ElementTree.fromstring(drawing.svg)
        cards = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class", "").split(" ")[0] in ("rd-face", "rd-down")]
        shown = sum(len(z["cards"]) for z in state.table(ALL)["zones"]
                    if z["cards"] and not (z["kind"] == "captured" and z["owner"] is not None))
        assert len(cards) == shown, (name, number)


def test_no_renderer_names_a_game():
    """Outside rules_engine/games/, nothing draws one game differently: no game's id or
    name appears in the renderers or the build (doctests, which play real games, aside)."""
    root = pathlib.Path(__file__).resolve().parents[1]
    words = {word for spec in list_games() for word in (f"{spec.id}.md", f"/{spec.id}/", f'"{spec.id}-',
                                                          spec.name, spec.name.replace(" ", ""))}
    for path in ["rules_engine/render.py", "rules_engine/table.py", *(root / "widgets").glob("*.js"),
                 *(root / "build_scripts").glob("*.py")]:
        lines = [line for line in (root / path).read_text().splitlines() if ">>>" not in line]
        for word in words:
            assert not any(word in line for line in lines), f"{path} names {word}"


def test_a_move_starts_only_from_a_zone_marked_as_a_source():
    """Renderers make tab stops only of the cards a reader may pick: a description whose move
    starts in a trick (say) is unsound, since no renderer would let the reader start it there."""
    trick = zone("trick", "The trick", ["4C"], kind="trick")
    hand = zone("hand-0", "Your hand", ["4C"], kind="hand", owner=0)
    assert hand["source"] and "source" not in trick
    assert not zone("kept", "Kept", ["5C"], kind="hand", source=False).get("source")
    move = {"move": "play 4C", "card": ["trick", 0], "to": None}
    problems = check({"zones": [trick], "moves": [move]}, ["4C"])
    assert problems == ["'play 4C' starts from 'trick', a zone not marked as a source of moves"]
    assert check({"zones": [hand], "moves": [{**move, "card": ["hand-0", 0]}]}, ["4C"]) == []


@pytest.mark.parametrize("move, shown", [
    ("declare 2S 6H 4D with 4C as 8", "declare 2♠ 6♥ 4♦ with 4♣ as 8"),
    ("build 4S 7D with 3H as 7", "build 4♠ 7♦ with 3♥ as 7"),
    ("play TD", "play 10♦"),
    ("keep JK", "keep ★"),
    ("bid 2 hearts", "bid 2♥"),
])
def test_a_moves_words_stay_words_and_only_its_cards_become_symbols(move, shown):
    """A move's canonical text writes cards in capitals: a word that also reads as a card in small
    letters ("as", the ace of spades) stays a word, as widgets/cards.js's prettyMove keeps it."""
    assert pretty_move(move) == shown
