// Sheets from elsewhere: a JSON or CSV file, or a link carrying a sheet (#sheet=…). The whole
// sheet is checked before the pad keeps any of it: what is no sheet the pad can show is refused
// with one sentence saying what is wrong and where (the field, the row, the player), and nothing
// is stored. Sizes are bounded before the work: a file, or what a link unpacks to, of at most
// MAX_BYTES, and at most MAX_ROWS rows, so a refusal comes at once and the page never stalls.
import {
  ENDS, FORMAT, MAX_NAME, MAX_PLAYERS, MAX_ROWS, MAX_SCORE, PALETTE, SORTS, columns, createSheet, grouped, newId,
  quote, scoreProblem, short, toNumber,
} from "./scorepad-model.js";
import { CSV_GAME, CSV_TITLE, unguarded } from "./scorepad-export.js";
import { fitGame } from "./scorepad-fit.js";
import { SheetError, Written, decodeText, parseCSV, parseJSON, refuse, setField, size } from "./scorepad-read.js";

export { SheetError, whyNot } from "./scorepad-read.js";

/** The most a sheet's file, or the text a link unpacks to, may hold: several times the largest sheet the pad writes. */
export const MAX_BYTES = 4 * 1024 * 1024;
const MAX_LINK = Math.ceil(MAX_BYTES / 3) * 4; // MAX_BYTES as base64
const MAX_OTHERS = 4; // columns that are no player (the house)
const MAX_TEXT = 1000; // a row's note, or the engine's sentence on it
const MAX_DATE = 8.64e15; // the last moment a Date can hold

// ---- the sheet's shape ---------------------------------------------------------------------------

export function describe(value) {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (value instanceof Written) return quote(value.text);
  if (Array.isArray(value)) return value.length ? `a list of ${grouped(value.length)}` : "an empty list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the text ${quote(value)}`;
  return String(value);
}

export const own = (object, key) => (Object.hasOwn(object, key) ? object[key] : undefined);
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Written);

/** `check(value)`, or `fallback` when the field is missing or null. */
function optional(value, check, fallback) {
  return value === undefined || value === null ? fallback : check(value);
}

function needObject(value, where) {
  if (!isObject(value)) refuse(`${where} must be an object, not ${describe(value)}`);
  return value;
}

function needList(value, where, most, noun) {
  if (value === undefined) refuse(`${where} is missing`);
  if (!Array.isArray(value)) refuse(`${where} must be a list, not ${describe(value)}`);
  if (value.length > most) refuse(`${where} holds ${grouped(value.length)} ${noun}, and a sheet has at most ${grouped(most)}`);
  return value;
}

function needText(value, where, most = MAX_NAME, lines = false) {
  if (typeof value !== "string") refuse(`${where} must be a text, not ${describe(value)}`);
  if (value.length > most) refuse(`${where} is ${grouped(value.length)} characters long, and at most ${grouped(most)} are kept`);
  const control = (lines ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/).exec(value);
  if (control) {
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    refuse(`${where} holds a control character (U+${code}), which no name${lines ? " or note" : ""} has`);
  }
  return value;
}

function needWhole(value, where, low, high) {
  const big = value instanceof Written && /^-?\d+$/.test(value.text);
  if (!big && (typeof value !== "number" || !Number.isSafeInteger(value))) {
    refuse(`${where} must be a whole number, not ${describe(value)}`);
  }
  if (big || value < low || value > high) refuse(`${where} is ${big ? quote(value.text) : grouped(value)}, not a whole number from ${grouped(low)} to ${grouped(high)}`);
  return value;
}

function needBoolean(value, where) {
  if (typeof value !== "boolean") refuse(`${where} must be true or false, not ${describe(value)}`);
  return value;
}

function oneOf(value, allowed, where) {
  if (!allowed.includes(value)) refuse(`${where} is ${describe(value)}, not one of ${allowed.map((a) => `“${a}”`).join(", ")}`);
  return value;
}

/** A cell: null (no entry) or a whole number a score can be. */
function needScore(value, where) {
  if (value === null) return null;
  if (typeof value === "number" || value instanceof Written) {
    const written = typeof value === "number" ? String(value) : value.text;
    const problem = scoreProblem(written);
    if (problem) refuse(`${where}: ${problem}`);
    return toNumber(written);
  }
  return refuse(`${where}: ${describe(value)} is not a whole number (nor null, for no entry)`);
}

/** A copy of free-form JSON (the engine's facts and state), where every number is whole. */
function plainJSON(value, where) {
  if (value instanceof Written) refuse(`${where} holds ${quote(value.text)}, not a whole number`);
  if (Array.isArray(value)) return value.map((item) => plainJSON(item, where));
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [key, item] of Object.entries(value)) setField(out, key, plainJSON(item, where));
  return out;
}

function readRules(value) {
  if (value === undefined || value === null) return null;
  needObject(value, "“rules”");
  const wins = optional(own(value, "wins"), (v) => oneOf(v, ["high", "low"], "“rules.wins”"), "high");
  const target = optional(own(value, "target"), (v) => needWhole(v, "“rules.target”", -MAX_SCORE, MAX_SCORE), null);
  const hands = optional(own(value, "hands"), (v) => needWhole(v, "“rules.hands”", 1, MAX_ROWS), null);
  const end = optional(own(value, "end"), (v) => oneOf(v, ENDS, "“rules.end”"), hands ? "hands" : target !== null ? "target" : "open");
  if (end === "hands" && hands === null) refuse("“rules.end” is “hands”, but “rules.hands” does not say how many");
  if (end === "target" && target === null) refuse("“rules.end” is “target”, but “rules.target” gives no target");
  return { wins, target, hands, end };
}

function readPlayer(player, i) {
  const where = `player ${i + 1}`;
  needObject(player, where);
  const name = optional(own(player, "name"), (v) => needText(v, `${where}'s “name”`), "");
  const colour = optional(own(player, "colour"), (v) => {
    if (typeof v !== "string" || !/^#[0-9a-f]{6}$/i.test(v)) refuse(`${where}'s “colour” must be a colour such as “#1565c0”, not ${describe(v)}`);
    return v;
  }, PALETTE[i % PALETTE.length]);
  return { name: name.trim() || `Player ${i + 1}`, colour };
}

function readTeams(value, count) {
  if (value === undefined || value === null) return null;
  needList(value, "“teams”", count, "teams");
  if (value.length < 2) refuse(`“teams” holds ${describe(value)}, and partnerships need two teams or more`);
  const teamOf = new Map();
  const teams = value.map((team, t) => {
    needList(team, `team ${t + 1}`, count, "players");
    if (!team.length) refuse(`team ${t + 1} is empty`);
    return team.map((member, k) => {
      needWhole(member, `team ${t + 1}'s member ${k + 1}`, 0, count - 1);
      if (teamOf.has(member)) {
        const other = teamOf.get(member);
        refuse(other === t ? `player ${member + 1} is twice in team ${t + 1}` : `player ${member + 1} is in team ${other + 1} and in team ${t + 1}`);
      }
      teamOf.set(member, t);
      return member;
    });
  });
  for (let i = 0; i < count; i += 1) if (!teamOf.has(i)) refuse(`player ${i + 1} is in no team of “teams”`);
  return teams;
}

function readComputed(value, where, width) {
  const at = (field) => `${where}'s “computed.${field}”`;
  needObject(value, `${where}'s “computed”`);
  const points = needList(own(value, "points"), at("points"), Infinity, "numbers");
  if (points.length !== width) refuse(`${at("points")} holds ${grouped(points.length)} number${points.length === 1 ? "" : "s"} for ${width} column${width === 1 ? "" : "s"}`);
  return {
    facts: plainJSON(optional(own(value, "facts"), (v) => needObject(v, at("facts")), {}), at("facts")),
    rule: optional(own(value, "rule"), (v) => needText(v, at("rule")), null),
    detail: optional(own(value, "detail"), (v) => needText(v, at("detail"), MAX_TEXT), ""),
    state: optional(own(value, "state"), (v) => plainJSON(needObject(v, at("state")), at("state")), null),
    over: optional(own(value, "over"), (v) => needBoolean(v, at("over")), false),
    points: points.map((v, i) => needScore(v, `${at("points")}, number ${i + 1}`)),
  };
}

function readRow(row, r, cols) {
  const where = `row ${grouped(r + 1)}`;
  needObject(row, where);
  const cells = own(row, "cells");
  needList(cells, `${where}'s “cells”`, Infinity, "cells");
  if (cells.length !== cols.length) {
    const names = short(cols.map((c) => c.name).join(", "), 120);
    refuse(`${where} has ${grouped(cells.length)} cells, but the sheet has ${cols.length} column${cols.length === 1 ? "" : "s"} (${names})`);
  }
  return {
    id: optional(own(row, "id"), (v) => needText(v, `${where}'s “id”`, 64), null) || newId("r"),
    hand: optional(own(row, "hand"), (v) => needWhole(v, `${where}'s “hand”`, 1, MAX_ROWS), null),
    cells: cells.map((v, i) => needScore(v, `${where}, ${short(cols[i].name)}`)),
    first: optional(own(row, "first"), (v) => needWhole(v, `${where}'s “first”`, 0, cols.length - 1), null),
    computed: optional(own(row, "computed"), (v) => readComputed(v, where, cols.length), null),
    note: optional(own(row, "note"), (v) => needText(v, `${where}'s “note”`, MAX_TEXT, true), ""),
  };
}

/** A sheet's options, as whole numbers by name (a game's chips to start with, its deals). */
function readOptions(value) {
  if (value === undefined || value === null) return {};
  needObject(value, "“options”");
  const options = {};
  for (const [key, item] of Object.entries(value)) {
    needText(key, "an option's name", 40);
    setField(options, key, needWhole(item, `“options.${short(key)}”`, 0, MAX_SCORE));
  }
  return options;
}

/**
 * A sheet from JSON values (exported by the pad, or a bare sheet), every field checked, then
 * fitted to its game among `games` (the site's; scorepad-fit.js). A new id, so it never
 * overwrites a sheet kept here, unless `keep` (a stored sheet keeps its own). What the reader
 * should be told (rules that were not the game's) goes into `notes`. Raises SheetError.
 */
export function readSheet(data, { games = [], keep = false, notes = [] } = {}) {
  if (!isObject(data)) refuse(`it holds ${describe(data)}, not a score sheet`);
  let sheet = data;
  if (own(data, "format") !== undefined) {
    if (data.format !== FORMAT) refuse(`its “format” is ${describe(data.format)}, not “${FORMAT}”`);
    const version = own(data, "version");
    if (version === undefined) refuse("it names the score sheet format but no “version” of it");
    if (version !== 1) refuse(`its “version” is ${describe(version)}, and this pad reads version 1 of the score sheet format`);
    sheet = needObject(own(data, "sheet"), "its “sheet”");
  }
  const field = (key) => own(sheet, key);
  if (field("players") === undefined && field("rows") === undefined) refuse("it holds an object with no “players” or “rows”, not a score sheet");
  const players = needList(field("players"), "“players”", MAX_PLAYERS, "players").map(readPlayer);
  if (!players.length) refuse("“players” is empty, and a sheet has at least one player");
  const others = optional(field("others"), (v) => needList(v, "“others”", MAX_OTHERS, "columns"), [])
    .map((name, i) => needText(name, `“others”, column ${i + 1}`));
  const teams = readTeams(field("teams"), players.length);
  const rules = readRules(field("rules"));
  const cols = columns({ players, others, teams });
  const rows = needList(field("rows"), "“rows”", MAX_ROWS, "rows").map((row, r) => readRow(row, r, cols));
  const created = optional(field("created"), (v) => needWhole(v, "“created”", 0, MAX_DATE), Date.now());
  const id = keep ? optional(field("id"), (v) => (typeof v === "string" && v && v.length <= 64 ? v : null), null) : null;
  return fitGame({
    id: id || newId("s"),
    name: optional(field("name"), (v) => needText(v, "the sheet's “name”"), "").trim() || "Score sheet",
    game: optional(field("game"), (v) => needText(v, "“game”", 100), null),
    gameName: optional(field("gameName"), (v) => needText(v, "“gameName”"), null),
    rules,
    options: readOptions(field("options")),
    players,
    others,
    teams,
    rows,
    turn: optional(field("turn"), (v) => needWhole(v, "“turn”", 0, players.length - 1), 0),
    sort: optional(field("sort"), (v) => oneOf(v, SORTS, "“sort”"), "turn"),
    finished: optional(field("finished"), (v) => needBoolean(v, "“finished”"), false),
    created,
    updated: optional(field("updated"), (v) => needWhole(v, "“updated”", 0, MAX_DATE), created),
  }, games, notes);
}

/** A sheet from exported JSON text (or a bare sheet's). Raises SheetError. */
export function fromJSON(text, games = [], notes = []) {
  return readSheet(parseJSON(text), { games, notes });
}

// ---- CSV -------------------------------------------------------------------------------------

/** The game a CSV's first line names (`Sheet,<name>,Game,<game>,<option>,<value>...`), by its name
 * or id: `{name, game, options}`; null when the first line is no such line. */
function csvTitle(cells, games, notes) {
  if (!cells.length || cells[0].trim().toLowerCase() !== CSV_TITLE.toLowerCase() || cells.length === 1) return null;
  const title = { name: unguarded(cells[1] || "").trim(), game: null, options: {} };
  if (cells.length > 2) {
    if ((cells[2] || "").trim().toLowerCase() !== CSV_GAME.toLowerCase()) return null;
    const said = unguarded(cells[3] || "").trim();
    const key = said.toLowerCase();
    title.game = games.find((g) => g.name.toLowerCase() === key || g.id === key) || null;
    if (!title.game && said) notes.push(`it names the game ${quote(said)}, which is not one of the site's, so it is kept as a plain sheet`);
    for (let i = 4; i + 1 < cells.length; i += 2) {
      const value = cells[i + 1].trim();
      if (/^\d{1,9}$/.test(value)) setField(title.options, cells[i].trim(), Number(value));
      else refuse(`line 1: the option ${quote(cells[i])} is ${quote(value)}, not a whole number`);
    }
  }
  return title;
}

/**
 * A sheet from CSV. A first line `Sheet,<name>,Game,<game>...` (as the pad writes it) names the
 * sheet and its game; the next line names the columns (a first "Row" or "Hand" column and a last
 * "Note" are optional). Without a game's name it is a plain sheet of those names, whatever sheet
 * is on show. `games` are the site's. Raises SheetError.
 */
export function fromCSV(text, name, games = [], notes = []) {
  const records = parseCSV(text.replace(/^\uFEFF/, ""), MAX_ROWS + 3); // the title, the names, the rows, the totals
  if (!records.length) refuse("it holds no lines with anything in them");
  const title = csvTitle(records[0].cells, games, notes);
  if (title && records.length === 1) refuse("its first line names the sheet, but no line after it names the players");
  const [{ cells: header, line: headerLine }, ...body] = title ? records.slice(1) : records;
  let first = 0;
  while (first < header.length && /^(row|hand|#)$/i.test(header[first].trim())) first += 1;
  const last = header.length > first && /^note$/i.test(header[header.length - 1].trim()) ? header.length - 1 : header.length;
  const names = header.slice(first, last).map((n, i) => unguarded(needText(n.trim(), `line ${headerLine}, column ${first + i + 1}`)));
  if (!names.length) refuse(`its line ${headerLine} must name the players, a column each`);
  const game = title ? title.game : null;
  const others = game ? game.scoring.others.length : 0;
  const people = names.length - others;
  if (people < 1) refuse(`its line ${headerLine} names ${names.length} column${names.length === 1 ? "" : "s"}, and a ${game.name} sheet has its players and ${others} more`);
  if (people > MAX_PLAYERS) refuse(`its line ${headerLine} names ${people} players, and a sheet has at most ${MAX_PLAYERS}`);
  const rows = body.filter(({ cells }) => !/^total$/i.test((cells[0] || "").trim()));
  if (rows.length > MAX_ROWS) refuse(`it has ${grouped(rows.length)} rows, and a sheet holds at most ${grouped(MAX_ROWS)}`);
  const handColumn = header.slice(0, first).findIndex((h) => /^hand$/i.test(h.trim()));
  const sheetName = (title && title.name) || short(name, 100).replace(/…$/, "");
  const sheet = createSheet({ name: needText(sheetName.slice(0, 100), "the sheet's name"), game, options: title ? title.options : {},
    players: names.slice(0, people).map((n) => ({ name: n })) });
  if (game) sheet.others = names.slice(people);
  const hands = game ? game.scoring.hands : [];
  for (const { cells, line } of rows) {
    const where = `line ${grouped(line)}`;
    if (cells.length > header.length) refuse(`${where} has ${cells.length} cells, but line ${headerLine} names ${header.length} columns`);
    let hand = null;
    const label = handColumn >= 0 ? (cells[handColumn] || "").trim() : "";
    if (hands.length && label) {
      // "8. No hearts" as the pad writes it, a number, or a name no other hand has.
      const numbered = /^(\d{1,4})\.\s*(.*)$/.exec(label);
      const byName = hands.filter((h) => h.name === label).length === 1 ? hands.findIndex((h) => h.name === label) + 1 : null;
      hand = numbered && (!numbered[2] || hands[numbered[1] - 1]?.name === numbered[2]) ? Number(numbered[1]) : byName ?? toNumber(label);
      if (!(hand >= 1 && hand <= hands.length)) refuse(`${where}: the hand ${quote(label)} is none of ${game.name}'s ${hands.length} hands`);
    }
    sheet.rows.push({
      id: newId("r"),
      hand,
      cells: names.map((column, i) => {
        const problem = scoreProblem(cells[first + i]);
        if (problem) refuse(`${where}, ${short(column)}: ${problem}`);
        return toNumber(cells[first + i]);
      }),
      first: null,
      computed: null,
      note: last < header.length ? unguarded(needText(cells[last] || "", `${where}'s note`, MAX_TEXT, true)) : "",
    });
  }
  return fitGame(sheet, games, notes);
}

// ---- files and links -------------------------------------------------------------------------

/** The sheet in a chosen file (a File or Blob with a name): JSON or CSV, by its name or else its
 * first character. `games` are the site's; what the reader should be told goes into `notes`. */
export async function importFile(file, games = [], notes = []) {
  if (file.size > MAX_BYTES) {
    refuse(`it is ${size(file.size)} (${grouped(file.size)} bytes), and a sheet's file is at most ${size(MAX_BYTES)} (${grouped(MAX_BYTES)} bytes)`);
  }
  if (!file.size) refuse("the file is empty");
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    refuse("the browser could not read the file (was it moved or deleted?)");
  }
  const text = decodeText(bytes);
  const name = file.name || "";
  const json = /\.json$/i.test(name) || (!/\.csv$/i.test(name) && /^\s*[[{]/.test(text));
  return json ? fromJSON(text, games, notes) : fromCSV(text, name.replace(/\.(json|csv)$/i, ""), games, notes);
}

function fromBase64Url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

/** Unpack deflate-raw `bytes`, refusing at once what grows past MAX_BYTES: the input goes in by
 * small slices, so a few kilobytes that unpack to gigabytes never get the chance. */
async function inflate(bytes) {
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let stopped = false;
  const feed = (async () => {
    for (let at = 0; at < bytes.length && !stopped; at += 1024) {
      await writer.ready;
      await writer.write(bytes.subarray(at, at + 1024));
    }
    if (!stopped) await writer.close();
  })();
  feed.catch(() => {}); // a damaged stream fails the reader too, which says so
  const chunks = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_BYTES) {
        stopped = true;
        reader.cancel().catch(() => {});
        refuse(`its sheet unpacks to more than ${size(MAX_BYTES)}, which no score sheet needs`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof SheetError) throw error;
    refuse("it is cut short or damaged: its sheet does not unpack");
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The sheet a link's fragment carries (`#sheet=z…` deflated, `#sheet=j…` plain), as base64url. Raises SheetError. */
export async function fromLink(fragment, games = [], notes = []) {
  const match = /^#?sheet=([zj])([A-Za-z0-9_-]*)/.exec(fragment);
  if (!match || !match[2]) refuse("it carries no sheet after “#sheet=”");
  const packed = match[2];
  if (packed.length > MAX_LINK) refuse(`its sheet is ${grouped(packed.length)} characters long, and a sheet's link holds at most ${grouped(MAX_LINK)}`);
  let bytes;
  try {
    bytes = fromBase64Url(packed);
  } catch (error) {
    refuse(`it is cut short or damaged: what follows “#sheet=${match[1]}” does not decode`);
  }
  if (match[1] === "z") bytes = await inflate(bytes);
  return fromJSON(decodeText(bytes), games, notes);
}
