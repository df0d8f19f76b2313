// A sheet's players once it has started: renamed at any time; added or removed where the sheet
// allows it (a plain sheet, or a game's within its number of players, never partnerships, whose
// sides are fixed). A player removed takes their column with them, which Undo puts back; in a
// game whose rows must balance, only a player with no score yet can go.
import { MAX_PLAYERS, PALETTE, quote, rememberPlayers } from "./scorepad-model.js";
import { ruleOf } from "./scorepad-rules.js";
import { button, h, labelled } from "./scorepad-dom.js";

const MAX_TYPED = 40; // as the new sheet's form

/** Whether the game's rows must balance (a hand's fixed total, chips passing to and from a pot,
 * a row's or a whole game's sum): a player's column cannot leave such a sheet once it has scores. */
function balances(sheet, game) {
  const rule = ruleOf(sheet, game);
  return Boolean(rule.pool || rule.rowSum || rule.gameTotal !== null || rule.named.some((hand) => hand.total !== null));
}

export function playersTool(pad, sheet, game) {
  const [low, high] = game ? game.seats : [1, MAX_PLAYERS];
  const fixed = Boolean(sheet.teams);
  const kept = balances(sheet, game) ? new Set(sheet.rows.flatMap((row) => row.cells.map((v, i) => (v === null ? -1 : i)))) : new Set();
  const problem = h("p", { class: "scorepad__problem", role: "alert" });
  const inputs = [];
  const list = h("ol", { class: "scorepad__players-edit" }, sheet.players.map((player, i) => {
    const [field, input] = labelled(`Name of player ${i + 1}`, { type: "text", value: player.name, autocomplete: "off", maxlength: MAX_TYPED });
    inputs.push(input);
    let armed = false;
    const remove = button("Remove", () => {
      if (!armed) {
        armed = true;
        remove.textContent = `Really remove ${player.name}?`;
        remove.classList.add("scorepad__button--danger");
        return;
      }
      removePlayer(pad, sheet, i);
    }, { "aria-label": `Remove ${player.name} and their column`, disabled: fixed || sheet.players.length <= low || kept.has(i) });
    remove.addEventListener("blur", () => { armed = false; remove.textContent = "Remove"; remove.classList.remove("scorepad__button--danger"); });
    return h("li", { class: "scorepad__player-setup", style: { "--player": player.colour } }, field, remove);
  }));
  const rename = button("Save the names", () => {
    const names = inputs.map((input) => input.value.trim());
    const blank = names.findIndex((name) => !name);
    if (blank >= 0) {
      problem.textContent = `Player ${blank + 1} needs a name.`;
      return;
    }
    problem.textContent = "";
    const changed = names.filter((name, i) => name !== sheet.players[i].name).length;
    pad.saveSheet(sheet, changed ? `Names saved: ${names.join(", ")}.` : "The names are as they were.", () => {
      sheet.players = sheet.players.map((p, i) => ({ ...p, name: names[i] }));
      rememberPlayers(pad.store, sheet.players);
    });
  }, { "data-key": "rename" });
  const [newField, newName] = labelled("New player", { type: "text", autocomplete: "off", maxlength: MAX_TYPED });
  const add = button("Add the player", () => {
    const name = newName.value.trim();
    if (!name) {
      problem.textContent = "Give the new player a name.";
      return;
    }
    problem.textContent = "";
    addPlayer(pad, sheet, name);
  }, { "data-key": "add-player" });
  const canAdd = !fixed && sheet.players.length < high;
  const help = fixed ? "Partners play as a side, so this sheet keeps its players; names can be changed."
    : `A new player joins with an empty column${game && game.scoring.start ? ", and the chips everyone started with" : ""}; a player removed takes their column away${kept.size ? `, and one with scores stays, since each row of ${game.name} must balance` : ""}.`;
  return h("div", { class: "scorepad__tool" }, h("h3", {}, "Players"), list,
    h("div", { class: "scorepad__row" }, rename),
    canAdd ? h("div", { class: "scorepad__row" }, newField, add) : null,
    h("p", { class: "scorepad__help" }, help), problem);
}

function addPlayer(pad, sheet, name) {
  const at = sheet.players.length; // no partnerships: the players' columns come first, one each
  const used = new Set(sheet.players.map((p) => p.colour));
  const colour = PALETTE.find((c) => !used.has(c)) || PALETTE[at % PALETTE.length];
  pad.entry = null;
  pad.saveSheet(sheet, `${name} joins the sheet, after ${sheet.players[at - 1].name}.`, () => {
    sheet.players.push({ name, colour });
    for (const row of sheet.rows) {
      row.cells.splice(at, 0, null);
      if (row.computed) row.computed = null; // the engine's row was for the players it had
      if (row.first !== null && row.first >= at) row.first += 1;
    }
    rememberPlayers(pad.store, sheet.players);
  });
}

function removePlayer(pad, sheet, index) {
  const name = sheet.players[index].name;
  pad.keepForUndo(sheet, `${name} removed, with their column.`);
  const undo = pad.undo;
  pad.entry = null;
  const entries = sheet.rows.filter((row) => row.cells[index] !== null).length;
  pad.saveSheet(sheet, `${quote(name)} removed, with ${entries} entr${entries === 1 ? "y" : "ies"}: Undo, above the sheet, puts them back.`, () => {
    sheet.players.splice(index, 1);
    for (const row of sheet.rows) {
      row.cells.splice(index, 1);
      if (row.computed) row.computed = null;
      if (row.first === index) row.first = null;
      else if (row.first !== null && row.first > index) row.first -= 1;
    }
    if (sheet.turn > index || sheet.turn >= sheet.players.length) sheet.turn = (sheet.turn - 1 + sheet.players.length) % sheet.players.length;
    pad.undo = undo;
  });
}
