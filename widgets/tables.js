// How each game's view is drawn, and how clicks on it become moves. A game
// without its own table falls back to the generic one (the moves as buttons).
import { cardElement, el, prettyMove } from "./cards.js";

const CARD_MOVE = /^play ([2-9TJQKA][SHDC]|JK)$/;
const SUIT_ORDER = "SHDC";

function seatName(seat, human) {
  return seat === human ? `Seat ${seat} (you)` : `Seat ${seat}`;
}

// ---- King (and the trick games that share its view) --------------------------------------------

function contractText(table) {
  if (table.negative) return `${table.hand_name}: no trumps`;
  const parts = [table.hand_name];
  if (table.auction && table.auction.high_bidder !== null) {
    parts.push(`seat ${table.auction.high_bidder} bought the choice with ${table.auction.high_bid}`);
  }
  if (table.strain) parts.push(table.strain);
  if (table.direction) parts.push(`playing ${table.direction}`);
  return parts.join(", ");
}

function renderKing(view, ctx) {
  const table = view.table;
  const play = table.play;
  const human = ctx.human ?? 0;
  const root = el("div", "rw-tricks");
  const info = el("p", "rw-info");
  info.textContent = `Hand ${table.hand_number} of ${table.hands_total}: ${contractText(table)} · dealer: seat ${table.dealer}`;
  root.append(info);
  if (table.auction && table.auction.calls.length) {
    root.append(el("p", "rw-info rw-info--auction",
      "Auction: " + table.auction.calls.map((c) => `seat ${c.seat} ${c.call === "pass" ? "passes" : "bids " + c.call}`).join(", ")));
  }
  const felt = el("div", "rw-felt");
  const positions = ["bottom", "left", "top", "right"];
  for (let offset = 0; offset < view.seats; offset++) {
    const seat = (human + offset) % view.seats;
    const spot = el("div", `rw-seat rw-seat--${positions[offset] || "top"}`);
    if (seat === view.to_act && !view.is_over) spot.classList.add("rw-seat--to-act");
    const label = el("div", "rw-seat__name", seatName(seat, ctx.interactive ? human : null));
    const won = el("div", "rw-seat__tricks", `${play.tricks_won[seat]} trick${play.tricks_won[seat] === 1 ? "" : "s"}`);
    spot.append(label, won);
    const played = play.trick.find((item) => item.seat === seat);
    const slot = el("div", "rw-seat__played");
    if (played) slot.append(cardElement(played.card));
    spot.append(slot);
    if (seat !== human || !ctx.interactive) {
      const cards = play.hands[seat];
      const hidden = cards.every((c) => c === "??");
      if (hidden) spot.append(el("div", "rw-seat__count", `${cards.length} cards`));
      else spot.append(handElement(cards, null, ctx, `Seat ${seat}'s hand`));
    }
    felt.append(spot);
  }
  root.append(felt);
  if (play.last_trick.length) {
    const last = el("p", "rw-info rw-last-trick");
    last.append(`Last trick (seat ${play.last_winner} took it): `);
    for (const item of play.last_trick) last.append(cardElement(item.card), " ");
    root.append(last);
  }
  if (ctx.interactive) root.append(handElement(play.hands[human], view, ctx, "Your hand"));
  root.append(scoreTable(view, table));
  return root;
}

function handElement(cards, view, ctx, label) {
  const hand = el("div", "rw-hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", label);
  const legal = new Set((view ? view.moves : []).filter((m) => CARD_MOVE.test(m)).map((m) => m.slice(5)));
  const sorted = [...cards].sort((a, b) => SUIT_ORDER.indexOf(a.slice(-1)) - SUIT_ORDER.indexOf(b.slice(-1)));
  for (const card of sorted) {
    const interactive = Boolean(view) && card !== "??";
    const node = cardElement(card, { interactive, legal: legal.has(card) });
    if (interactive) node.addEventListener("click", () => ctx.attempt(`play ${card}`));
    hand.append(node);
  }
  return hand;
}

function scoreTable(view, table) {
  const wrap = el("div", "rw-scores");
  const grid = el("table", "rw-scores__table");
  const head = grid.createTHead().insertRow();
  for (const text of ["", ...Array.from({ length: view.seats }, (_, s) => `Seat ${s}`)]) head.append(el("th", null, text));
  const body = grid.createTBody();
  for (const [index, hand] of (table.hands || []).entries()) {
    const row = body.insertRow();
    row.append(el("th", null, `${index + 1}. ${hand.name}`));
    for (const points of hand.points) row.append(el("td", null, String(points)));
  }
  const current = body.insertRow();
  current.className = "rw-scores__current";
  current.append(el("th", null, view.is_over ? "Game" : "This hand so far"));
  for (const points of view.is_over ? view.scores.game : view.scores.hand) current.append(el("td", null, String(points)));
  if (!view.is_over) {
    const total = body.insertRow();
    total.className = "rw-scores__total";
    total.append(el("th", null, "Game"));
    for (const points of view.scores.game) total.append(el("td", null, String(points)));
  }
  const caption = grid.createCaption();
  caption.textContent = "Scores";
  wrap.append(grid);
  return wrap;
}

// ---- Yukon (and the solitaires that share its view) ----------------------------------------------

function renderYukon(view, ctx) {
  const table = view.table;
  const root = el("div", "rw-solitaire");
  const selected = ctx.selected;
  const targets = new Set();
  for (const move of view.moves) {
    const words = move.split(" ");
    if (selected && words[1] === selected) targets.add(words.slice(2).join(" "));
  }
  const foundations = el("div", "rw-foundations");
  foundations.setAttribute("role", "group");
  foundations.setAttribute("aria-label", "Foundations");
  for (const [suit, pile] of Object.entries(table.foundations)) {
    const top = pile[pile.length - 1];
    const slot = el(ctx.interactive ? "button" : "div", "rw-slot rw-slot--foundation");
    if (ctx.interactive) {
      slot.type = "button";
      slot.addEventListener("click", () => ctx.target("to foundation"));
    }
    if (targets.has("to foundation") && selected && selected.slice(-1) === suit) slot.classList.add("rw-slot--target");
    slot.setAttribute("aria-label", `${suit} foundation: ${pile.length ? pile.length + " cards, " + top : "empty"}`);
    slot.append(top ? cardElement(top) : el("span", "rw-slot__suit", { S: "♠", H: "♥", D: "♦", C: "♣" }[suit]));
    foundations.append(slot);
  }
  root.append(foundations);
  const columns = el("div", "rw-columns");
  table.columns.forEach((column, index) => {
    const col = el("div", "rw-column");
    col.setAttribute("role", "group");
    col.setAttribute("aria-label", `Column ${index + 1}`);
    for (const card of column.down) col.append(cardElement(card));
    column.up.forEach((card, i) => {
      const isTop = i === column.up.length - 1;
      const movable = view.moves.some((m) => m.startsWith(`move ${card} `));
      const isTarget = isTop && targets.has(`onto ${card}`);
      const node = cardElement(card, { interactive: ctx.interactive, legal: ctx.interactive && movable, selected: card === selected });
      if (isTarget) node.classList.add("rw-card--target");
      if (ctx.interactive) {
        node.addEventListener("click", () => (selected && selected !== card ? ctx.target(`onto ${card}`, card) : ctx.select(card)));
        node.addEventListener("dblclick", () => ctx.attempt(`move ${card} to foundation`));
      }
      col.append(node);
    });
    if (!column.down.length && !column.up.length) {
      const slot = el(ctx.interactive ? "button" : "div", "rw-slot rw-slot--empty");
      slot.setAttribute("aria-label", `Empty column ${index + 1}`);
      if (ctx.interactive) {
        slot.type = "button";
        slot.addEventListener("click", () => ctx.target(`to column ${index + 1}`));
      }
      if (targets.has(`to column ${index + 1}`)) slot.classList.add("rw-slot--target");
      col.append(slot);
    }
    columns.append(col);
  });
  root.append(columns);
  const done = Object.values(table.foundations).reduce((n, pile) => n + pile.length, 0);
  root.append(el("p", "rw-info", table.result === "won" ? "All 52 cards are home: won!"
    : table.result === "lost" ? `No move is left: lost, with ${done} cards on the foundations.`
      : `${done} of 52 cards on the foundations.`));
  return root;
}

// ---- Bridge Solitaire ----------------------------------------------------------------------------

const KEEP_MOVE = /^keep ([2-9TJQKA][SHDC]|JK)$/;

function cardRow(cards, label, onClick, legal) {
  const row = el("div", "rw-hand");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", label);
  for (const card of cards) {
    const interactive = Boolean(onClick) && card !== "??";
    const node = cardElement(card, { interactive, legal: interactive && legal.has(card) });
    if (interactive) node.addEventListener("click", () => onClick(card));
    row.append(node);
  }
  return row;
}

function renderBridgeSolitaire(view, ctx) {
  const table = view.table;
  const root = el("div", "rw-tricks rw-bridge-solitaire");
  const live = ctx.interactive && !view.is_over;
  const moves = new Set(view.moves || []);
  const legalOf = (prefix) => new Set([...moves].filter((m) => m.startsWith(prefix)).map((m) => m.slice(prefix.length)));
  const info = el("p", "rw-info");
  const bid = table.house_bid === null ? "" : ` House bid: ${table.house_bid}.`;
  const contract = table.contract ? ` Contract: ${table.contract}.` : "";
  info.append(`Hand ${table.hand_no}.${bid}${contract} Tricks: you ${table.tricks.player}, house ${table.tricks.house}.`);
  root.append(info);
  const previous = table.rubber.hands[table.rubber.hands.length - 1];
  if (previous && (table.phase === "choose" || table.phase === "over")) {
    const points = (side) => previous.below[side] + previous.above[side];
    root.append(el("p", "rw-info rw-bs-previous",
      `Hand ${previous.hand}: ${previous.contract}, tricks you ${previous.tricks[0]}, house ${previous.tricks[1]}; ` +
      `points you ${points(0)}, house ${points(1)}.`));
  }
  const pile = el("p", "rw-info rw-bs-stock");
  pile.append(`Stock: ${table.stock} cards. Discard pile (${table.discards}): `);
  const top = table.discard_top || (table.turned.length ? table.turned[table.turned.length - 1] : null);
  pile.append(top ? cardElement(top) : "empty");
  root.append(pile);
  if (table.phase === "choose") {
    root.append(el("p", "rw-info", `Face down: ${table.facedown.length} cards. Kept so far (${table.kept.length} of 6):`));
    root.append(cardRow(table.kept, "Cards kept", null, new Set()));
    root.append(el("p", "rw-info", "Face up — click a card to keep it:"));
    root.append(cardRow(table.play.hands[0], "Face-up cards to choose from", live ? (card) => ctx.attempt(`keep ${card}`) : null, legalOf("keep ")));
  }
  if (table.trick.length || table.turned.length) {
    const trick = el("p", "rw-info rw-bs-trick");
    if (table.trick.length) {
      trick.append("House leads: ");
      for (const card of table.trick) trick.append(cardElement(card), " ");
    }
    if (table.turned.length) {
      trick.append(" Turned and set aside: ");
      for (const card of table.turned) trick.append(cardElement(card), " ");
    }
    root.append(trick);
  }
  if (table.last_trick) {
    const last = el("p", "rw-info rw-last-trick");
    last.append(`Last trick (${table.last_trick.winner === "player" ? "you" : "the house"} took it): `);
    for (const card of table.last_trick.cards) last.append(cardElement(card), " ");
    root.append(last);
  }
  if (table.phase !== "choose" && table.play.hands[0].length) {
    root.append(cardRow(table.play.hands[0], "Your hand", live ? (card) => ctx.attempt(`play ${card}`) : null, legalOf("play ")));
  }
  const rubber = table.rubber;
  const grid = el("table", "rw-scores__table");
  grid.createCaption().textContent = "Rubber";
  const head = grid.createTHead().insertRow();
  for (const text of ["", "You", "House"]) head.append(el("th", null, text));
  const body = grid.createTBody();
  const row = (name, values) => {
    const r = body.insertRow();
    r.append(el("th", null, name));
    for (const v of values) r.append(el("td", null, String(v)));
  };
  row("Above the line", rubber.above);
  rubber.games.forEach((game, i) => row(`Game ${i + 1} (below)`, game));
  row("Games won", rubber.games_won);
  row("Total", rubber.totals);
  const wrap = el("div", "rw-scores");
  wrap.append(grid);
  root.append(wrap);
  if (table.result) root.append(el("p", "rw-info", `Rubber over: you ${table.result}.`));
  return root;
}

// ---- anything else -------------------------------------------------------------------------------

function renderGeneric(view) {
  const pre = el("pre", "rw-generic");
  pre.textContent = JSON.stringify(view.table, null, 1);
  return pre;
}

export const TABLES = {
  "bridge-solitaire": { render: renderBridgeSolitaire, clickable: (move) => CARD_MOVE.test(move) || KEEP_MOVE.test(move) },
  king: { render: renderKing, clickable: (move) => CARD_MOVE.test(move) },
  yukon: { render: renderYukon, clickable: () => true },
};

export function tableFor(game) {
  return TABLES[game] || { render: renderGeneric, clickable: () => false };
}

export { prettyMove };
