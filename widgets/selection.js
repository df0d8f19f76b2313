// Moves built from several cards (a meld, a lay-off, a discard of several cards): the reader
// picks cards one at a time, then perhaps a place (a meld to lay off onto), and finishes with a
// button. The engine answers every step (the page protocol's "select"): the cards that may
// follow, the places they may go, the moves they already make, or why they make none; before the
// engine has loaded, the table drawn from the build answers them from its list of such moves. It
// names no game: all of it comes from the table description's "selection" (rules_engine/selection.py).
import { cardLabel } from "./cards.js";
import { request } from "./engine.js";
import { pickedTogether, withoutCards } from "./tables.js";

const list = (items, type = "conjunction") => new Intl.ListFormat("en", { type }).format(items);

/** The finishing buttons of the move being built, as choices: ``{move, choice}`` ("Meld", "Lay off"). */
export function finishing(desc) {
  return (desc?.selection?.finish || []).map(({ move, button }) => ({ move, choice: button }));
}

/** Whether a move is being built (a card picked): Escape then takes it back. */
export function building(desc) {
  return Boolean(desc?.selection?.picked.length);
}

/**
 * A click on a card or a place while moves of several cards may be built: picks the card or
 * takes it back, or aims the cards picked at that place. Returns false for a click it leaves to
 * the table's ordinary moves.
 */
export function selectionClick(widget, zoneId, index = null) {
  const sel = widget.desc?.selection;
  if (!sel || widget.busy) return false;
  if (sel.picked.length && sel.targets.includes(zoneId)) {
    ask(widget, sel.picked, zoneId);
    return true;
  }
  if (index === null) return false;
  const zone = widget.desc.zones.find((z) => z.id === zoneId);
  const text = zone?.cards[index];
  // One place per copy the seat holds (two packs give two 7♥); the first ones are those picked.
  const copy = (sel.places[text] || []).findIndex((p) => p[0] === zoneId && p[1] === index);
  if (copy < 0) return false;
  // A build's cards are picked, and taken back, all at one click.
  const cards = pickedTogether(zone, text);
  if (copy < sel.picked.filter((t) => t === text).length) {
    ask(widget, withoutCards(sel.picked, cards), null);
    return true;
  }
  // A card that can start no such move is left to the table, which says why it cannot move.
  if (!sel.picked.length && !sel.selectable.includes(text)) return false;
  ask(widget, [...sel.picked, ...cards], null);
  return true;
}

/** A card that starts no move while moves of several cards may be built: the engine says why
 *  (its "select" refuses the card with the reason and the rule). False where no such move exists. */
export function whyNotPicked(widget, text) {
  if (!widget.desc?.selection || widget.busy) return false;
  ask(widget, [text], null);
  return true;
}

/** The cards ``picked`` (and the ``target``) asked of the engine again: a move begun on a table drawn
 *  before the engine, which has now dealt the same table live. */
export function pickAgain(widget, picked, target) {
  return ask(widget, picked, target);
}

/** Takes back every card picked. */
export function clearSelection(widget) {
  if (!building(widget.desc)) return false;
  ask(widget, [], null, "Selection cancelled.");
  return true;
}

async function ask(widget, picked, target, said = null) {
  // A table drawn before the engine answers from what the build listed, or says why it cannot (first-deal.js).
  let reply = widget.early?.select(picked, target);
  if (widget.early && !reply) return;
  if (!reply) {
    widget.busy = true;
    reply = await request("select", { session: widget.session, cards: picked, target });
    widget.busy = false;
  }
  if (!reply.ok) {
    widget.render();
    return widget.showError(reply.error);
  }
  const sel = reply.table.selection;
  if (sel?.refused) {
    // The cards picked make no move: the table stays as it was, and says why.
    widget.render();
    return widget.showError(sel.refused);
  }
  if (target && sel && sel.finish.length === 1) return widget.play(sel.finish[0].move);
  widget.desc = reply.table;
  if (said) widget.say(said);
  else widget.say(describe(sel, widget.cancelWords("tap a picked card to take it back"), reply.table.zones), "prompt");
  widget.render();
  // Once no card may be added, the focus goes to the button that finishes the move; until then it
  // stays on the card just picked, so that the keyboard goes on picking.
  if (sel && !sel.next.length) widget.actions.querySelector("button[data-choice]")?.focus({ preventScroll: true });
}

/** The move being built, in words: the cards picked, what may come next (its buttons named as they
 *  read) and how to take it back (``cancel``). */
export function describe(sel, cancel = "or press Escape", zones = []) {
  if (!sel || !sel.picked.length) return "";
  const parts = [`Picked: ${list(sel.picked.map(cardLabel))}`];
  const then = [];
  if (sel.next.length) then.push(`add ${list(sel.next.map(cardLabel), "disjunction")}`);
  if (sel.targets.length && !sel.target) {
    // Named as the table labels them: a meld to lay off onto, or the discard pile to take.
    const places = sel.targets.map((id) => zones.find((z) => z.id === id)?.label || id);
    then.push(`choose ${list(places.map((place) => `“${place}”`), "disjunction")}`);
  }
  if (sel.finish.length) then.push(`press ${list(sel.finish.map((f) => `“${f.button[0].toUpperCase()}${f.button.slice(1)}”`), "disjunction")}`);
  return `${parts.join("")}${then.length ? `; ${list(then, "disjunction")}` : ""}, ${cancel}.`;
}
