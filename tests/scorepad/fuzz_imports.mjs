// The score pad's imports under fuzz, in Node against the pad's own modules
// (widgets/scorepad-import.js and scorepad-model.js need no DOM): seeded malformed files and
// links, every one of which must be refused with a SheetError whose sentence says what is wrong
// and where; and honest sheets, which must come back whole. Prints a JSON report that
// tests/scorepad/test_scorepad_imports.py checks.
//
//   node fuzz_imports.mjs --games games.json [--seed 25] [--cases 500]
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const widget = (name) => import(pathToFileURL(path.join(root, "widgets", name)).href);

// The pad's store, as the page keeps it: imports must never touch it.
const storage = new Map();
globalThis.window = {
  localStorage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => storage.set(k, String(v)) },
};
const model = { ...await widget("scorepad-model.js"), ...await widget("scorepad-export.js") };
const pad = await widget("scorepad-import.js");

const { values: args } = parseArgs({ options: {
  games: { type: "string" }, seed: { type: "string", default: "25" }, cases: { type: "string", default: "500" },
} });
const gamesText = await readFile(args.games, "utf8");
const games = JSON.parse(gamesText).games;
const gameById = (id) => games.find((g) => g.id === id) || null;

// ---- a seeded generator ------------------------------------------------------------------

let seed = Number(args.seed) >>> 0;
function random() { // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const below = (n) => Math.floor(random() * n);
const pick = (items) => items[below(items.length)];
const clone = (value) => structuredClone(value);

// A number as it must be written in the JSON text (1.0, 1e400, 400 digits), not as JS would write it.
const lit = (text) => `@@LIT@@${text}`;
const encode = (value) => JSON.stringify(value, null, 2).replace(/"@@LIT@@([^"]*)"/g, "$1");
const utf8 = (text) => new TextEncoder().encode(text);

function base64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
async function deflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// ---- honest sheets ---------------------------------------------------------------------------

function plainSheet() {
  const sheet = model.createSheet({ name: "Thursday rummy", game: null,
    players: ["Ann", "Bob", "Cat", "Dan", "Eve"].map((name) => ({ name })), rules: { wins: "low", target: 500 } });
  const cells = [[10, -5, 30, null, null], [null, null, null, null, 100], [-999999999, 999999999, 0, 7, null],
    [1, 2, 3, 4, 5], [null, 40, null, -40, null], [12, null, 8, null, 0]];
  sheet.rows = cells.map((row, i) => ({ id: `r${i}`, hand: null, cells: row, first: null, computed: null, note: i === 1 ? "Eve's own entry, \"bonus\", paid" : "" }));
  Object.assign(sheet, { turn: 3, sort: "low", finished: false });
  return sheet;
}

function kingSheet() {
  const king = gameById("king");
  const sheet = model.createSheet({ name: "King night", game: king, players: ["Ann", "Bob", "Cat", "Dan"].map((name) => ({ name })) });
  sheet.rows = [
    { id: "k1", hand: 1, cells: [-100, -80, -40, -40], first: null, computed: { facts: { taken: [5, 4, 2, 2] }, rule: "scoring.no-tricks",
      detail: "Ann 5 tricks, Bob 4, Cat 2, Dan 2", state: null, over: false, points: [-100, -80, -40, -40] }, note: "" },
    { id: "k2", hand: 7, cells: [175, 50, 50, 50], first: null, computed: null, note: "" },
  ];
  return sheet;
}

function bridgeSheet() {
  const game = gameById("bridge-solitaire");
  const sheet = model.createSheet({ name: "Rubber", game, players: [{ name: "Ann" }] });
  sheet.rows = [{ id: "b1", hand: null, cells: [220, 0], first: null, computed: {
    facts: { level: 4, strain: "S", declarer: 0, doubled: 0, tricks: 10, honours: 0 }, rule: "scoring.trick-score",
    detail: "4♠ by you, 10 tricks: made", state: { line: [0, 0], games_won: [1, 0], vulnerable: [true, false] },
    over: false, points: [220, 0] }, note: "" }];
  sheet.finished = true;
  return sheet;
}

function teamSheet() {
  const game = gameById("kaiser");
  const sheet = model.createSheet({ name: "Kaiser", game, players: ["Ann", "Bob", "Cat", "Dan"].map((name) => ({ name })) });
  sheet.rows = [{ id: "t1", hand: null, cells: [7, 3], first: null, computed: null, note: "" }];
  return sheet;
}

/** The largest sheet the pad holds: every limit at its most. */
function largestSheet(nameLength) {
  const players = Array.from({ length: model.MAX_PLAYERS }, (_, i) => ({ name: `P${i}`.padEnd(nameLength, "é") }));
  const sheet = model.createSheet({ name: "N".repeat(100), game: null, players });
  for (let r = 0; r < model.MAX_ROWS; r += 1) {
    sheet.rows.push({ id: `r${r}`, hand: null,
      cells: players.map((_, c) => ((r * 7919 + c * 104729) % (2 * model.MAX_SCORE + 1)) - model.MAX_SCORE),
      first: null, computed: null, note: `“${"n".repeat(996)}”,` });
  }
  return sheet;
}

const BASES = { plain: plainSheet, king: kingSheet, bridge: bridgeSheet, teams: teamSheet };
const wrap = (sheet) => JSON.parse(model.toJSON(sheet));

// ---- what is wrong: values no field of its kind takes --------------------------------------

const DIGITS_400 = "1".padEnd(400, "0");
const NUMBERS_BAD = [lit("1.0"), lit("2.5"), lit("1e3"), lit("1E+2"), lit("1e400"), lit(`-${DIGITS_400}`),
  lit("12345678901234567890"), lit("9007199254740993")];
const INT_BAD = [true, false, "1", "²", "", [], {}, [1], [[[{}]]], ...NUMBERS_BAD];
const SCORE_BAD = [...INT_BAD, 1000000000, -1000000000, lit(DIGITS_400), "10"];
const text_bad = (most) => [5, true, false, [], {}, [["x"]], lit("1.0"), lit(DIGITS_400), "x".repeat(most + 1), "a\u0007b", "tab\there"];
const NOTE_BAD = [5, true, [], {}, lit("1.0"), "x".repeat(1001), "bell\u0007"];
const BOOL_BAD = [1, 0, "true", "yes", [], {}, lit("1.0")];
const ENUM_BAD = ["", "HIGH", "sideways", 5, true, [], {}, lit("1.0")];
const LIST_BAD = [5, "x", true, {}, lit("1.0")];
const OBJECT_BAD = [5, "x", true, [], lit("1.0")];
const nested = (depth) => { let v = [1]; for (let i = 0; i < depth; i += 1) v = i % 2 ? [v, 2] : { junk: v }; return v; };

/** Mutations of an exported sheet, each `(doc) => where` (the words its refusal must hold), given a bad value. */
function targets(doc) {
  const sheet = doc.sheet;
  const cols = model.columns(sheet);
  const r = below(sheet.rows.length);
  const row = sheet.rows[r];
  const c = below(cols.length);
  const p = below(sheet.players.length);
  const list = [
    [[[], 5, "x", null, true, [doc], {}], (v) => ({ replace: v, where: [] })],
    [["other", 5, null, true, [], lit("1.0")], (v) => { doc.format = v; return ["format"]; }],
    [[2, 0, "1", lit("1.0"), true, null, [], {}, undefined], (v) => { doc.version = v; return ["version"]; }],
    [[...OBJECT_BAD, null], (v) => { doc.sheet = v; return ["sheet"]; }],
    [text_bad(200), (v) => { sheet.name = v; return ["name"]; }],
    [text_bad(100), (v) => { sheet.game = v; return ["game"]; }],
    [text_bad(200), (v) => { sheet.gameName = v; return ["gameName"]; }],
    [OBJECT_BAD, (v) => { sheet.rules = v; return ["rules"]; }],
    [ENUM_BAD, (v) => { sheet.rules.wins = v; return ["rules.wins"]; }],
    [[...INT_BAD, 1000000000, lit(DIGITS_400)], (v) => { sheet.rules.target = v; return ["rules.target"]; }],
    [[...INT_BAD, 0, -1, model.MAX_ROWS + 1], (v) => { sheet.rules.hands = v; return ["rules.hands"]; }],
    [[...ENUM_BAD, "later"], (v) => { sheet.rules.end = v; return ["rules.end"]; }],
    [["hands", "target"], (v) => { Object.assign(sheet.rules, { end: v, hands: null, target: null }); return ["rules."]; }],
    [[...LIST_BAD, null, []], (v) => { sheet.players = v; return ["players"]; }],
    [[model.MAX_PLAYERS + 1, 50000], (n) => { sheet.players = Array.from({ length: n }, (_, i) => ({ name: `P${i}` })); return ["players"]; }],
    [[null, 5, "Ann", [], true, lit("1.0")], (v) => { sheet.players[p] = v; return [`player ${p + 1}`]; }],
    [text_bad(200), (v) => { sheet.players[p].name = v; return [`player ${p + 1}`]; }],
    [["red", "#12345", "#1234567", "#gggggg", 5, true, [], {}], (v) => { sheet.players[p].colour = v; return [`player ${p + 1}`]; }],
    [[...LIST_BAD, ["a", "b", "c", "d", "e"]], (v) => { sheet.others = v; return ["others"]; }],
    [text_bad(200), (v) => { sheet.others = [v]; return ["others"]; }],
    [[...LIST_BAD, [[0], [0]], [[0, 0]], [[]], [[99]], [[lit("1.0")]], [["0"]], [[0]], [[0, 1, 2, 3, 4, 5, 6, 7, 8]]],
      (v) => { sheet.teams = v; return ["team"]; }],
    [[...LIST_BAD, null, { length: model.MAX_ROWS + 1 }, { length: 20000 }], (v) => {
      if (v && v.length > 1000) {
        sheet.rows = Array.from({ length: v.length }, () => ({ cells: cols.map(() => 1) }));
      } else sheet.rows = v;
      return ["rows"];
    }],
    [[null, 5, "x", [], true, lit("1.0")], (v) => { sheet.rows[r] = v; return [`row ${r + 1}`]; }],
    [[...LIST_BAD, null, undefined, "short", "long"], (v) => {
      row.cells = v === "short" ? row.cells.slice(1) : v === "long" ? [...row.cells, 1] : v;
      return [`row ${r + 1}`];
    }],
    [SCORE_BAD, (v) => { row.cells[c] = v; return [`row ${r + 1}`, cols[c].name]; }],
    [[...INT_BAD, 0, -1, model.MAX_ROWS + 1], (v) => { row.hand = v; return [`row ${r + 1}`, "hand"]; }],
    [NOTE_BAD, (v) => { row.note = v; return [`row ${r + 1}`, "note"]; }],
    [text_bad(64), (v) => { row.id = v; return [`row ${r + 1}`, "id"]; }],
    [OBJECT_BAD, (v) => { row.computed = v; return [`row ${r + 1}`, "computed"]; }],
    [[...OBJECT_BAD, { x: lit("1.5") }, { taken: [lit("1.0"), 2] }], (v) => { row.computed = { ...computedOf(row, cols), facts: v }; return [`row ${r + 1}`, "computed.facts"]; }],
    [[...OBJECT_BAD, { line: [lit("1.0"), 0] }], (v) => { row.computed = { ...computedOf(row, cols), state: v }; return [`row ${r + 1}`, "computed.state"]; }],
    [BOOL_BAD, (v) => { row.computed = { ...computedOf(row, cols), over: v }; return [`row ${r + 1}`, "computed.over"]; }],
    [text_bad(200), (v) => { row.computed = { ...computedOf(row, cols), rule: v }; return [`row ${r + 1}`, "computed.rule"]; }],
    [[...LIST_BAD, null, undefined, [1]], (v) => { row.computed = { ...computedOf(row, cols), points: v }; return [`row ${r + 1}`, "computed.points"]; }],
    [SCORE_BAD, (v) => {
      const computed = computedOf(row, cols);
      computed.points[c] = v;
      row.computed = computed;
      return [`row ${r + 1}`, "computed.points"];
    }],
    [[...INT_BAD, -1, sheet.players.length], (v) => { sheet.turn = v; return ["turn"]; }],
    [ENUM_BAD, (v) => { sheet.sort = v; return ["sort"]; }],
    [BOOL_BAD, (v) => { sheet.finished = v; return ["finished"]; }],
    [[...INT_BAD, -1], (v) => { sheet.created = v; return ["created"]; }],
    [[...INT_BAD, -1], (v) => { sheet.updated = v; return ["updated"]; }],
    [[20, 40, 200], (depth) => { row.cells[c] = nested(depth); return ["JSON", "nest"]; }],
  ];
  return list;
}

function computedOf(row, cols) {
  return row.computed ? clone(row.computed)
    : { facts: {}, rule: null, detail: "", state: null, over: false, points: row.cells.map((v) => v ?? 0).slice(0, cols.length) };
}

// ---- the cases -----------------------------------------------------------------------------------

const cases = [];
const file = (shape, name, bytes, where, game = null) => cases.push({ shape, kind: "file", name, bytes, where, game });
const link = (shape, fragment, where) => cases.push({ shape, kind: "link", fragment, where });

// Wrong types, extremes and junk in every field of an exported sheet, as a .json file, and some as links.
const wanted = Number(args.cases);
for (let i = 0; i < wanted; i += 1) {
  const base = pick(Object.keys(BASES));
  const doc = wrap(BASES[base]());
  const [bad, mutate] = pick(targets(doc));
  const value = pick(bad);
  const outcome = mutate(clone(value));
  const out = outcome && outcome.replace !== undefined ? outcome.replace : doc;
  const where = Array.isArray(outcome) ? outcome : outcome.where;
  const text = encode(out) ?? "";
  if (i % 10 === 0) link("a malformed sheet in a link", `#sheet=j${base64url(utf8(text))}`, where);
  else file(`a malformed field (${base})`, `${base}.json`, utf8(text), where);
}

// Cut short anywhere: files and links.
const honestText = model.toJSON(kingSheet());
for (let i = 0; i < 40; i += 1) {
  const cut = 1 + below(honestText.length - 1);
  file("JSON cut short", "cut.json", utf8(honestText.slice(0, cut)), ["JSON", "line"]);
}
const honestLink = (await model.toLink(kingSheet(), "http://127.0.0.1/")).split("#")[1];
for (let i = 0; i < 20; i += 1) link("a link cut short", `#${honestLink.slice(0, 9 + below(honestLink.length - 10))}`, []);

// JSON that is no JSON, or not quite.
const SYNTAX = ["{\"players\": [],}", "{'players': []}", "{\"rows\": [NaN]}", "{\"rows\": [Infinity]}", "{\"rows\": [] // note\n}",
  "{players: []}", "{\"rows\": [01]}", "{\"rows\": [+1]}", "{\"rows\": [.5]}", "{\"rows\": [1.]}", "{\"rows\": [-]}",
  "{\"name\": \"a\\x\"}", "{\"name\": \"line\nbreak\"}", "{\"name\": \"tab\there\"}", "{}x", "{}{}", "   ", "\uFEFF",
  "{\"name\": \"never closed}", "{\"rows\" []}", "[", "{\"rows\": [1 2]}", "nul", "tru", "{\"a\":1", `{"rows": [${"[".repeat(5000)}`];
SYNTAX.forEach((text) => file("not JSON", "syntax.json", utf8(text), []));

// Random bytes, as .json and as .csv (one byte that UTF-8 never has makes them binary for sure).
for (let i = 0; i < 30; i += 1) {
  const bytes = Uint8Array.from({ length: 16 + below(4000) }, () => below(256));
  bytes[below(bytes.length)] = 0xff;
  file("random bytes", i % 2 ? "noise.csv" : "noise.json", bytes, ["UTF-8"]);
}
// Printable noise after a brace, as a .json.
for (let i = 0; i < 15; i += 1) {
  const noise = Array.from({ length: 10 + below(300) }, () => String.fromCharCode(32 + below(95))).join("");
  file("printable noise", "noise.json", utf8(`{${noise}`), ["JSON"]);
}

// CSV: cells that are no score, names, structure, hands, rows.
const plainCSV = model.toCSV(plainSheet(), null).split("\r\n");
const kingCSV = model.toCSV(kingSheet(), gameById("king")).split("\r\n");
const CELL_BAD = ["abc", "1.5", "1.0", "1e3", "²", "¹²", "١", "１", "1²", DIGITS_400, "12345678901234567890", "1000000000",
  "-1000000000", "--1", "+-1", "1-", "0x10", "∞", "NaN", "Infinity", "1 000", "ten"];
for (let i = 0; i < 60; i += 1) {
  const lines = [...plainCSV];
  const r = 2 + below(6); // after the sheet's title and the players' names
  const cells = lines[r].split(",");
  const c = 2 + below(5);
  cells[c] = pick(CELL_BAD);
  lines[r] = cells.join(",");
  file("a CSV cell that is no score", "cells.csv", utf8(lines.join("\r\n")), [`line ${r + 1}`, ["Ann", "Bob", "Cat", "Dan", "Eve"][c - 2]]);
}
const csvCase = (shape, text, where, game = null) => file(shape, "sheet.csv", utf8(text), where, game);
csvCase("CSV structure", "Ann,Bob\n1,\"2\n3,4\n", ["line 2", "quote"]);
csvCase("CSV structure", "Ann,Bob\n1,\"2\"x,3\n", ["line 2"]);
csvCase("CSV structure", "Ann,Bob\n1,2,3\n", ["line 2", "cells"]);
csvCase("CSV structure", "\n\n , ,\n", []);
csvCase("CSV structure", "Row,Hand,Note\n1,,x\n", ["name the players"]);
csvCase("CSV names", `${Array.from({ length: model.MAX_PLAYERS + 1 }, (_, i) => `P${i}`).join(",")}\n`, ["players"]);
csvCase("CSV names", `Ann,${"B".repeat(201)}\n1,2\n`, ["line 1"]);
csvCase("CSV names", "Ann,\"B\u0007b\"\n1,2\n", ["line 1"]);
csvCase("CSV notes", `Row,Ann,Note\n1,5,${"n".repeat(1001)}\n`, ["line 2", "note"]);
csvCase("CSV notes", "Row,Ann,Note\n1,5,\"bell\u0007\"\n", ["line 2", "note"]);
for (const label of ["Bogus", "11", "0", "-1", "1.0", "²"]) {
  const lines = [...kingCSV];
  const cells = lines[2].split(",");
  cells[1] = label;
  lines[2] = cells.join(",");
  csvCase("CSV hands (King)", lines.join("\r\n"), ["line 3", "hand"], "king");
}
for (const count of [model.MAX_ROWS + 1, 200000]) {
  csvCase("CSV rows", `Ann,Bob\n${"1,2\n".repeat(count)}`, ["rows"]);
}

// Files too big, empty or blank; a sheet named otherwise.
file("file size", "huge.json", new Uint8Array(pad.MAX_BYTES + 1), ["MB"]);
file("file size", "huge.csv", new Uint8Array(5 * 1024 * 1024).fill(0x31), ["MB"]);
file("file size", "empty.json", new Uint8Array(0), ["empty"]);
file("file size", "empty.csv", new Uint8Array(0), ["empty"]);
file("file size", "blank.json", utf8("\n\n  \n"), ["JSON"]);
file("file size", "rows.json", utf8(JSON.stringify({ players: [{ name: "A" }], rows: Array.from({ length: 200000 }, () => ({ cells: [1] })) })), ["rows"]);

// Links: too long, unpacking to too much (the issue's: 136 KB that unpack to 100 MB), damaged, empty.
link("a link too long", `#sheet=z${"A".repeat(Math.ceil(pad.MAX_BYTES / 3) * 4 + 1)}`, ["characters"]);
const started = performance.now();
const bomb = await deflate(new Uint8Array(100 * 1024 * 1024).fill(0x20));
const bombMs = performance.now() - started;
link("a link that unpacks to 100 MB", `#sheet=z${base64url(bomb)}`, ["MB"]);
link("a link that unpacks to 5 MB", `#sheet=z${base64url(await deflate(utf8(`{"name":"${"a".repeat(5 * 1024 * 1024)}"}`)))}`, ["MB"]);
for (let i = 0; i < 10; i += 1) {
  const bytes = Uint8Array.from({ length: 8 + below(2000) }, () => below(256));
  link("a link of random bytes", `#sheet=${i % 2 ? "z" : "j"}${base64url(bytes)}`, []);
}
link("a link of bytes no text", `#sheet=z${base64url(await deflate(Uint8Array.of(0x7b, 0xff, 0xfe, 0x7d)))}`, ["UTF-8"]);
for (const fragment of ["#sheet=", "#sheet=z", "#sheet=j", "#sheet=q1234", "#sheet=zA", "#sheet=j!!!"]) link("an empty or odd link", fragment, []);

// ---- run them ------------------------------------------------------------------------------------

const storeText = JSON.stringify({ version: 1, sheets: [plainSheet()], players: [], current: null });
storage.set(model.STORE_KEY, storeText);
const storedBefore = JSON.stringify(model.loadStore());

async function attempt(c) {
  const began = performance.now();
  try {
    const sheet = c.kind === "link" ? await pad.fromLink(c.fragment)
      : await pad.importFile(new File([c.bytes], c.name), games);
    return { outcome: "accepted", ms: performance.now() - began, sheet };
  } catch (error) {
    return { outcome: error instanceof pad.SheetError ? "refused" : "crashed", ms: performance.now() - began,
      message: String(error?.message), error: String(error?.name) };
  }
}

const results = [];
for (const c of cases) {
  const result = await attempt(c);
  delete result.sheet;
  results.push({ shape: c.shape, kind: c.kind, name: c.name, where: c.where, ...result, ms: Math.round(result.ms * 10) / 10,
    input: c.kind === "link" ? c.fragment.slice(0, 200) : new TextDecoder().decode(c.bytes.subarray(0, 200)) });
}

// Honest sheets: each comes back whole by JSON, CSV and link.
const strip = (sheet) => ({ ...sheet, id: undefined });
const honest = [];
async function roundTrip(label, sheet, game = null) {
  const json = await attempt({ kind: "file", name: `${label}.json`, bytes: utf8(model.toJSON(sheet)) });
  const linked = await attempt({ kind: "link", fragment: (await model.toLink(sheet, "http://127.0.0.1/")).split("#")[1] });
  const csv = await attempt({ kind: "file", name: `${label}.csv`, bytes: utf8(model.toCSV(sheet, game)), game: game?.id });
  const same = (result) => result.outcome === "accepted" && JSON.stringify(strip(result.sheet)) === JSON.stringify(strip(sheet));
  const csvSame = csv.outcome === "accepted"
    && JSON.stringify(csv.sheet.rows.map((r) => [r.cells, r.note])) === JSON.stringify(sheet.rows.map((r) => [r.cells, r.note]))
    && JSON.stringify(model.columns(csv.sheet).map((c) => c.name)) === JSON.stringify(model.columns(sheet).map((c) => c.name));
  honest.push({ label, json: same(json) || json.message || "differs", link: same(linked) || linked.message || "differs",
    csv: csvSame || csv.message || "differs", ms: Math.round(json.ms + linked.ms + csv.ms) });
}
await roundTrip("plain", plainSheet());
await roundTrip("king", kingSheet(), gameById("king"));
await roundTrip("bridge-solitaire", bridgeSheet(), gameById("bridge-solitaire"));
await roundTrip("largest, names of 40", largestSheet(40));
for (const game of games) { // a sheet of every game on the site
  const sheet = model.createSheet({ name: game.name, game, players: Array.from({ length: game.seats[0] }, (_, i) => ({ name: `Seat ${i + 1}` })) });
  const hand = game.scoring.hands.length ? 1 : null;
  sheet.rows.push({ id: "g1", hand, cells: model.columns(sheet).map((_, i) => (i % 2 ? -i : i * 10)), first: null, computed: null, note: "" });
  await roundTrip(`a sheet of ${game.id}`, sheet, game);
}
const largest = largestSheet(model.MAX_NAME);
const bare = await attempt({ kind: "file", name: "bare.json", bytes: utf8(JSON.stringify(largest)) });
honest.push({ label: "largest, names of 200, a bare sheet", json: bare.outcome === "accepted" && bare.sheet.rows.length === model.MAX_ROWS || bare.message,
  link: true, csv: true, ms: Math.round(bare.ms) });
const minimal = await attempt({ kind: "file", name: "hand-written.txt", bytes: utf8('{"players": [{"name": "Ann"}], "rows": [{"cells": [-0]}]}') });
honest.push({ label: "hand-written, fields left out", json: minimal.outcome === "accepted" && minimal.sheet.rows[0].cells[0] === 0 || minimal.message,
  link: true, csv: true, ms: Math.round(minimal.ms) });
const partnerships = teamSheet();
const teams = await attempt({ kind: "file", name: "teams.json", bytes: utf8(model.toJSON(partnerships)) });
honest.push({ label: "partnerships", json: teams.outcome === "accepted" && JSON.stringify(strip(teams.sheet)) === JSON.stringify(strip(partnerships)) || teams.message || "differs",
  link: true, csv: true, ms: Math.round(teams.ms) });
const kingCsv = await attempt({ kind: "file", name: "king.csv", bytes: utf8(model.toCSV(kingSheet(), gameById("king"))), game: "king" });
honest.push({ label: "King by CSV keeps its hands", csv: kingCsv.outcome === "accepted" && kingCsv.sheet.game === "king"
  && JSON.stringify(kingCsv.sheet.rows.map((r) => r.hand)) === "[1,7]" || kingCsv.message || "differs", json: true, link: true, ms: Math.round(kingCsv.ms) });

process.stdout.write(JSON.stringify({
  seed: Number(args.seed),
  results,
  honest,
  storeUnchanged: storage.get(model.STORE_KEY) === storeText && JSON.stringify(model.loadStore()) === storedBefore,
  gamesUnchanged: JSON.stringify(games) === JSON.stringify(JSON.parse(gamesText).games),
  bombMs: Math.round(bombMs),
}));
