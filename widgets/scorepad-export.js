// Passing a sheet on: JSON for the pad, CSV for a spreadsheet (its first line says the sheet's
// name and game, so it comes back as the same game's sheet), and a link carrying the whole sheet.
import { FORMAT, columns } from "./scorepad-model.js";
import { totals } from "./scorepad-rules.js";

export const CSV_TITLE = "Sheet";
export const CSV_GAME = "Game";

export function toJSON(sheet) {
  return JSON.stringify({ format: FORMAT, version: 1, sheet }, null, 2);
}

/** A text cell a spreadsheet would run as a formula (=, +, -, @, a tab or a return first) is kept
 * as text by a leading apostrophe, which `unguarded` takes off again. */
export function guarded(text) {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function unguarded(text) {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

function csvCell(value) {
  const text = value === null || value === undefined ? "" : typeof value === "number" ? String(value) : guarded(String(value));
  return /[",\n\r]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A hand's label in the CSV: its number and name ("8. No hearts"), since a game may repeat a name. */
export function handLabel(game, hand) {
  const named = game && game.scoring.hands[hand - 1];
  return named ? `${hand}. ${named.name}` : String(hand);
}

export function toCSV(sheet, game) {
  const title = [CSV_TITLE, sheet.name];
  if (game) {
    title.push(CSV_GAME, game.name);
    for (const [option, value] of Object.entries(sheet.options || {})) title.push(option, value);
  }
  const names = columns(sheet).map((c) => c.name);
  const lines = [title, ["Row", "Hand", ...names, "Note"]];
  sheet.rows.forEach((row, i) => lines.push([i + 1, row.hand ? handLabel(game, row.hand) : "", ...row.cells, row.note || ""]));
  lines.push(["Total", "", ...totals(sheet, game), ""]);
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

// A link carries the whole sheet in its #fragment, which never reaches a server.
function toBase64Url(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export async function toLink(sheet, base) {
  const { id, ...rest } = sheet;
  const bytes = new TextEncoder().encode(JSON.stringify(rest));
  const packed = "CompressionStream" in globalThis
    ? `z${toBase64Url(await pipe(bytes, new CompressionStream("deflate-raw")))}`
    : `j${toBase64Url(bytes)}`;
  return `${base}#sheet=${packed}`;
}
