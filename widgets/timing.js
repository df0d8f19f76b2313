// A real-time table: a game whose description has a live ``rhythm`` (a beat in milliseconds,
// the move made on the beat, the reactions each seat may make out of turn). Once the reader starts
// the beat, the move on the beat is made every beat while nobody has to react (the reader's own
// too); the bots react at the times the engine draws for them from the position (``reactions``,
// then ``react``); the reader reacts by a button or its key. The worker answers messages in the
// order they arrive, so the engine takes the reactions in that order and the record keeps it.
// Loaded by the play widget only for such a table.
import { el } from "./cards.js";
import { request } from "./engine.js";

export class Rhythm {
  constructor(widget) {
    this.widget = widget;
    this.running = false;
    this.planned = null;  // the beat (and table generation) whose bot reactions are timed
    this.timers = [];
    this.beatTimer = null;
    this.bar = el("div", "rw-rhythm");
    this.bar.setAttribute("role", "group");
    this.bar.setAttribute("aria-label", "Rhythm and your reactions");
    this.toggle = el("button", "rw-button rw-rhythm__toggle");
    this.toggle.type = "button";
    this.toggle.addEventListener("click", () => (this.running ? this.pause() : this.start()));
    this.pulse = el("span", "rw-rhythm__pulse");
    this.pulse.setAttribute("aria-hidden", "true");
    this.buttons = el("span", "rw-rhythm__reactions");
    this.bar.append(this.toggle, this.pulse, this.buttons);
    widget.actions.before(this.bar);
    widget.root.addEventListener("keydown", (event) => this.key(event));
    this.shownMoves = "";
    widget.rhythmNow = this;
  }

  get live() {
    const desc = this.widget.desc;
    return Boolean(desc?.rhythm?.live && !desc.is_over && !this.widget.interlude);
  }

  /** After every table drawn: the buttons, and the beat and the bots' reactions to plan. */
  update() {
    const desc = this.widget.desc;
    this.bar.hidden = !desc?.rhythm?.live;
    if (!desc?.rhythm) return;
    this.drawButtons(desc.reactions || []);
    this.toggle.textContent = this.running ? "Pause" : "Start the beat";
    this.toggle.setAttribute("aria-pressed", String(this.running));
    if (!this.live || !this.running) return this.clear();
    const key = `${this.widget.generation}/${desc.rhythm.beat}`;
    if (key !== this.planned) {
      this.clear();
      this.planned = key;
      this.plan(key);
    }
    if (desc.rhythm.on_beat && !this.beatTimer) {
      this.beatTimer = setTimeout(() => this.onBeat(key), desc.rhythm.beat_ms);
      this.pulse.classList.remove("rw-rhythm__pulse--on");
      void this.pulse.offsetWidth;  // restart the animation: one pulse a beat
      this.pulse.classList.add("rw-rhythm__pulse--on");
    }
  }

  drawButtons(reactions) {
    const moves = reactions.map((r) => r.move).join("|");
    if (moves !== this.shownMoves) {  // the same buttons kept, so that focus stays on them
      this.shownMoves = moves;
      this.buttons.replaceChildren(...reactions.map((reaction) => {
        const node = el("button", "rw-button rw-rhythm__reaction", reaction.label);
        node.type = "button";
        node.dataset.move = reaction.move;
        if (reaction.key) node.setAttribute("aria-keyshortcuts", reaction.key);
        node.addEventListener("click", () => this.react(reaction.move));
        return node;
      }));
    }
  }

  start() {
    this.running = true;
    this.widget.say("");
    this.update();
    this.widget.render();
  }

  pause() {
    this.running = false;
    this.clear();
    this.update();
    this.widget.render();
  }

  clear() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    clearTimeout(this.beatTimer);
    this.beatTimer = null;
    this.planned = null;
  }

  /** The bots' reactions to this beat's card, each sent when its time comes. */
  async plan(key) {
    const reply = await request("reactions", { session: this.widget.session });
    if (key !== this.planned || !reply.ok) return;
    for (const { seat, ms } of reply.reactions) {
      this.timers.push(setTimeout(() => this.send(key, "react", { seat }), ms));
    }
  }

  onBeat(key) {
    this.beatTimer = null;
    const desc = this.widget.desc;
    if (key !== this.planned || !this.live || !desc.rhythm.on_beat) return;
    // The reader's own card goes on the beat too; a bot's is its heuristic's move.
    if (desc.to_act === this.widget.human) this.send(key, "move", { move: desc.rhythm.on_beat });
    else this.send(key, "bot", {});
  }

  react(move) {
    if (!this.widget.view || this.widget.busy) return;
    if (!this.running) this.start();
    this.send(null, "move", { move }, true);
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || !this.live || event.target.closest?.("select, input")) return;
    const reaction = (this.widget.desc.reactions || []).find((r) => r.key && r.key.toLowerCase() === event.key.toLowerCase());
    if (!reaction) return;
    event.preventDefault();
    this.react(reaction.move);
  }

  /** One message to the engine; its reply is drawn whatever was planned since (the engine's
   *  position only moves on). A bot's reaction the table has passed is simply not made. */
  async send(key, op, args, fromReader = false) {
    const generation = this.widget.generation;
    if (key !== null && key !== this.planned) return;
    const reply = await request(op, { session: this.widget.session, ...args });
    if (generation !== this.widget.generation || !this.widget.root.isConnected) return;
    if (!reply.ok) {
      if (fromReader) this.widget.showError(reply.error);
      return;
    }
    this.widget.show(reply);
    if (fromReader) {
      this.widget.say("");
      this.widget.readerHasMoved = true;
      this.widget.remember();
    }
  }

  status(desc) {
    const last = desc.last ? `${desc.last} ` : "";
    if (!this.running) return `${last}Press “Start the beat” (or a reaction's key) to play in rhythm.`;
    return `${last}${desc.rhythm.on_beat ? "Next card on the beat." : "React now!"}`;
  }
}
