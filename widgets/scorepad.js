// The score pad: named sheets kept in this browser, rows and per-player
// entries (digits or quick buttons), standings, the end of a game and its
// winner from the engine's data, checks before a row is saved, and rows the
// rules engine works out. Mounted by main.js on [data-widget="scorepad"],
// again after each instant navigation.
import * as model from "./scorepad-model.js";
import { fromLink, whyNot } from "./scorepad-import.js";
import { button, h, labelled, listJoin, plain, signed, uid } from "./scorepad-dom.js";
import { contextBefore, computeRow, enginePanel, factsFor } from "./scorepad-engine.js";
import { describeGame, setupForm } from "./scorepad-setup.js";
import { pickerTools, sheetTools, shareTools, timerTool } from "./scorepad-tools.js";

const QUICK = [1, 5, 10, 50, 100];

export async function mount(root) {
  root.replaceChildren(h("p", { class: "scorepad__notice" }, "Opening the score pad…"));
  let data = { games: [] };
  try {
    const response = await fetch(root.dataset.games);
    if (response.ok) data = await response.json();
  } catch (error) { /* a plain sheet still works without the games' data */ }
  new ScorePad(root, data).start();
}

class ScorePad {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.root.classList.add("scorepad--ready");
    this.rootUrl = root.dataset.root || "../";
    this.store = model.loadStore();
    this.live = h("p", { class: "scorepad__live", role: "status", "aria-live": "polite" });
    this.alert = h("p", { class: "scorepad__problem", role: "alert" });
    this.body = h("div", { class: "scorepad__body" });
    this.entry = null; // the row being entered: {index (null: new), cells, hand, computed, confirm}
    this.column = 0;
  }

  async start() {
    this.root.replaceChildren(this.live, this.alert, this.body);
    if (this.store.memoryOnly) this.problem("This browser refuses to store data for the site: sheets last until the page is closed.");
    const params = new URLSearchParams(location.search);
    const link = location.hash.startsWith("#sheet=") ? location.hash : null;
    const gameId = params.get("game");
    if (link || gameId) history.replaceState(history.state, "", location.pathname);
    let refused = null;
    if (link) {
      try {
        const sheet = await fromLink(link);
        return this.addSheet(sheet, `Opened ${model.quote(sheet.name)} from a link; it is kept here now.`);
      } catch (error) {
        refused = `That link's sheet was not opened, and nothing was kept: ${whyNot(error)}.`;
      }
    }
    if (gameId || !this.current()) this.showSetup(gameId);
    else this.render();
    if (refused) this.problem(refused); // after the form, which clears old problems
  }

  // ---- the store ------------------------------------------------------------------------------

  current() {
    return this.store.sheets.find((s) => s.id === this.store.current) || null;
  }

  gameOf(sheet) {
    return sheet && sheet.game ? this.data.games.find((g) => g.id === sheet.game) || null : null;
  }

  ruleLink(game, rule, text = "the rule") {
    if (!game || !rule) return null;
    return h("a", { href: `${this.rootUrl}${game.page}#${rule}`, class: "scorepad__rule" }, text);
  }

  announce(text) {
    this.live.textContent = "";
    // A fresh text node, so a screen reader reads a repeated message again.
    setTimeout(() => { this.live.textContent = text; }, 30);
  }

  problem(text) {
    this.alert.textContent = text;
  }

  persist() {
    model.saveStore(this.store);
  }

  addSheet(sheet, message) {
    this.store.sheets.unshift(sheet);
    this.store.current = sheet.id;
    model.rememberPlayers(this.store, sheet.players);
    this.persist();
    this.entry = null;
    this.render();
    if (message) this.announce(message);
  }

  saveSheet(sheet, message) {
    model.touch(sheet);
    this.persist();
    this.render();
    if (message) this.announce(message);
  }

  deleteSheet(sheet) {
    this.store.sheets = this.store.sheets.filter((s) => s.id !== sheet.id);
    this.store.current = this.store.sheets[0]?.id || null;
    this.persist();
    this.entry = null;
    this.announce(`“${sheet.name}” deleted.`);
    if (!this.current()) this.showSetup(null);
    else this.render();
  }

  // ---- the page ---------------------------------------------------------------------------------

  bar() {
    const [field, select] = labelled("Sheet", { tag: "select", class: "scorepad__sheets" });
    for (const sheet of this.store.sheets) {
      const game = sheet.gameName ? ` (${sheet.gameName})` : "";
      select.append(h("option", { value: sheet.id, selected: sheet.id === this.store.current },
        `${sheet.name}${game}${sheet.finished ? ", finished" : ""}`));
    }
    select.addEventListener("change", () => {
      this.store.current = select.value;
      this.entry = null;
      this.persist();
      this.render();
      this.announce(`Showing “${this.current().name}”.`);
    });
    return h("div", { class: "scorepad__bar" }, this.store.sheets.length ? field : null,
      button("New sheet", () => this.showSetup(this.current()?.game || null)));
  }

  showSetup(gameId) {
    this.problem("");
    const form = setupForm(this, {
      gameId,
      onDone: (sheet) => this.addSheet(sheet, `Sheet “${sheet.name}” started with ${listJoin(sheet.players.map((p) => p.name))}.`),
      onCancel: this.current() ? () => this.render() : null,
    });
    this.body.replaceChildren(this.bar(), form);
    form.querySelector("select, input")?.focus({ preventScroll: true });
  }

  render() {
    const sheet = this.current();
    if (!sheet) return this.showSetup(null);
    const game = this.gameOf(sheet);
    const cols = model.columns(sheet);
    const result = model.outcome(sheet, game);
    if (!this.entry) this.newEntry(sheet);
    // Focus survives the redraw on an element with the same data-key (a sort button, the save button...).
    const active = document.activeElement;
    const focusKey = this.focusNext || (active && this.root.contains(active) ? active.dataset.key : null);
    this.focusNext = null;
    this.timer ||= timerTool(this, this.root); // kept across redraws, so a countdown runs on

    const title = h("h2", { class: "scorepad__title", id: uid("sheet") }, sheet.name);
    const about = h("p", { class: "scorepad__about" });
    if (game) about.append(`${game.name}: ${describeGame(game)}. `, h("a", { href: `${this.rootUrl}${game.page}` }, `Rules of ${game.name}`));
    else about.append(this.plainRules(sheet));
    const state = h("p", { class: "scorepad__state" }, this.stateText(sheet, game, result, cols));
    const flag = result.check ? h("p", { class: "scorepad__flag" }, `Check the sheet: ${result.check.message} (`, this.ruleLink(game, result.check.rule), ").") : null;

    const view = h("section", { class: "scorepad__sheet", "aria-labelledby": title.id },
      title, about, state, flag,
      this.entryForm(sheet, game, cols),
      h("div", { class: "scorepad__grid" }, this.table(sheet, game, cols, result), this.standings(sheet, cols, result)),
      h("div", { class: "scorepad__tools" }, pickerTools(this, sheet), this.timer, shareTools(this, sheet), sheetTools(this, sheet)));
    this.body.replaceChildren(this.bar(), view);
    if (focusKey) this.root.querySelector(`[data-key="${focusKey}"]`)?.focus({ preventScroll: true });
  }

  plainRules(sheet) {
    const r = sheet.rules;
    const parts = [`${sheet.players.length} player${sheet.players.length === 1 ? "" : "s"}`];
    if (r.end === "hands") parts.push(`${r.hands} hands`);
    if (r.end === "target") parts.push(`to ${r.target} points`);
    parts.push(r.wins === "low" ? "the lowest total wins" : "the highest total wins");
    return `A plain sheet: ${parts.join("; ")}.`;
  }

  stateText(sheet, game, result, cols) {
    if (result.over && result.winners.length) {
      const names = listJoin(result.winners.map((i) => cols[i].name));
      const score = plain(result.totals[result.winners[0]]);
      const verb = result.winners.length > 1 ? "share the win" : "wins";
      return `Game over: ${names} ${verb} with ${score}.`;
    }
    if (result.over) return "This sheet is finished.";
    const turn = sheet.players[sheet.turn]?.name;
    const hand = model.nextHand(sheet);
    const where = hand && game ? `Next: hand ${hand} of ${sheet.rules.hands}, ${game.scoring.hands[hand - 1].name}.` : result.reason ? `${result.reason[0].toUpperCase()}${result.reason.slice(1)}.` : `${sheet.rows.length} row${sheet.rows.length === 1 ? "" : "s"}.`;
    return `${where} Turn: ${turn}.`;
  }

  // ---- the sheet and the standings -----------------------------------------------------------

  table(sheet, game, cols, result) {
    const caption = h("caption", {}, `Rows of “${sheet.name}”`);
    const head = h("tr", {}, h("th", { scope: "col" }, "Row"),
      cols.map((c, i) => h("th", { scope: "col", class: "scorepad__col", style: { "--player": c.colour } },
        c.name, result.winners.includes(i) ? h("span", { class: "scorepad__winner" }, " ★ winner") : null)),
      h("th", { scope: "col" }, h("span", { class: "scorepad__sr" }, "Change")));
    const body = sheet.rows.map((row, index) => {
      const label = row.hand && game ? `${row.hand}. ${game.scoring.hands[row.hand - 1]?.name || ""}` : `${index + 1}`;
      const mark = row.computed ? h("span", { class: "scorepad__computed", title: row.computed.detail }, " ⚙",
        h("span", { class: "scorepad__sr" }, " worked out by the rules engine")) : null;
      const editing = this.entry && this.entry.index === index;
      return h("tr", { class: editing ? "scorepad__editing" : null },
        h("th", { scope: "row" }, label, mark, row.note ? h("span", { class: "scorepad__note" }, ` ${row.note}`) : null),
        row.cells.map((v) => h("td", { class: v === null ? "scorepad__empty" : null }, v === null ? h("span", { "aria-label": "no entry" }, "·") : signed(v))),
        h("td", {}, button("Edit", () => this.editRow(index), { "aria-label": `Edit row ${label}` })));
    });
    const foot = h("tr", { class: "scorepad__totals" }, h("th", { scope: "row" }, "Total"),
      result.totals.map((t) => h("td", {}, plain(t))), h("td", {}));
    const table = h("table", { class: "scorepad__table" }, caption, h("thead", {}, head), h("tbody", {}, body), h("tfoot", {}, foot));
    return h("div", { class: "scorepad__table-wrap", tabindex: 0, role: "region", "aria-label": `Score sheet ${sheet.name}` }, table);
  }

  standings(sheet, cols, result) {
    const heading = h("h3", { id: uid("standings") }, "Standings");
    const counts = model.rounds(sheet);
    const sorts = [["high", "High to low"], ["low", "Low to high"], ["turn", "Turn order"]];
    const toolbar = h("div", { class: "scorepad__sorts", role: "group", "aria-label": "Order of the standings" },
      sorts.map(([order, text]) => button(text, () => {
        sheet.sort = order;
        this.saveSheet(sheet, `Standings in ${text.toLowerCase()} order.`);
      }, { "aria-pressed": String(sheet.sort === order), class: "scorepad__button scorepad__sort", "data-key": `sort-${order}` })));
    const list = h("ol", { class: "scorepad__standings-list" });
    for (const i of model.standings(sheet)) {
      const col = cols[i];
      const listId = uid("entries");
      const items = h("ul", { id: listId, class: "scorepad__entries", hidden: true });
      // A column's entries are drawn when first shown: a long sheet redraws quickly.
      const fill = () => items.append(...sheet.rows.map((row, r) => (row.cells[i] === null ? null
        : h("li", {}, `Row ${r + 1}: ${signed(row.cells[i])} `,
          button("Edit", () => this.editRow(r), { "aria-label": `Edit row ${r + 1} of ${col.name}` })))).filter(Boolean));
      const toggle = button(`Entries (${counts[i]})`, () => {
        if (!items.childElementCount) fill();
        items.hidden = !items.hidden;
        toggle.setAttribute("aria-expanded", String(!items.hidden));
      }, { "aria-expanded": "false", "aria-controls": listId, "aria-label": `${col.name}'s entries (${counts[i]})` });
      list.append(h("li", { class: "scorepad__standing", style: { "--player": col.colour }, dataset: { column: i } },
        h("span", { class: "scorepad__standing-name" }, col.name, result.winners.includes(i) ? " ★" : ""),
        h("span", { class: "scorepad__standing-total" }, plain(result.totals[i])),
        h("span", { class: "scorepad__rounds" }, `${counts[i]} round${counts[i] === 1 ? "" : "s"}`),
        toggle, items));
    }
    return h("section", { class: "scorepad__standings", "aria-labelledby": heading.id }, heading, toolbar, list);
  }

  // ---- entering a row --------------------------------------------------------------------------

  newEntry(sheet) {
    this.entry = { index: null, cells: model.columns(sheet).map(() => ""), hand: model.nextHand(sheet), computed: null, confirm: false };
    this.column = this.turnColumn(sheet);
  }

  turnColumn(sheet) {
    const cols = model.columns(sheet);
    const found = cols.findIndex((c) => c.members.includes(sheet.turn));
    return found < 0 ? 0 : found;
  }

  editRow(index) {
    const sheet = this.current();
    const row = sheet.rows[index];
    this.entry = { index, cells: row.cells.map((v) => (v === null ? "" : String(v))), hand: row.hand, computed: row.computed, confirm: false };
    this.problem("");
    this.render();
    this.root.querySelector(".scorepad__entry input")?.focus();
    this.announce(`Editing row ${index + 1}.`);
  }

  entryForm(sheet, game, cols) {
    const entry = this.entry;
    const heading = h("h3", { id: uid("entry") }, entry.index === null ? "New row" : `Editing row ${entry.index + 1}`);
    const check = h("div", { class: "scorepad__check", role: "alert" });
    if (entry.computed) check.append(this.engineSaid(entry.computed, game));
    const inputs = [];
    const cells = h("div", { class: "scorepad__cells" }, cols.map((col, i) => {
      const [wrap, input] = labelled(col.name, { type: "text", inputmode: "numeric", autocomplete: "off", value: entry.cells[i],
        class: "scorepad__cell-input", pattern: "[-+\u2212]?[0-9]*", enterkeyhint: "done" }, `scorepad__cell${i === this.column ? " scorepad__cell--turn" : ""}`);
      wrap.style.setProperty("--player", col.colour);
      input.addEventListener("input", () => { entry.cells[i] = input.value; entry.computed = null; this.unconfirm(); check.replaceChildren(); });
      input.addEventListener("focus", () => this.select(i, inputs, quickLabel));
      inputs.push(input);
      return wrap;
    }));
    const quickLabel = h("span", { id: uid("quick") });
    const adjust = (delta) => {
      const input = inputs[this.column];
      const name = model.short(cols[this.column].name);
      const problem = model.scoreProblem(input.value) || model.scoreProblem(String((model.toNumber(input.value) ?? 0) + delta));
      if (problem) {
        check.replaceChildren(h("p", {}, `${name}: ${problem}.`)); // an alert: read out as it comes
        return;
      }
      const now = model.toNumber(input.value) ?? 0;
      input.value = String(now + delta);
      input.dispatchEvent(new Event("input"));
      this.announce(`${name}: ${signed(now + delta)}`);
    };
    const quick = h("div", { class: "scorepad__quick", role: "group", "aria-labelledby": quickLabel.id },
      h("div", { class: "scorepad__quick-row" }, QUICK.map((n) => button(`+${n}`, () => adjust(n), { "aria-label": `plus ${n}` }))),
      h("div", { class: "scorepad__quick-row" }, QUICK.map((n) => button(`\u2212${n}`, () => adjust(-n), { "aria-label": `minus ${n}` }))));
    const walk = (step) => {
      sheet.turn = (sheet.turn + step + sheet.players.length) % sheet.players.length;
      model.touch(sheet);
      this.persist();
      this.select(this.turnColumn(sheet), inputs, quickLabel);
      this.root.querySelector(".scorepad__state").textContent = this.stateText(sheet, game, model.outcome(sheet, game), cols);
      this.announce(`Turn: ${sheet.players[sheet.turn].name}.`);
    };
    const turn = h("div", { class: "scorepad__turn" }, button("Previous", () => walk(-1), { "aria-label": "Previous player" }),
      quickLabel, button("Next", () => walk(1), { "aria-label": "Next player" }));
    this.select(this.column, inputs, quickLabel);

    let handSelect = null;
    let handField = null;
    if (game && game.scoring.hands.length) {
      [handField, handSelect] = labelled("Hand", { tag: "select" });
      game.scoring.hands.forEach((hand, i) => handSelect.append(h("option", { value: i + 1, selected: entry.hand === i + 1 }, `${i + 1}. ${hand.name}`)));
      if (!entry.hand) entry.hand = 1;
      handSelect.addEventListener("change", () => { entry.hand = Number(handSelect.value); entry.computed = null; this.unconfirm(); check.replaceChildren(); showFacts(); });
    }
    const engine = game && game.scoring.computed ? enginePanel({
      onRow: (row) => this.fromEngine(row, inputs, check, game),
      onProblem: (reason, rule) => check.replaceChildren(h("p", {}, `The engine cannot score that: ${reason}`, rule ? [" (", this.ruleLink(game, rule), ")"] : "", ".")),
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
      entry.index !== null ? button("Delete row", () => this.deleteRow(entry.index)) : null,
      entry.index !== null ? button("Cancel", () => { this.entry = null; this.render(); this.announce("Edit cancelled."); }) : null);
    const form = h("form", { class: "scorepad__entry", "aria-labelledby": heading.id, novalidate: true },
      heading, handField, engine?.panel, cells, turn, quick, check, actions);
    form.addEventListener("submit", (event) => { event.preventDefault(); this.saveRow(sheet, game, cols, check); });
    return form;
  }

  /** A changed row is checked again before it is saved. */
  unconfirm() {
    if (!this.entry || !this.entry.confirm) return;
    this.entry.confirm = false;
    const save = this.root.querySelector(".scorepad__entry [type=submit]");
    if (save) save.textContent = this.entry.index === null ? "Save row" : "Save changes";
  }

  select(column, inputs, label) {
    this.column = column;
    inputs.forEach((input, i) => input.parentElement.classList.toggle("scorepad__cell--turn", i === column));
    const sheet = this.current();
    const col = model.columns(sheet)[column];
    label.textContent = `Quick buttons for ${col ? col.name : ""}`;
  }

  fromEngine(row, inputs, check, game) {
    const names = model.columns(this.current());
    row.points.forEach((points, i) => { inputs[i].value = String(points); this.entry.cells[i] = String(points); });
    this.entry.computed = { facts: row.facts, rule: row.rule, detail: row.detail, state: row.state || null, over: Boolean(row.over), points: row.points };
    this.unconfirm();
    check.replaceChildren(this.engineSaid(row, game, row.check));
    this.announce(`The engine's row: ${row.points.map((p, i) => `${names[i].name} ${signed(p)}`).join(", ")}.${row.check ? " It does not balance." : ""}`);
  }

  engineSaid(row, game, problem = null) {
    return h("p", { class: "scorepad__engine-row" }, `Worked out by the rules engine: ${row.detail} (`, this.ruleLink(game, row.rule), ").",
      problem ? h("strong", { class: "scorepad__flag" }, ` Does not balance: ${problem.message} (`, this.ruleLink(game, problem.rule), ").") : "");
  }

  saveRow(sheet, game, cols, check) {
    const entry = this.entry;
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
    if (cells.every((v) => v === null)) {
      check.replaceChildren(h("p", {}, "Enter a score for at least one player."));
      return;
    }
    const hand = game && game.scoring.hands.length ? entry.hand : null;
    const problem = model.checkRow(sheet, game, cells, hand);
    if (problem && !entry.confirm) {
      entry.confirm = true;
      check.replaceChildren(h("p", { class: "scorepad__flag" }, `Not saved yet: ${problem.message} (`, this.ruleLink(game, problem.rule), "). Correct the row, or save it anyway."));
      this.root.querySelector(".scorepad__entry [type=submit]").textContent = "Save anyway";
      this.announce("This row does not balance.");
      return;
    }
    const computed = entry.computed && entry.computed.points.every((p, i) => p === cells[i]) ? entry.computed : null;
    const row = { id: entry.index === null ? model.newId("r") : sheet.rows[entry.index].id, hand, cells, computed, note: "" };
    const where = entry.index === null ? sheet.rows.length : entry.index;
    if (entry.index === null) sheet.rows.push(row);
    else sheet.rows[entry.index] = row;
    this.entry = null;
    const said = cells.map((v, i) => (v === null ? null : `${cols[i].name} ${signed(v)}`)).filter(Boolean).join(", ");
    const result = model.outcome(sheet, game);
    const end = result.over && result.winners.length ? ` ${this.stateText(sheet, game, result, cols)}` : "";
    this.problem("");
    this.focusNext = "save";
    this.saveSheet(sheet, `Row ${where + 1} saved: ${said}.${end}`);
  }

  deleteRow(index) {
    const sheet = this.current();
    sheet.rows.splice(index, 1);
    this.entry = null;
    this.saveSheet(sheet, `Row ${index + 1} deleted.`);
  }
}
