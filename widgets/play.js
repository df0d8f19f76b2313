// The play widget: a seeded deal against bots, played by click, tap or
// keyboard, with undo, hints, a share link and the engine's reasons for any
// refused move. All rules come from the engine in the worker; the table is
// drawn from its description (tables.js), whatever the game.
import { cardLabel, el, prettyMove } from "./cards.js";
import { onStatus, request, startEngine } from "./engine.js";
import { arrowKeys, clicksOf, renderInterlude, renderTable, rovingTabs, targetsText } from "./tables.js";

const BOT_PAUSE_MS = 350;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const FOUR_COLOURS = "rules-four-colour-deck";
// The engine's replies tell the reader's seat only what it may see; what rebuilds the whole deal
// (the seed and the moves) it gives when the reader asks to share, and the link says so.
const SHARE_WARNING = "Whoever opens it gets the same deal: every hand, the bots' included, can be worked out from it.";

export function fourColours(on) {
  try {
    if (on !== undefined) localStorage.setItem(FOUR_COLOURS, on ? "1" : "");
    return localStorage.getItem(FOUR_COLOURS) === "1";
  } catch {
    return false;
  }
}

/** A link's text as typed, even when its %-escapes are broken. */
export function readableHash(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export class PlayWidget {
  constructor(root, { record = null, human = null, title = null, link = null } = {}) {
    this.root = root;
    this.id = root.id;
    this.game = root.dataset.game;
    this.human = human ?? Number(root.dataset.seat || 0);
    this.seed = root.dataset.seed !== undefined ? Number(root.dataset.seed) : null;
    // The number of players the block asks for; without it, the game's default.
    this.seats = root.dataset.seats !== undefined ? { seats: Number(root.dataset.seats) } : {};
    this.record = record;
    this.title = title;
    this.link = link;  // a position played on from an example is shared as the example's step
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
      share: this.button("Share link", () => this.share()),
    };
    const colours = el("label", "rw-toggle");
    this.colourBox = document.createElement("input");
    this.colourBox.type = "checkbox";
    this.colourBox.checked = fourColours();
    this.colourBox.addEventListener("change", () => {
      fourColours(this.colourBox.checked);
      for (const node of document.querySelectorAll(".rw-play, .rw-stepper")) node.classList.toggle("rw-four-colour", this.colourBox.checked);
    });
    colours.append(this.colourBox, " Four-colour suits");
    this.optionsBox = el("span", "rw-options");
    bar.append(...Object.values(this.buttons), this.optionsBox, colours);
    this.heading = el("p", "rw-title", this.title || "");
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
    this.message = el("p", "rw-message");
    this.message.setAttribute("role", "alert");
    this.list = el("div", "rw-move-list");
    this.select = document.createElement("select");
    this.select.id = `${this.id}-moves`;
    const label = el("label", null, "All legal moves: ");
    label.htmlFor = this.select.id;
    this.listButton = this.button("Play", () => this.select.value && this.attempt(this.select.value));
    this.list.append(label, this.select, this.listButton);
    root.append(this.heading, bar, this.loading, this.status, this.message, this.table, this.actions, this.list);
    this.setEnabled(false);
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.selected) {
        this.selected = null;
        this.message.textContent = "Selection cancelled.";
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
    if (!this.record) await this.offerOptions(link && !link.bad ? link.options : this.blockOptions);
    if (this.record) await this.open({ record: this.record });
    else if (link && !link.bad) await this.open({ seed: link.seed, share: link.share, options: link.options }, link);
    else await this.open(this.seed !== null ? { seed: this.seed } : {}, link);
  }

  /** The game's options from the engine's spec, offered before a deal (a change deals anew). */
  async offerOptions(chosen = {}) {
    const reply = await request("games", {});
    const spec = reply.ok ? reply.games.find((game) => game.id === this.game) : null;
    for (const option of spec?.options || []) {
      if (!option.choices || option.choices.length < 2) continue;
      const label = el("label", "rw-option", `${option.name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase())} `);
      label.title = option.description || "";
      const select = document.createElement("select");
      select.name = option.name;
      for (const value of option.choices) {
        const node = document.createElement("option");
        node.value = String(value);
        node.textContent = String(value);
        select.append(node);
      }
      select.value = String(chosen?.[option.name] ?? option.default);
      if (!select.value) select.value = String(option.default);  // a link's value that is no choice
      this.options[option.name] = option.choices.find((value) => String(value) === select.value);
      select.addEventListener("change", () => {
        this.options[option.name] = option.choices.find((value) => String(value) === select.value);
        this.newDeal();
      });
      label.append(select);
      this.optionsBox.append(label);
      this.defaults = { ...this.defaults, [option.name]: option.default };
    }
  }

  /** The deal a share link names (#play-1/SEED/CODE), or why it names none. */
  linkFromHash() {
    const prefix = `#${this.id}/`;
    if (this.record || !location.hash.startsWith(prefix)) return null;
    const text = readableHash(location.hash.slice(prefix.length));
    const match = text.match(/^(\d{1,15})\/([0-9A-Za-z~]*)((?:\/[a-z_]+=[0-9A-Za-z_-]{1,20})*)$/);
    if (!match) return { bad: true, text };
    // Options the deal was made with follow its moves: #play-1/42/CODE/first_hand=7
    const options = Object.fromEntries(match[3].split("/").filter(Boolean).map((pair) => {
      const [name, value] = pair.split("=");
      return [name, /^-?\d+$/.test(value) ? Number(value) : value];
    }));
    return { seed: Number(match[1]), share: match[2], options, text };
  }

  /** Opens a deal; a share link that cannot be opened is said so once, with a working table. */
  async open(args, link = null) {
    if (!this.record) args = { options: this.options, ...args };
    let reply = await request("open", { session: this.id, game: this.game, human: this.human, ...this.seats, ...args });
    if (!reply.ok && link && args.share !== undefined) {
      reply = await request("open", { session: this.id, game: this.game, human: this.human, ...this.seats, seed: args.seed, options: this.options });
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
      this.message.textContent = this.badLink.seedKept
        ? `This link's moves (“${this.badLink.text}”) do not fit deal ${this.badLink.seed}: here is that deal from its start.`
        : `This link (“${this.badLink.text}”) names no deal this table can open (it should read #${this.id}/NUMBER/CODE): here is a new deal.`;
    }
    await this.runBots();
  }

  async newDeal() {
    this.record = null;
    // A new deal is the reader's own until they share it: the address no longer names a deal.
    this.shared = false;
    if (location.hash.startsWith(`#${this.id}/`)) history.replaceState(null, "", `${location.pathname}${location.search}`);
    this.message.textContent = "";
    await this.open({});  // the engine draws the seed, and keeps it until asked
  }

  show(reply) {
    this.view = reply.view;
    this.desc = reply.table;
    this.step = reply.step;
    this.result = reply.result;
    // A hand just ended: its last trick and result stay on the table until the reader goes on.
    if (reply.table.interlude && this.readerHasMoved) this.interlude = reply.table;
    this.render();
  }

  render() {
    const desc = this.desc;
    if (!desc) return;
    const yourTurn = desc.to_act === this.human && !desc.is_over && !this.interlude;
    const focused = this.root.contains(document.activeElement) ? document.activeElement.dataset.key || document.activeElement.dataset.move : null;
    const tableHadFocus = this.table.contains(document.activeElement) || document.activeElement === this.table;
    const ctx = {
      interactive: yourTurn && !this.busy,
      viewer: this.human,
      selected: this.selected,
      onCard: (zone, index) => this.clickCard(zone, index),
      onZone: (zone) => this.clickZone(zone),
    };
    if (this.interlude) {
      const pause = renderInterlude(this.interlude, ctx);
      const go = this.button(this.interlude.is_over ? "See the final scores" : "Next hand", () => this.leaveInterlude());
      go.dataset.move = "next-hand";
      pause.append(go);
      this.table.replaceChildren(pause);
    } else {
      this.table.replaceChildren(renderTable(desc, ctx));
      rovingTabs(this.table);
    }
    this.actions.replaceChildren();
    for (const move of yourTurn ? clicksOf(desc).buttons : []) {
      const node = this.button(prettyMove(move), () => this.attempt(move));
      node.dataset.move = move;
      this.actions.append(node);
    }
    const moves = yourTurn ? this.view.moves : [];
    this.select.replaceChildren(...moves.map((move) => {
      const option = document.createElement("option");
      option.value = move;
      option.textContent = prettyMove(move);
      return option;
    }));
    this.list.hidden = !moves.length;
    this.setEnabled(!this.busy);
    this.buttons.undo.disabled = this.busy || !this.step;
    this.buttons.hint.disabled = this.busy || !yourTurn;
    this.select.disabled = this.listButton.disabled = this.busy || !yourTurn;
    this.root.classList.toggle("rw-play--your-turn", yourTurn);
    this.status.textContent = this.statusText(desc, yourTurn);
    this.restoreFocus(focused, tableHadFocus);
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
    const last = desc.last ? `${desc.last} ` : "";
    if (desc.is_over) return `${last}${desc.result || "Game over."}`;
    if (yourTurn) return `${last}Your turn.`;
    // A seat the reader cannot name is to act (whoever holds the next card of a stops sequence).
    if (desc.to_act === null) return `${last}Waiting for ${desc.waiting || "the next player"}…`;
    return `${last}${desc.players[desc.to_act]} is thinking…`;
  }

  clickCard(zoneId, index) {
    if (this.busy || !this.desc) return;
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
      this.message.textContent = `No legal move starts with the ${cardLabel(card)} now.`;
      return this.render();
    }
    if (starts.length === 1) {
      this.selected = null;
      return this.play(starts[0].move);
    }
    this.selected = this.selected === key ? null : key;
    this.message.textContent = this.selected
      ? `${cardLabel(card)} chosen: it can go ${targetsText(this.desc, key)}. Choose where, or press Escape.` : "";
    this.render();
  }

  clickZone(zoneId) {
    if (!this.selected) return;
    const ending = (clicksOf(this.desc).byCard.get(this.selected) || []).find((c) => c.to === zoneId);
    if (ending) this.play(ending.move);
  }

  play(move) {
    this.selected = null;
    return this.attempt(move);
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
    this.show(reply);
    this.updateHash();
    await this.runBots();
  }

  async leaveInterlude() {
    this.interlude = null;
    this.render();
    this.table.focus({ preventScroll: true });
    if (this.resumeBots) this.resumeBots();
    else this.restoreFocus(null, true);
  }

  /** Waits while a hand's end is on the table. */
  async waitForReader(generation) {
    while (this.interlude && generation === this.generation) {
      await new Promise((resolve) => { this.resumeBots = resolve; });
      this.resumeBots = null;
    }
  }

  async runBots() {
    const generation = ++this.generation;
    await this.waitForReader(generation);
    while (this.desc && !this.desc.is_over && this.desc.to_act !== this.human) {
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
      this.busy = false;
      this.show(reply);
      await this.waitForReader(generation);
    }
    this.busy = false;
    this.render();
    this.updateHash();
  }

  async undo() {
    this.generation++;
    this.busy = false;
    this.interlude = null;
    if (this.resumeBots) this.resumeBots();
    const reply = await request("undo", { session: this.id });
    if (!reply.ok) return this.showError(reply.error);
    this.selected = null;
    this.show(reply);
    this.message.textContent = "Move taken back.";
    this.updateHash();
    // Undone to the start, the bots before the reader's first turn play again.
    if (reply.table.to_act !== this.human && !reply.table.is_over) await this.runBots();
  }

  async hint() {
    const reply = await request("hint", { session: this.id });
    if (!reply.ok) return this.showError(reply.error);
    this.message.textContent = `Hint: ${prettyMove(reply.hint)}`;
  }

  /** The link to this position: asks the engine for the deal's seed and moves (null if it cannot). */
  async shareLink() {
    if (this.link) return `${location.origin}${location.pathname}${this.link}`;
    const reply = await request("share", { session: this.id });
    if (!reply.ok) return null;
    const options = Object.entries(this.options).filter(([name, value]) => value !== this.defaults?.[name]);
    const suffix = options.map(([name, value]) => `/${name}=${value}`).join("");
    return `${location.origin}${location.pathname}#${this.id}/${reply.seed}/${reply.share}${suffix}`;
  }

  /** Keeps the address on this position once the reader has shared it (or came by a link). */
  async updateHash() {
    if (this.record) return;  // a position played on from an example has its own record
    if (this.badLink && !this.readerHasMoved) return;  // a bad link stays as it was until the reader plays
    if (!(location.hash.startsWith(`#${this.id}/`) || this.shared)) return;
    const link = await this.shareLink();
    if (link) history.replaceState(null, "", link);
  }

  async share() {
    const link = await this.shareLink();
    if (!link) return;
    this.shared = true;
    history.replaceState(null, "", link);
    const what = this.link ? "it opens this example at this step, ready to play on."
      : `it opens this deal at this move. ${SHARE_WARNING}`;
    try {
      await navigator.clipboard.writeText(link);
      this.message.textContent = `Link copied: ${what}`;
    } catch {
      this.message.textContent = `Link to this position: ${link} (${what})`;
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
