"""The table as a reader sees it, on a 390x844 phone and on a desktop: every
face-up card that another covers in part still shows its rank and its suit
(a hand, a tableau column, the open hands of a worked example or of a hand
played with the cards held backwards), a seat's cards stay within its place
on the felt, the reader's own face-down cards (chosen by their place) lie far
enough apart to tap, and a score sheet of up to eight players fits the width.
A card picked (chosen for its choices or places, or picked for a move built
from several cards) leaves every other card of its zone the strip it had to
tap, and covers no label. A meld lies on as few rows as its place allows: on
a desktop, one row up to seven cards.
A seat's won cards or tricks, not drawn but told beside the seat's name,
say what they are.

The tables are the engine's descriptions of states played here in CPython
(seeded random moves, at the fewest and the most players, and from each play
block's options), drawn by the DOM renderer in the page: no Pyodide needed.
Each is drawn twice: as the stepper draws it (every hand face up) and as the
play widget draws it for seat 0."""

import pathlib
import random
import re
from collections import Counter

import pytest

from build_scripts.source import parse_source
from rules_engine import list_games, load_game, state_class
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


def played(game_id):
    """(moves made, label, state) for each state of seeded random games of ``game_id``, up to
    the last of SAMPLED_MOVES: at the fewest and the most players, with each option set."""
    spec = SPECS[game_id]
    for options in option_sets(game_id):
        game = load_game(game_id, **options)
        for seats in sorted({spec.seats[0], spec.seats[1]}):
            state = game.new(seed=7, seats=seats)
            rng = random.Random(f"{game_id}-{seats}")
            for made in range(SAMPLED_MOVES[-1] + 1):
                yield made, f"{seats} player{'s' * (seats > 1)}, {options or 'default options'}, after {made} moves", state
                if state.is_over:
                    break
                state = state.apply(rng.choice(state.legal_moves()))


def sampled_tables(game_id):
    """(label, table, widget) for states a few random moves apart, as each widget draws them."""
    out = []
    for made, label, state in played(game_id):
        if made in SAMPLED_MOVES:
            out.append((f"{label}, as a worked example shows it", {**state.table(ALL), "moves": []}, "example"))
            out.append((f"{label}, as seat 0 plays it", state.table(0), "play"))
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


# ---- a card picked: the rest of its zone stays in reach ----------------------------------------


def reader_turns(game_id):
    """(label, state) at each of the reader's turns (seat 0's) in the games sampled_tables plays."""
    for _, label, state in played(game_id):
        if state.to_act == 0 and not state.is_over:
            yield label, state


def spread(items, most=3):
    """At most ``most`` of ``items``: its first, its last and those between, evenly apart."""
    items = list(items)
    if len(items) <= most:
        return items
    return [items[round(i * (len(items) - 1) / (most - 1))] for i in range(most)]


def picked_tables(game_id):
    """(label, table, table with a card picked, the key of a card chosen) at some of the reader's
    turns: a card that starts several moves, chosen (the play widget then offers its choices or
    the places it may go), and a card picked for a move built from several cards (table.selection)."""
    turns = []
    for label, state in reader_turns(game_id):
        table = state.table(0)
        starts = Counter(tuple(c["card"]) for c in table["moves"] if c["card"] and not c.get("built"))
        drawings = []
        for zone_id, index in spread(key for key, n in starts.items() if n > 1):
            card = next(z for z in table["zones"] if z["id"] == zone_id)["cards"][index]
            drawings.append((f"{label}, the {card} chosen", table, table, f"{zone_id}/{index}"))
        selection = table.get("selection")
        for card in spread(selection["selectable"] if selection else ()):
            drawings.append((f"{label}, the {card} picked", table, state.table(0, [card]), None))
        if drawings:
            turns.append(drawings)
    return [drawing for drawings in spread(turns, 6) for drawing in drawings]


# Returns the problems of each drawing with a card picked, as sentences. A point of a card is
# clear when elementFromPoint finds that card there; each card of a zone that holds a card picked
# keeps clear every point of a grid over it that is clear with nothing picked (the strip the
# fan's next card leaves, the whole of the last card), and the zone's labels stay clear.
MEASURE_PICKED = """async (drawings) => {
  const { renderTable } = await import(new URL("widgets/tables.js", document.baseURI).href);
  const host = document.createElement("div");
  host.className = "rules-widget rw-play rw-play--your-turn";
  document.querySelector(".md-content__inner").append(host);
  const draw = (table, selected) => host.replaceChildren(renderTable(table, { interactive: true, viewer: 0, selected, onCard() {}, onZone() {} }));
  const GRID = [1, 3, 5, 7, 9, 11].map((n) => n / 12);
  const hits = (node, x, y) => node.contains(document.elementFromPoint(x, y));
  const clearPoints = (node) => {
    const r = node.getBoundingClientRect();
    return GRID.flatMap((fx) => GRID.map((fy) => [fx, fy])).filter(([fx, fy]) => hits(node, r.left + fx * r.width, r.top + fy * r.height));
  };
  // A label's text (not its whole line): a grid over the box of its glyphs.
  const textPoints = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    const at = [0.2, 0.5, 0.8];
    return r.width ? at.flatMap((fx) => at.map((fy) => [r.left + fx * r.width, r.top + fy * r.height])) : [];
  };
  const labels = (zone) => [...zone.querySelectorAll(".rw-zone__label, .rw-played__who")].filter((n) => n.textContent.trim());
  const problems = [];
  for (const [label, plain, picked, selected] of drawings) {
    const say = (text) => problems.push(`${label}: ${text}`);
    draw(picked, selected);
    const zones = [...host.querySelectorAll(".rw-zone")].filter((z) => z.querySelector(".rw-card--selected")).map((z) => z.dataset.zone);
    if (!zones.length) say("no card is drawn as picked");
    for (const id of zones) {
      const zoneOf = () => host.querySelector(`.rw-zone[data-zone="${id}"]`);
      draw(plain, null);
      zoneOf().scrollIntoView({ block: "center" });
      const before = new Map([...zoneOf().querySelectorAll(".rw-card")].map((card) => [card.dataset.key, clearPoints(card)]));
      const clearLabels = labels(zoneOf()).map((node) => textPoints(node).every(([x, y]) => hits(node, x, y)));
      draw(picked, selected);
      zoneOf().scrollIntoView({ block: "center" });
      for (const card of zoneOf().querySelectorAll(".rw-card")) {
        const r = card.getBoundingClientRect();
        const lost = (before.get(card.dataset.key) || []).filter(([fx, fy]) => !hits(card, r.left + fx * r.width, r.top + fy * r.height));
        if (lost.length) say(`the ${card.dataset.card} of ${id} loses ${lost.length} of its ${before.get(card.dataset.key).length} clear points`);
      }
      labels(zoneOf()).forEach((node, i) => {
        if (clearLabels[i] && !textPoints(node).every(([x, y]) => hits(node, x, y))) say(`the label “${node.textContent}” of ${id} is covered`);
      });
    }
  }
  host.remove();
  return problems;
}"""


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_a_card_picked_leaves_every_other_card_of_its_zone_in_reach(reader_page, site_url, game_id, screen):
    drawings = picked_tables(game_id)
    if not drawings:
        pytest.skip(f"no card of {game_id} is picked before its move is made: a click plays it")
    page = reader_page(f"layout-{screen}", touch=screen == "phone")
    if not page.url.startswith(site_url):
        page.goto(site_url)
    problems = page.evaluate(MEASURE_PICKED, drawings)
    assert not problems, f"{len(problems)} problems, the first:\n" + "\n".join(problems[:12])


# ---- melds: overlapped as a fan, on as few rows as their place allows ----------------------------

MELD_GAMES = [game_id for game_id in sorted(SPECS) if "meld" in state_class(game_id).forms.by_kind]
SEVEN = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
SHOW = 0.34  # the part of a card the next one in a fan leaves to see (widgets.css, --rw-show)

# Returns, for each drawing, its melds that take more rows than they need, as sentences: a row
# holds as many cards as fit its place's width with each but the last showing SHOW of itself;
# on a desktop a meld of up to seven cards takes one row.
MEASURE_MELDS = """async ([tables, width, show]) => {
  const { renderTable } = await import(new URL("widgets/tables.js", document.baseURI).href);
  const host = document.createElement("div");
  host.className = "rules-widget rw-play";
  document.querySelector(".md-content__inner").append(host);
  const problems = [];
  let melds = 0;
  for (const [label, table] of tables) {
    host.replaceChildren(renderTable(table, { interactive: table.moves.length > 0, viewer: 0, onCard() {}, onZone() {} }));
    for (const zone of host.querySelectorAll(".rw-zone--meld")) {
      const cards = [...zone.querySelectorAll(".rw-card")];
      if (cards.length < 2) continue;
      melds++;
      const w = cards[0].getBoundingClientRect().width;
      const room = zone.getBoundingClientRect().width;
      const perRow = Math.max(1, Math.floor((room - w + 1) / (show * w)) + 1);
      const rows = new Set(cards.map((card) => Math.round(card.getBoundingClientRect().top))).size;
      const fewest = width === "desktop" && cards.length <= 7 ? 1 : Math.ceil(cards.length / perRow);
      if (rows > fewest) problems.push(`${label}: ${zone.dataset.zone} (${cards.length} cards ${Math.round(w)} px wide in ${Math.round(room)} px) takes ${rows} rows, not ${fewest}`);
    }
  }
  host.remove();
  return { problems, melds };
}"""


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game_id", MELD_GAMES)
def test_a_meld_lies_on_as_few_rows_as_its_place_allows(reader_page, site_url, game_id, screen):
    tables = [(label, table) for label, table, _ in sampled_tables(game_id)
              if any(z["kind"] == "meld" and len(z["cards"]) > 1 for z in table["zones"])]
    # And each with its melds grown to seven cards, the longest a desktop keeps on one row.
    tables += [(f"{label}, its melds of seven cards", {**table, "zones": [
        {**z, "cards": SEVEN} if z["kind"] == "meld" else z for z in table["zones"]]}) for label, table in tables]
    if not tables:
        pytest.skip(f"no meld of {game_id} lies on the table in the states sampled")
    page = reader_page(f"layout-{screen}", touch=screen == "phone")
    if not page.url.startswith(site_url):
        page.goto(site_url)
    found = page.evaluate(MEASURE_MELDS, [tables, screen, SHOW])
    assert found["melds"], "no meld was drawn"
    problems = found["problems"]
    assert not problems, f"{len(problems)} problems, the first:\n" + "\n".join(problems[:12])


# ---- what a seat's marks stand for ---------------------------------------------------------------

# Returns, for each drawing, each seat's marks beside its name ("deals · won 2 cards").
MEASURE_MARKS = """async (tables) => {
  const { renderTable } = await import(new URL("widgets/tables.js", document.baseURI).href);
  const host = document.createElement("div");
  host.className = "rules-widget rw-play";
  document.querySelector(".md-content__inner").append(host);
  const marks = tables.map(([, table]) => {
    host.replaceChildren(renderTable(table, { interactive: false, viewer: 0 }));
    return Object.fromEntries([...host.querySelectorAll(".rw-seat")].map((seat) => [seat.dataset.seat, seat.querySelector(".rw-seat__marks")?.textContent || ""]));
  });
  host.remove();
  return marks;
}"""


def names_it(note, label, players):
    """Whether ``note`` says what the pile labelled ``label`` is: a word of the label besides the
    players' names and "cards" (singular or plural alike), or that the pile was won."""
    for name in sorted(players, key=len, reverse=True):
        label = label.replace(name, " ")
    words = {word.rstrip("s") for word in re.findall(r"[a-z]+", label.lower())} - {"card", "", "and"}
    said = {word.rstrip("s") for word in re.findall(r"[a-z]+", note.lower())}
    return bool(words & said) or "won" in said


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_a_pile_the_table_does_not_draw_says_what_it_is(reader_page, site_url, game_id):
    # A seat's won cards or tricks are no drawing of their own: a mark beside the seat's name stands
    # for them, which must not read as a count of the hand beside it ("Seat 0 · 2 cards").
    tables = [(label, table) for label, table, widget in sampled_tables(game_id) if widget == "play"]
    piles = [(label, z, i) for i, (label, table) in enumerate(tables) for z in table["zones"]
             if z["owner"] is not None and z["kind"] == "captured"]
    if not piles:
        pytest.skip(f"no seat of {game_id} has a pile the table does not draw")
    page = reader_page("layout-desktop")
    if not page.url.startswith(site_url):
        page.goto(site_url)
    marks = page.evaluate(MEASURE_MARKS, tables)
    problems = []
    for label, z, i in piles:
        shown = marks[i].get(str(z["owner"]), "")
        if not z.get("note"):
            problems.append(f"{label}: {z['label']} has no note to stand for it")
        elif z["note"] not in shown:
            problems.append(f"{label}: {z['label']} ({z['note']!r}) is not told beside its seat: {shown!r}")
        elif not names_it(z["note"], z["label"], tables[i][1]["players"]):
            problems.append(f"{label}: {shown!r} does not say that {z['note']!r} is {z['label']}")
    assert not problems, f"{len(problems)} problems, the first:\n" + "\n".join(problems[:12])
