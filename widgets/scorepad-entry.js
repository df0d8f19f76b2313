// The score pad's row form: a new row or a row being edited, typed or with the quick buttons on
// the player whose turn it is, a game's hand, rows the rules engine works out, and the checks a
// row must pass before it is saved (scorepad-rules.js: a row the game cannot produce is refused,
// a hand that does not give out its total is flagged and may be saved anyway).
import * as model from "./scorepad-model.js";
import * as rules from "./scorepad-rules.js";
import { button, h, labelled, listJoin, plain, signed, uid } from "./scorepad-dom.js";
import { contextBefore, computeRow, enginePanel, factsFor } from "./scorepad-engine.js";

const QUICK = [1, 5, 10, 50, 100];

export function newEntry(pad, sheet, game) {
  pad.entry = { index: null, cells: model.columns(sheet).map(() => ""), hand: rules.nextHand(sheet, game), first: null,
    computed: null, confirm: false };
  pad.column = turnColumn(sheet);
}

function turnColumn(sheet) {
  const found = model.columns(sheet).findIndex((c) => c.members.includes(sheet.turn));
  return found < 0 ? 0 : found;
}

export function editRow(pad, index) {
  const sheet = pad.current();
  const row = sheet.rows[index];
  pad.entry = { index, cells: row.cells.map((v) => (v === null ? "" : String(v))), hand: row.hand, first: row.first ?? null,
    computed: row.computed, confirm: false };
  pad.problem("");
  pad.render();
  pad.root.querySelector(".scorepad__entry input")?.focus();
  pad.announce(`Editing row ${index + 1}.`);
}

/** A changed row is checked again before it is saved. */
function unconfirm(pad) {
  if (!pad.entry || !pad.entry.confirm) return;
  pad.entry.confirm = false;
  const save = pad.root.querySelector(".scorepad__entry [type=submit]");
  if (save) save.textContent = pad.entry.index === null ? "Save row" : "Save changes";
}

function select(pad, column, inputs, label) {
  pad.column = column;
  inputs.forEach((input, i) => input.parentElement.classList.toggle("scorepad__cell--turn", i === column));
  const col = model.columns(pad.current())[column];
  label.textContent = `Quick buttons for ${col ? col.name : ""}`;
}

export function entryForm(pad, sheet, game, cols) {
  const entry = pad.entry;
  const rule = rules.ruleOf(sheet, game);
  const heading = h("h3", { id: uid("entry") }, entry.index === null ? "New row" : `Editing row ${entry.index + 1}`);
  const check = h("div", { class: "scorepad__check", role: "alert" });
  if (entry.computed) check.append(engineSaid(pad, entry.computed, game));
  const inputs = [];
  const changed = () => { entry.computed = null; unconfirm(pad); check.replaceChildren(); };
  const cells = h("div", { class: "scorepad__cells" }, cols.map((col, i) => {
    const pool = rule.pool && col.other;
    const [wrap, input] = labelled(col.name, { type: "text", inputmode: "numeric", autocomplete: "off", value: entry.cells[i],
      class: "scorepad__cell-input", pattern: "[-+\u2212]?[0-9]*", enterkeyhint: "done",
      placeholder: pool ? "worked out" : null }, `scorepad__cell${i === pad.column ? " scorepad__cell--turn" : ""}`);
    wrap.style.setProperty("--player", col.colour);
    input.addEventListener("input", () => { entry.cells[i] = input.value; changed(); });
    input.addEventListener("focus", () => select(pad, i, inputs, quickLabel));
    inputs.push(input);
    return wrap;
  }));
  const quickLabel = h("span", { id: uid("quick") });
  const adjust = (delta) => {
    const input = inputs[pad.column];
    const name = model.short(cols[pad.column].name);
    const problem = model.scoreProblem(input.value) || model.scoreProblem(String((model.toNumber(input.value) ?? 0) + delta));
    if (problem) {
      check.replaceChildren(h("p", {}, `${name}: ${problem}.`)); // an alert: read out as it comes
      return;
    }
    const now = model.toNumber(input.value) ?? 0;
    input.value = String(now + delta);
    input.dispatchEvent(new Event("input"));
    pad.announce(`${name}: ${signed(now + delta)}`);
  };
  const quick = h("div", { class: "scorepad__quick", role: "group", "aria-labelledby": quickLabel.id },
    h("div", { class: "scorepad__quick-row" }, QUICK.map((n) => button(`+${n}`, () => adjust(n), { "aria-label": `plus ${n}` }))),
    h("div", { class: "scorepad__quick-row" }, QUICK.map((n) => button(`\u2212${n}`, () => adjust(-n), { "aria-label": `minus ${n}` }))));
  const walk = (step) => {
    const turn = (sheet.turn + step + sheet.players.length) % sheet.players.length;
    if (!pad.persistTurn(sheet, turn)) return;
    select(pad, turnColumn(sheet), inputs, quickLabel);
    pad.root.querySelector(".scorepad__state").textContent = pad.stateText(sheet, game, rules.outcome(sheet, game), cols);
    pad.announce(`Turn: ${sheet.players[sheet.turn].name}.`);
  };
  const turn = h("div", { class: "scorepad__turn" }, button("Previous", () => walk(-1), { "aria-label": "Previous player" }),
    quickLabel, button("Next", () => walk(1), { "aria-label": "Next player" }));
  select(pad, pad.column, inputs, quickLabel);

  let handField = null;
  if (rule.named.length) {
    let handSelect;
    [handField, handSelect] = labelled("Hand", { tag: "select" });
    const taken = new Map(sheet.rows.map((row, r) => [row.hand, r]));
    rule.named.forEach((hand, i) => {
      const row = taken.get(i + 1);
      const done = row !== undefined && row !== entry.index ? ` (row ${row + 1})` : "";
      handSelect.append(h("option", { value: i + 1, selected: entry.hand === i + 1 }, `${i + 1}. ${hand.name}${done}`));
    });
    if (!entry.hand) entry.hand = 1;
    handSelect.addEventListener("change", () => { entry.hand = Number(handSelect.value); changed(); showFacts(); });
  }
  const engine = game && game.scoring.computed ? enginePanel({
    onRow: (row) => fromEngine(pad, row, inputs, check, game),
    onProblem: (reason, rule2) => check.replaceChildren(h("p", {}, `The engine cannot score that: ${reason}`, rule2 ? [" (", pad.ruleLink(game, rule2), ")"] : "", ".")),
  }) : null;
  const showFacts = () => {
    if (!engine) return;
    const names = cols.filter((c) => !c.other).map((c) => c.name);
    const index = entry.index === null ? sheet.rows.length : entry.index;
    engine.show(factsFor(game, entry.hand), names, entry.computed?.facts || {}, (facts) => computeRow({
      game, hand: game.scoring.hands.length ? entry.hand : null, facts, context: contextBefore(sheet, index), columns: names.length,
    }).then((row) => ({ ...row, facts })));
  };
  showFacts();

  const actions = h("div", { class: "scorepad__actions" },
    h("button", { type: "submit", class: "scorepad__button scorepad__button--strong", "data-key": "save" }, entry.confirm ? "Save anyway" : entry.index === null ? "Save row" : "Save changes"),
    button("Clear", () => { inputs.forEach((input) => { input.value = ""; input.dispatchEvent(new Event("input")); }); }),
    entry.index !== null ? button("Delete row", () => deleteRow(pad, entry.index)) : null,
    entry.index !== null ? button("Cancel", () => { pad.entry = null; pad.render(); pad.announce("Edit cancelled."); }) : null);
  const form = h("form", { class: "scorepad__entry", "aria-labelledby": heading.id, novalidate: true },
    heading, handField, engine?.panel, cells, turn, quick, check, actions);
  form.addEventListener("submit", (event) => { event.preventDefault(); saveRow(pad, sheet, game, cols, check, inputs); });
  return form;
}

function fromEngine(pad, row, inputs, check, game) {
  const names = model.columns(pad.current());
  row.points.forEach((points, i) => { inputs[i].value = String(points); pad.entry.cells[i] = String(points); });
  pad.entry.computed = { facts: row.facts, rule: row.rule, detail: row.detail, state: row.state || null, over: Boolean(row.over), points: row.points };
  unconfirm(pad);
  check.replaceChildren(engineSaid(pad, row, game, row.check));
  pad.announce(`The engine's row: ${row.points.map((p, i) => `${names[i].name} ${signed(p)}`).join(", ")}.${row.check ? " It does not balance." : ""}`);
}

function engineSaid(pad, row, game, problem = null) {
  return h("p", { class: "scorepad__engine-row" }, `Worked out by the rules engine: ${row.detail} (`, pad.ruleLink(game, row.rule), ").",
    problem ? h("strong", { class: "scorepad__flag" }, ` Does not balance: ${problem.message} (`, pad.ruleLink(game, problem.rule), ").") : "");
}

/** "(the rule)" after a sentence, when the sheet's game has a page to link to. */
function cite(pad, game, rule) {
  return game && rule ? [" (", pad.ruleLink(game, rule), ")"] : "";
}

/** When the row would end the game with more than one at the target, who got there first. */
function askFirst(pad, sheet, game, cols, row, check) {
  const trial = { ...sheet, rows: pad.entry.index === null ? [...sheet.rows, row] : sheet.rows.map((r, i) => (i === pad.entry.index ? row : r)) };
  const result = rules.outcome(trial, game);
  if (result.why !== "first?") return false;
  const rule = rules.ruleOf(sheet, game);
  const at = rules.totalsBefore(trial, rule, result.ended + 1);
  const reached = cols.map((c, i) => i).filter((i) => !cols[i].other && at[i] >= rule.target);
  const [field, choose] = labelled(`Who reached ${plain(rule.target)} first?`, { tag: "select" });
  choose.append(h("option", { value: "" }, "choose"), ...reached.map((i) => h("option", { value: i }, cols[i].name)));
  choose.addEventListener("change", () => { pad.entry.first = choose.value === "" ? null : Number(choose.value); });
  check.replaceChildren(h("p", { class: "scorepad__flag" }, `Not saved yet: with this row ${listJoin(reached.map((i) => cols[i].name))} ${reached.length === 2 ? "both" : "all"} reach ${plain(rule.target)}, and the first to get there wins`,
    cite(pad, game, rule.ids.tie), ". Say who it was, then save."), field);
  choose.focus();
  return true;
}

function saveRow(pad, sheet, game, cols, check, inputs) {
  const entry = pad.entry;
  const rule = rules.ruleOf(sheet, game);
  const problems = entry.cells.map((v) => model.scoreProblem(v));
  const bad = problems.findIndex(Boolean);
  if (bad >= 0) {
    check.replaceChildren(h("p", {}, `${model.short(cols[bad].name)}: ${problems[bad]}.`));
    return;
  }
  if (entry.index === null && sheet.rows.length >= model.MAX_ROWS) {
    check.replaceChildren(h("p", {}, `This sheet has ${model.grouped(model.MAX_ROWS)} rows, as many as a sheet holds: start a new sheet to go on.`));
    return;
  }
  const cells = entry.cells.map((v) => model.toNumber(v));
  const pool = rule.pool ? cols.length - 1 : -1;
  if (cells.every((v, i) => v === null || i === pool)) {
    check.replaceChildren(h("p", {}, "Enter a score for at least one player."));
    return;
  }
  if (pool >= 0 && cells[pool] === null) {
    // What the players paid in or took out is what the pot gained or gave.
    cells[pool] = -cells.reduce((sum, v) => sum + (v || 0), 0) || 0;
    inputs[pool].value = String(cells[pool]);
    entry.cells[pool] = String(cells[pool]);
  }
  const hand = rule.named.length ? entry.hand : null;
  const twice = hand && sheet.rows.findIndex((r, i) => r.hand === hand && i !== entry.index);
  if (hand && twice >= 0) {
    check.replaceChildren(h("p", {}, `Hand ${hand}, ${rule.named[hand - 1].name}, has its row already (row ${twice + 1}): edit that row, or choose another hand.`));
    return;
  }
  const problem = rules.checkRow(sheet, game, cells, hand, entry.index);
  if (problem && problem.hard) {
    check.replaceChildren(h("p", { class: "scorepad__flag" }, `Not saved: ${problem.message}`, cite(pad, game, problem.rule), "."));
    pad.announce(`Not saved: ${problem.message}.`);
    return;
  }
  if (problem && !entry.confirm) {
    entry.confirm = true;
    check.replaceChildren(h("p", { class: "scorepad__flag" }, `Not saved yet: ${problem.message}`, cite(pad, game, problem.rule), ". Correct the row, or save it anyway."));
    pad.root.querySelector(".scorepad__entry [type=submit]").textContent = "Save anyway";
    pad.announce("This row does not balance.");
    return;
  }
  const computed = entry.computed && entry.computed.points.every((p, i) => p === cells[i]) ? entry.computed : null;
  const row = { id: entry.index === null ? model.newId("r") : sheet.rows[entry.index].id, hand, cells, first: entry.first, computed, note: "" };
  if (rule.ties === "first" && askFirst(pad, sheet, game, cols, row, check)) return;
  const where = entry.index === null ? sheet.rows.length : entry.index;
  const said = cells.map((v, i) => (v === null ? null : `${cols[i].name} ${signed(v)}`)).filter(Boolean).join(", ");
  const kept = entry;
  pad.entry = null;
  pad.focusNext = "save";
  const saved = pad.saveSheet(sheet, null, () => {
    if (kept.index === null) {
      sheet.turn = rules.turnAfter({ ...sheet, rows: [...sheet.rows, row] }, game, row);
      sheet.rows.push(row);
    } else sheet.rows[kept.index] = row;
    pad.undo = null;
  });
  if (!saved) {
    pad.entry = kept; // the reader's row stays in the form, not saved
    pad.render();
    return;
  }
  pad.problem("");
  const fresh = pad.current();
  const result = rules.outcome(fresh, game);
  const end = result.over ? ` ${pad.stateText(fresh, game, result, cols)}` : ` Turn: ${fresh.players[fresh.turn].name}.`;
  pad.announce(`Row ${where + 1} saved: ${said}.${end}`);
}

function deleteRow(pad, index) {
  const sheet = pad.current();
  pad.keepForUndo(sheet, `Row ${index + 1} deleted.`);
  const undo = pad.undo;
  pad.entry = null;
  pad.saveSheet(sheet, `Row ${index + 1} deleted: Undo, above the sheet, puts it back.`, () => {
    sheet.rows.splice(index, 1);
    pad.undo = undo;
  });
}
