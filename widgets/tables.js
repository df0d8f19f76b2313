// The DOM renderer: any game's table description (state.table(seat), see
// rules_engine/table.py) drawn as the card table, for the play widget and the
// stepper. It names no game: what a click means comes from the description.
import { cardElement, cardLabel, el } from "./cards.js";

// Where each seat sits, counted clockwise from the reader's seat at the bottom.
const PLACES = {
  1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top-left", "top-right", "right"], 6: ["bottom", "left", "top-left", "top", "top-right", "right"],
  7: ["bottom", "left-low", "left", "top-left", "top-right", "right", "right-low"],
  8: ["bottom", "left-low", "left", "top-left", "top", "top-right", "right", "right-low"],
  9: ["bottom", "left-low", "left", "top-left", "top", "top-right", "right", "right-low", "bottom-right"],
};

function placeOf(seat, viewer, seats) {
  const offset = (seat - viewer + seats) % seats;
  return (PLACES[seats] || [])[offset] || "top";
}

/** The cards a click on ``text`` in ``zone`` picks or takes back for a move built card by card: the
 *  zone's cards all together where the engine marks them one item (``whole``: a build, taken only
 *  whole), else that card alone. */
export function pickedTogether(zone, text) {
  return zone.whole ? [...zone.cards] : [text];
}

/** ``picked`` without one copy of each of ``cards``. */
export function withoutCards(picked, cards) {
  const left = [...picked];
  for (const card of cards) if (left.includes(card)) left.splice(left.lastIndexOf(card), 1);
  return left;
}

/** The clicks of a description, indexed: the moves each card starts, and the zones each move ends in. */
export function clicksOf(table) {
  const byCard = new Map();
  const buttons = [];
  for (const click of table.moves || []) {
    if (click.built) continue;  // picked card by card: see table.selection
    if (!click.card) {
      buttons.push(click);
      continue;
    }
    const key = click.card.join("/");
    if (!byCard.has(key)) byCard.set(key, []);
    byCard.get(key).push(click);
  }
  return { byCard, buttons, ...selectionMarks(table) };
}

/** A move being built from several cards (table.selection): the keys "zone/index" of the cards
 * picked, and of those that may be picked now (any that starts such a move, then those that may follow).
 * A card of which the seat holds several copies (two packs) lists a place per copy: the first
 * ones are those picked. */
function selectionMarks(table) {
  const sel = table.selection;
  if (!sel) return { picked: new Set(), open: new Set() };
  const taken = (text) => sel.picked.filter((t) => t === text).length;
  const keys = (texts, which) => new Set(texts.flatMap((text) => {
    const places = sel.places[text] || [];
    return (which === "picked" ? places.slice(0, taken(text)) : places.slice(taken(text))).map((p) => p.join("/"));
  }));
  return { picked: keys(sel.picked, "picked"), open: keys(sel.picked.length ? sel.next : sel.selectable, "open") };
}

/** The table's ``selection`` (rules_engine/selection.py) as the engine would answer it for the cards
 *  ``picked`` and the ``target`` aimed at, read from ``built``, the moves built card by card the build
 *  listed with their cards (rules_engine.prepared.built_of): for a table drawn without the engine (a
 *  lesson's step, an example's question, a first deal). */
export function builtSelection(selection, built, picked, target = null) {
  const count = (list, text) => list.filter((t) => t === text).length;
  const reachable = built.filter((b) => picked.every((text) => count(b.cards, text) >= count(picked, text)));
  const aimed = reachable.filter((b) => target === null || b.target === target);
  const next = [];
  for (const b of aimed) for (const text of b.cards) if (count(b.cards, text) > count(picked, text) && !next.includes(text)) next.push(text);
  const targets = [...new Set(reachable.map((b) => b.target).filter((t) => t !== null))];
  const finish = aimed.filter((b) => picked.length && b.cards.length === picked.length && (b.target === null || b.target === target))
    .map((b) => ({ move: b.move, button: b.button }));
  return { ...selection, picked: [...picked], target, next, targets, finish };
}

/**
 * Draw ``table``. ``ctx``: ``interactive``, ``viewer`` (the seat drawn at the bottom), ``actor`` (the seat
 * that picks, if not the viewer),
 * ``selected`` (a card key "zone/index"), ``onCard(zoneId, index)``, ``onZone(zoneId)``, ``scores`` (where the
 * score sheet goes, if not under the felt).
 */
export function renderTable(table, ctx = {}) {
  const root = el("div", "rw-table");
  root.append(headline(table, ctx));
  const clicks = clicksOf(table);
  const targets = new Set((ctx.selected && clicks.byCard.get(ctx.selected) || []).map((c) => c.to).filter(Boolean));
  // The places the cards picked for a move of several cards may go (a meld to lay off onto).
  if (ctx.interactive && clicks.picked.size) for (const id of table.selection.targets) targets.add(id);
  const draw = (zone) => zoneElement(zone, table, ctx, clicks, targets);
  const felt = el("div", `rw-felt rw-felt--seats-${table.seats}`);
  const viewer = Number.isInteger(ctx.viewer) ? ctx.viewer : 0;
  const middle = el("div", "rw-middle");
  const groups = new Map();
  for (const zone of table.zones) {
    if (zone.owner !== null) continue;
    const group = zone.group || zone.id;
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(zone);
  }
  for (const [name, zones] of groups) {
    // Places of one band that share a label and hold a card at most (a row of a pyramid) stay on one
    // line, closer together, and say their label once (the text and SVG renderers do the same).
    const places = zones.length > 1 && zones.every((z) => z.layout === "row" && z.cards.length <= 1 && z.label === zones[0].label);
    const band = el("div", `rw-band rw-band--${zones.every((z) => z.layout === "column") ? "columns" : places ? "places" : "row"}`);
    band.dataset.group = name;
    if (band.classList.contains("rw-band--columns")) band.style.setProperty("--rw-cols", zones.length);
    for (const zone of zones) if (zone.cards.length || !["trick", "set-aside"].includes(zone.kind)) band.append(draw(zone));
    if (band.childElementCount) middle.append(band);
  }
  const seats = [];
  for (let seat = 0; seat < table.seats; seat++) {
    const own = table.zones.filter((zone) => zone.owner === seat);
    if (own.length) seats.push(seatElement(seat, own, table, ctx, placeOf(seat, viewer, table.seats), draw));
  }
  const others = seats.filter((spot) => !spot.classList.contains("rw-seat--bottom"));
  if (others.some((spot) => spot.querySelector(".rw-zone--fan .rw-card:not(.rw-card--back)"))) {
    // Other players' hands face up (a worked example, a hand held backwards) are there to be read:
    // they take a band of their own above the middle, clockwise from the reader's left, where the
    // narrow sides of the table would squeeze them.
    felt.classList.add("rw-felt--open");
    const band = el("div", "rw-others");
    const offset = (spot) => (Number(spot.dataset.seat) - viewer + table.seats) % table.seats;
    band.append(...others.sort((a, b) => offset(a) - offset(b)));
    felt.append(band, middle, ...seats.filter((spot) => !others.includes(spot)));
  } else {
    felt.append(middle, ...seats);
  }
  root.append(felt);
  // The score sheet goes where the widget wants it (``ctx.scores``: the play table's, under the
  // reader's buttons, so that those stay by the cards), else under the felt.
  if (table.score) (ctx.scores || root).append(scoreSheet(table.score));
  // A card chosen or picked may wait for a button that finishes its move; those buttons stick to the
  // foot of the screen (widgets.css): once they are drawn, the card scrolls clear of them.
  if (ctx.interactive && (ctx.selected || clicks.picked.size)) requestAnimationFrame(() => keepClear(root));
  return root;
}

function keepClear(root) {
  const bar = root.closest(".rw-play")?.querySelector(".rw-actions");
  const zone = [...root.querySelectorAll(".rw-card--selected")].pop()?.closest(".rw-zone");
  const over = zone && bar?.querySelector("[data-choice]") && zone.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
  if (over > 0) scrollBy(0, over);
}

function headline(table, ctx) {
  const head = el("div", "rw-headline");
  head.append(el("strong", "rw-headline__title", table.headline.title));
  for (const fact of table.headline.facts) head.append(el("span", "rw-headline__fact", fact));
  return head;
}

// The seat whose cards the reader picks: the viewer's, or (a worked example's question, drawn from
// the example's seat 0 as every step is) the seat asked to move, ``ctx.actor``.
const actorOf = (ctx) => ctx.actor ?? ctx.viewer;

function seatName(table, seat, ctx) {
  const name = table.players[seat];
  return ctx.interactive && seat === actorOf(ctx) && table.seats > 1 ? `${name} (you)` : name;
}

function seatElement(seat, zones, table, ctx, place, draw) {
  const spot = el("section", `rw-seat rw-seat--${place}`);
  spot.dataset.seat = seat;
  spot.setAttribute("aria-label", seatName(table, seat, ctx));
  if (seat === table.to_act && !table.is_over) spot.classList.add("rw-seat--to-act");
  const label = el("div", "rw-seat__name", seatName(table, seat, ctx));
  const marks = [];
  if (seat === table.dealer) marks.push("deals");
  if (seat === table.to_act && !table.is_over) marks.push("to play");
  for (const zone of zones) if (zone.note) marks.push(zone.note);
  if (marks.length) label.append(el("span", "rw-seat__marks", ` · ${marks.join(" · ")}`));
  spot.append(label);
  for (const zone of zones) if (zone.kind !== "captured") spot.append(draw(zone));
  return spot;
}

function zoneElement(zone, table, ctx, clicks, targets) {
  const node = el("div", `rw-zone rw-zone--${zone.layout} rw-zone--${zone.kind}`);
  node.setAttribute("role", "group");
  node.dataset.zone = zone.id;
  const count = zone.cards.length;
  const counted = zone.layout === "squared" || zone.cards.every((c) => c === "??");
  node.setAttribute("aria-label", `${zone.label}${counted ? `: ${count} card${count === 1 ? "" : "s"}` : ""}`);
  node.style.setProperty("--n", Math.max(count, 1));
  if (count && zone.cards.every((c) => c === "??")) node.classList.add("rw-zone--down");
  const isTarget = targets.has(zone.id);
  if (isTarget) node.classList.add("rw-zone--target");
  // Where the chosen card may go says so to a screen reader too, not only by its highlight.
  const moveHere = !isTarget ? "" : ctx.selected ? `move the ${chosenLabel(table, ctx.selected)} here` : "lay the cards picked here";
  // The reader may pick any face-up card of a zone moves start from (its own hand, a column), so the
  // engine can say why one cannot move now; elsewhere (a trick, a pile played to) only a card that
  // starts a move or a place the chosen card may go is a button, and so a tab stop.
  const pickable = Boolean(zone.source || zone.tries) && (zone.owner === null || zone.owner === actorOf(ctx));
  // Such a zone keeps room above its cards for one picked, raised, so that it covers no label (a
  // column's card is not raised: it would cover the card above).
  if (pickable && zone.layout !== "column") node.classList.add("rw-zone--picks");
  const caption = el("div", "rw-zone__label", zone.layout === "column" ? zone.label.replace(/^\D+/, "") : zone.label);
  caption.setAttribute("aria-hidden", "true");
  node.append(caption);
  const cards = el("div", "rw-zone__cards");
  const shown = zone.layout === "squared" ? zone.cards.slice(-1) : zone.cards;
  const first = zone.cards.length - shown.length;
  shown.forEach((text, i) => {
    const index = first + i;
    const key = `${zone.id}/${index}`;
    const starts = clicks.byCard.get(key) || [];
    const [picked, open] = [clicks.picked?.has(key), clicks.open?.has(key)];
    // A face-down card is clickable when a move starts from it (one chosen by its place, unseen).
    const interactive = Boolean(ctx.interactive) && ((pickable && text !== "??") || isTarget || starts.length > 0 || picked || open);
    const card = cardElement(text, {
      interactive, legal: starts.length > 0 || Boolean(ctx.interactive && open), selected: ctx.selected === key || Boolean(ctx.interactive && picked), backs: zone.backs,
    });
    card.dataset.key = key;
    // In a column the cards on top of the chosen one move with it: they are lifted together.
    const [chosenZone, chosenIndex] = (ctx.selected || "").split("/");
    if (zone.layout === "column" && chosenZone === zone.id && index > Number(chosenIndex)) card.classList.add("rw-card--carried");
    if (zone.by) card.dataset.seat = zone.by[i + first];
    if (interactive) card.addEventListener("click", () => ctx.onCard(zone.id, index));
    const who = zone.labels ? zone.labels[index] : zone.by ? table.players[zone.by[index]] : null;
    if (who || zone.winner === index) {
      const figure = el("div", "rw-played");
      if (zone.layout === "trick" && zone.by) figure.classList.add(`rw-played--${placeOf(zone.by[index], ctx.viewer ?? 0, table.seats)}`);
      figure.append(card, el("span", "rw-played__who", `${who || ""}${zone.winner === index ? " ✓" : ""}`));
      if (zone.winner === index) card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, played by ${who}, wins`);
      else if (who) card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, played by ${who}`);
      cards.append(figure);
    } else {
      cards.append(card);
    }
    // The top card stands for its zone as a place the chosen card may go, and says so last.
    if (isTarget && index === zone.cards.length - 1) {
      card.classList.add("rw-card--target");
      card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, in ${zone.label}: ${moveHere}`);
    }
  });
  if (Number.isInteger(zone.chips)) {
    // A pool of chips (a pot, a pool on a board): its count, as a chip.
    const chips = el("span", "rw-chips", String(zone.chips));
    chips.setAttribute("aria-label", `${zone.chips} chip${zone.chips === 1 ? "" : "s"}`);
    node.setAttribute("aria-label", `${zone.label}: ${zone.chips} chip${zone.chips === 1 ? "" : "s"}`);
    cards.append(chips);
  } else if (!zone.cards.length && (zone.empty || isTarget || zone.layout === "squared")) {
    const slot = el(ctx.interactive && isTarget ? "button" : "span", "rw-slot", zone.empty || "");
    if (ctx.interactive && isTarget) {
      slot.type = "button";
      slot.classList.add("rw-slot--target");
      slot.addEventListener("click", () => ctx.onZone(zone.id));
      slot.setAttribute("aria-label", `${zone.label}, empty: ${moveHere}`);
    } else {
      slot.setAttribute("aria-hidden", "true");
    }
    cards.append(slot);
  }
  node.append(cards);
  if (zone.layout === "squared" && count) node.append(el("div", "rw-zone__count", zone.note || `${count} card${count === 1 ? "" : "s"}`));
  return node;
}

function chosenLabel(table, key) {
  const [id, index] = key.split("/");
  return cardLabel(table.zones.find((z) => z.id === id).cards[index]);
}

/** The choices the chosen card (a key "zone/index") makes as it is played, each a move and its
 * words (an 8's suit called, the card a joker stands for), offered as buttons. */
export function choicesOf(table, key) {
  return (clicksOf(table).byCard.get(key) || []).filter((click) => click.choice && !click.to);
}

/** What the chosen card (a key "zone/index") waits for, in words: where it may go, or its choices. */
export function chosenText(table, key) {
  const choices = choicesOf(table, key).map((click) => click.choice);
  if (choices.length) return `choose below: ${new Intl.ListFormat("en", { type: "disjunction" }).format(choices)}`;
  return `it can go ${targetsText(table, key)}. Choose where`;
}

/** Where the chosen card (a key "zone/index") may go, in words: "onto the 10♠ in Column 2 or to Column 6". */
export function targetsText(table, key) {
  const ids = new Set((clicksOf(table).byCard.get(key) || []).map((click) => click.to));
  const places = table.zones.filter((zone) => ids.has(zone.id)).map(({ cards, label }) => {
    const top = cards[cards.length - 1];
    return top && top !== "??" ? `onto the ${cardLabel(top)} in ${label}` : `to ${label}`;
  });
  return new Intl.ListFormat("en", { type: "disjunction" }).format(places);
}

export function scoreSheet(score) {
  const wrap = el("div", "rw-scores");
  const grid = el("table", "rw-scores__table");
  grid.createCaption().textContent = score.caption;
  const head = grid.createTHead().insertRow();
  const corner = el("td");
  head.append(corner);
  for (const text of score.columns) {
    const th = el("th", null, text);
    th.scope = "col";
    head.append(th);
  }
  const body = grid.createTBody();
  const add = (row, className) => {
    const tr = body.insertRow();
    if (className) tr.className = className;
    const th = el("th", null, row.label);
    th.scope = "row";
    tr.append(th);
    for (const value of row.cells) tr.append(el("td", null, value === null ? "" : String(value).replace(/^-/, "−")));
  };
  for (const row of score.rows) add(row);
  for (const row of score.totals) add(row, "rw-scores__total");
  wrap.append(grid);
  if (score.target) wrap.append(el("p", "rw-scores__target", score.target));
  return wrap;
}

/** A hand's end, shown before the next deal: what ended it, each side's points item by item (with
 * the cards behind each and its rule), the cards shown, what happened and the score sheet. */
export function renderInterlude(table, ctx = {}) {
  const part = table.interlude;
  const box = el("div", "rw-interlude");
  box.append(el("p", "rw-interlude__title", part.title));
  if (part.ended) box.append(el("p", "rw-interlude__ended", part.ended));
  if (part.breakdown?.length) box.append(breakdown(part.breakdown, part.unit, "This hand"));
  if (part.bonuses?.length) box.append(breakdown(part.bonuses, part.unit, "At the game's end"));
  const clicks = { byCard: new Map(), buttons: [], picked: new Set(), open: new Set() };
  for (const zone of part.zones) box.append(zoneElement(zone, table, { ...ctx, interactive: false }, clicks, new Set()));
  const list = el("ul", "rw-interlude__lines");
  for (const line of part.lines) list.append(el("li", null, line));
  box.append(list);
  if (table.score) box.append(scoreSheet(table.score));
  return box;
}

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
const units = (n, unit) => `${signed(n)} ${Math.abs(n) === 1 ? unit.replace(/s$/, "") : unit}`;

/** A hand's score item by item (table.interlude.breakdown): a block per side or player, its
 * items each with its points, its cards drawn small, what a count stands for and its rule. */
function breakdown(groups, unit = "points", caption) {
  const wrap = el("div", "rw-breakdown");
  wrap.setAttribute("role", "group");
  wrap.setAttribute("aria-label", caption);
  for (const group of groups) {
    const side = el("section", "rw-breakdown__side");
    const head = el("p", "rw-breakdown__head");
    head.append(el("strong", null, group.name), el("span", "rw-breakdown__total", units(group.points, unit)));
    side.append(head);
    const list = el("ul", "rw-breakdown__items");
    for (const item of group.items) {
      const row = el("li", "rw-breakdown__item");
      const label = el("span", "rw-breakdown__label", item.label);
      if (item.note) label.append(el("span", "rw-breakdown__note", ` (${item.note})`));
      row.append(label);
      if (item.cards.length) {
        const cards = el("span", "rw-breakdown__cards");
        for (const text of item.cards) cards.append(cardElement(text));
        row.append(cards);
      }
      row.append(el("span", "rw-breakdown__points", signed(item.points)));
      if (item.rule && typeof document !== "undefined" && document.getElementById(item.rule)) {
        const link = el("a", "rw-breakdown__rule", "rule");
        link.href = `#${item.rule}`;
        link.setAttribute("aria-label", `the rule of ${item.label}`);
        row.append(link);
      }
      list.append(row);
    }
    if (group.items.length) side.append(list);
    wrap.append(side);
  }
  return wrap;
}

// ---- keyboard: one tab stop per zone, arrow keys within a zone and along a band of columns --------

/**
 * One tab stop per zone: its first playable card (called after each drawing). While a card is
 * chosen, it is the table's one stop, whichever way the reader comes in; Tab goes on from it
 * through the places it may go (see arrowKeys).
 */
export function rovingTabs(container) {
  const ring = ringOf(container);
  for (const zone of container.querySelectorAll(".rw-zone")) {
    const buttons = [...zone.querySelectorAll("button")];
    const stop = ring ? buttons.indexOf(ring[0]) : roving(buttons);
    buttons.forEach((button, i) => { button.tabIndex = i === stop ? 0 : -1; });
  }
}

// While a card is chosen, Tab goes from it through the places it may go (and Shift+Tab back),
// then on out of the table: a place before the chosen card on the page still comes after it.
// (The places are no stops of their own, so the reader tabbing in meets the chosen card first.)
function ringOf(container) {
  const chosen = container.querySelector("button.rw-card--selected");
  return chosen && [chosen, ...container.querySelectorAll(".rw-card--target, .rw-slot--target")];
}

function tabRing(container, event) {
  const ring = ringOf(container) || [];
  const at = ring.indexOf(event.target);
  if (at < 0) return;
  const next = ring[at + (event.shiftKey ? -1 : 1)];
  if (next) {
    event.preventDefault();
    next.focus();
  } else {
    // Past either end the browser tabs on out of the table: none of its cards is a stop until it has.
    for (const button of container.querySelectorAll("button")) button.tabIndex = -1;
    container.addEventListener("focusout", () => rovingTabs(container), { once: true });
  }
}

/** Arrow keys within a zone and across zones, Tab through a chosen card's places (called once per container). */
export function arrowKeys(container) {
  container.addEventListener("keydown", (event) => {
    const button = event.target.closest("button.rw-card, button.rw-slot");
    if (!button) return;
    if (event.key === "Tab") return tabRing(container, event);
    const zone = button.closest(".rw-zone");
    const buttons = [...zone.querySelectorAll("button")];
    const at = buttons.indexOf(button);
    let next = null;
    const column = zone.classList.contains("rw-zone--column");
    const along = column ? ["ArrowUp", "ArrowDown"] : ["ArrowLeft", "ArrowRight"];
    const across = column ? ["ArrowLeft", "ArrowRight"] : ["ArrowUp", "ArrowDown"];
    if (event.key === along[0]) next = buttons[Math.max(0, at - 1)];
    else if (event.key === along[1]) next = buttons[Math.min(buttons.length - 1, at + 1)];
    else if (event.key === "Home") next = buttons[0];
    else if (event.key === "End") next = buttons[buttons.length - 1];
    else if (across.includes(event.key)) {
      const all = [...container.querySelectorAll(".rw-zone")].filter((z) => z.querySelector("button"));
      const step = event.key === across[0] ? -1 : 1;
      const other = all[all.indexOf(zone) + step];
      if (other) {
        const targets = [...other.querySelectorAll("button")];
        next = targets[Math.min(at, targets.length - 1)];
      }
    }
    if (!next) return;
    event.preventDefault();
    for (const b of next.closest(".rw-zone").querySelectorAll("button")) b.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
}

function roving(buttons) {
  const legal = buttons.findIndex((b) => b.classList.contains("rw-card--legal") || b.classList.contains("rw-slot--target"));
  return legal >= 0 ? legal : 0;
}

