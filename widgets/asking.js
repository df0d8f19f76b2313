// A move asked of the reader on a table drawn from frames made at build time: a lesson's step
// (lesson.js) or a worked example's question (stepper.js). The reader plays as at a live table
// (tables.js draws it, the clicks come from its description; a move of several cards is built card
// by card from the list the build made, build_scripts/lessons.py built_of): the move asked for is
// accepted, another legal one is answered by the widget, and a card that starts no move gets the
// engine's refusal, prepared at build time. No engine is needed.
import { cardLabel, prettyMove } from "./cards.js";
import { builtSelection, choicesOf, chosenText, clicksOf, pickedTogether, withoutCards } from "./tables.js";

export class Asking {
  /** ``question``: ``{table, expect, legal, refusals, built}`` (the table with its moves; the moves
   *  accepted, the first the one "Show me" plays). ``host``: ``say(text, kind, rule)``, ``render()``,
   *  ``right(move)`` for a move accepted, ``other(move)`` for another legal move, ``focusChoice()``,
   *  ``touch``: whether the reader plays by touch. */
  constructor(question, host) {
    this.question = question;
    this.host = host;
    this.selected = null;  // a card chosen ("zone/index") that waits for a choice or a place
    this.picked = [];      // the cards picked for a move built card by card
    this.target = null;
    this.busy = false;
  }

  /** The table as the reader sees it now, with the cards picked so far. */
  desc() {
    const table = this.question.table;
    return table.selection ? { ...table, selection: this.selection() } : table;
  }

  /** The context tables.js draws the table with, for ``viewer`` (``actor``: the seat that picks, if another). */
  context(viewer, actor = viewer) {
    return {
      interactive: !this.busy,
      viewer,
      actor,
      selected: this.selected,
      onCard: (zone, index) => this.clickCard(zone, index),
      onZone: (zone) => this.clickZone(zone),
    };
  }

  /** The buttons the move may need (a choice, a finish, a move of no card), as ``[move, words, choice]``. */
  buttons() {
    if (this.busy) return [];
    const desc = this.desc();
    const sel = desc.selection;
    const choices = [...(this.selected ? choicesOf(desc, this.selected) : []), ...(sel?.finish || []).map(({ move, button }) => ({ move, choice: button }))];
    return [...choices, ...clicksOf(desc).buttons].map(({ move, choice, label }) => [move, buttonWords(choice || label || prettyMove(move)), choice]);
  }

  /** Escape: the cards chosen put back. True if there were any. */
  cancel() {
    if (!this.selected && !this.picked.length) return false;
    this.clear();
    this.host.say("Selection cancelled.");
    this.host.render();
    return true;
  }

  /** How the reader takes back what was chosen, in words, by the way they play (a touch screen has
   *  no Escape key): ``host.touch``, kept by the host from the reader's last pointer. */
  cancelWords(what) {
    return this.host.touch ? `or ${what}` : "or press Escape";
  }

  clear() {
    this.selected = null;
    this.picked = [];
    this.target = null;
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
      this.host.render();
      const refusal = zone.tries && this.question.refusals[zone.tries.replace("{card}", card)];
      if (refusal) return this.host.say(`Not allowed: ${refusal.reason}.`, "refusal", refusal.rule);
      return this.host.say(`No legal move starts with the ${cardLabel(card)} now.`, "refusal");
    }
    if (starts.length === 1) return this.attempt(starts[0].move);
    this.selected = this.selected === key ? null : key;
    this.host.say(this.selected ? `${cardLabel(card)} chosen: ${chosenText(desc, key)}, ${this.cancelWords("tap it again")}.` : "", "prompt");
    this.host.render();
    if (this.selected) this.host.focusChoice();
  }

  clickZone(zoneId) {
    if (this.selectionClick(zoneId)) return;
    if (!this.selected) return;
    const ending = (clicksOf(this.desc()).byCard.get(this.selected) || []).find((c) => c.to === zoneId);
    if (ending) this.attempt(ending.move);
  }

  /** The reader's move: one asked for is accepted; another legal one is the host's to answer. */
  attempt(move) {
    if (this.busy) return;
    this.clear();
    const question = this.question;
    if (question.expect.includes(move)) return this.host.right(move);
    this.host.render();
    if (question.legal.includes(move)) return this.host.other(move);
    const refusal = question.refusals[move];
    this.host.say(`Not allowed: ${refusal ? refusal.reason : `${prettyMove(move)} is not a legal move now`}.`, "refusal", refusal?.rule);
  }

  /** The keys ("zone/index") of the cards the move asked for starts with, for "Show me" to mark. */
  shownKeys() {
    const question = this.question;
    const move = question.expect[0];
    const click = (question.table.moves || []).find((c) => c.move === move);
    const built = (question.built || []).find((b) => b.move === move);
    const places = question.table.selection?.places || {};
    return click?.card ? [click.card.join("/")] : (built?.cards || []).map((text) => (places[text] || [])[0]?.join("/"));
  }

  // ---- moves built card by card, from the question's list of them

  /** What the cards picked may become, as the engine's selection answers it (rules_engine/selection.py). */
  selection() {
    return builtSelection(this.question.table.selection, this.question.built || [], this.picked, this.target);
  }

  selectionClick(zoneId, index = null) {
    const desc = this.desc();
    const sel = desc.selection;
    if (!sel || this.busy) return false;
    if (this.picked.length && sel.targets.includes(zoneId)) {
      this.target = zoneId;
      const done = this.selection().finish;
      if (done.length === 1) return this.attempt(done[0].move), true;
      this.host.render();
      return true;
    }
    if (index === null) return false;
    const zone = desc.zones.find((z) => z.id === zoneId);
    const text = zone?.cards[index];
    const copy = (sel.places[text] || []).findIndex((p) => p[0] === zoneId && p[1] === index);
    if (copy < 0) return false;
    // A build's cards are picked, and taken back, all at one click.
    const cards = pickedTogether(zone, text);
    if (copy < count(this.picked, text)) {
      this.picked = withoutCards(this.picked, cards);
    } else if (!this.picked.length && !sel.selectable.includes(text)) {
      return false;
    } else if (!cards.every((card) => sel.next.includes(card))) {
      this.host.say(`The ${cardLabel(text)} makes no move with the cards picked: take a card back${this.host.touch ? "" : ", or press Escape"}.`, "refusal");
      return true;
    } else {
      this.picked.push(...cards);
    }
    const now = this.selection();
    this.host.say(describe(now, this.cancelWords("tap a picked card to take it back")), "prompt");
    this.host.render();
    if (!now.next.length) this.host.focusChoice();
    return true;
  }
}

// A button's words as the reader sees them, capitalised ("Meld", "Draw discard"), as at the play table.
export const buttonWords = (words) => words[0].toUpperCase() + words.slice(1);
const count = (list, text) => list.filter((t) => t === text).length;
const listed = (items, type = "conjunction") => new Intl.ListFormat("en", { type }).format(items);

function describe(sel, cancel) {
  if (!sel.picked.length) return "";
  const then = [];
  if (sel.next.length) then.push(`add ${listed(sel.next.map(cardLabel), "disjunction")}`);
  if (sel.targets.length && !sel.target) then.push("choose the meld to lay off onto");
  if (sel.finish.length) then.push(`press ${listed(sel.finish.map((f) => `“${buttonWords(f.button)}”`), "disjunction")}`);
  return `Picked: ${listed(sel.picked.map(cardLabel))}${then.length ? `; ${listed(then, "disjunction")}` : ""}, ${cancel}.`;
}
