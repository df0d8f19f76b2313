"""A play block deals for the number of players it names: each block of a
game's page opens a table with that many hands, each seat in a place of its
own, and a new deal keeps it."""

import re

import pytest

from rules_engine import list_games
from test_widgets import to_the_readers_turn

COUNTS = {spec.id: (spec.seats[0], spec.seats[1]) for spec in list_games() if spec.seats[0] != spec.seats[1]}


@pytest.mark.parametrize("game_id", sorted(COUNTS))
def test_a_play_block_deals_the_players_it_asks_for(reader_page, site_url, game_id):
    # The fewest and the most players, on one visit to the page; one page goes from game to game
    # as a reader following links does, so every table shares one engine.
    page = reader_page("player-counts")
    page.visit(site_url + f"games/{game_id}/")
    for seats in COUNTS[game_id]:
        block = page.locator(f'[data-widget=play][data-seats="{seats}"]').first
        assert block.count(), f"no play block for {seats} players"
        block_id = block.get_attribute("id")
        page.goto(site_url + f"games/{game_id}/#{block_id}")
        widget = page.locator(f"#{block_id}")
        widget.scroll_into_view_if_needed()
        to_the_readers_turn(page, f"#{block_id}")
        hands = widget.locator('[data-zone^="hand-"]')
        assert sorted(int(re.sub(r"\D", "", z.get_attribute("data-zone"))) for z in hands.all()) == list(range(seats))
        # Every seat has a place of its own round the table: no two seats overlap.
        # Measured in one go: the bots may still be playing, and each of their moves redraws the table.
        boxes = widget.evaluate("""node => [...node.querySelectorAll('.rw-seat')].map((spot) => {
            const r = spot.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; })""")
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                apart = (a["x"] + a["width"] <= b["x"] + 1 or b["x"] + b["width"] <= a["x"] + 1
                         or a["y"] + a["height"] <= b["y"] + 1 or b["y"] + b["height"] <= a["y"] + 1)
                assert apart, f"{seats} players: two seats overlap: {a} and {b}"
        widget.get_by_role("button", name="New deal").click()
        page.wait_for_function(f"document.querySelector('#{block_id}').rwWidget.desc.seats === {seats}")
