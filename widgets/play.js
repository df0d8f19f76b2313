// The play widget: a seeded deal against bots, played by click, tap or
// keyboard, with undo, hints, a share link and the engine's reasons for any
// refused move. All rules come from the engine in the worker.
import { el, prettyMove } from "./cards.js";
import { onStatus, request, startEngine } from "./engine.js";
import { tableFor } from "./tables.js";

const BOT_PAUSE_MS = 350;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freshSeed() {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0] % 1000000;
}

export class PlayWidget {
  constructor(root, { record = null, human = null, title = null } = {}) {
    this.root = root;
    this.id = root.id;
    this.game = root.dataset.game;
    this.human = human ?? Number(root.dataset.seat || 0);
    this.seed = root.dataset.seed !== undefined ? Number(root.dataset.seed) : null;
    this.record = record;
    this.title = title;
    this.view = null;
    this.selected = null;
    this.busy = false;
    this.generation = 0;
    this.build();
  }

  build() {
    const root = this.root;
    root.classList.add("rw-play");
    root.replaceChildren();
    const bar = el("div", "rw-toolbar");
    this.buttons = {
      deal: this.button("New deal", () => this.newDeal()),
      undo: this.button("Undo", () => this.undo()),
      hint: this.button("Hint", () => this.hint()),
      share: this.button("Share link", () => this.share()),
    };
    bar.append(...Object.values(this.buttons));
    this.heading = el("p", "rw-title", this.title || "");
    this.loading = el("div", "rw-loading");
    this.progress = el("progress", "rw-loading__bar");
    this.loadingText = el("span", "rw-loading__text", "The card table starts when you reach it.");
    this.loading.append(this.progress, this.loadingText);
    this.startButton = this.button("Deal a hand", () => this.start());
    this.loading.append(this.startButton);
    this.table = el("div", "rw-table-area");
    this.actions = el("div", "rw-actions");
    this.actions.setAttribute("role", "group");
    this.actions.setAttribute("aria-label", "Your choices");
    this.status = el("p", "rw-status");
    this.status.setAttribute("aria-live", "polite");
    this.message = el("p", "rw-message");
    this.message.setAttribute("role", "alert");
    this.list = el("div", "rw-move-list");
    this.select = document.createElement("select");
    this.select.setAttribute("aria-label", "All your legal moves");
    this.listButton = this.button("Play", () => this.select.value && this.attempt(this.select.value));
    this.list.append(el("label", null, "All legal moves: "), this.select, this.listButton);
    root.append(this.heading, bar, this.loading, this.status, this.message, this.table, this.actions, this.list);
    this.setEnabled(false);
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.selected) {
        this.selected = null;
        this.render();
      }
    });
    this.unsubscribe = onStatus((status) => this.showStatus(status));
  }

  button(text, action) {
    const node = el("button", "rw-button", text);
    node.type = "button";
    node.addEventListener("click", () => action());
    return node;
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
    const link = this.linkFromHash();
    try {
      await startEngine();
    } catch {
      return;
    }
    if (this.record) await this.open({ record: this.record });
    else if (link) await this.open({ seed: link.seed, share: link.share });
    else await this.open({ seed: this.seed ?? freshSeed() });
  }

  linkFromHash() {
    const match = location.hash.match(new RegExp(`^#${this.id}/(\\d+)/([0-9A-Za-z~]*)$`));
    return match ? { seed: Number(match[1]), share: match[2] } : null;
  }

  async open(args) {
    const reply = await request("open", { session: this.id, game: this.game, human: this.human, ...args });
    if (!reply.ok) return this.showError(reply.error);
    this.seed = reply.seed;
    this.readerHasMoved = false;
    this.show(reply);
    await this.runBots();
  }

  async newDeal() {
    this.record = null;
    this.message.textContent = "";
    await this.open({ seed: freshSeed() });
  }

  show(reply) {
    this.view = reply.view;
    this.shareCode = reply.share;
    this.step = reply.step;
    this.result = reply.result;
    this.render();
  }

  render() {
    const view = this.view;
    if (!view) return;
    const table = tableFor(this.game);
    const yourTurn = view.to_act === this.human && !view.is_over;
    const ctx = {
      interactive: true,
      human: this.human,
      selected: this.selected,
      attempt: (move) => this.attempt(move),
      select: (card) => this.choose(card),
      target: (target) => this.aim(target),
    };
    this.table.replaceChildren(table.render(view, ctx));
    this.actions.replaceChildren();
    for (const move of yourTurn ? view.moves : []) {
      if (!table.clickable(move)) this.actions.append(this.button(prettyMove(move), () => this.attempt(move)));
    }
    this.select.replaceChildren(...(yourTurn ? view.moves : []).map((move) => {
      const option = document.createElement("option");
      option.value = move;
      option.textContent = prettyMove(move);
      return option;
    }));
    this.setEnabled(!this.busy);
    this.buttons.undo.disabled = this.busy || !this.step;
    this.buttons.hint.disabled = this.busy || !yourTurn;
    this.select.disabled = this.listButton.disabled = this.busy || !yourTurn;
    this.root.classList.toggle("rw-play--your-turn", yourTurn);
    this.status.textContent = this.statusText(view, yourTurn);
  }

  statusText(view, yourTurn) {
    if (view.is_over) {
      const scores = view.scores.game.map((score, seat) => `seat ${seat}: ${score}`).join(", ");
      if (this.result) return `Game over: ${this.result}. Final score ${scores}.`;
      const best = Math.max(...view.scores.game);
      const winners = view.scores.game.flatMap((s, seat) => (s === best ? [seat] : []));
      const you = winners.includes(this.human) ? " You win!" : "";
      return `Game over. Final scores: ${scores}.${you}`;
    }
    const last = this.lastMove ? `${this.lastMove}. ` : "";
    return last + (yourTurn ? "Your turn." : `Seat ${view.to_act} is thinking…`);
  }

  choose(card) {
    if (this.busy || !this.view) return;
    const moves = this.view.moves.filter((m) => m.startsWith(`move ${card} `));
    if (!moves.length) {
      this.selected = null;
      this.message.textContent = `${prettyMove(card)} has nowhere to go right now.`;
    } else if (moves.length === 1) {
      this.selected = null;
      return this.attempt(moves[0]);
    } else {
      this.selected = this.selected === card ? null : card;
      this.message.textContent = this.selected ? `${prettyMove(card)} selected: choose where it goes.` : "";
    }
    this.render();
  }

  aim(target) {
    if (!this.selected) {
      if (target === "to foundation") this.message.textContent = "Choose a card first, then its foundation.";
      return;
    }
    const move = `move ${this.selected} ${target}`;
    this.selected = null;
    this.attempt(move);
  }

  async attempt(move) {
    if (this.busy || !this.view) return;
    this.busy = true;
    const pending = request("move", { session: this.id, move });  // sent before the re-render
    this.render();
    const reply = await pending;
    this.busy = false;
    if (!reply.ok) {
      this.render();
      return this.showError(reply.error);
    }
    this.message.replaceChildren();
    this.readerHasMoved = true;
    this.lastMove = `You: ${prettyMove(reply.last.move)}`;
    this.show(reply);
    this.updateHash();
    await this.runBots();
  }

  async runBots() {
    const generation = ++this.generation;
    while (this.view && !this.view.is_over && this.view.to_act !== this.human) {
      this.busy = true;
      this.render();
      // The pause lets the reader follow the bots' answers; before the reader's first move
      // there is nothing to follow, so a new deal reaches the reader's turn at once.
      if (this.readerHasMoved) await sleep(BOT_PAUSE_MS);
      if (generation !== this.generation) return;
      const reply = await request("bot", { session: this.id });
      if (generation !== this.generation) return;
      if (!reply.ok) {
        this.busy = false;
        return this.showError(reply.error);
      }
      this.lastMove = `Seat ${reply.played.seat}: ${prettyMove(reply.played.move)}`;
      this.show(reply);
    }
    this.busy = false;
    this.render();
    this.updateHash();
  }

  async undo() {
    this.generation++;
    this.busy = false;
    const reply = await request("undo", { session: this.id });
    if (!reply.ok) return this.showError(reply.error);
    this.lastMove = "Move taken back";
    this.selected = null;
    this.show(reply);
    this.updateHash();
  }

  async hint() {
    const reply = await request("hint", { session: this.id });
    if (!reply.ok) return this.showError(reply.error);
    this.message.textContent = `Hint: ${prettyMove(reply.hint)}`;
  }

  shareLink() {
    return `${location.origin}${location.pathname}#${this.id}/${this.seed}/${this.shareCode || ""}`;
  }

  updateHash() {
    if (this.record) return;  // a position played on from an example has its own record
    if (location.hash.startsWith(`#${this.id}/`) || this.shared) history.replaceState(null, "", this.shareLink());
  }

  async share() {
    this.shared = true;
    const link = this.shareLink();
    history.replaceState(null, "", link);
    try {
      await navigator.clipboard.writeText(link);
      this.message.textContent = "Link copied: it opens this deal at this move.";
    } catch {
      this.message.textContent = `Link to this position: ${link}`;
    }
  }

  showError(error) {
    this.message.replaceChildren();
    const reason = error.reason || error.message;
    this.message.append(document.createTextNode(`Not allowed: ${reason}. `));
    if (error.rule && document.getElementById(error.rule)) {
      const link = el("a", "rw-rule-link", "See the rule");
      link.href = `#${error.rule}`;
      this.message.append(link);
    }
  }
}
