// The lesson widget: a hand played with the reader, one idea a step, from frames the build made by
// replaying the lesson with the engine (build_scripts/lessons.py), so that it needs no Pyodide.
// "Next" goes through narration and the other seats' moves; at the reader's turn the reader plays
// on the table as at a live table (asking.js): the move asked for plays on, another legal one is
// answered by the lesson, a card that starts no move by the engine's refusal prepared at build
// time. Loaded by main.js when a lesson nears the view.
import { Asking } from "./asking.js";
import { RULE, linked } from "./rule-links.js";
import { el, prettyMove } from "./cards.js";
import { fourColours } from "./keep.js";
import { keepLesson, lessonsLearned } from "./learned.js";
import { arrowKeys, renderInterlude, renderTable, rovingTabs } from "./tables.js";

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
    this.asking = null;  // the reader's move at a "you" step (asking.js)
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
        this.steps.open = true;
        this.board.hidden = false;  // for its message; "Start the lesson" tries again
        this.say(`This lesson could not be loaded (${error.message}): its steps in text are below.`, "refusal");
        throw error;
      });
    return this.loading;
  }

  build() {
    const root = this.root;
    root.classList.add("rw-enhanced");
    // The steps in text, folded away under the widget (render.py): its answers are not shown first.
    this.steps = root.querySelector(".rules-lesson__script");
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
    // At the top of the box, under its title, so that "Start the lesson" comes first.
    const title = root.querySelector("figcaption");
    if (title) title.after(ui);
    else root.prepend(ui);
    this.ui = ui;
    for (const part of [this.nextButton, this.showButton, this.againButton, this.board]) part.hidden = true;
    ui.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.asking?.cancel();
    });
    // A touch screen has no Escape key: a question's prompts say what a finger does instead.
    ui.addEventListener("pointerdown", (event) => { this.touch = event.pointerType === "touch"; }, true);
    ui.addEventListener("keydown", () => { this.touch = false; }, true);
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
    if (!["deal", "say", "move", "rest"].includes(this.frame.kind)) return;
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
    this.asking = frame.kind === "you" ? new Asking({ ...frame, table: this.tableNow() }, this) : null;
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
      para(`Right: ${frame.said || `${prettyMove(frame.move)}.`}`, "rw-lesson__right");
    } else if (frame.kind === "move") {
      para(frame.said || `${frame.seat === null || frame.seat === undefined ? "" : `${name(frame.seat)}: `}${prettyMove(frame.move)}.`, "rw-lesson__move");
      if (frame.text) para(frame.text);
    } else if (frame.kind === "you") {
      const head = para("", "rw-lesson__ask");
      head.append(el("strong", null, "Your move. "), ...linked(frame.text));
    } else if (frame.kind === "rest") {
      // One line first: how many moves, and how the hand ended; the moves themselves below.
      const count = frame.moves.length;
      const ended = frame.table.interlude?.title || frame.table.result;
      para(`${this.lesson.seats > 1 ? "The bots play" : "The bot plays"} out the rest of the hand in ${count} move${count === 1 ? "" : "s"}, listed below${ended ? `. ${ended.replace(/\.$/, "")}` : ""}.`);
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

  render() {
    const frame = this.frame;
    const table = this.tableNow();
    const asking = this.asking;
    const desc = asking ? asking.desc() : table;
    const ctx = asking ? asking.context(this.seat) : { interactive: false, viewer: this.seat };
    const focused = this.table.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    // A hand's end (its last trick, its score item by item) stays on the table through the words
    // after the move that ended it, until the reader is asked a move of the next deal.
    const ended = table.interlude && !asking;
    this.table.replaceChildren(ended ? renderInterlude(table, ctx) : renderTable(desc, ctx));
    rovingTabs(this.table);
    this.actions.replaceChildren();
    for (const [move, words, choice] of asking ? asking.buttons() : []) {
      const node = this.button(words, () => asking.attempt(move));
      Object.assign(node.dataset, choice ? { move, choice } : { move });
      this.actions.append(node);
    }
    if (focused) this.table.querySelector(`[data-key="${focused}"]`)?.focus({ preventScroll: true });
  }

  focusTable() {
    if (!this.ui.contains(document.activeElement)) return;
    const target = this.table.querySelector("button.rw-card--legal, button.rw-card") || this.actions.querySelector("button");
    (target || this.table).focus({ preventScroll: true });
  }

  focusChoice() {
    this.actions.querySelector("button[data-choice]")?.focus({ preventScroll: true });
  }

  /** Asking's answer to a legal move other than the one asked for: the lesson's reason for its own. */
  other(move) {
    const frame = this.frame;
    const why = frame.feedback[move] || `The lesson asks for another move: ${frame.text.replace(RULE, "").trim()}`;
    const said = el("span");
    said.append(`${this.sentence(move)} That is allowed, but not this time. `, ...linked(why));
    this.message.replaceChildren(said);
    this.message.dataset.kind = "prompt";
    this.message.setAttribute("aria-live", "assertive");
  }

  /** A move the reader's step allows, in the table's words as the build made them (lessons.py). */
  sentence(move) {
    const said = this.frame.said?.[move];
    if (said) return said;
    const words = prettyMove(move);
    return `${words[0].toUpperCase()}${words.slice(1)}.`;
  }

  /** A move the lesson accepts: the one asked for goes on, another it accepts takes its branch. */
  right(move) {
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
    const asking = this.asking;
    if (!asking || asking.busy) return;
    const move = asking.question.expect[0];
    asking.busy = true;
    this.render();
    for (const key of asking.shownKeys()) this.table.querySelector(`[data-key="${key}"]`)?.classList.add("rw-card--shown");
    this.say(`Here is the move: ${this.sentence(move)}`, "prompt");
    setTimeout(() => {
      asking.busy = false;
      if (this.asking === asking) this.right(move);
    }, SHOW_ME_MS);
  }
}

function item(href, text) {
  const li = el("li");
  const link = el("a", null, text);
  link.href = href;
  li.append(link);
  return li;
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
