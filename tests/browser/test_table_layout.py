"""The table as a reader sees it, on a 390x844 phone and on a desktop: every
face-up card that another covers in part still shows its rank and its suit
(a hand, a tableau column, the open hands of a worked example or of a hand
played with the cards held backwards), a seat's cards stay within its place
on the felt, the reader's own face-down cards (chosen by their place) lie far
enough apart to tap, and a score sheet of up to eight players fits the width.

The tables are the engine's descriptions of states played here in CPython
(seeded random moves, at the fewest and the most players, and from each play
block's options), drawn by the DOM renderer in the page: no Pyodide needed.
Each is drawn twice: as the stepper draws it (every hand face up) and as the
play widget draws it for seat 0."""

import pathlib
import random

import pytest

from build_scripts.source import parse_source
from rules_engine import list_games, load_game
from rules_engine.game import ALL

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "games"
SPECS = {spec.id: spec for spec in list_games()}
SAMPLED_MOVES = (0, 6, 20, 45, 90)
SCREENS = ("phone", "desktop")   # conftest's _new_page: 390x844 touched, 1280x1000


def option_sets(game_id):
    """The game's default options, and those of each play block that sets some."""
    sets = [{}]
    for fence in parse_source(str(DOCS / f"{game_id}.md")).fences:
        if fence.kind == "play" and fence.game_options and fence.game_options not in sets:
            sets.append(dict(fence.game_options))
    return sets


def sampled_tables(game_id):
    """(label, table, widget) for states a few random moves apart, as each widget draws them."""
    spec = SPECS[game_id]
    out = []
    for options in option_sets(game_id):
        game = load_game(game_id, **options)
        for seats in sorted({spec.seats[0], spec.seats[1]}):
            state = game.new(seed=7, seats=seats)
            rng = random.Random(f"{game_id}-{seats}")
            for made in range(SAMPLED_MOVES[-1] + 1):
                if made in SAMPLED_MOVES:
                    label = f"{seats} player{'s' * (seats > 1)}, {options or 'default options'}, after {made} moves"
                    out.append((f"{label}, as a worked example shows it", {**state.table(ALL), "moves": []}, "example"))
                    out.append((f"{label}, as seat 0 plays it", state.table(0), "play"))
                if state.is_over:
                    break
                state = state.apply(rng.choice(state.legal_moves()))
    return out


# Returns the problems of each drawing, as sentences.
MEASURE = """async ([tables, width]) => {
  const { renderTable } = await import(new URL("widgets/tables.js", document.baseURI).href);
  // Each drawn where its widget draws it: a play block's table, a worked example's stepper.
  const hosts = { play: document.createElement("div"), example: document.createElement("div") };
  hosts.play.className = "rules-widget rw-play";
  hosts.example.className = "rules-widget";
  hosts.example.append(document.createElement("div"));
  hosts.example.firstChild.className = "rw-stepper";
  for (const host of Object.values(hosts)) document.querySelector(".md-content__inner").append(host);
  const box = (node) => node.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  // A glyph is read when its box, less a sixth on each side (the font's own margins), lies clear of the cards above it.
  const inset = (r) => ({ left: r.left + r.width / 6, right: r.right - r.width / 6, top: r.top + r.height / 6, bottom: r.bottom - r.height / 6 });
  const problems = [];
  for (const [label, table, widget] of tables) {
    const host = widget === "play" ? hosts.play : hosts.example.firstChild;
    host.replaceChildren(renderTable(table, { interactive: table.moves.length > 0, viewer: 0, onCard() {}, onZone() {} }));
    const felt = box(host.querySelector(".rw-felt"));
    const say = (text) => problems.push(`${label}: ${text}`);
    for (const zone of host.querySelectorAll(".rw-zone")) {
      const items = [...zone.querySelector(".rw-zone__cards").children];
      const cards = items.map((item) => item.matches(".rw-card") ? item : item.querySelector(".rw-card"));
      const seat = zone.closest(".rw-seat");
      cards.forEach((card, i) => {
        if (!card) return;
        const r = box(card);
        if (r.left < felt.left - 1 || r.right > felt.right + 1) say(`${card.dataset.card} of ${zone.dataset.zone} lies off the felt`);
        else if (seat && (r.left < box(seat).left - 1 || r.right > box(seat).right + 1)) say(`${card.dataset.card} of ${zone.dataset.zone} lies outside its seat's place`);
        const above = cards.slice(i + 1).filter(Boolean).map(box).filter((o) => meets(o, r));
        if (!above.length) return;
        if (card.matches(".rw-card--back")) {
          // The reader's own face-down cards are chosen by their place: each shows enough to tap.
          if (seat && seat.matches(".rw-seat--bottom") && box(cards[i + 1]).left - r.left < r.width / 3) say(`the reader's face-down cards of ${zone.dataset.zone} lie ${Math.round(box(cards[i + 1]).left - r.left)} px apart`);
          return;
        }
        const read = (selector) => [...card.querySelectorAll(selector)].some((glyph) => !above.some((o) => meets(o, inset(box(glyph)))));
        const wanted = card.querySelector(".rw-card__suit") ? [".rw-card__rank", ".rw-card__suit"] : [".rw-card__rank"];
        const unread = wanted.filter((selector) => !read(selector));
        if (unread.length) say(`${card.dataset.card} of ${zone.dataset.zone} shows no ${unread.map((s) => s.slice(10)).join(" nor ")}`);
      });
    }
    const sheet = host.querySelector(".rw-scores");
    // A sheet of up to eight players fits a phone; a wider one scrolls (widgets.css).
    const columns = sheet ? Math.max(...[...sheet.querySelectorAll("tr")].map((row) => row.children.length)) - 1 : 0;
    if (sheet && columns <= 8 && sheet.scrollWidth > sheet.clientWidth + 1) say(`the score sheet is ${sheet.scrollWidth} px wide in ${sheet.clientWidth} px`);
    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth) say(`the page scrolls sideways (${page.scrollWidth} px in ${page.clientWidth} px)`);
  }
  for (const host of Object.values(hosts)) host.remove();
  return problems;
}"""


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_card_a_reader_must_read_shows_its_rank_and_suit(reader_page, site_url, game_id, screen):
    # One page per screen draws every game's tables in turn (each drawing removed once measured).
    page = reader_page(f"layout-{screen}", touch=screen == "phone")
    if not page.url.startswith(site_url):
        page.goto(site_url)
    problems = page.evaluate(MEASURE, [sampled_tables(game_id), screen])
    assert not problems, f"{len(problems)} problems, the first:\n" + "\n".join(problems[:12])
