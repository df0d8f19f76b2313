// The play widget: a seeded deal against bots, played by click, tap or
// keyboard, with undo, hints, a share link, the engine's reasons for any
// refused move, the bots' moves at the reader's pace (pace.js) and every move
// in the move log (movelog.js). All rules come from the engine in the worker;
// the table is drawn from its description (tables.js), whatever the game.
// Loaded by main.js when a play block comes near the view, with what it imports.
import { cardLabel, el, prettyMove } from "./cards.js";
import { onStatus, request, startEngine } from "./engine.js";
import { clearSelection, finishing, selectionClick, whyNotPicked } from "./selection.js";
import { arrowKeys, choicesOf, chosenText, clicksOf, renderInterlude, renderTable, rovingTabs } from "./tables.js";
import { fourColours, keepGame, keptGame } from "./keep.js";
import { MoveLog } from "./movelog.js";
import { Pace } from "./pace.js";
import { linkFromHash, offerOptions, share, updateHash } from "./play-links.js";

export const NEW_DEAL = "A new deal.";
const AFRESH = "Later hands are dealt afresh: the worked example fixes only the cards of its own deal.";
// Every table made on this page, so that those an instant navigation took away stop and close.
const tables = new Set();
let tablesMade = 0;

/** ``root``'s table, made once whoever asks first (main.js; early.js, on a link that names it,
 *  while the page still parses), and started. */
export function startTable(root) {
  root.rwWidget ??= new PlayWidget(root);  // the browser tests and benchmarks read its table description
  return root.rwWidget.start();
}

export class PlayWidget {
  constructor(root, { record = null, human = null, title = null, link = null, resume = null } = {}) {
    for (const table of tables) if (!table.root.isConnected || table.root === root) table.dispose();
    tables.add(this);
    root.rwWidget = this;
    this.root = root;
    this.id = root.id;
    this.game = root.dataset.game;
    // The engine's session: one per table made, so that a table an instant navigation took away
    // (its bots may still be thinking) never plays in another page's game of the same id.
    this.session = `${this.game}/${this.id}/${++tablesMade}`;
    this.human = human ?? Number(root.dataset.seat || 0);
    this.seed = root.dataset.seed !== undefined ? Number(root.dataset.seed) : null;
    // The number of players the block asks for; without it, the game's default.
    this.seats = root.dataset.seats !== undefined ? { seats: Number(root.dataset.seats) } : {};
    this.record = record;
    this.title = title;
    // A play block's own heading, drawn by the build: kept when the table replaces the block's text,
    // so that a link to the table ("Play a real hand") lands on words saying what it is.
    root.dataset.heading ??= root.querySelector(".rules-widget__title")?.textContent ?? "";
    this.link = link;  // a position played on from an example is shared as the example's step
    // The game a table played on from an example left in this tab, given by its stepper (a table
    // of its own finds its game when it starts).
    this.resume = resume;
    this.options = {};  // the game's options chosen in the toolbar, as the engine names them
    // A play block's own options (a later hand of a compendium, a variant), until the reader changes them.
    this.blockOptions = root.dataset.options ? JSON.parse(root.dataset.options) : {};
    this.view = null;
    this.desc = null;
    this.selected = null;
    this.busy = false;
    this.generation = 0;
    this.build();
  }

  build() {
    const root = this.root;
    root.classList.add("rw-play");
    root.classList.toggle("rw-four-colour", fourColours());
    root.replaceChildren();
    const bar = el("div", "rw-toolbar");
    this.buttons = {
      deal: this.button("New deal", () => this.newDeal()),
      undo: this.button("Undo", () => this.undo()),
      hint: this.button("Hint", () => this.hint()),
      share: this.button("Share link", () => share(this)),
    };
    this.pace = new Pace(this);
    const colours = el("label", "rw-toggle");
    this.colourBox = document.createElement("input");
    this.colourBox.type = "checkbox";
    this.colourBox.checked = fourColours();
    this.colourBox.addEventListener("change", () => {
      fourColours(this.colourBox.checked);
      for (const node of document.querySelectorAll(".rw-play, .rw-stepper, .rw-lesson")) node.classList.toggle("rw-four-colour", this.colourBox.checked);
    });
    colours.append(this.colourBox, " Four-colour suits");
    this.optionsBox = el("span", "rw-options");
    bar.append(...Object.values(this.buttons), this.optionsBox, this.pace.control, colours);
    this.heading = el("p", "rw-title", this.title || root.dataset.heading);
    this.loading = el("div", "rw-loading");
    this.progress = el("progress", "rw-loading__bar");
    this.loadingText = el("span", "rw-loading__text", "The card table starts when you reach it.");
    this.loading.append(this.progress, this.loadingText);
    this.startButton = this.button("Deal a hand", () => this.start());
    this.loading.append(this.startButton);
    this.table = el("div", "rw-table-area");
    this.table.tabIndex = -1;
    this.table.setAttribute("role", "region");
    this.table.setAttribute("aria-label", "Card table");
    arrowKeys(this.table);
    this.actions = el("div", "rw-actions");
    this.actions.setAttribute("role", "group");
    this.actions.setAttribute("aria-label", "Your choices");
    this.status = el("p", "rw-status");
    this.status.setAttribute("aria-live", "polite");
    // A refusal, a prompt or a piece of news (say): each looks its own, and only a refusal interrupts.
    this.message = el("p", "rw-message");
    this.message.setAttribute("aria-live", "polite");
    this.list = el("div", "rw-move-list");
    this.select = document.createElement("select");
    this.select.id = `${this.id}-moves`;
    const label = el("label", null, "All legal moves: ");
    label.htmlFor = this.select.id;
    this.listButton = this.button("Play", () => this.select.value && this.attempt(this.select.value));
    this.list.append(label, this.select, this.listButton);
    this.log = new MoveLog(this);
    // The score sheet under the reader's buttons, which stay by the cards (tables.js draws it here).
    this.scores = el("div", "rw-play__scores");
    root.append(this.heading, bar, this.loading, this.status, this.message, this.table, this.actions, this.scores, this.list, this.log.panel);
    this.setEnabled(false);
    root.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || clearSelection(this)) return;
      if (this.selected) {
        this.selected = null;
        this.say("Selection cancelled.");
        this.render();
      } else if (this.openedChoice) this.backOut();
    });
    // A touch screen has no Escape key: prompts say what a finger does instead.
    root.addEventListener("pointerdown", (event) => { this.touch = event.pointerType === "touch"; }, true);
    root.addEventListener("keydown", () => { this.touch = false; }, true);
    this.unsubscribe = onStatus((status) => this.showStatus(status));
  }

  button(text, action) {
    const node = el("button", "rw-button", text);
    node.type = "button";
    node.addEventListener("click", () => action());
    return node;
  }

  /** Says ``text`` under the status: a "refusal" (a move not allowed), a "prompt" (what to do next)
   *  or "news" (what happened), each styled its own. News goes once the table moves on. */
  say(text, kind = "news") {
    this.message.replaceChildren(text);
    this.message.dataset.kind = kind;
    this.message.setAttribute("aria-live", kind === "refusal" ? "assertive" : "polite");
  }

  /** How the reader takes back a card chosen, in words, by the way they play. */
  cancelWords(what = "tap it again") {
    return this.touch ? `or ${what}` : "or press Escape";
  }

  setEnabled(enabled) {
    for (const node of [...Object.values(this.buttons), this.select, this.listButton]) node.disabled = !enabled;
  }

  showStatus(status) {
    if (status.state === "loading") {
      this.loading.hidden = false;
      this.startButton.hidden = true;
      this.loadingText.textContent = status.stage === "engine" ? "Loading the rules engine…" : "Loading Python in your browser…";
    } else if (status.state === "failed") {
      this.loading.hidden = false;
      this.progress.hidden = true;
      this.startButton.hidden = true;
      this.loadingText.textContent = `${status.error} The rules and the worked examples on this page still work.`;
      this.root.classList.add("rw-play--failed");
    } else if (status.state === "ready") {
      this.loading.hidden = true;
    }
  }

  /** Start the engine and deal (called when the widget comes near the viewport). */
  async start() {
    if (this.started) return;
    this.started = true;
    const link = linkFromHash(this);
    // A seeded block's first deal, drawn from the build while the engine loads (first-deal.js, loaded only then).
    // A game kept in the tab is drawn as it was left, from what it kept (first-deal.js, KeptTable).
    const kept = !link && !this.record ? keptGame(this.game, this.id) : null;
    const src = !link && !this.record && !kept && this.root.dataset.openingSrc;
    const early = src ? Promise.all([import("./first-deal.js"), fetch(new URL(`../${src}`, import.meta.url))])
      .then(([{ FirstDeal }, response]) => FirstDeal.start(this, response)).catch(() => null)
      : kept?.shown ? import("./first-deal.js").then(({ KeptTable }) => KeptTable.start(this, kept.shown)).catch(() => null) : null;
    try {
      await startEngine();
    } catch {
      return;
    }
    // A table taken away while the engine loaded (an instant navigation) deals nothing.
    if (this.disposed || !this.root.isConnected) return;
    // A link's options are the table's own, changed by those the link names.
    const linked = link && !link.bad ? { ...this.blockOptions, ...link.options } : null;
    const resume = link ? null : this.record ? this.resume : keptGame(this.game, this.id);
    if (!this.record) await offerOptions(this, linked || resume?.options || this.blockOptions);
    if (resume && await this.reopen(resume)) return;
    if (this.record) await this.open({ record: this.record });
    else if (linked) await this.open({ seed: link.seed, share: link.share, options: linked }, link);
    else if (!(early && await (await early)?.goLive())) await this.open(this.seed !== null ? { seed: this.seed } : {}, link);
  }

  /** Opens again the game this table left in this tab; false if it cannot (it is then forgotten). */
  async reopen(kept) {
    const reply = await request("open", { session: this.session, human: this.human, record: kept.record });
    this.early?.end(reply.ok ? "live" : "dropped");
    if (!reply.ok) {
      keepGame(this.game, this.id, null);
      return false;
    }
    this.stopBots();
    this.readerHasMoved = true;
    this.interlude = null;
    this.show(reply);
    this.say("Your game, as you left it.");
    await this.runBots();
    return true;
  }

  /** Keeps this table's game in the reader's tab (see KEPT), once the reader has played in it: a
   *  table never touched deals afresh when the page is shown again. */
  async remember() {
    if (!this.readerHasMoved) return keepGame(this.game, this.id, null);
    const reply = await request("share", { session: this.session });
    if (!reply.ok) return;
    // The heading as shown (with its word on hands dealt afresh, which a reopened record no longer tells).
    keepGame(this.game, this.id, {
      record: reply.record, human: this.human, options: this.options, title: this.title ? this.heading.textContent : null, link: this.link,
      // The table as shown, to draw it again at once while the engine loads.
      shown: { view: this.view, table: this.desc, step: this.step, result: this.result, log: { from: 0, entries: this.log.entries } },
    });
  }

  /** Stops a table an instant navigation took away (or another made in its place): its bots stop
   *  and the engine forgets its game. */
  dispose() {
    this.disposed = true;
    this.stopBots();
    tables.delete(this);
    this.unsubscribe?.();
    if (this.opened) request("close", { session: this.session }).catch(() => {});
  }

  /** Stops the bots' turns in progress and any wait at a hand's end (their loop sees a new generation). */
  stopBots() {
    this.generation++;
    this.rhythmNow?.clear();
    this.pace.release();
    this.busy = false;
    const resume = this.resumeBots;
    this.resumeBots = null;
    if (resume) resume();
  }

  /** Opens a deal; a share link that cannot be opened is said so once, with a working table. */
  async open(args, link = null) {
    if (!this.record) args = { options: this.options, ...args };
    this.stopBots();
    let reply = await request("open", { session: this.session, game: this.game, human: this.human, ...this.seats, ...args });
    if (!reply.ok && link && args.share !== undefined) {
      reply = await request("open", { session: this.session, game: this.game, human: this.human, ...this.seats, seed: args.seed, options: this.options });
      link = { ...link, bad: true, seedKept: true };
    }
    this.badLink = link?.bad ? link : null;
    if (!reply.ok) {
      this.setEnabled(true);
      this.buttons.undo.disabled = this.buttons.hint.disabled = true;
      return this.showError(reply.error);
    }
    this.readerHasMoved = false;
    this.interlude = null;
    this.show(reply);
    if (this.badLink) {
      this.say(this.badLink.seedKept
        ? `This link's moves (“${this.badLink.text}”) do not fit deal ${this.badLink.seed}: here is that deal from its start.`
        : `This link (“${this.badLink.text}”) names no deal this table can open (it should read #${this.id}/NUMBER/CODE): here is a new deal.`,
      "refusal");
    }
    await this.runBots();
  }

  async newDeal() {
    this.record = null;
    if (this.link) {
      // A table played on from an example: a new deal there is an ordinary one, the reader
      // in the first seat, shared as that deal (the worked example's stepper opens its link).
      this.link = null;
      this.human = Number(this.root.dataset.seat || 0);
      this.title = null;
      this.heading.textContent = NEW_DEAL;
    }
    // A new deal is the reader's own until they share it: the address no longer names a deal.
    this.shared = false;
    if (location.hash.startsWith(`#${this.id}/`)) history.replaceState(null, "", `${location.pathname}${location.search}`);
    this.say("");
    await this.open({});  // the engine draws the seed, and keeps it until asked
  }

  /** Draws a reply; ``handEnd`` false: a hand's end in it is not shown (an undo goes back past it);
   *  ``draw`` false: takes it without drawing it (a later one is drawn at once after it). */
  show(reply, handEnd = true, draw = true) {
    this.opened = true;
    const moved = reply.step !== this.step;
    if (moved) {
      this.afterHandEnd = false;  // the status tells this hand's moves again
      if (this.message.dataset.kind === "news") this.say("");
    }
    // A move made since (not one taken back): the cards it brought into the reader's hand.
    if (moved) this.fresh = reply.step > this.step ? arrived(this.desc, reply.table, this.human) : [];
    this.view = reply.view;
    this.desc = reply.table;
    this.step = reply.step;
    this.result = reply.result;
    if (!this.log.take(reply.log)) this.fillLog();
    // A hand just ended, whoever ended it: its last trick and result stay on the table until the
    // reader goes on (the engine shows it until this seat is told of a move after it).
    if (reply.table.interlude && handEnd) this.interlude = reply.table;
    if (reply.dealt_afresh && this.title && !this.heading.textContent.includes(AFRESH)) {
      this.heading.textContent = `${this.title} ${AFRESH}`;
    }
    if (draw) this.render();
    // A real-time table's beat and reactions: timing.js, loaded only for such a game.
    if (reply.table.rhythm) {
      this.rhythm ??= import("./timing.js").then(({ Rhythm }) => {
        const rhythm = new Rhythm(this);
        this.render();  // its status: the beat waits for the reader
        return rhythm;
      });
      this.rhythm.then((r) => r.update());
    }
  }

  /** The log's entries a reply set aside left out (a bots' turn stopped by an undo), asked for again. */
  async fillLog() {
    const reply = await request("log", { session: this.session, since: this.log.entries.length });
    if (reply.ok) this.log.take(reply.log);
  }

  render() {
    const desc = this.desc;
    if (!desc) return;
    const yourTurn = desc.to_act === this.human && !desc.is_over && !this.interlude && !desc.rhythm?.live;
    const focused = this.root.contains(document.activeElement) ? document.activeElement.dataset.key || document.activeElement.dataset.move : null;
    const tableHadFocus = this.table.contains(document.activeElement) || document.activeElement === this.table;
    const ctx = {
      interactive: yourTurn && !this.busy,
      viewer: this.human,
      selected: this.selected,
      onCard: (zone, index) => this.clickCard(zone, index),
      onZone: (zone) => this.clickZone(zone),
    };
    this.scores.replaceChildren();  // a hand's end draws its own sheet
    if (this.interlude) {
      const pause = renderInterlude(this.interlude, ctx);
      const go = this.button(this.interlude.is_over ? "See the final scores" : "Next hand", () => this.leaveInterlude());
      go.dataset.move = "next-hand";
      pause.append(go);
      this.table.replaceChildren(pause);
    } else {
      this.table.replaceChildren(renderTable(desc, { ...ctx, scores: this.scores }));
      rovingTabs(this.table);
    }
    this.actions.replaceChildren();
    // The chosen card's choices (an 8's suit, a joker's card) come first, then the moves without a card.
    // (and a move of several cards picked, its finishing buttons: "Meld", "Lay off").
    const choices = yourTurn ? [...(this.selected ? choicesOf(desc, this.selected) : []), ...finishing(desc)] : [];
    for (const { move, choice, label } of [...choices, ...(yourTurn ? clicksOf(desc).buttons : [])]) {
      const node = this.button(buttonWords(choice || label || prettyMove(move)), () => this.play(move, label));
      Object.assign(node.dataset, choice ? { move, choice } : { move });
      this.actions.append(node);
    }
    if (yourTurn && this.openedChoice) {
      const back = this.button("Back", () => this.backOut());
      back.dataset.move = "back-out";
      back.setAttribute("aria-keyshortcuts", "Escape");
      this.actions.append(back);
    }
    if (this.pace.waiting) this.actions.append(this.pace.next);
    const moves = yourTurn ? this.view.moves : [];
    // The move the reader chose in the list stays chosen through a render (a status, a refusal):
    // else "Play" would play the first one.
    const chosen = this.select.value;
    this.select.replaceChildren(...moves.map((move) => {
      const option = document.createElement("option");
      option.value = move;
      option.textContent = prettyMove(move);
      return option;
    }));
    if (moves.includes(chosen)) this.select.value = chosen;
    this.list.hidden = !moves.length;
    this.setEnabled(!this.busy);
    this.buttons.undo.disabled = this.busy || !this.step;
    this.buttons.hint.disabled = this.busy || !yourTurn;
    this.select.disabled = this.listButton.disabled = this.busy || !yourTurn;
    this.root.classList.toggle("rw-play--your-turn", yourTurn);
    this.root.classList.toggle("rw-play--live", Boolean(desc.rhythm?.live && !desc.is_over));
    this.status.textContent = this.statusText(desc, yourTurn);
    this.restoreFocus(focused, tableHadFocus);
    // The cards that came into the reader's hand with the last move (a card drawn) are marked.
    for (const key of this.interlude ? [] : this.fresh || []) {
      const card = this.table.querySelector(`[data-key="${key}"]`);
      card?.classList.add("rw-card--drawn");
      card?.setAttribute("aria-label", `${card.getAttribute("aria-label")}, new`);
    }
    this.early?.afterRender();
  }

  restoreFocus(key, tableHadFocus) {
    if (!key && !tableHadFocus) return;
    const same = key && this.root.querySelector(`[data-key="${key}"], [data-move="${CSS.escape(key)}"]`);
    // A card that was a button may be an image while the bots play: the table itself keeps the focus then.
    const target = (same && same.matches("button:not(:disabled)") && same)
      || this.table.querySelector("button.rw-card--legal, button[data-move]")
      || this.actions.querySelector("button") || this.table;
    target.focus({ preventScroll: true });
  }

  statusText(desc, yourTurn) {
    if (this.interlude) return `${this.interlude.interlude.title}.`;
    // Once the reader has gone on from a hand's end, its last move is the log's, not this hand's.
    const last = desc.last && !this.afterHandEnd ? `${desc.last} ` : "";
    if (desc.is_over) return `${last}${desc.result || "Game over."}`;
    // A real-time table goes by its beat, which waits for the reader (timing.js, loading meanwhile).
    if (desc.rhythm?.live) return this.rhythmNow ? this.rhythmNow.status(desc) : last;
    if (yourTurn) return `${last}Your turn.`;
    if (this.pace.waiting && desc.to_act !== null) return `${last}${this.pace.status(desc.players[desc.to_act])}`;
    // A seat the reader cannot name is to act (whoever holds the next card of a stops sequence).
    if (desc.to_act === null) return `${last}Waiting for ${desc.waiting || "the next player"}…`;
    return `${last}${desc.players[desc.to_act]} is thinking…`;
  }

  clickCard(zoneId, index) {
    if (this.busy || !this.desc || selectionClick(this, zoneId, index)) return;
    const key = `${zoneId}/${index}`;
    const clicks = clicksOf(this.desc);
    if (this.selected && this.selected !== key) {
      const ending = (clicks.byCard.get(this.selected) || []).find((c) => c.to === zoneId);
      if (ending) return this.play(ending.move);
    }
    const zone = this.desc.zones.find((z) => z.id === zoneId);
    const card = zone.cards[index];
    const starts = clicks.byCard.get(key) || [];
    if (!starts.length) {
      this.selected = null;
      if (zone.tries) return this.attempt(zone.tries.replace("{card}", card));
      if (whyNotPicked(this, card)) return;
      this.say(`No legal move starts with the ${cardLabel(card)} now.`, "refusal");
      return this.render();
    }
    if (starts.length === 1) {
      this.selected = null;
      return this.play(starts[0].move);
    }
    this.selected = this.selected === key ? null : key;
    this.say(this.selected ? `${cardLabel(card)} chosen: ${chosenText(this.desc, key)}, ${this.cancelWords()}.` : "", "prompt");
    this.render();
    if (this.selected) this.actions.querySelector("button[data-choice]")?.focus({ preventScroll: true });
  }

  clickZone(zoneId) {
    if (selectionClick(this, zoneId)) return;
    if (!this.selected) return;
    const ending = (clicksOf(this.desc).byCard.get(this.selected) || []).find((c) => c.to === zoneId);
    if (ending) this.play(ending.move);
  }

  /** Makes ``move``; ``label``, its button's words: one ending in "…" opens a list of choices (a
   *  declaration's kind, then its rank), which Escape or Back leaves again. */
  play(move, label = null) {
    this.selected = null;
    return this.attempt(move, /(\.\.\.|…)$/.test(label || ""));
  }

  /** Leaves the list of choices a button opened: back to the reader's choice before it. */
  backOut() {
    this.openedChoice = false;
    return this.undo("Back to your choice before.");
  }

  async attempt(move, opens = false) {
    if (this.busy || !this.view) return;
    if (this.early) return this.early.keep(move, opens);  // on the deal drawn from the build while the engine loads
    this.busy = true;
    const pending = request("move", { session: this.session, move });  // sent before the re-render
    this.render();
    const reply = await pending;
    this.busy = false;
    if (!reply.ok) {
      this.render();
      return this.showError(reply.error);
    }
    this.say("");
    this.readerHasMoved = true;
    this.openedChoice = opens;
    this.show(reply);
    if (opens && this.desc.to_act === this.human) {
      this.say(`Choose one below, ${this.touch ? "or press Back" : "or press Escape (or Back)"} to choose again.`, "prompt");
    }
    updateHash(this);
    this.remember();
    await this.runBots();
  }

  leaveInterlude() {
    // A hand's end drawn from the build's answers: the next deal waits for the engine.
    if (this.early) return this.say("The next hand is dealt as soon as the engine is ready.", "prompt");
    this.interlude = null;
    this.readerHasMoved = true;  // the game is the reader's from here, and kept as such
    this.afterHandEnd = true;    // the last move told ended the hand before: the log has it
    if (this.message.dataset.kind === "news") this.say("");
    this.render();
    this.table.focus({ preventScroll: true });
    const resume = this.resumeBots;
    this.resumeBots = null;
    if (resume) resume();
    else if (this.botsToAct()) this.runBots();
    else this.restoreFocus(null, true);
  }

  botsToAct() {
    return this.desc && !this.desc.is_over && this.desc.to_act !== this.human && !this.desc.rhythm?.live;
  }

  /** Waits while a hand's end is on the table (Next hand, an undo or a new deal ends the wait). */
  async waitForReader(generation) {
    while (this.interlude && generation === this.generation) {
      await new Promise((resolve) => { this.resumeBots = resolve; });
    }
  }

  /** The bots play until the reader's turn, the game's end or a hand's end, which waits for the
   *  reader. A loop whose generation has passed (an undo, a new deal, the table taken away) stops
   *  without touching the table: what replaced it owns it now. */
  async runBots() {
    const generation = ++this.generation;
    const current = () => generation === this.generation && this.root.isConnected;
    await this.waitForReader(generation);
    while (current() && this.botsToAct()) {
      // One move at a time, at the reader's pace (pace.js), before the reader's first move too;
      // the toolbar works meanwhile (an undo or a new deal stops the loop).
      this.busy = false;
      this.render();
      await this.pace.before();
      if (!current()) return;
      this.busy = true;
      const reply = await request("bot", { session: this.session });
      if (!current()) return;
      this.busy = false;
      if (!reply.ok) {
        this.render();
        return this.showError(reply.error);
      }
      this.show(reply);
      if (this.interlude) this.remember();
      await this.waitForReader(generation);
    }
    if (!current()) return;
    this.busy = false;
    this.render();
    updateHash(this);
    this.remember();
  }

  async undo(said = "Move taken back.") {
    if (this.busy) return;
    this.stopBots();
    this.interlude = null;
    this.busy = true;  // no click reaches the engine before the undo is answered
    const reply = await request("undo", { session: this.session });
    this.busy = false;
    if (!reply.ok) {
      this.render();
      return this.showError(reply.error);
    }
    this.selected = null;
    this.openedChoice = false;
    this.show(reply, false);
    this.say(said);
    updateHash(this);
    this.remember();
    // Undone to the start, the bots before the reader's first turn play again.
    if (this.botsToAct()) await this.runBots();
  }

  async hint() {
    const reply = await request("hint", { session: this.session });
    if (!reply.ok) return this.showError(reply.error);
    this.say(`Hint: ${prettyMove(reply.hint)}`, "prompt");
  }

  showError(error) {
    const reason = error.reason || error.message;
    this.say(`Not allowed: ${reason}. `, "refusal");
    if (error.rule && document.getElementById(error.rule)) {
      const link = el("a", "rw-rule-link", "See the rule");
      link.href = `#${error.rule}`;
      this.message.append(link);
    }
  }
}

/** A button's words as the reader sees them, capitalised ("Done", "Draw discard"). */
export function buttonWords(words) {
  return words[0].toUpperCase() + words.slice(1);
}

/** The keys ("zone/index") of the cards that came into ``seat``'s hand between two tables (a card
 *  drawn, a penalty's cards): none when the hand was dealt anew, nearly all its cards new. */
function arrived(before, after, seat) {
  const fresh = [];
  for (const zone of after.zones) {
    if (zone.owner !== seat || zone.kind !== "hand") continue;
    const had = [...(before?.zones.find((z) => z.id === zone.id)?.cards || [])];
    const come = zone.cards.flatMap((card, index) => {
      const at = had.indexOf(card);
      if (at >= 0) had.splice(at, 1);
      return at >= 0 || card === "??" ? [] : [`${zone.id}/${index}`];
    });
    if (come.length * 2 < zone.cards.length) fresh.push(...come);
  }
  return fresh;
}
