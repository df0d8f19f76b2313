// A play block's first deal, on the table while the engine loads. The build replays the block's
// deal (its game, options, seed and seat) to the reader's first turn and writes what the reader's
// seat is shown on the way, and nothing more, to a file beside the page (rules_engine.prepared.opening),
// as it does a worked example's frames: the reply to the deal, then to each bot's move before the
// reader's turn. The play widget draws the deal as soon as it is fetched, marked as not yet live
// (rw-play--early, data-first-deal="drawn"), with the loading bar saying what is loading, and the
// bots' moves one at a time at the reader's pace (pace.js), each in the move log. The reader's first
// move (a card, a button, the move list) is answered at once from the build's answer to it (the
// reply's "answers" name a file for each move the table offers, rules_engine.prepared.answers): the
// reader's move and the bots' replies up to the reader's next turn, drawn as the live table draws
// them. Only the answer to the move made is fetched, as the others would tell what the bots would
// have played. Where the build went a second turn deep, the next move is answered so too; a move
// with no answer (one built card by card, or past the answers) is kept and shown as waiting. Once
// the engine is up it deals the same block live and replays the reader's moves, and if its last
// reply is the one drawn the widget goes on from it and plays the kept move; if not, the drawing
// is dropped and the widget deals as it would have without it. Loaded by the widget when it
// starts, so a page that never reaches its table does not fetch it.
import { cardLabel, el, prettyMove } from "./cards.js";
import { onStatus, request, status } from "./engine.js";
import { pace } from "./pace.js";
import { updateHash } from "./play-links.js";
import { pickAgain } from "./selection.js";
import { builtSelection, clicksOf } from "./tables.js";

const EARLY = "rw-play--early";
// What a reply of the engine's and the build's file have in common (rules_engine.host.OPENING_KEYS).
const KEYS = ["view", "table", "human", "step", "last", "result", "log"];

/** JSON with every object's keys in order, so that two replies compare whatever their keys' order. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export const opening = (reply) => canonical(Object.fromEntries(KEYS.map((key) => [key, reply[key]])));

/** The card that starts ``move`` on ``table`` ("zone/index"), or null. */
function cardOf(table, move) {
  for (const [key, starts] of clicksOf(table).byCard) if (starts.some((start) => start.move === move)) return key;
  return null;
}

/** What a table drawn before the engine is: the widget's ``early`` (its render and attempt call on it
 *  while it is not live), its state on the widget (data-first-deal), a note under the loading bar,
 *  and no move or toolbar button taken until it ends. */
class EarlyTable {
  constructor(widget, note = "") {
    this.widget = widget;
    widget.early = this;
    this.note = el("span", "rw-loading__note", note);
  }

  setState(state) {
    this.state = state;
    this.widget.root.dataset.firstDeal = state;
  }

  /** The reader's turn begins when the engine deals it (the tests and benchmarks wait for this class). */
  lock() {
    this.widget.root.classList.remove("rw-play--your-turn");
    for (const button of Object.values(this.widget.buttons)) button.disabled = true;
  }

  /** A move built card by card while the table is not live: the engine's answer, or null (said why). */
  select() {
    this.widget.say("Your game goes on as soon as the engine is ready.", "prompt");
    return null;
  }

  end(state) {
    this.setState(state);
    this.unsubscribe?.();
    this.widget.root.classList.remove(EARLY);
    this.note.remove();
    if (this.widget.early === this) this.widget.early = null;
  }
}

export class FirstDeal extends EarlyTable {
  /** The first deal of ``widget``'s block from the build's file (``response``, fetched by the widget
   *  as it loaded this module); null if the engine is up already (after an instant navigation it
   *  deals in a few milliseconds). */
  static start(widget, response) {
    return status.state !== "ready" && status.state !== "failed" ? new FirstDeal(widget, response) : null;
  }

  constructor(widget, response) {
    super(widget);
    this.setState("fetching");  // then drawn, and live or dropped; failed if the engine never comes
    this.kept = null;
    (response.ok ? response.json() : Promise.resolve(null)).then((replies) => this.draw(replies), () => this.draw(null));
    this.unsubscribe = onStatus((now) => now.state === "failed" && this.engineFailed());
  }

  draw(replies) {
    const widget = this.widget;
    if (this.state !== "fetching") return;
    if (!Array.isArray(replies) || !replies[0]?.table || !widget.root.isConnected) return this.end("dropped");
    this.reply = replies[replies.length - 1];  // the reader's first turn
    this.played = [];  // the reader's moves answered from the build's files
    this.setState("drawn");
    widget.root.classList.add(EARLY);
    widget.loading.append(this.note);
    // Drawn by the widget itself, so that a card, a choice or the move list behave as they will live.
    this.drawn = this.showInTurn(replies);
  }

  /** Replies drawn one at a time, at the reader's pace, as the live table draws the bots' moves; at
   *  the instant pace only the last is drawn (each drawing lays out the page again: 30-60 ms with a
   *  phone's CPU), the others going to the move log. ``drawLast`` false: the caller draws the last
   *  itself. False if the table was taken meanwhile. */
  async showInTurn(replies, drawLast = true) {
    const widget = this.widget;
    const each = pace() !== "instant";
    for (const [index, reply] of replies.entries()) {
      if (index) await widget.pace.before();
      if (this.state !== "drawn") return false;
      const last = index === replies.length - 1;
      widget.show(reply, true, last ? drawLast : each);
    }
    return true;
  }

  /** Called at the end of the widget's render: a table not yet live takes a first move, and only that. */
  afterRender() {
    if (this.state !== "drawn") return;
    const widget = this.widget;
    this.lock();
    this.note.textContent = this.kept ? "Your move waits for the engine."
      : widget.desc !== this.reply.table ? (this.played.length ? "The other players answer your move." : "The cards are dealt, and the players before you play.")
        : !this.readersTurn() ? "The game goes on as soon as the engine is ready."
          : `${this.played.length ? "Choose your next move" : "The cards are dealt: choose your move"} now${this.reply.answers ? "." : ", and it is played as soon as the engine is ready."}`;
    if (this.keptCard) widget.table.querySelector(`[data-key="${CSS.escape(this.keptCard)}"]`)?.classList.add("rw-card--pending");
  }

  readersTurn() {
    const table = this.reply.table;
    return table.to_act === this.widget.human && !table.is_over && !table.interlude;
  }

  /** Whether the reader's move is answered from the build's files now: the reader's turn, drawn, not
   *  yet going live, no move kept or being answered. */
  answerable() {
    return this.state === "drawn" && !this.kept && !this.answering && !this.going && this.readersTurn();
  }

  /** The widget's attempt at ``move`` while the table is not live: refused as the engine would refuse
   *  it, or answered from the build's file if it has one (unless it opens a list of choices, which Back
   *  must be able to leave), else kept, to play once the engine is ready. */
  keep(move, opens = false) {
    const widget = this.widget;
    if (this.state !== "drawn" || this.kept || this.answering || !this.readersTurn()) return;
    const refusal = !this.going && this.reply.refusals?.[move];
    if (refusal) {
      widget.render();
      return widget.showError(refusal);
    }
    const src = !opens && !this.going && this.reply.answers?.[move];
    if (src) {
      this.drawn = this.answer(move, src);
      return;
    }
    this.kept = move;
    this.keptCard = cardOf(widget.desc, move);
    widget.busy = true;  // nothing else is taken meanwhile
    widget.say(`Your move, ${prettyMove(move)}, is played as soon as the engine is ready.`);
    widget.render();
  }

  /** The table's selection for the cards ``picked`` (and the ``target``) of a move built card by card,
   *  as the engine's "select" would reply, from the moves the build listed with their cards (the reply's
   *  ``built``, rules_engine.prepared.turn_offers); a card that starts no move gets the engine's refusal
   *  (``unpicked``). Null where the build listed none, or the move would wait for the engine anyway:
   *  the reader is told so. */
  select(picked, target) {
    const { built, unpicked, table } = this.reply;
    if (!this.answerable() || !built || !table.selection) {
      this.widget.say("Moves of several cards are built once the engine is ready: it is loading.", "prompt");
      return null;
    }
    const selection = builtSelection(table.selection, built, picked, target);
    const alone = picked.length === 1 && target === null && unpicked?.[picked[0]];
    if (alone || (picked.length && !selection.next.length && !selection.finish.length && !selection.targets.length)) {
      selection.refused = alone || { reason: `the ${picked.map(cardLabel).join(", ")} make no move together`, rule: null };
    }
    return { ok: true, table: { ...table, selection } };
  }

  /** Draws the build's answer to the reader's ``move`` (the file ``src``): the reader's move, then the
   *  bots' replies one at a time; kept to play live instead if the file cannot be had. */
  async answer(move, src) {
    const widget = this.widget;
    // Asked for before the table is drawn busy, so that the drawing and the round trip overlap.
    const answered = fetch(new URL(`../${src}`, import.meta.url)).then((r) => (r.ok ? r.json() : null)).catch(() => null);
    this.answering = widget.busy = true;
    widget.render();
    const replies = await answered;
    widget.busy = false;
    if (this.state !== "drawn") return;
    if (!Array.isArray(replies) || !replies[0]?.table) {
      this.answering = false;
      this.reply = { ...this.reply, answers: null };
      return this.keep(move);
    }
    this.played.push(move);
    this.reply = replies[replies.length - 1];
    widget.selected = null;
    widget.say("");
    if (!await this.showInTurn(replies, false)) return;
    this.answering = false;
    widget.render();
    widget.root.dispatchEvent(new Event("rw-first-answer"));  // the page's other widgets may start (main.js)
  }

  /** Once the engine is ready: deals the block live. True if the engine's table is the one drawn (the
   *  widget goes on from it, and plays the kept move); false if it is not, or none was drawn (the
   *  widget then deals as it would have without it). */
  async goLive() {
    if (this.state !== "drawn") {
      this.end("dropped");
      return false;
    }
    const widget = this.widget;
    // The moves drawn so far are all shown first (the bots' before the reader's turn, and an answer).
    for (let shown = null; shown !== this.drawn;) await (shown = this.drawn);
    this.going = true;  // a move made from now on waits for the engine
    const reply = await this.dealLive();
    const same = reply.ok && opening(reply) === opening(this.reply);
    const building = same && !this.kept ? widget.desc?.selection : null;  // cards picked meanwhile
    this.end(same ? "live" : "dropped");
    widget.stopBots();  // also frees the table a kept move held
    widget.selected = null;
    if (!same) {
      widget.view = widget.desc = null;  // no click reaches the engine's other deal until it is drawn
      widget.say(this.kept || this.played.length ? "The table dealt differs from the one drawn while the engine loaded: the deal starts again." : "");
      return false;
    }
    widget.badLink = null;
    widget.readerHasMoved = this.played.length > 0;
    widget.interlude = null;
    widget.say("");
    widget.show(reply);
    if (this.played.length) {
      updateHash(widget);
      widget.remember();
    }
    if (this.kept) await widget.play(this.kept);
    else if (building?.picked.length) await pickAgain(widget, building.picked, building.target);
    return true;
  }

  /** The block's deal opened in the engine, the bots' moves before the reader's first turn, and each
   *  move of the reader's answered from the build with the bots' replies to it, as the widget asks for
   *  them (play.js: open, attempt, runBots), without drawing them: the table drawn stays. */
  async dealLive() {
    const widget = this.widget;
    // A block that names no seed has its first deal drawn from one the build chose.
    const first = widget.seed ?? (widget.root?.dataset.firstSeed !== undefined ? Number(widget.root.dataset.firstSeed) : null);
    const seed = first !== null ? { seed: first } : {};
    let reply = await request("open", {
      session: widget.session, game: widget.game, human: widget.human, ...widget.seats, options: widget.options, ...seed,
    });
    for (let next = 0; ; next++) {
      while (reply.ok && !reply.table.is_over && !reply.table.interlude && reply.table.to_act !== widget.human) {
        reply = await request("bot", { session: widget.session });
      }
      if (!reply.ok || next === this.played.length) return reply;
      reply = await request("move", { session: widget.session, move: this.played[next] });
    }
  }

  /** The engine did not load: the deal stays in view, but nothing is played on it. */
  engineFailed() {
    if (this.state !== "drawn" && this.state !== "fetching") return;
    const drawn = this.state === "drawn";
    this.end("failed");
    if (!drawn) return;
    this.widget.busy = true;
    this.widget.render();
    if (this.kept) this.widget.say(`${prettyMove(this.kept)} could not be played.`, "refusal");
  }

}


/** A game kept in the reader's tab (keep.js), drawn as it was left while the engine loads, marked as
 *  not yet live (data-first-deal="kept"): nothing is played on it until the engine has opened the
 *  game again from its record (play.js, reopen), which ends it. */
export class KeptTable extends EarlyTable {
  static start(widget, shown) {
    return status.state !== "ready" && status.state !== "failed" && shown?.table ? new KeptTable(widget, shown) : null;
  }

  constructor(widget, shown) {
    super(widget, "Your game, as you left it: it goes on as soon as the engine is ready.");
    this.setState("kept");
    widget.root.classList.add(EARLY);
    widget.loading.append(this.note);
    widget.show(shown);
  }

  afterRender() {
    if (this.state === "kept") this.lock();
  }

  keep() {
    this.widget.say("Your game goes on as soon as the engine is ready.", "prompt");
  }
}
