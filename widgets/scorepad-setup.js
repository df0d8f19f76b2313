// The score pad's "new sheet" form: a game from the site (its facts come from
// the engine's data) or a plain sheet with rules of its own, and the players
// in turn order, each with a colour, reusing those of earlier games.
import { MAX_PLAYERS, MAX_ROWS, PALETTE, createSheet, grouped, scoreProblem, sheetOptions, shuffled } from "./scorepad-model.js";
import { optionValue } from "./scorepad-rules.js";
import { button, h, labelled, listJoin, plain, uid } from "./scorepad-dom.js";

function countsText(game) {
  const [low, high] = game.seats;
  const counts = game.player_counts || [];
  if (counts.length && counts.length !== high - low + 1) return `${counts.slice(0, -1).join(", ")} or ${counts[counts.length - 1]}`;
  return low === high ? `${low}` : `${low} to ${high}`;
}

function seatsText(game) {
  const high = game.seats[1];
  const people = countsText(game);
  const house = game.scoring.pool ? game.scoring.others.filter((o) => o !== game.scoring.pool) : game.scoring.others;
  const others = house.length ? ` against ${listJoin(house.map((o) => o.toLowerCase()))}` : "";
  const sides = game.scoring.partnerships > 1 ? ` in partnerships of ${game.scoring.partnerships}` : "";
  return `${people} player${high === 1 ? "" : "s"}${sides}${others}`;
}

const TIMES = ["", "once", "twice"];

/** One sentence of a game's sheet: players, how it ends, who wins (with `sheet`'s options). */
export function describeGame(game, sheet = null) {
  const s = game.scoring;
  const value = (spec) => (spec ? optionValue(sheet || {}, spec) : null);
  const parts = [seatsText(game)];
  if (s.end === "hands" && s.hands_option) {
    parts.push(`${value(s.hands_option)} hands`);
  } else if (s.end === "hands") {
    parts.push(s.hands_per_deal > 1 ? `${s.hands.length} hands, each dealer dealing ${s.hands_per_deal} in turn` : `${s.hands.length} hands`);
  } else if (s.end === "deals") {
    const deals = value(s.deals);
    parts.push(`each player deals ${TIMES[deals] || `${deals} times`}${s.out_ends ? `, or until a player runs out of ${s.unit}` : ""}`);
  } else if (s.end === "target") {
    let end = `to ${plain(s.target)} ${s.unit}`;
    const others = Object.entries(s.target_by_seats || {});
    if (others.length) end += ` (${others.map(([n, t]) => `${plain(t)} with ${n}`).join(", ")})`;
    if (s.floor !== null && s.floor !== undefined) end += `, or down to ${plain(s.floor)}, which loses`;
    if (s.last_hand) end += `; ${s.last_hand} hands at most`;
    parts.push(end);
  } else if (s.end === "dropout") {
    parts.push(`a player reaching ${plain(value(s.out_at_option) || s.out_at)} ${s.unit} drops out, until one is left`);
  } else if (s.end === "rows") parts.push("until a row ends the game");
  else if (s.end === "session") parts.push("each row is a whole game, for as many as you play");
  if (s.start) parts.push(`${value(s.start)} ${s.unit} each to start`);
  if (s.pool) parts.push(`${s.unit} pass between the players and the ${s.pool.toLowerCase()}`);
  parts.push(s.wins === "low" ? "the lowest total wins" : "the highest total wins");
  if (s.ties === "play-on") parts.push("level scores play on");
  if (s.ties === "first") parts.push("the first to reach it wins");
  if (s.computed) parts.push("the rules engine can work out each row");
  return parts.join("; ");
}

export function setupForm(pad, { gameId = null, onDone, onCancel }) {
  const games = pad.data.games;
  const title = h("h2", { class: "scorepad__title", id: uid("setup") }, "New score sheet");
  const [gameField, gameSelect] = labelled("Game", { tag: "select" });
  gameSelect.append(...games.map((g) => h("option", { value: g.id }, g.name)),
    h("option", { value: "" }, "Another game: a plain sheet"));
  gameSelect.value = gameId && games.some((g) => g.id === gameId) ? gameId : "";
  const about = h("p", { class: "scorepad__about", "aria-live": "polite" });
  const [nameField, nameInput] = labelled("Name of the sheet", { type: "text", autocomplete: "off", maxlength: 100,
    placeholder: "e.g. Friday at Sam's" });

  // A plain sheet's own rules.
  const winsName = uid("wins");
  const high = h("input", { type: "radio", name: winsName, value: "high", id: uid(), checked: true });
  const low = h("input", { type: "radio", name: winsName, value: "low", id: uid() });
  const [targetField, targetInput] = labelled("The game ends at (points, optional)", { type: "number", inputmode: "numeric", step: 1 });
  const [handsField, handsInput] = labelled("Number of hands (optional)", { type: "number", inputmode: "numeric", min: 1, step: 1 });
  const partners = h("input", { type: "checkbox", id: uid() });
  const ownRules = h("fieldset", { class: "scorepad__own-rules" }, h("legend", {}, "Rules of this sheet"),
    h("div", { class: "scorepad__radios", role: "radiogroup", "aria-label": "Who wins" },
      h("span", { class: "scorepad__radio" }, high, h("label", { for: high.id }, "High score wins")),
      h("span", { class: "scorepad__radio" }, low, h("label", { for: low.id }, "Low score wins"))),
    targetField, handsField,
    h("span", { class: "scorepad__radio" }, partners, h("label", { for: partners.id }, "Partnerships of two (partners sit opposite)")));

  const list = h("ol", { class: "scorepad__players-setup" });
  const players = [];
  const addButton = button("Add a player", () => addPlayer());
  const known = h("div", { class: "scorepad__known" });
  const problem = h("p", { class: "scorepad__problem", role: "alert" });

  function game() {
    return games.find((g) => g.id === gameSelect.value) || null;
  }
  function limits() {
    const g = game();
    return g ? g.seats : [1, MAX_PLAYERS];
  }
  function drawPlayers() {
    list.replaceChildren();
    players.forEach((p, i) => {
      const [nameWrap, input] = labelled(`Player ${i + 1}`, { type: "text", value: p.name, autocomplete: "off", maxlength: 40 });
      input.addEventListener("input", () => { p.name = input.value; drawKnown(); });
      const [colourWrap, colour] = labelled(`Colour of player ${i + 1}`, { type: "color", value: p.colour, class: "scorepad__colour" });
      colour.addEventListener("input", () => { p.colour = colour.value; });
      const remove = button("Remove", () => { players.splice(i, 1); drawPlayers(); }, {
        "aria-label": `Remove player ${i + 1}`, disabled: players.length <= limits()[0] });
      list.append(h("li", { class: "scorepad__player-setup", style: { "--player": p.colour } }, nameWrap, colourWrap, remove));
    });
    addButton.disabled = players.length >= limits()[1];
    const g = game();
    if (g && g.scoring.others.length) list.append(h("li", { class: "scorepad__player-setup scorepad__player-setup--other" }, listJoin(g.scoring.others)));
    drawKnown();
  }
  function freeColour() {
    const used = new Set(players.map((p) => p.colour));
    return PALETTE.find((c) => !used.has(c)) || PALETTE[players.length % PALETTE.length];
  }
  function addPlayer(from) {
    // A player from an earlier game takes the first empty place, if any.
    const blank = from ? players.findIndex((p) => !p.name.trim()) : -1;
    if (blank < 0 && players.length >= limits()[1]) return;
    const taken = new Set(players.filter((_, i) => i !== blank).map((p) => p.colour));
    const colour = from && !taken.has(from.colour) ? from.colour : blank >= 0 ? players[blank].colour : freeColour();
    const player = { name: from ? from.name : "", colour };
    if (blank >= 0) players[blank] = player;
    else players.push(player);
    drawPlayers();
  }
  function drawKnown() {
    const named = new Set(players.map((p) => p.name.trim().toLowerCase()));
    const offer = pad.store.players.filter((p) => !named.has(p.name.toLowerCase())).slice(0, 12);
    known.replaceChildren();
    if (!offer.length) return;
    known.append(h("p", { class: "scorepad__help" }, "Players of earlier games:"),
      h("div", { class: "scorepad__chips" }, offer.map((p) => button(`Add ${p.name}`, () => addPlayer(p),
        { class: "scorepad__button scorepad__chip", style: { "--player": p.colour } }))));
  }
  function fitPlayers() {
    const [min, max] = limits();
    while (players.length < min) players.push({ name: "", colour: freeColour() });
    while (players.length > max) players.pop();
    drawPlayers();
  }
  // A game's options that change its sheet (chips to start with, deals each), from the engine's data.
  const gameOptions = h("div", { class: "scorepad__row scorepad__options" });
  const chosen = {};
  function drawOptions() {
    const g = game();
    gameOptions.replaceChildren();
    for (const spec of g ? sheetOptions(g) : []) {
      const text = spec.label.split(";")[0];
      const [field, select] = labelled(text[0].toUpperCase() + text.slice(1), { tag: "select" });
      select.append(...spec.choices.map((c) => h("option", { value: c, selected: c === (chosen[spec.option] ?? spec.default) }, String(c))));
      select.addEventListener("change", () => { chosen[spec.option] = Number(select.value); about.firstChild.textContent = `${g.name}: ${describeGame(g, { options: chosen })}. `; });
      gameOptions.append(field);
    }
  }

  let shown = null;
  function onGame() {
    const g = game();
    if (g !== shown) for (const key of Object.keys(chosen)) delete chosen[key];
    shown = g;
    drawOptions();
    ownRules.hidden = Boolean(g);
    about.replaceChildren();
    if (g) {
      about.append(`${g.name}: ${describeGame(g, { options: chosen })}. `,
        h("a", { href: `${pad.rootUrl}${g.page}` }, `Rules of ${g.name}`));
    } else {
      about.append("A plain sheet for any game: set its rules below, or leave them open.");
    }
    fitPlayers();
  }
  gameSelect.addEventListener("change", onGame);

  const shuffle = button("Shuffle the seats", () => {
    const order = shuffled(players);
    players.splice(0, players.length, ...order);
    drawPlayers();
    pad.announce(`Seats shuffled: ${listJoin(players.map((p, i) => p.name || `player ${i + 1}`))}.`);
  });

  const form = h("form", { class: "scorepad__setup", "aria-labelledby": title.id, novalidate: true },
    title, gameField, about, gameOptions, nameField, ownRules,
    h("fieldset", {}, h("legend", {}, "Players, in turn order"), list, h("div", { class: "scorepad__row" }, addButton, shuffle), known),
    problem,
    h("div", { class: "scorepad__row" },
      h("button", { type: "submit", class: "scorepad__button scorepad__button--strong" }, "Start the sheet"),
      onCancel ? button("Cancel", onCancel) : null));

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const g = game();
    const named = players.filter((p) => p.name.trim());
    const [min, max] = limits();
    if (players.length < min || players.length > max || (g && g.player_counts && !g.player_counts.includes(players.length))) {
      problem.textContent = `${g.name} needs ${countsText(g)} players.`;
      return;
    }
    if (!named.length && !g) {
      problem.textContent = "Name at least one player.";
      return;
    }
    const wins = low.checked ? "low" : "high";
    // A number field gives "" for text it cannot read as a number (1e400 included): say so rather than drop it.
    const unread = [targetInput, handsInput].find((input) => input.validity.badInput);
    const targetProblem = scoreProblem(targetInput.value);
    const hands = handsInput.value === "" ? null : Number(handsInput.value);
    if (!g && (unread || targetProblem || (hands !== null && !(Number.isInteger(hands) && hands >= 1 && hands <= MAX_ROWS)))) {
      problem.textContent = unread ? `${unread === targetInput ? "The end of the game" : "The number of hands"} must be a whole number.`
        : targetProblem ? `The end of the game: ${targetProblem}.`
          : `The number of hands must be a whole number from 1 to ${grouped(MAX_ROWS)}.`;
      return;
    }
    const target = targetInput.value === "" ? null : Number(targetInput.value);
    problem.textContent = "";
    onDone(createSheet({ name: nameInput.value, game: g, players, rules: { wins, target, hands }, partnerships: partners.checked,
      options: chosen }));
  });

  // Start with the players of the last game (reused), up to the game's number.
  for (const p of pad.store.players.slice(0, gameSelect.value ? limits()[0] : 0)) players.push({ ...p });
  onGame();
  return form;
}
