// The lesson widget: a hand played with the reader, one idea a step, from frames the build made by
// replaying the lesson with the engine (build_scripts/lessons.py), so that it needs no Pyodide.
// "Next" goes through narration and the other seats' moves; at the reader's turn the reader plays
// on the table as at a live table (tables.js draws it, the clicks come from its description): the
// move asked for plays on, another legal one is answered by the lesson, a card that starts no move
// by the engine's refusal prepared at build time. Loaded by main.js when a lesson nears the view.
import { cardLabel, el, prettyMove } from "./cards.js";
import { fourColours } from "./keep.js";
import { arrowKeys, choicesOf, chosenText, clicksOf, renderInterlude, renderTable, rovingTabs } from "./tables.js";

const RULE = /#([a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+)/g;
const SHOW_ME_MS = 700;  // how long "Show me" marks the move before playing it

export class Lesson {
  constructor(root) {
    this.root = root;
    this.id = root.id;
    this.game = root.dataset.game;
    this.seat = Number(root.dataset.seat || 0);
    this.title = root.dataset.title || "";
    this.lesson = root.dataset.frames ? JSON.parse(root.dataset.frames) : null;
    this.loading = null;
    this.path = null;   // the frames being walked: the lesson's own, or a branch's after a move it also accepts
    this.at = 0;
    this.before = 0;    // the steps walked before the branch being walked, for the counter
    this.selected = null;  // a card chosen ("zone/index") that waits for a choice or a place
    this.picked = [];      // the cards picked for a move built card by card
    this.target = null;
    this.busy = false;
    this.build();
  }

  /** The frames, fetched once from the file beside the page. */
  load() {
    if (this.lesson) return Promise.resolve(this.lesson);
    this.loading ||= fetch(new URL(`../${this.root.dataset.framesSrc}`, import.meta.url))
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      })
      .then((lesson) => {
        this.lesson = lesson;
        return lesson;
      })
      .catch((error) => {
        this.loading = null;
        this.steps.hidden = false;
        this.board.hidden = false;  // for its message; "Start the lesson" tries again
        this.say(`This lesson could not be loaded (${error.message}): its steps are listed below.`, "refusal");
        throw error;
      });
    return this.loading;
  }

  build() {
    const root = this.root;
    root.classList.add("rw-enhanced");
    this.steps = root.querySelector(".rules-lesson__steps");
    const ui = el("div", "rw-lesson");
    ui.classList.toggle("rw-four-colour", fourColours());
    const bar = el("div", "rw-toolbar");
    this.startButton = this.button("Start the lesson", () => this.start(), "rw-button--start");
    this.nextButton = this.button("Next", () => this.next(), "rw-button--next");
    this.showButton = this.button("Show me", () => this.showMe());
    this.againButton = this.button("Start again", () => this.start(), "rw-button--again");
    this.counter = el("span", "rw-counter");
    bar.append(this.startButton, this.nextButton, this.showButton, this.againButton, this.counter);
    this.board = el("div", "rw-lesson__board");
    this.table = el("div", "rw-table-area");
    this.table.tabIndex = -1;
    this.table.setAttribute("role", "region");
    this.table.setAttribute("aria-label", "Lesson table");
    arrowKeys(this.table);
    const side = el("div", "rw-lesson__side");
    // Each step's words are heard as they change; a refusal interrupts (say).
    this.words = el("div", "rw-lesson__words");
    this.words.setAttribute("aria-live", "polite");
    this.message = el("p", "rw-message");
    this.message.setAttribute("aria-live", "polite");
    this.actions = el("div", "rw-actions");
    this.actions.setAttribute("role", "group");
    this.actions.setAttribute("aria-label", "Your choices");
    side.append(this.words, this.message, this.actions);
    this.board.append(side, this.table);
    ui.append(bar, this.board);
    root.append(ui);
    this.ui = ui;
    for (const part of [this.nextButton, this.showButton, this.againButton, this.board]) part.hidden = true;
    ui.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || (!this.selected && !this.picked.length)) return;
      this.selected = null;
      this.picked = [];
      this.target = null;
      this.say("Selection cancelled.");
      this.render();
    });
  }

  button(text, action, extra = "") {
    const node = el("button", `rw-button ${extra}`.trim(), text);
    node.type = "button";
    node.addEventListener("click", () => action());
    return node;
  }

  /** Says ``text`` under the step's words: a "refusal", a "prompt" or "news", each styled its own. */
  say(text, kind = "news", rule = null) {
    this.message.replaceChildren(text);
    this.message.dataset.kind = kind;
    this.message.setAttribute("aria-live", kind === "refusal" ? "assertive" : "polite");
    if (rule && document.getElementById(rule)) {
      const link = el("a", "rw-rule-link", "See the rule");
      link.href = `#${rule}`;
      this.message.append(" ", link);
    }
  }

  async start() {
    try {
      await this.load();
    } catch {
      return;  // load() has said why, and shown the steps as a list
    }
    this.path = this.lesson.frames;
    this.at = this.before = 0;
    this.steps.hidden = true;
    this.board.hidden = false;
    this.startButton.hidden = true;
    this.show();
    this.nextButton.focus({ preventScroll: true });
  }

  get frame() {
    return this.path[this.at];
  }

  next() {
    if (this.busy || !["deal", "say", "move", "rest"].includes(this.frame.kind)) return;
    this.at += 1;
    this.show();
    if (this.frame.kind === "you") this.focusTable();
    else if (this.frame.kind === "end") this.againButton.focus({ preventScroll: true });
  }

  /** The table of the frame shown: a frame of words alone shows the table before it. */
  tableNow() {
    for (let i = this.at; i >= 0; i--) if (this.path[i].table) return this.path[i].table;
    return this.lesson.frames[0].table;
  }

  show() {
    const frame = this.frame;
    this.selected = null;
    this.picked = [];
    this.target = null;
    this.say("");
    const end = frame.kind === "end";
    const asking = frame.kind === "you";
    this.nextButton.hidden = end;
    this.nextButton.disabled = asking;
    this.showButton.hidden = !asking;
    this.againButton.hidden = !end;
    const steps = this.before + this.path.filter((f) => f.kind !== "end").length;
    this.counter.textContent = end ? "" : `Step ${this.before + this.at + 1} of ${steps}`;
    this.words.replaceChildren(...this.wordsOf(frame));
    this.render();
    if (end) this.complete();
  }

  /** A step's words as nodes, its rule ids linked to the page's rules. */
  wordsOf(frame) {
    const table = this.tableNow();
    const name = (seat) => table.players[seat] ?? `Seat ${seat}`;
    const out = [];
    const para = (text, className = null) => {
      const p = el("p", className);
      p.append(...linked(text || ""));
      out.push(p);
      return p;
    };
    if (frame.kind === "deal") {
      para(`The cards are dealt. You are ${name(this.seat)}, at the bottom of the table.`);
    } else if (frame.kind === "say") {
      para(frame.text);
    } else if (frame.kind === "move" && frame.mine) {
      para(`Right: ${prettyMove(frame.move)}.`, "rw-lesson__right");
    } else if (frame.kind === "move") {
      para(`${frame.seat === null || frame.seat === undefined ? "" : `${name(frame.seat)}: `}${prettyMove(frame.move)}.`, "rw-lesson__move");
      if (frame.text) para(frame.text);
    } else if (frame.kind === "you") {
      const head = para("", "rw-lesson__ask");
      head.append(el("strong", null, "Your move. "), ...linked(frame.text));
    } else if (frame.kind === "rest") {
      para("The bots play out the rest of the hand:");
      const list = el("ol", "rw-lesson__rest");
      list.tabIndex = 0;
      list.setAttribute("aria-label", "The rest of the hand");
      for (const move of frame.moves) list.append(el("li", null, move.said || `${name(move.seat)}: ${prettyMove(move.move)}`));
      out.push(list);
    } else if (frame.kind === "end") {
      const part = frame.table.interlude;
      para(frame.result || (part ? `${part.title}.` : "The hand is over."));
      if (part?.breakdown?.length) para("The table shows the hand's score item by item, each with its rule.");
      out.push(this.completion());
    }
    return out;
  }

  /** "Lesson complete", with the next lesson on the page and the page's play table. */
  completion() {
    const box = el("div", "rw-lesson__complete");
    box.append(el("p", "rw-lesson__done", "Lesson complete"));
    const lessons = [...document.querySelectorAll('[data-widget="lesson"]')];
    const after = lessons[lessons.indexOf(this.root) + 1];
    const links = el("ul", "rw-lesson__links");
    if (after) links.append(item(`#${after.id}`, `Next lesson: ${after.dataset.title}`));
    const table = document.querySelector('[data-widget="play"]');
    if (table) links.append(item(`#${table.id}`, "Play a real hand at the table"));
    if (links.childElementCount) box.append(links);
    return box;
  }

  complete() {
    keepLesson(this.game, this.id, true);
    markLessons();
  }

  // ---- the table -------------------------------------------------------------------------------

  /** The table as the reader sees it now: at the reader's turn, with the cards picked so far. */
  desc() {
    const frame = this.frame;
    const table = this.tableNow();
    if (frame.kind !== "you" || !table.selection) return table;
    return { ...table, selection: this.selection() };
  }

  render() {
    const frame = this.frame;
    const table = this.tableNow();
    const asking = frame.kind === "you" && !this.busy;
    const desc = this.desc();
    const ctx = {
      interactive: asking,
      viewer: this.seat,
      selected: this.selected,
      onCard: (zone, index) => this.clickCard(zone, index),
      onZone: (zone) => this.clickZone(zone),
    };
    const focused = this.table.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    this.table.replaceChildren(frame.kind === "end" && table.interlude ? renderInterlude(table, ctx) : renderTable(desc, ctx));
    rovingTabs(this.table);
    this.actions.replaceChildren();
    if (asking) {
      const sel = desc.selection;
      const choices = [...(this.selected ? choicesOf(desc, this.selected) : []), ...(sel?.finish || []).map(({ move, button }) => ({ move, choice: button }))];
      for (const { move, choice, label } of [...choices, ...clicksOf(desc).buttons]) {
        const node = this.button(buttonWords(choice || label || prettyMove(move)), () => this.attempt(move));
        Object.assign(node.dataset, choice ? { move, choice } : { move });
        this.actions.append(node);
      }
    }
    if (focused) this.table.querySelector(`[data-key="${focused}"]`)?.focus({ preventScroll: true });
  }

  focusTable() {
    if (!this.ui.contains(document.activeElement)) return;
    const target = this.table.querySelector("button.rw-card--legal, button.rw-card") || this.actions.querySelector("button");
    (target || this.table).focus({ preventScroll: true });
  }

  clickCard(zoneId, index) {
    if (this.busy || this.selectionClick(zoneId, index)) return;
    const desc = this.desc();
    const key = `${zoneId}/${index}`;
    const clicks = clicksOf(desc);
    if (this.selected && this.selected !== key) {
      const ending = (clicks.byCard.get(this.selected) || []).find((c) => c.to === zoneId);
      if (ending) return this.attempt(ending.move);
    }
    const zone = desc.zones.find((z) => z.id === zoneId);
    const card = zone.cards[index];
    const starts = clicks.byCard.get(key) || [];
    if (!starts.length) {
      this.selected = null;
      this.render();
      const refusal = zone.tries && this.frame.refusals[zone.tries.replace("{card}", card)];
      if (refusal) return this.say(`Not allowed: ${refusal.reason}.`, "refusal", refusal.rule);
      return this.say(`No legal move starts with the ${cardLabel(card)} now.`, "refusal");
    }
    if (starts.length === 1) return this.attempt(starts[0].move);
    this.selected = this.selected === key ? null : key;
    this.say(this.selected ? `${cardLabel(card)} chosen: ${chosenText(desc, key)}, or press Escape.` : "", "prompt");
    this.render();
    if (this.selected) this.actions.querySelector("button[data-choice]")?.focus({ preventScroll: true });
  }

  clickZone(zoneId) {
    if (this.selectionClick(zoneId)) return;
    if (!this.selected) return;
    const ending = (clicksOf(this.desc()).byCard.get(this.selected) || []).find((c) => c.to === zoneId);
    if (ending) this.attempt(ending.move);
  }

  /** The reader's move: the one asked for plays on; another legal one is answered, not played. */
  attempt(move) {
    const frame = this.frame;
    if (this.busy || frame.kind !== "you") return;
    this.selected = null;
    this.picked = [];
    this.target = null;
    if (frame.expect.includes(move)) return this.accept(move);
    this.render();
    if (frame.legal.includes(move)) {
      const why = frame.feedback[move] || `The lesson asks for another move: ${frame.text.replace(RULE, "").trim()}`;
      const said = el("span");
      said.append(`${prettyMove(move)} is allowed, but not this time. `, ...linked(why));
      this.message.replaceChildren(said);
      this.message.dataset.kind = "prompt";
      this.message.setAttribute("aria-live", "assertive");
      return;
    }
    const refusal = frame.refusals[move];
    this.say(`Not allowed: ${refusal ? refusal.reason : `${prettyMove(move)} is not a legal move now`}.`, "refusal", refusal?.rule);
  }

  accept(move) {
    const frame = this.frame;
    if (move === frame.expect[0]) this.at += 1;
    else {
      this.before += this.at + 1;
      this.path = frame.branches[move];
      this.at = 0;
    }
    const hadFocus = this.ui.contains(document.activeElement);
    this.show();
    if (hadFocus) (this.frame.kind === "end" ? this.againButton : this.nextButton).focus({ preventScroll: true });
  }

  /** "Show me": the move asked for marked on the table, then played. */
  showMe() {
    const frame = this.frame;
    if (this.busy || frame.kind !== "you") return;
    const move = frame.expect[0];
    this.busy = true;
    this.render();
    const click = (frame.table.moves || []).find((c) => c.move === move);
    const built = (frame.built || []).find((b) => b.move === move);
    const places = frame.table.selection?.places || {};
    const keys = click?.card ? [click.card.join("/")] : (built?.cards || []).map((text) => (places[text] || [])[0]?.join("/"));
    for (const key of keys) this.table.querySelector(`[data-key="${key}"]`)?.classList.add("rw-card--shown");
    this.say(`Here is the move: ${prettyMove(move)}.`, "prompt");
    setTimeout(() => {
      this.busy = false;
      if (this.frame === frame) this.accept(move);
    }, SHOW_ME_MS);
  }

  // ---- moves built card by card, from the frame's list of them (build_scripts/lessons.py built_of)

  /** What the cards picked may become, as the engine's selection answers it (rules_engine/selection.py). */
  selection() {
    const table = this.tableNow();
    const built = this.frame.built || [];
    const picked = this.picked;
    const has = (b) => picked.every((text) => count(b.cards, text) >= count(picked, text));
    const reachable = built.filter(has);
    const aimed = reachable.filter((b) => this.target === null || b.target === this.target);
    const next = [];
    for (const b of aimed) for (const text of b.cards) if (count(b.cards, text) > count(picked, text) && !next.includes(text)) next.push(text);
    const targets = [...new Set(reachable.map((b) => b.target).filter((t) => t !== null))];
    const finish = aimed.filter((b) => picked.length && b.cards.length === picked.length && (b.target === null || b.target === this.target))
      .map((b) => ({ move: b.move, button: b.button }));
    return { ...table.selection, picked: [...picked], target: this.target, next, targets, finish };
  }

  selectionClick(zoneId, index = null) {
    const desc = this.desc();
    const sel = desc.selection;
    if (!sel || this.busy || this.frame.kind !== "you") return false;
    if (this.picked.length && sel.targets.includes(zoneId)) {
      this.target = zoneId;
      const done = this.selection().finish;
      if (done.length === 1) return this.attempt(done[0].move), true;
      this.render();
      return true;
    }
    if (index === null) return false;
    const text = desc.zones.find((z) => z.id === zoneId)?.cards[index];
    const copy = (sel.places[text] || []).findIndex((p) => p[0] === zoneId && p[1] === index);
    if (copy < 0) return false;
    if (copy < count(this.picked, text)) {
      this.picked.splice(this.picked.lastIndexOf(text), 1);
    } else if (!this.picked.length && !sel.selectable.includes(text)) {
      return false;
    } else if (!sel.next.includes(text)) {
      this.say(`The ${cardLabel(text)} makes no move with the cards picked: take a card back, or press Escape.`, "refusal");
      return true;
    } else {
      this.picked.push(text);
    }
    const now = this.selection();
    this.say(describe(now), "prompt");
    this.render();
    if (!now.next.length) this.actions.querySelector("button[data-choice]")?.focus({ preventScroll: true });
    return true;
  }
}

// A button's words as the reader sees them, capitalised ("Meld", "Draw discard"), as at the play table.
const buttonWords = (words) => words[0].toUpperCase() + words.slice(1);
const count = (list, text) => list.filter((t) => t === text).length;
const listed = (items, type = "conjunction") => new Intl.ListFormat("en", { type }).format(items);

function describe(sel) {
  if (!sel.picked.length) return "";
  const then = [];
  if (sel.next.length) then.push(`add ${listed(sel.next.map(cardLabel), "disjunction")}`);
  if (sel.targets.length && !sel.target) then.push("choose the meld to lay off onto");
  if (sel.finish.length) then.push(`press ${listed(sel.finish.map((f) => `“${buttonWords(f.button)}”`), "disjunction")}`);
  return `Picked: ${listed(sel.picked.map(cardLabel))}${then.length ? `; ${listed(then, "disjunction")}` : ""}, or press Escape.`;
}

/** ``text`` as nodes, each ``#rule.id`` a link to the rule on the page (as the build's list has it). */
function linked(text) {
  const out = [];
  let last = 0;
  for (const match of text.matchAll(RULE)) {
    out.push(text.slice(last, match.index));
    if (document.getElementById(match[1])) {
      const link = el("a", "rules-lesson__rule", "the rule");
      link.href = `#${match[1]}`;
      link.setAttribute("aria-label", `the rule ${match[1]}`);
      out.push("(", link, ")");
    }
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out.filter((part) => part !== "");
}

function item(href, text) {
  const li = el("li");
  const link = el("a", null, text);
  link.href = href;
  li.append(link);
  return li;
}

// Lessons completed, kept in the reader's browser (nothing is sent): { game: { lesson id: date } }.
export const LESSONS = "rules-site.lessons.v1";  // main.js names it too, to mark them

export function lessonsLearned() {
  try {
    const kept = JSON.parse(localStorage.getItem(LESSONS));
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}

/** Keeps (``done``) or forgets a lesson completed; ``id`` null forgets all of the game's. */
export function keepLesson(game, id, done) {
  const kept = lessonsLearned();
  const own = id === null ? {} : { ...(typeof kept[game] === "object" ? kept[game] : {}) };
  if (done) own[id] = new Date().toISOString().slice(0, 10);
  else if (id !== null) delete own[id];
  if (Object.keys(own).length) kept[game] = own;
  else delete kept[game];
  try {
    localStorage.setItem(LESSONS, JSON.stringify(kept));
  } catch {
    // Storage refused (a private window, a full quota): the lesson is done, and not kept.
  }
}

/** Marks the page's lessons the reader completed, and says how many at the page's top, with a
 *  button that forgets them. */
export function markLessons(scope = document) {
  const lessons = [...scope.querySelectorAll('[data-widget="lesson"]')];
  if (!lessons.length) return;
  const game = lessons[0].dataset.game;
  const learned = lessonsLearned()[game] || {};
  for (const root of lessons) {
    const done = Object.hasOwn(learned, root.id);
    root.classList.toggle("rules-widget--learned", done);
    let mark = root.querySelector(".rules-lesson__mark");
    if (done && !mark) {
      mark = document.createElement("span");
      mark.className = "rules-lesson__mark";
      mark.textContent = " ✓ completed";
      root.querySelector("figcaption")?.append(mark);
    } else if (!done) mark?.remove();
  }
  const count = lessons.filter((root) => root.classList.contains("rules-widget--learned")).length;
  let note = scope.querySelector(".rules-lessons-kept");
  if (!count) return note?.remove();
  if (!note) {
    note = document.createElement("p");
    note.className = "rules-lessons-kept";
    note.setAttribute("role", "status");
    const heading = scope.querySelector(".md-content h1") || lessons[0];
    heading.after(note);
  }
  const forget = document.createElement("button");
  forget.type = "button";
  forget.className = "rw-button";
  forget.textContent = "Forget them";
  forget.addEventListener("click", () => {
    keepLesson(game, null, false);
    markLessons(scope);
  });
  const of = lessons.length === 1 ? "this page's lesson" : `${count} of this page's ${lessons.length} lessons`;
  note.replaceChildren(`You have completed ${of} (kept in this browser only). `, forget);
}
