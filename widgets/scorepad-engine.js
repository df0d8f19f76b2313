// Engine-computed rows: a form for the facts a game's calculator needs (as the
// engine's ScoreRule describes them in the pad's data), and the request that
// has the rules engine, in the page's worker, work out the row. Only this
// starts the worker; everything else on the pad runs without it.
import { request, status } from "./engine.js";
import { button, h, labelled, uid } from "./scorepad-dom.js";

/** The facts asked for `hand` (1-based) of `game`, or for any row of a game without named hands. */
export function factsFor(game, hand) {
  const scoring = game.scoring;
  if (scoring.hands.length) return (scoring.hands[hand - 1] || {}).facts || [];
  return scoring.facts;
}

function numberInput(label, fact, value) {
  return labelled(label, { type: "number", inputmode: "numeric", min: fact.low, max: fact.high, step: 1,
    value: value ?? "", class: "scorepad__number" });
}

function selectInput(label, options, value, optional, emptyText) {
  const [wrap, select] = labelled(label, { tag: "select" });
  if (optional) select.append(h("option", { value: "" }, emptyText || "none"));
  for (const [optionValue, text] of options) {
    select.append(h("option", { value: String(optionValue), selected: value !== undefined && value !== null && String(value) === String(optionValue) }, text));
  }
  return [wrap, select];
}

/**
 * Draw the facts form of `facts` into `container`; `names` are the sheet's columns.
 * `values` pre-fills it (a computed row being edited, or defaults). Returns `read()`,
 * which gives the facts as the engine's host wants them (`op_score`).
 */
export function drawFacts(container, facts, names, values = {}) {
  container.replaceChildren();
  const readers = [];
  for (const fact of facts) {
    const help = fact.help ? h("p", { class: "scorepad__help", id: uid("help") }, fact.help) : null;
    const value = values[fact.name];
    if (fact.per_seat) {
      const inputs = [];
      const legend = fact.total !== null && fact.total !== undefined ? `${fact.label} (${fact.total} in all)` : fact.label;
      const set = h("fieldset", { class: "scorepad__facts-seats" }, h("legend", {}, legend));
      names.forEach((name, i) => {
        const [wrap, input] = numberInput(name, fact, Array.isArray(value) ? value[i] : "");
        inputs.push(input);
        set.append(wrap);
      });
      container.append(set);
      readers.push(() => [fact.name, inputs.map((input) => (input.value === "" ? null : Number(input.value)))]);
    } else if (fact.kind === "number") {
      const [wrap, input] = numberInput(fact.label, fact, value);
      if (help) input.setAttribute("aria-describedby", help.id);
      container.append(wrap);
      readers.push(() => [fact.name, input.value === "" ? null : Number(input.value)]);
    } else if (fact.kind === "choice" || fact.kind === "seat") {
      const options = fact.kind === "seat" ? names.map((name, i) => [i, name]) : fact.choices.map((c) => [c.value, c.label]);
      const [wrap, select] = selectInput(fact.label, options, value, fact.optional, "none");
      if (help) select.setAttribute("aria-describedby", help.id);
      container.append(wrap);
      readers.push(() => {
        if (select.value === "") return [fact.name, null];
        const picked = options.find(([v]) => String(v) === select.value);
        return [fact.name, picked ? picked[0] : select.value];
      });
    } else if (fact.kind === "yesno") {
      const options = [["yes", "yes"], ["no", "no"]];
      const current = value === true ? "yes" : value === false ? "no" : undefined;
      const [wrap, select] = selectInput(fact.label, options, current, fact.optional, "work it out from the rows above");
      if (help) select.setAttribute("aria-describedby", help.id);
      container.append(wrap);
      readers.push(() => [fact.name, select.value === "" ? null : select.value === "yes"]);
    }
    if (help) container.append(help);
  }
  return () => Object.fromEntries(readers.map((read) => read()));
}

/** The state left by the last computed row before `index` (a rubber so far), or null. */
export function contextBefore(sheet, index) {
  for (let i = Math.min(index, sheet.rows.length) - 1; i >= 0; i -= 1) {
    const computed = sheet.rows[i].computed;
    if (computed && computed.state) return computed.state;
  }
  return null;
}

/** Ask the engine for a row; resolves with it, or rejects with an Error carrying `reason` and `rule`. */
export async function computeRow({ game, hand, facts, context, columns }) {
  const args = { game: game.id, facts, columns };
  if (hand) args.hand = hand;
  if (context) args.context = context;
  const reply = await request("score", args);
  if (!reply.ok) {
    const error = new Error(reply.error.reason || reply.error.message);
    error.rule = reply.error.rule;
    throw error;
  }
  return reply.row;
}

/** The engine panel of the entry form: facts, a button, and what the engine said. */
export function enginePanel({ onRow, onProblem }) {
  const facts = h("div", { class: "scorepad__facts" });
  const said = h("p", { class: "scorepad__engine-said", "aria-live": "polite" });
  const go = button("Work it out", null, { class: "scorepad__button scorepad__button--strong" });
  const panel = h("details", { class: "scorepad__engine" },
    h("summary", {}, "Work out this row with the rules engine"),
    h("p", { class: "scorepad__help" }, "Enter what happened; the site's rules engine scores it by the game's rules. "
      + "The first time, it takes a few seconds to start."),
    facts, go, said);
  let read = () => ({});
  let ask = null;
  go.addEventListener("click", async () => {
    if (!ask) return;
    go.disabled = true;
    said.textContent = status.state === "ready" ? "Working it out…" : "Starting the rules engine…";
    try {
      const row = await ask(read());
      said.textContent = "";
      onRow(row);
    } catch (error) {
      said.textContent = "";
      onProblem(error.message, error.rule);
    } finally {
      go.disabled = false;
    }
  });
  return {
    panel,
    said,
    /** Show the facts for a new hand or row; `askWith(facts)` sends them. */
    show(factList, names, values, askWith) {
      read = drawFacts(facts, factList, names, values);
      ask = askWith;
      panel.hidden = !factList.length;
    },
    hide() {
      panel.hidden = true;
      ask = null;
    },
  };
}
