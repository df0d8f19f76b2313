// The step-through widget: a worked example replayed by the engine at build
// time into frames, so stepping needs no Pyodide. "Play on from here" hands the
// position to the live engine. A move the example asks (``12. ? play QS {…}``)
// stops the reader stepping forward onto it: "What would you play?", answered on
// the table as at a live table (asking.js), from what the build prepared.
import { el, prettyMove } from "./cards.js";
import { fourColours, keptGame, readableHash } from "./keep.js";
import { linked } from "./rule-links.js";
import { arrowKeys, renderInterlude, renderTable, rovingTabs } from "./tables.js";

// The move asked, held as the reader builds it (asking.js): fetched only when a question is asked.
const asking = () => import("./asking.js");

const SHOW_ME_MS = 700;  // how long "Show me" marks the move before playing it

// The live table below an example (play.js), fetched when the reader plays on.
const table = () => import("./play.js");

export class Stepper {
  constructor(root) {
    this.root = root;
    this.id = root.id;
    this.game = root.dataset.game;
    // The frames are inline (data-frames) or a file beside the page (data-frames-src), fetched
    // by load() when the example comes near the view; meanwhile their number (data-frame-count)
    // keeps the counter and the links right, and step 0 shows the build's drawing. A step is a
    // frame: a move that ends a hand gives two, the hand's end and then the next deal.
    this.frames = root.dataset.frames ? JSON.parse(root.dataset.frames) : null;
    this.count = this.frames ? this.frames.length : Number(root.dataset.frameCount || 1);
    this.record = JSON.parse(root.dataset.record);
    this.loading = null;
    this.step = 0;
    this.asking = null;         // the question being asked (asking.js), at this.step
    this.praise = null;         // "Right: …", said with the step a right answer played
    this.answered = new Set();  // the steps whose question the reader answered or passed, this visit
    this.build();
    const linked = this.stepFromHash();
    this.go(linked?.step ?? 0, false);
    if (linked) root.scrollIntoView({ block: "start" });
    // A game played on from here and left for another page is on its table again; a link to play
    // on from a step is the game this tab played on from it, if it kept one (Back after sharing it).
    const kept = keptGame(this.game, `${this.id}-live`);
    const live = linked && !linked.bad && linked.live;
    if (linked?.bad) this.notice.textContent = linked.bad;
    else if (location.hash.startsWith(`#${this.id}-live/`)) this.playNewDeal();  // a link wins, as at any table
    else if (kept && (!live || kept.link === `#${this.id}/${linked.step}/live`)) this.playFromHere(kept);
    else if (live) this.playFromHere();
  }

  /** The frames, fetched once (resolves at once when they are there). */
  load() {
    if (this.frames) return Promise.resolve(this.frames);
    // The path is from the site's root, the folder above this script's (the page's own address
    // may not have changed yet during an instant navigation).
    this.loading ||= fetch(new URL(`../${this.root.dataset.framesSrc}`, import.meta.url))
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      })
      .then((frames) => {
        this.frames = frames;
        this.count = frames.length;
        this.go(this.step, false);
        return frames;
      })
      .catch((error) => {
        this.loading = null;
        // The static list of moves is the example still.
        for (const part of this.root.querySelectorAll(".rules-example__moves, .rules-example__end")) part.hidden = false;
        this.notice.textContent = `The steps of this example could not be loaded (${error.message}): its moves are listed below.`;
        throw error;
      });
    return this.loading;
  }

  build() {
    const root = this.root;
    root.classList.add("rw-enhanced");
    // The static list of moves stays in the page for print and for readers without scripts.
    for (const part of root.querySelectorAll(".rules-example__moves, .rules-example__start, .rules-example__end")) part.hidden = true;
    const ui = el("div", "rw-stepper");
    ui.classList.toggle("rw-four-colour", fourColours());
    ui.tabIndex = 0;
    ui.setAttribute("aria-label", "Worked example: use the arrow keys to step");
    const bar = el("div", "rw-toolbar");
    this.buttons = {
      first: this.button("|◀", "First step", () => this.go(0)),
      prev: this.button("◀", "Previous step", () => this.go(this.step - 1)),
      next: this.button("▶", "Next step", () => this.go(this.step + 1)),
      last: this.button("▶|", "Last step", () => this.go(this.count - 1)),
    };
    this.counter = el("span", "rw-counter");
    this.playOn = el("button", "rw-button rw-button--play-on", "Play on from here");
    this.playOn.type = "button";
    this.playOn.addEventListener("click", () => this.playFromHere());
    this.showButton = el("button", "rw-button rw-button--show", "Show me");
    this.showButton.type = "button";
    this.showButton.hidden = true;
    this.showButton.addEventListener("click", () => this.showMe());
    bar.append(...Object.values(this.buttons), this.counter, this.showButton, this.playOn);
    this.commentary = el("p", "rw-commentary");
    this.commentary.setAttribute("aria-live", "polite");
    this.notice = el("p", "rw-message");
    this.notice.setAttribute("role", "status");
    this.actions = el("div", "rw-actions");
    this.actions.setAttribute("role", "group");
    this.actions.setAttribute("aria-label", "Your choices");
    this.table = el("div", "rw-table-area");
    arrowKeys(this.table);
    ui.append(bar, this.notice, this.commentary, this.actions, this.table);
    ui.addEventListener("keydown", (event) => {
      // Keys on the table's cards move among them while a question is asked (tables.js arrowKeys).
      if (event.defaultPrevented) return;
      if (event.key === "Escape" && this.asking?.cancel()) return event.preventDefault();
      if (this.asking && this.table.contains(event.target)) return;
      const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
      if (event.key in moves) this.go(this.step + moves[event.key]);
      else if (event.key === "Home") this.go(0);
      else if (event.key === "End") this.go(this.count - 1);
      else return;
      event.preventDefault();
    });
    root.append(ui);
    this.ui = ui;
    // A touch screen has no Escape key: a question's prompts say what a finger does instead.
    ui.addEventListener("pointerdown", (event) => { this.touch = event.pointerType === "touch"; }, true);
    ui.addEventListener("keydown", () => { this.touch = false; }, true);
  }

  button(symbol, label, action) {
    const node = el("button", "rw-button", symbol);
    node.type = "button";
    node.setAttribute("aria-label", label);
    node.title = label;
    node.addEventListener("click", action);
    return node;
  }

  /** The step a link names (#example-1/12, or #example-1/12/live to play on from it), said
   *  plainly when the link names no step of this example. */
  stepFromHash() {
    const prefix = `#${this.id}/`;
    if (!location.hash.startsWith(prefix)) return null;
    const match = location.hash.slice(prefix.length).match(/^(\d{1,6})(\/live)?$/);
    const last = this.count - 1;
    if (match && Number(match[1]) <= last) return { step: Number(match[1]), live: !!match[2] };
    const asked = readableHash(location.hash.slice(prefix.length));
    return { step: 0, bad: `This link asks for step “${asked}”, which this example does not have (its steps go from 0 to ${last}): here is its start.` };
  }

  go(step, updateHash = true) {
    // One step forward onto a move the example asks: the question first. Pressed again while it
    // is asked, the step plays without an answer; any other step leaves it.
    if (!this.frames && updateHash && step === this.step + 1) {
      this.load().then(() => this.go(step)).catch(() => {});  // its question first, if it has one
      return;
    }
    const asked = this.frames?.[this.step]?.question;
    if (asked && step === this.step + 1 && updateHash && !this.answered.has(this.step)) {
      if (!this.asking) return this.ask();
      this.answered.add(this.step);
    }
    this.asking = null;
    this.showButton.hidden = true;
    this.actions.replaceChildren();
    if (updateHash) this.notice.textContent = "";
    const last = this.count - 1;
    this.step = Math.max(0, Math.min(step, last));
    this.counter.textContent = `Step ${this.step} of ${last}`;
    this.buttons.first.disabled = this.buttons.prev.disabled = this.step === 0;
    this.buttons.next.disabled = this.buttons.last.disabled = this.step === last;
    if (updateHash) history.replaceState(null, "", `#${this.id}/${this.step}`);
    if (!this.frames) {
      // Until the frames arrive: the build's drawing of the deal at step 0, else a word.
      const start = this.root.querySelector(".rules-example__start");
      if (this.step === 0 && start) {
        this.commentary.textContent = "The deal, before the first move.";
        start.hidden = false;
        this.table.replaceChildren(start);
      } else {
        this.commentary.textContent = "Loading this step…";
        this.table.replaceChildren();
      }
      this.playOn.disabled = this.step === last;
      if (this.step !== 0 || updateHash) this.load().catch(() => {});
      return;
    }
    const frame = this.frames[this.step];
    const table = frame.table;
    // The engine writes the line (rules_engine/host.py frames_of): the move, its comment and what it did.
    this.commentary.replaceChildren(...linked(frame.said));
    if (this.praise) this.commentary.prepend(el("strong", "rw-stepper__right", this.praise));
    this.praise = null;
    const ctx = { interactive: false, viewer: 0 };
    this.table.replaceChildren(table.interlude ? renderInterlude(table, ctx) : renderTable(table, ctx));
    this.playOn.disabled = table.is_over;
  }

  // ---- a question: the next move asked of the reader ------------------------------------------

  async ask() {
    const at = this.step;
    const { Asking } = await asking();
    if (this.asking || this.step !== at) return;  // asked already, or stepped elsewhere meanwhile
    const frame = this.frames[at];
    const question = frame.question;
    this.asking = new Asking({
      table: { ...frame.table, moves: question.moves, selection: question.selection ?? frame.table.selection },
      expect: [question.expect], legal: question.legal, refusals: question.refusals, built: question.built,
    }, this);
    const player = frame.table.seats > 1 ? `You are ${frame.table.players[question.seat]}: ` : "";
    const ask = el("strong", "rw-stepper__ask", "What would you play? ");
    this.commentary.replaceChildren(ask, `${player}make the move on the table, press “Show me”, or ▶ to see it played.`);
    this.notice.textContent = "";
    this.showButton.hidden = false;
    this.render();
    const hadFocus = this.ui.contains(document.activeElement);
    if (hadFocus) (this.table.querySelector("button.rw-card--legal, button.rw-card") || this.showButton).focus({ preventScroll: true });
  }

  /** The table while a question is asked, as the reader picks its cards. */
  render() {
    const asking = this.asking;
    if (!asking) return;
    const question = this.frames[this.step].question;
    const focused = this.table.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    this.table.replaceChildren(renderTable(asking.desc(), asking.context(0, question.seat)));
    rovingTabs(this.table);
    this.actions.replaceChildren();
    for (const [move, words, choice] of asking.buttons()) {
      const node = el("button", "rw-button", words);
      node.type = "button";
      Object.assign(node.dataset, choice ? { move, choice } : { move });
      node.addEventListener("click", () => asking.attempt(move));
      this.actions.append(node);
    }
    if (focused) this.table.querySelector(`[data-key="${focused}"]`)?.focus({ preventScroll: true });
  }

  say(text, kind = "news", rule = null) {
    this.notice.replaceChildren(text);
    this.notice.dataset.kind = kind;
    if (rule && document.getElementById(rule)) {
      const link = el("a", "rw-rule-link", "See the rule");
      link.href = `#${rule}`;
      this.notice.append(" ", link);
    }
  }

  focusChoice() {
    this.actions.querySelector("button[data-choice]")?.focus({ preventScroll: true });
  }

  /** The move the example plays: the step goes on, with "Right". */
  right(move) {
    this.praise = `Right: ${prettyMove(move)}. `;
    const hadFocus = this.ui.contains(document.activeElement);
    this.go(this.step + 1);
    if (hadFocus) this.buttons.next.focus({ preventScroll: true });
  }

  /** Another legal move: allowed, and the example's reason for its own. */
  other(move) {
    const reason = this.frames[this.step].question.reason;
    const said = el("span");
    said.append(`${prettyMove(move)} is allowed, but the example plays another move. `, ...(reason ? ["Its reason: ", ...linked(reason)] : ["Try again, or press “Show me”."]));
    this.notice.replaceChildren(said);
    this.notice.dataset.kind = "prompt";
  }

  /** "Show me": the move marked on the table, then played. */
  showMe() {
    const asking = this.asking;
    if (!asking || asking.busy) return;
    asking.busy = true;
    this.render();
    for (const key of asking.shownKeys()) this.table.querySelector(`[data-key="${key}"]`)?.classList.add("rw-card--shown");
    const move = asking.question.expect[0];
    this.say(`Here is the move: ${prettyMove(move)}.`, "prompt");
    setTimeout(() => {
      if (this.asking !== asking) return;
      this.answered.add(this.step);
      this.go(this.step + 1);
    }, SHOW_ME_MS);
  }

  /** Hands this step to the live engine (or, with ``kept``, the game played on from it that the
   *  reader left for another page). */
  /** The table below the example where the reader plays on. */
  liveRoot() {
    let live = this.root.querySelector(".rw-live");
    if (!live) {
      live = el("div", "rw-live");
      live.id = `${this.id}-live`;
      live.dataset.game = this.game;
      this.root.append(live);
    }
    return live;
  }

  /** A new deal dealt at that table and shared (#example-1-live/SEED/CODE): the table opens it. */
  async playNewDeal() {
    const { NEW_DEAL, PlayWidget } = await table();
    new PlayWidget(this.liveRoot(), { title: NEW_DEAL }).start();
  }

  async playFromHere(kept = null) {
    const { PlayWidget } = await table();
    const live = this.liveRoot();
    if (kept) {
      new PlayWidget(live, { record: kept.record, resume: kept, human: kept.human, title: kept.title, link: kept.link }).start();
      return;
    }
    if (!this.frames) await this.load();
    const frame = this.frames[this.step];
    const record = { ...this.record, moves: this.record.moves.slice(0, frame.step) };
    const human = frame.table.to_act ?? 0;
    const widget = new PlayWidget(live, {
      record: JSON.stringify(record),
      link: `#${this.id}/${this.step}/live`,
      human,
      title: `Playing on from step ${this.step}` + (frame.table.seats > 1 ? `: you are ${frame.table.players[human]}.` : "."),
    });
    widget.start();
    live.scrollIntoView({ block: "nearest" });
  }
}
