// The bots' pace: how their moves come at a table, so that a reader can follow each one. Instant
// (all at once), normal (one at a time, a short pause before each) or step by step (each when the
// reader presses "Next move"), before the reader's first move too. The choice is the reader's, kept
// in localStorage for every table. A real-time table keeps its beat (timing.js) whatever the pace.
import { el } from "./cards.js";

const STORED = "rules-bots-pace";
export const PACES = { instant: "Instant", normal: "One at a time", step: "Step by step" };
const PAUSE_MS = 900;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reader's pace (``value`` given: kept first). */
export function pace(value) {
  try {
    if (value !== undefined) localStorage.setItem(STORED, value);
    const kept = localStorage.getItem(STORED);
    return kept in PACES ? kept : "normal";
  } catch {
    return value in PACES ? value : "normal";
  }
}

export class Pace {
  constructor(widget) {
    this.widget = widget;
    this.waiting = null;  // a bot's move held until the reader presses Next move
    this.control = el("label", "rw-toggle rw-pace", "Bots' moves ");
    this.select = document.createElement("select");
    this.select.name = "pace";
    for (const [value, words] of Object.entries(PACES)) {
      const option = el("option", null, words);
      option.value = value;
      this.select.append(option);
    }
    this.select.value = pace();
    this.select.addEventListener("change", () => {
      pace(this.select.value);
      // Every table of the page goes at the reader's pace; one held for Next goes on at once.
      for (const node of document.querySelectorAll(".rw-pace select")) node.value = this.select.value;
      if (this.select.value !== "step") this.release();
    });
    this.control.append(this.select);
    this.next = el("button", "rw-button rw-pace__next", "Next move");
    this.next.type = "button";
    this.next.dataset.move = "next-move";
    this.next.addEventListener("click", () => this.release());
  }

  /** Waits as the pace says before a bot's move is asked for (the caller checks it is still wanted). */
  async before() {
    const now = pace();
    if (now === "normal") await sleep(PAUSE_MS);
    if (now !== "step") return;
    const widget = this.widget;
    const hadFocus = widget.root.contains(document.activeElement);
    await new Promise((resolve) => {
      this.waiting = resolve;
      widget.render();
      if (hadFocus) this.next.focus({ preventScroll: true });
    });
  }

  /** The move held for Next goes on (a table stopped, an undo, a new deal or the pace changed). */
  release() {
    const go = this.waiting;
    this.waiting = null;
    go?.();
  }

  /** The words the status gives a bot's turn held for Next. */
  status(player) {
    return `${player} is to play: press “Next move” to see it.`;
  }
}
