// The score pad's tools: a random player picker, partnerships drawn at random,
// a countdown timer, and passing a sheet on (files, a link, print).
import { quote, randomBelow, shuffled, teamsFor } from "./scorepad-model.js";
import { toCSV, toJSON, toLink } from "./scorepad-export.js";
import { importFile, whyNot } from "./scorepad-import.js";
import { button, download, fileName, h, labelled, uid } from "./scorepad-dom.js";

export function pickerTools(pad, sheet, game) {
  const result = h("output", { class: "scorepad__picked", "aria-live": "polite" });
  const pick = button("Pick a player at random", () => {
    const player = sheet.players[randomBelow(sheet.players.length)];
    result.textContent = `Picked: ${player.name}`;
    result.style.setProperty("--player", player.colour);
    pad.announce(`Picked at random: ${player.name}.`);
  });
  // Partners drawn at random. On a sheet that keeps partnerships, the draw seats the players so
  // that its sides are the pairs drawn, which only a sheet with no row yet can do.
  const count = sheet.players.length;
  const pairsOf = sheet.teams || teamsFor(count, 2);
  const fixed = Boolean(sheet.teams) && sheet.rows.length > 0;
  const pairs = button("Draw partnerships", () => {
    const order = shuffled(sheet.players.map((_, i) => i));
    const names = (seats) => seats.map((i) => sheet.players[i].name);
    if (!sheet.teams) {
      const teams = [];
      for (let i = 0; i < order.length; i += 2) teams.push(names(order.slice(i, i + 2)).join(" & "));
      result.textContent = teams.join(" against ");
      pad.announce(`Partnerships drawn: ${result.textContent}.`);
      return;
    }
    // The k-th pair drawn takes the seats of the sheet's k-th side.
    const seated = new Array(count);
    sheet.teams.forEach((side, k) => side.forEach((seat, j) => { seated[seat] = order[k * side.length + j]; }));
    const drawn = sheet.teams.map((side) => names(side.map((seat) => seated[seat])).join(" & ")).join(" against ");
    pad.saveSheet(sheet, `Partnerships drawn: ${drawn}. Seats, in turn order: ${seated.map((i) => sheet.players[i].name).join(", ")}.`, () => {
      sheet.players = seated.map((i) => sheet.players[i]);
    });
  }, { disabled: !pairsOf || fixed, "data-key": "draw" });
  const help = fixed ? h("p", { class: "scorepad__help" }, "Partners are drawn before the first row; this sheet's are fixed now.")
    : sheet.teams ? h("p", { class: "scorepad__help" }, "Drawing seats the players so that partners sit opposite, as the sheet keeps them.") : null;
  return h("div", { class: "scorepad__tool" }, h("h3", {}, "Random player"), h("div", { class: "scorepad__row" }, pick, pairs), help, result);
}

function clock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A countdown that keeps time by the clock (a background tab's timers are slowed) and stops when its page goes. */
export function timerTool(pad, root) {
  const [minutesField, minutes] = labelled("Minutes", { type: "number", inputmode: "decimal", min: 0.25, max: 600, step: 0.25, value: 2, class: "scorepad__number" });
  const display = h("span", { class: "scorepad__clock", role: "timer", "aria-live": "off" }, "02:00");
  let left = 120000, endsAt = null, ticking = null;
  const start = button("Start", () => (endsAt ? pause() : run()));
  const reset = button("Reset", () => { stop(); left = Number(minutes.value || 0) * 60000; show(); start.textContent = "Start"; });
  function show() { display.textContent = clock(endsAt ? endsAt - Date.now() : left); }
  function stop() { clearInterval(ticking); ticking = null; endsAt = null; }
  function run() {
    if (left <= 0) left = Number(minutes.value || 0) * 60000;
    if (left <= 0) return;
    endsAt = Date.now() + left;
    start.textContent = "Pause";
    display.classList.remove("scorepad__clock--done");
    ticking = setInterval(tick, 250);
    show();
  }
  function pause() { left = endsAt - Date.now(); stop(); start.textContent = "Start"; show(); pad.announce(`Timer paused at ${display.textContent}.`); }
  function tick() {
    if (!root.isConnected) return stop(); // the page was left by instant navigation
    if (Date.now() >= endsAt) {
      stop(); left = 0; show(); start.textContent = "Start";
      display.classList.add("scorepad__clock--done");
      pad.announce("Time is up.");
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      return;
    }
    show();
  }
  minutes.addEventListener("change", () => { if (!endsAt) { left = Number(minutes.value || 0) * 60000; show(); } });
  return h("div", { class: "scorepad__tool" }, h("h3", {}, "Countdown timer"),
    h("div", { class: "scorepad__row" }, minutesField, display, start, reset));
}

export function shareTools(pad, sheet) {
  const game = pad.gameOf(sheet);
  const linkOut = h("input", { type: "text", readonly: true, id: uid(), class: "scorepad__link", hidden: true });
  const linkLabel = h("label", { for: linkOut.id, hidden: true }, "Link to this sheet");
  const importInput = h("input", { type: "file", id: uid(), accept: ".json,.csv,application/json,text/csv", class: "scorepad__file" });
  importInput.addEventListener("change", async () => {
    const file = importInput.files[0];
    if (!file) return;
    try {
      // Checked whole before anything is kept: a refused file leaves every sheet as it was.
      const notes = [];
      const imported = await importFile(file, pad.data.games, notes);
      imported.name = pad.freeName(imported.name);
      const note = notes.length ? ` Note: ${notes.join("; ")}.` : "";
      if (!pad.addSheet(imported, `Imported ${quote(imported.name)} from ${quote(file.name)}.${note}`)) {
        pad.problem(`Nothing was imported from ${quote(file.name)}: this browser refused to store it (its storage for this site may be full), so nothing was changed.`);
      }
    } catch (error) {
      pad.problem(`Nothing was imported from ${quote(file.name)}: ${whyNot(error)}.`);
    } finally {
      importInput.value = "";
    }
  });
  const copy = button("Link to this sheet", async () => {
    const base = location.href.split("#")[0].split("?")[0];
    linkOut.value = await toLink(sheet, base);
    linkOut.hidden = linkLabel.hidden = false;
    linkOut.select();
    let copied = false;
    try {
      await navigator.clipboard.writeText(linkOut.value);
      copied = true;
    } catch (error) { /* the link stays selected in the box, to copy by hand */ }
    pad.announce(copied ? "A link carrying the whole sheet was copied." : "The link carrying the whole sheet is in the box below, selected.");
  });
  return h("div", { class: "scorepad__tool scorepad__share" }, h("h3", {}, "Pass the sheet on"),
    h("div", { class: "scorepad__row" },
      button("Download JSON", () => download(`${fileName(sheet.name)}.json`, "application/json", toJSON(sheet))),
      button("Download CSV", () => download(`${fileName(sheet.name)}.csv`, "text/csv", toCSV(sheet, game))),
      copy,
      button("Print", () => window.print())),
    h("div", { class: "scorepad__field" }, h("label", { for: importInput.id }, "Import a sheet (JSON or CSV file)"), importInput),
    linkLabel, linkOut,
    h("p", { class: "scorepad__help" }, "Files and links carry the sheet itself: nothing is uploaded."));
}

/** Finish, reopen or delete the sheet (deleting asks twice, without a dialog). */
export function sheetTools(pad, sheet) {
  let armed = false;
  const remove = button("Delete this sheet", () => {
    if (!armed) {
      armed = true;
      remove.textContent = `Really delete “${sheet.name}”?`;
      remove.classList.add("scorepad__button--danger");
      return;
    }
    pad.deleteSheet(sheet);
  });
  remove.addEventListener("blur", () => { armed = false; remove.textContent = "Delete this sheet"; remove.classList.remove("scorepad__button--danger"); });
  const finish = button(sheet.finished ? "Reopen the sheet" : "Finish the sheet", () => {
    const finished = !sheet.finished;
    pad.saveSheet(sheet, finished ? `“${sheet.name}” is finished and kept for review.` : `“${sheet.name}” is open again.`,
      () => { sheet.finished = finished; });
  }, { "data-key": "finish" });
  return h("div", { class: "scorepad__tool" }, h("h3", {}, "This sheet"), h("div", { class: "scorepad__row" }, finish, remove));
}
