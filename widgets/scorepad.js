// The score pad: named sheets kept in this browser, rows and per-player
// entries (digits or quick buttons), standings, the end of a game and its
// winner from the engine's data, checks before a row is saved, and rows the
// rules engine works out. Mounted by main.js on [data-widget="scorepad"],
// again after each instant navigation.
//
// What the reader sees is what is stored: every change is written at once, and one the browser
// refuses to store is undone and said so. Each stored sheet is read on its own, and one that
// cannot be read is set aside with the reason, never blocking the others.
import * as model from "./scorepad-model.js";
import * as rules from "./scorepad-rules.js";
import { fromLink, readSheet, whyNot } from "./scorepad-import.js";
import { readStored } from "./scorepad-fit.js";
import { button, download, h, labelled, listJoin, plain, signed, uid } from "./scorepad-dom.js";
import { editRow, entryForm, newEntry } from "./scorepad-entry.js";
import { describeGame, setupForm } from "./scorepad-setup.js";
import { pickerTools, sheetTools, shareTools, timerTool } from "./scorepad-tools.js";
import { playersTool } from "./scorepad-players.js";

const UNREADABLE_KEY = `${model.STORE_KEY}.unreadable`;
const REFUSED = "this browser refused to store it (its storage for this site may be full), so nothing was changed: "
  + "download sheets you no longer need and delete them, then try again";

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
    this.live = h("p", { class: "scorepad__live", role: "status", "aria-live": "polite" });
    this.alert = h("p", { class: "scorepad__problem", role: "alert" });
    this.notices = h("div", { class: "scorepad__notices" });
    this.body = h("div", { class: "scorepad__body" });
    this.entry = null; // the row being entered: {index (null: new), cells, hand, first, computed, confirm}
    this.column = 0;
    this.undo = null; // {text, sheet}: the last row deleted or player removed, to put back
    this.load();
  }

  /** Read the store: each sheet on its own, those that cannot be read set aside. */
  load() {
    const found = model.loadStore();
    const { store, notes } = readStored(found, this.data.games, readSheet);
    this.store = store;
    this.saved = found.text;
    this.said = notes;
    if (found.unreadable !== undefined) {
      // Kept beside the store before anything replaces it, so nothing is lost.
      const kept = model.keepBeside(UNREADABLE_KEY, found.unreadable);
      this.said.push(kept ? `This browser's score pad storage could not be read (it is no score pad data): it is kept apart, under “${kept}”, and the pad starts afresh.`
        : "This browser's score pad storage could not be read (it is no score pad data), nor kept apart (the storage is full), so the pad leaves it as it is: sheets started now last until the page is closed.");
      if (!kept) this.store.memoryOnly = true;
    }
  }

  async start() {
    this.root.replaceChildren(this.live, this.alert, this.notices, this.body);
    const params = new URLSearchParams(location.search);
    const link = location.hash.startsWith("#sheet=") ? location.hash : null;
    const gameId = params.get("game");
    if (link || gameId) history.replaceState(history.state, "", location.pathname);
    // A link pasted into this tab's address bar opens its sheet at once.
    const onHash = () => {
      if (!this.root.isConnected) return window.removeEventListener("hashchange", onHash);
      if (!location.hash.startsWith("#sheet=")) return undefined;
      const fragment = location.hash;
      history.replaceState(history.state, "", location.pathname);
      return this.openLink(fragment);
    };
    window.addEventListener("hashchange", onHash);
    if (link) return this.openLink(link);
    if (gameId || !this.current()) this.showSetup(gameId);
    else this.render();
    return undefined;
  }

  /** Open the sheet a link carries: the same sheet kept here already is shown, not kept twice. */
  async openLink(fragment) {
    const notes = [];
    let refused = null;
    try {
      const sheet = await fromLink(fragment, this.data.games, notes);
      const same = this.store.sheets.find((s) => sameSheet(s, sheet));
      if (same) {
        this.store.current = same.id;
        this.entry = null;
        this.persist();
        this.render();
        this.announce(`That link's sheet, ${model.quote(same.name)}, is kept here already: it is on show.`);
        return;
      }
      sheet.name = this.freeName(sheet.name);
      const kept = this.addSheet(sheet, `Opened ${model.quote(sheet.name)} from a link; it is kept here now.${said(notes)}`);
      if (!kept) refused = `That link's sheet was not kept: ${REFUSED}.`;
      else return;
    } catch (error) {
      refused = `That link's sheet was not opened, and nothing was kept: ${whyNot(error)}.`;
    }
    if (!this.current()) this.showSetup(null);
    else this.render();
    this.problem(refused); // after the form, which clears old problems
  }

  /** `name`, or "name (2)", "name (3)"... when a sheet kept here has that name. */
  freeName(name) {
    const taken = new Set(this.store.sheets.map((s) => s.name));
    if (!taken.has(name)) return name;
    const base = name.replace(/ \(\d+\)$/, "");
    let n = 2;
    while (taken.has(`${base} (${n})`)) n += 1;
    return `${base} (${n})`;
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
    this.alert.textContent = text || "";
  }

  /**
   * Write the store. When the browser refuses, the store goes back to what was last written, so
   * the page never shows what is not stored; returns false then (the caller says what was lost).
   */
  persist() {
    const text = model.saveStore(this.store);
    if (text !== null) {
      this.saved = text;
      return true;
    }
    const memoryOnly = this.store.memoryOnly;
    const { store } = readStored(this.saved ? { store: JSON.parse(this.saved) } : model.loadStore(), this.data.games, readSheet);
    this.store = memoryOnly ? { ...store, memoryOnly } : store;
    return false;
  }

  /** Change the store with `change()`, write it, draw the page; false (and said) when refused. */
  commit(change, message, refusedText = `Not saved: ${REFUSED}.`) {
    change();
    if (!this.persist()) {
      this.undo = null;
      this.render();
      if (refusedText) {
        this.problem(refusedText);
        this.announce(refusedText);
      }
      return false;
    }
    this.render();
    if (message) this.announce(message);
    return true;
  }

  /** Whose turn it is, kept without drawing the page again (the row being typed stays as it is). */
  persistTurn(sheet, turn) {
    sheet.turn = turn;
    model.touch(sheet);
    if (this.persist()) return true;
    this.render();
    this.problem(`The turn did not move: ${REFUSED}.`);
    return false;
  }

  addSheet(sheet, message) {
    this.problem("");
    return this.commit(() => {
      this.store.sheets.unshift(sheet);
      this.store.current = sheet.id;
      model.rememberPlayers(this.store, sheet.players);
      this.entry = null;
      this.undo = null;
    }, message, null);
  }

  saveSheet(sheet, message, change = () => {}) {
    return this.commit(() => {
      change(sheet);
      model.touch(sheet);
    }, message);
  }

  deleteSheet(sheet) {
    this.commit(() => {
      this.store.sheets = this.store.sheets.filter((s) => s.id !== sheet.id);
      this.store.current = this.store.sheets[0]?.id || null;
      this.entry = null;
      this.undo = null;
    }, `“${sheet.name}” deleted.`);
    if (!this.current()) this.showSetup(null);
  }

  /** Keep a copy of `sheet` before a change the reader may take back ("Row 3 deleted. Undo"). */
  keepForUndo(sheet, text) {
    this.undo = { text, sheet: JSON.parse(JSON.stringify(sheet)) };
  }

  takeBack() {
    const { sheet, text } = this.undo;
    this.commit(() => {
      const at = this.store.sheets.findIndex((s) => s.id === sheet.id);
      if (at >= 0) this.store.sheets[at] = sheet;
      else this.store.sheets.unshift(sheet);
      this.store.current = sheet.id;
      this.entry = null;
      this.undo = null;
    }, `Undone: ${text[0].toLowerCase()}${text.slice(1)}`);
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
      this.commit(() => {
        this.store.current = select.value;
        this.entry = null;
      }, `Showing “${this.store.sheets.find((s) => s.id === select.value)?.name}”.`);
    });
    return h("div", { class: "scorepad__bar" }, this.store.sheets.length ? field : null,
      button("New sheet", () => this.showSetup(this.current()?.game || null)));
  }

  /** What the reader must know about the store: sheets set aside, notes on reading it, an undo. */
  drawNotices() {
    const items = [];
    if (this.store.memoryOnly) items.push(h("p", { class: "scorepad__flag" }, "This browser refuses to store data for the site: sheets last until the page is closed."));
    if (this.said.length) {
      // Kept on show until the reader has read them.
      items.push(h("div", { class: "scorepad__note-line" }, this.said.map((note) => h("p", {}, note)),
        button("Got it", () => { this.said = []; this.drawNotices(); this.announce("Notes put away."); })));
    }
    this.store.aside.forEach((item, i) => {
      let armed = false;
      const remove = button("Delete it", () => {
        if (!armed) {
          armed = true;
          remove.textContent = "Really delete it?";
          return;
        }
        this.commit(() => { this.store.aside.splice(i, 1); }, "The sheet set aside is deleted.");
      });
      items.push(h("p", { class: "scorepad__flag scorepad__aside" },
        `A sheet kept here could not be read and is set aside: ${item.why}. The other sheets are not affected. `,
        button("Download it", () => download("unreadable-score-sheet.json", "application/json", JSON.stringify(item.sheet, null, 2))), " ", remove));
    });
    if (this.undo) {
      items.push(h("p", { class: "scorepad__undo" }, `${this.undo.text} `,
        button("Undo", () => this.takeBack(), { "aria-label": `Undo: ${this.undo.text}` })));
    }
    this.notices.replaceChildren(...items);
  }

  showSetup(gameId) {
    this.problem("");
    this.drawNotices();
    const form = setupForm(this, {
      gameId,
      onDone: (sheet) => {
        if (!this.addSheet(sheet, `Sheet “${sheet.name}” started with ${listJoin(sheet.players.map((p) => p.name))}.`)) {
          this.problem(`The sheet was not started: ${REFUSED}.`);
        }
      },
      onCancel: this.current() ? () => this.render() : null,
    });
    this.body.replaceChildren(this.bar(), form);
    form.querySelector("select, input")?.focus({ preventScroll: true });
  }

  render() {
    const sheet = this.current();
    if (!sheet) return this.showSetup(null);
    try {
      this.drawSheet(sheet);
    } catch (error) {
      // A sheet the pad cannot show (a bug) is set aside, so the others stay usable.
      console.warn("score pad: a sheet could not be shown", error);
      this.store.sheets = this.store.sheets.filter((s) => s !== sheet);
      this.store.aside.push({ why: "the pad could not show it", sheet });
      this.store.current = this.store.sheets[0]?.id || null;
      this.entry = null;
      this.persist();
      this.render();
    }
    return undefined;
  }

  drawSheet(sheet) {
    const game = this.gameOf(sheet);
    const cols = model.columns(sheet);
    const result = rules.outcome(sheet, game);
    if (!this.entry) newEntry(this, sheet, game);
    // Focus survives the redraw on an element with the same data-key (a sort button, the save button...).
    const active = document.activeElement;
    const focusKey = this.focusNext || (active && this.root.contains(active) ? active.dataset.key : null);
    this.focusNext = null;
    this.timer ||= timerTool(this, this.root); // kept across redraws, so a countdown runs on
    this.drawNotices();

    const title = h("h2", { class: "scorepad__title", id: uid("sheet") }, sheet.name);
    const about = h("p", { class: "scorepad__about" });
    if (game) about.append(`${game.name}: ${describeGame(game, sheet)}. `, h("a", { href: `${this.rootUrl}${game.page}` }, `Rules of ${game.name}`));
    else about.append(this.plainRules(sheet));
    const state = h("p", { class: "scorepad__state" }, this.stateText(sheet, game, result, cols));
    const flag = result.check ? h("p", { class: "scorepad__flag" }, `Check the sheet: ${result.check.message}`,
      result.check.rule && game ? [" (", this.ruleLink(game, result.check.rule), ")"] : "", ".") : null;
    const closed = result.over && this.entry.index === null;
    const entry = closed
      ? h("p", { class: "scorepad__closed" }, result.byRules
        ? "The game is over, so the sheet takes no new row: correct a row with its Edit button, or start a new sheet for the next game."
        : "This sheet is finished: reopen it to add a row, or correct one with its Edit button.")
      : entryForm(this, sheet, game, cols, result);

    const view = h("section", { class: "scorepad__sheet", "aria-labelledby": title.id },
      title, about, state, flag, entry,
      h("div", { class: "scorepad__grid" }, this.table(sheet, game, cols, result), this.standings(sheet, game, cols, result)),
      h("div", { class: "scorepad__tools" }, pickerTools(this, sheet, game), this.timer, shareTools(this, sheet),
        playersTool(this, sheet, game), sheetTools(this, sheet)));
    this.body.replaceChildren(this.bar(), view);
    if (focusKey) this.root.querySelector(`[data-key="${focusKey}"]`)?.focus({ preventScroll: true });
  }

  plainRules(sheet) {
    const r = sheet.rules;
    const parts = [`${sheet.players.length} player${sheet.players.length === 1 ? "" : "s"}`];
    if (r.end === "hands") parts.push(`${r.hands} hands`);
    if (r.end === "target") parts.push(`to ${plain(r.target)} points`);
    parts.push(r.wins === "low" ? "the lowest total wins" : "the highest total wins");
    return `A plain sheet: ${parts.join("; ")}.`;
  }

  stateText(sheet, game, result, cols) {
    const rule = rules.ruleOf(sheet, game);
    const unit = rule.unit === "chips" ? " chips" : "";
    if (result.why === "first?") {
      const row = result.ended + 1;
      return `Game over: more than one reached ${plain(rule.target)} in row ${row}. Edit row ${row} to say who got there first.`;
    }
    if (result.why === "draw") return `Game over after ${rule.lastHand} hands: a draw, level at ${plain(result.totals[0])}.`;
    if (result.over && result.winners.length) {
      const names = listJoin(result.winners.map((i) => cols[i].name));
      const score = plain(result.totals[result.winners[0]]);
      const side = cols[result.winners[0]].members.length > 1; // partners win together
      const verb = result.winners.length > 1 ? "share the win" : side ? "win" : "wins";
      if (result.final) {
        // The game's end bonuses are added once it is over: the winner's total, then the others'.
        const order = result.final.map((_, i) => i).sort((a, b) => (b === result.winners[0]) - (a === result.winners[0]) || result.final[b] - result.final[a]);
        return `Game over: ${names} ${verb}, ${order.map((i) => plain(result.final[i])).join(" to ")}${unit} with the bonuses.`;
      }
      return `Game over: ${names} ${verb} with ${score}${unit}.`;
    }
    if (result.over) return "This sheet is finished.";
    const turn = sheet.players[sheet.turn]?.name;
    const hand = rules.nextHand(sheet, game);
    const level = rule.ties === "play-on" && this.levelAtEnd(sheet, rule, result);
    const where = level ? `Level at ${plain(level)}: play on until a hand leaves the scores unequal.`
      : hand ? `Next: hand ${hand} of ${rule.named.length}, ${rule.named[hand - 1].name}.`
        : result.reason ? `${result.reason[0].toUpperCase()}${result.reason.slice(1)}.`
          : `${sheet.rows.length} row${sheet.rows.length === 1 ? "" : "s"}.`;
    return `${where} Turn: ${turn}.`;
  }

  /** The level score at which a game that plays on a tie would otherwise have ended, or null. */
  levelAtEnd(sheet, rule, result) {
    const people = result.totals.slice(0, rules.peopleOf(sheet));
    const best = Math.max(...people);
    const level = people.filter((t) => t === best).length > 1;
    const ends = (rule.target !== null && best >= rule.target) || (rule.floor !== null && Math.min(...people) <= rule.floor);
    return level && ends ? best : null;
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
        h("td", {}, button("Edit", () => editRow(this, index), { "aria-label": `Edit row ${label}` })));
    });
    const start = rules.ruleOf(sheet, game).start;
    const first = start ? h("tr", { class: "scorepad__start" }, h("th", { scope: "row" }, "Start"),
      cols.map((c) => h("td", {}, c.other ? "0" : plain(start))), h("td", {})) : null;
    const foot = h("tr", { class: "scorepad__totals" }, h("th", { scope: "row" }, start ? "Now" : "Total"),
      result.totals.map((t) => h("td", {}, plain(t))), h("td", {}));
    // A game with end bonuses (a knock rummy's boxes and game) adds them once it is over.
    const bonus = result.final ? h("tr", { class: "scorepad__totals scorepad__bonuses" }, h("th", { scope: "row" }, "With bonuses"),
      result.final.map((t) => h("td", {}, plain(t))), h("td", {})) : null;
    const table = h("table", { class: "scorepad__table" }, caption, h("thead", {}, head), h("tbody", {}, first, body), h("tfoot", {}, foot, bonus));
    return h("div", { class: "scorepad__table-wrap", tabindex: 0, role: "region", "aria-label": `Score sheet ${sheet.name}` }, table);
  }

  standings(sheet, game, cols, result) {
    const heading = h("h3", { id: uid("standings") }, "Standings");
    const counts = rules.rounds(sheet);
    const sorts = [["high", "High to low"], ["low", "Low to high"], ["turn", "Turn order"]];
    const toolbar = h("div", { class: "scorepad__sorts", role: "group", "aria-label": "Order of the standings" },
      sorts.map(([order, text]) => button(text, () => {
        this.saveSheet(sheet, `Standings in ${text.toLowerCase()} order.`, () => { sheet.sort = order; });
      }, { "aria-pressed": String(sheet.sort === order), class: "scorepad__button scorepad__sort", "data-key": `sort-${order}` })));
    const list = h("ol", { class: "scorepad__standings-list" });
    for (const i of rules.standings(sheet, game)) {
      const col = cols[i];
      const listId = uid("entries");
      const items = h("ul", { id: listId, class: "scorepad__entries", hidden: true });
      // A column's entries are drawn when first shown: a long sheet redraws quickly.
      const fill = () => items.append(...sheet.rows.map((row, r) => (row.cells[i] === null ? null
        : h("li", {}, `Row ${r + 1}: ${signed(row.cells[i])} `,
          button("Edit", () => editRow(this, r), { "aria-label": `Edit row ${r + 1} of ${col.name}` })))).filter(Boolean));
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
}

/** The same sheet, whatever its id and when it was touched: its name, game, players and rows. */
function sameSheet(a, b) {
  const key = (s) => JSON.stringify([s.name, s.game, s.options, s.players, s.others, s.teams,
    s.rows.map((r) => [r.hand, r.cells, r.note, r.first ?? null])]);
  return key(a) === key(b);
}

function said(notes) {
  return notes.length ? ` Note: ${notes.join("; ")}.` : "";
}
