// The move log: every move of the game so far in words, as the reader's seat was told it (the
// engine words each one: rules_engine/movelog.py), grouped by hand and by trick or round as the
// engine places them, the reader's own moves marked, and where a rule decided something, a link to
// its paragraph. Each reply of the engine carries the entries the page does not have yet, from
// entry "from" on (fewer after an undo); a game opened again (Back, a kept game, a link) sends them
// all. The log is a collapsible panel, open or closed as the reader last left it (localStorage);
// its entries are announced politely (role="log").
import { el } from "./cards.js";

const OPEN = "rules-move-log-open";

function keptOpen(open) {
  try {
    if (open !== undefined) localStorage.setItem(OPEN, open ? "1" : "0");
    return localStorage.getItem(OPEN) !== "0";
  } catch {
    return true;
  }
}

export class MoveLog {
  constructor(widget) {
    this.widget = widget;
    this.entries = [];
    this.panel = el("details", "rw-log");
    this.panel.open = keptOpen();
    this.panel.addEventListener("toggle", () => keptOpen(this.panel.open));
    this.summary = el("summary", "rw-log__summary", "Moves so far");
    // It scrolls within itself, held at its last line as lines come (widgets.css: column-reverse),
    // unless the reader has scrolled back: no layout is read for it, move after move.
    this.body = el("div", "rw-log__body");
    this.body.setAttribute("role", "log");
    this.body.setAttribute("aria-label", "Moves so far");
    this.body.tabIndex = 0;  // scrolled by keyboard too
    this.hands = el("ol", "rw-log__hands");
    this.body.append(this.hands);
    this.panel.append(this.summary, this.body);
    this.count();
  }

  /** Takes a reply's ``log``; false when the page lacks entries before it (the widget then asks for them). */
  take(log) {
    if (!log) return true;
    if (log.from > this.entries.length) return false;
    if (log.from < this.entries.length) {
      this.entries.length = log.from;
      this.hands.replaceChildren();
      for (const entry of this.entries) this.draw(entry);
    }
    for (const entry of log.entries) {
      this.entries.push(entry);
      this.draw(entry);
    }
    this.count();
    return true;
  }

  count() {
    const n = this.entries.length;
    this.summary.textContent = n ? `Moves so far (${n})` : "Moves so far (none yet)";
  }

  /** The group an entry goes in: its hand's (if the game has several), then its trick's or round's. */
  group(entry) {
    let hand = this.hands.lastElementChild;
    if (!hand || hand.dataset.hand !== String(entry.hand)) {
      hand = el("li", "rw-log__hand");
      hand.dataset.hand = String(entry.hand);
      if (entry.hand !== null) hand.append(el("span", "rw-log__title", `Hand ${entry.hand}`));
      hand.append(el("ol", "rw-log__parts"));
      this.hands.append(hand);
    }
    const parts = hand.lastElementChild;
    let part = parts.lastElementChild;
    if (!part || part.dataset.part !== String(entry.part)) {
      part = el("li", "rw-log__part");
      part.dataset.part = String(entry.part);
      if (entry.part) part.append(el("span", "rw-log__title", entry.part));
      part.append(el("ol", "rw-log__moves"));
      parts.append(part);
    }
    return part.lastElementChild;
  }

  draw(entry) {
    const item = el("li", `rw-log__move${entry.own ? " rw-log__move--own" : ""}`, entry.said);
    if (entry.own) item.append(" ", el("span", "rw-log__tag", "your move"));
    if (entry.rule && document.getElementById(entry.rule)) {
      const link = el("a", "rw-rule-link", "see the rule");
      link.href = `#${entry.rule}`;
      item.append(" ", link);
    }
    this.group(entry).append(item);
  }
}
