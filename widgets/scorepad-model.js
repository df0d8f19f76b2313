// The score pad's sheets, with no DOM: storage, totals, standings, the end of
// a game and its winner, the rows' checks, and the sheet as JSON, CSV or a link.
// A game's facts come from the site's data file (scorepad/games.json, written by
// the build from the engine's registry); a sheet for any other game keeps its own.

export const STORE_KEY = "rules-site.scorepad.v1";
export const FORMAT = "rules-site-score-sheet";
export const PALETTE = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#ad1457",
  "#4e342e", "#546e7a", "#9e9d24"];
export const SORTS = ["turn", "high", "low"];
export const ENDS = ["open", "target", "hands", "rows"];

// What a sheet may hold. A score has at most nine digits either way: far more than any game's
// hand or total needs, and a column of MAX_ROWS of them still sums to a safe integer, so every
// total is exact. A thousand rows is weeks of evenings; twenty players, more than sit at a table.
export const MAX_SCORE = 999_999_999;
export const MAX_ROWS = 1000;
export const MAX_PLAYERS = 20;
export const MAX_NAME = 200;

/** `n` with its thousands grouped: 999,999,999. */
export function grouped(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** `value` in quotes for a message, cut to about `limit` characters: input can be of any size. */
export function quote(value, limit = 40) {
  const text = String(value).replace(/[\s\u0000-\u001f\u007f]+/g, " ");
  const digits = /^[-+\u2212]?(\d+)$/.exec(text.trim());
  if (digits && digits[1].length > limit) return `a number of ${grouped(digits[1].length)} digits`;
  if (text.length <= limit) return `“${text}”`;
  const cut = text.slice(0, limit - 1).replace(/[\ud800-\udbff]$/, "");
  return `“${cut}…” (${grouped(text.length)} characters)`;
}

/** A name for a message, cut to about `limit` characters. */
export function short(name, limit = 40) {
  const text = String(name).replace(/[\s\u0000-\u001f\u007f]+/g, " ");
  return text.length <= limit ? text : `${text.slice(0, limit - 1).replace(/[\ud800-\udbff]$/, "")}…`;
}

// ---- storage ----------------------------------------------------------------------------------

function emptyStore() {
  return { version: 1, sheets: [], players: [], current: null };
}

/** The pad's whole store from localStorage (or a fresh one); `memoryOnly` when storage is refused. */
export function loadStore() {
  try {
    const text = window.localStorage.getItem(STORE_KEY);
    const store = text ? JSON.parse(text) : emptyStore();
    if (!store || !Array.isArray(store.sheets)) return emptyStore();
    store.players ||= [];
    store.sheets = store.sheets.map(normaliseSheet).filter(Boolean);
    return store;
  } catch (error) {
    const store = emptyStore();
    store.memoryOnly = true;
    return store;
  }
}

export function saveStore(store) {
  if (store.memoryOnly) return false;
  try {
    const { memoryOnly, ...kept } = store;
    window.localStorage.setItem(STORE_KEY, JSON.stringify(kept));
    return true;
  } catch (error) {
    store.memoryOnly = true;
    return false;
  }
}

/** Remember players across sheets: newest first, one entry per name, with their colour. */
export function rememberPlayers(store, players) {
  const known = new Map(store.players.map((p) => [p.name.toLowerCase(), p]));
  for (const player of players) {
    if (player.name.trim()) known.set(player.name.trim().toLowerCase(), { name: player.name.trim(), colour: player.colour });
  }
  const named = new Set(players.map((p) => p.name.trim().toLowerCase()));
  store.players = [...players.filter((p) => p.name.trim()).map((p) => known.get(p.name.trim().toLowerCase())),
    ...store.players.filter((p) => !named.has(p.name.toLowerCase()))].slice(0, 60);
}

// ---- sheets -----------------------------------------------------------------------------------

export function newId(prefix) {
  const random = new Uint32Array(1);
  crypto.getRandomValues(random);
  return `${prefix}${Date.now().toString(36)}${random[0].toString(36)}`;
}

/** The rules a sheet keeps: a registered game's come from the engine's data, never typed. */
export function rulesOf(game, own = {}) {
  if (game) {
    const s = game.scoring;
    return { wins: s.wins, target: s.target, hands: s.hands.length || null, end: s.end };
  }
  const target = Number.isSafeInteger(own.target) && own.target !== 0 && Math.abs(own.target) <= MAX_SCORE ? own.target : null;
  const hands = Number.isSafeInteger(own.hands) && own.hands > 0 && own.hands <= MAX_ROWS ? own.hands : null;
  return { wins: own.wins === "low" ? "low" : "high", target, hands, end: hands ? "hands" : target !== null ? "target" : "open" };
}

export function createSheet({ name, game, players, rules = {}, partnerships = false }) {
  const now = Date.now();
  const sheet = {
    id: newId("s"),
    name: (name || "").trim() || (game ? game.name : "Score sheet"),
    game: game ? game.id : null,
    gameName: game ? game.name : null,
    rules: rulesOf(game, rules),
    players: players.map((p, i) => ({ name: p.name.trim() || `Player ${i + 1}`, colour: p.colour || PALETTE[i % PALETTE.length] })),
    others: game ? [...game.scoring.others] : [],
    teams: null,
    rows: [],
    turn: 0,
    sort: "turn",
    finished: false,
    created: now,
    updated: now,
  };
  const size = game ? game.scoring.partnerships : partnerships ? 2 : 0;
  if (size > 1 && sheet.players.length % size === 0 && sheet.players.length > size) {
    // Partners sit apart: with n sides, seat i plays with seats i + n, i + 2n...
    const sides = sheet.players.length / size;
    sheet.teams = Array.from({ length: sides }, (_, side) =>
      Array.from({ length: size }, (_, k) => side + k * sides));
  }
  return sheet;
}

function normaliseSheet(sheet) {
  if (!sheet || typeof sheet !== "object" || !Array.isArray(sheet.players) || !Array.isArray(sheet.rows)) return null;
  sheet.id ||= newId("s");
  sheet.name = String(sheet.name || "Score sheet");
  sheet.game ||= null;
  sheet.others ||= [];
  sheet.teams ||= null;
  sheet.rules = sheet.rules && typeof sheet.rules === "object" ? sheet.rules : rulesOf(null, {});
  sheet.players = sheet.players.map((p, i) => ({ name: String(p.name || `Player ${i + 1}`), colour: /^#[0-9a-f]{6}$/i.test(p.colour) ? p.colour : PALETTE[i % PALETTE.length] }));
  const width = columns(sheet).length;
  sheet.rows = sheet.rows.map((row) => ({
    id: row.id || newId("r"),
    hand: Number.isInteger(row.hand) ? row.hand : null,
    cells: Array.from({ length: width }, (_, i) => toNumber(row.cells?.[i])),
    computed: row.computed && typeof row.computed === "object" ? row.computed : null,
    note: row.note ? String(row.note) : "",
  }));
  sheet.turn = Number.isInteger(sheet.turn) ? sheet.turn % Math.max(1, sheet.players.length) : 0;
  sheet.sort = SORTS.includes(sheet.sort) ? sheet.sort : "turn";
  sheet.finished = Boolean(sheet.finished);
  sheet.created ||= Date.now();
  sheet.updated ||= sheet.created;
  return sheet;
}

function scoreText(value) {
  return String(value).trim().replace(/[\u2212\u2013]/g, "-").replace(/^\+(?=\d)/, "");
}

function isEmpty(value) {
  return value === null || value === undefined || String(value).trim() === "";
}

/** A score as typed ("+10", "−40", "7"), or null when the text is empty or is no score (see `scoreProblem`). */
export function toNumber(value) {
  if (isEmpty(value) || scoreProblem(value)) return null;
  return Number(scoreText(value)) || 0; // never -0
}

/** Why the text `value` is no score (the end of a sentence), or null when it is one or is empty. */
export function scoreProblem(value) {
  if (isEmpty(value)) return null;
  const text = scoreText(value);
  // ASCII digits only: \d without the u flag refuses '²' and other scripts' digits.
  if (!/^-?\d+$/.test(text)) return `${quote(value)} is not a whole number`;
  if (Math.abs(Number(text)) > MAX_SCORE) {
    return `${quote(value)} is more than a score needs (at most ${grouped(MAX_SCORE)} either way)`;
  }
  return null;
}

/** The sheet's columns: the players (or their partnerships), then any that are no player (the house). */
export function columns(sheet) {
  const people = sheet.teams
    ? sheet.teams.map((members) => ({ name: members.map((i) => sheet.players[i].name).join(" & "),
      colour: sheet.players[members[0]].colour, members }))
    : sheet.players.map((p, i) => ({ name: p.name, colour: p.colour, members: [i] }));
  return [...people, ...sheet.others.map((name) => ({ name, colour: "#757575", members: [], other: true }))];
}

export function totals(sheet) {
  const sums = columns(sheet).map(() => 0);
  for (const row of sheet.rows) row.cells.forEach((v, i) => { if (v !== null) sums[i] += v; });
  return sums;
}

/** How many entries each column has: its rounds counter. */
export function rounds(sheet) {
  const counts = columns(sheet).map(() => 0);
  for (const row of sheet.rows) row.cells.forEach((v, i) => { if (v !== null) counts[i] += 1; });
  return counts;
}

/** Column indexes in the order asked: turn order, high to low or low to high (ties in turn order). */
export function standings(sheet, order = sheet.sort) {
  const sums = totals(sheet);
  const indexes = sums.map((_, i) => i);
  if (order === "high") indexes.sort((a, b) => sums[b] - sums[a] || a - b);
  if (order === "low") indexes.sort((a, b) => sums[a] - sums[b] || a - b);
  return indexes;
}

export function nextSort(order) {
  return SORTS[(SORTS.indexOf(order) + 1) % SORTS.length];
}

/** Hands played: a game's named hands with a row, or else the rows. */
export function handsPlayed(sheet, game) {
  if (game && game.scoring.hands.length) return new Set(sheet.rows.filter((r) => r.hand).map((r) => r.hand)).size;
  return sheet.rows.length;
}

/** The first hand of a fixed list with no row yet (1-based), or null once all are in. */
export function nextHand(sheet) {
  if (!sheet.rules.hands) return null;
  const done = new Set(sheet.rows.map((r) => r.hand));
  for (let hand = 1; hand <= sheet.rules.hands; hand += 1) if (!done.has(hand)) return hand;
  return null;
}

/** Where the game stands: `{over, winners, reason, totals, check}`, from the sheet's rules. */
export function outcome(sheet, game) {
  const sums = totals(sheet);
  const rules = sheet.rules;
  let over = false;
  let reason = "";
  if (rules.end === "hands" && rules.hands) {
    const played = handsPlayed(sheet, game);
    over = played >= rules.hands;
    reason = `${Math.min(played, rules.hands)} of ${rules.hands} hands played`;
  } else if (rules.end === "target" && rules.target !== null) {
    const reached = sums.some((s) => (rules.target >= 0 ? s >= rules.target : s <= rules.target));
    over = reached;
    reason = `playing to ${rules.target}`;
  } else if (rules.end === "rows") {
    over = sheet.rows.some((r) => r.computed && r.computed.over);
    reason = over ? "the last row ended the game" : "";
  }
  const byRules = over;
  if (sheet.finished) over = true;
  const people = columns(sheet);
  let winners = [];
  if (over && sheet.rows.length) {
    const best = rules.wins === "low" ? Math.min(...sums) : Math.max(...sums);
    winners = sums.map((s, i) => (s === best ? i : -1)).filter((i) => i >= 0);
  }
  let check = null;
  const scoring = game && game.scoring;
  if (byRules && scoring && scoring.game_total !== null) {
    const sum = sums.reduce((a, b) => a + b, 0);
    if (sum !== scoring.game_total) {
      check = { message: `the totals add up to ${sum}, but a whole game's always add up to ${scoring.game_total}`, rule: scoring.total_rule };
    }
  }
  return { over, winners, reason, totals: sums, check, names: people.map((c) => c.name) };
}

/** A hand row's check, as the engine's rules_engine/scoring.check_row: null, or {message, rule}. */
export function checkRow(sheet, game, cells, hand) {
  if (!game || !hand) return null;
  const expected = game.scoring.hands[hand - 1];
  if (!expected || expected.total === null) return null;
  const got = cells.reduce((a, v) => a + (v || 0), 0);
  if (got === expected.total) return null;
  const figure = (n) => (n < 0 ? `\u2212${-n}` : String(n));  // a real minus, as the engine's check_row writes it
  return { message: `this row adds up to ${figure(got)}, but a ${expected.name} hand always gives out ${figure(expected.total)} in all`,
    rule: expected.total_rule || expected.rule };
}

export function touch(sheet) {
  sheet.updated = Date.now();
}

// ---- passing a sheet on ------------------------------------------------------------------------

export function toJSON(sheet) {
  return JSON.stringify({ format: FORMAT, version: 1, sheet }, null, 2);
}

function csvCell(value) {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\n\r]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCSV(sheet, game) {
  const names = columns(sheet).map((c) => c.name);
  const lines = [["Row", "Hand", ...names, "Note"]];
  sheet.rows.forEach((row, i) => {
    const hand = row.hand && game ? game.scoring.hands[row.hand - 1]?.name || row.hand : row.hand || "";
    lines.push([i + 1, hand, ...row.cells, row.note || ""]);
  });
  lines.push(["Total", "", ...totals(sheet), ""]);
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

/** A whole number from crypto, below `n`. */
export function randomBelow(n) {
  const limit = Math.floor(0x100000000 / n) * n;
  const value = new Uint32Array(1);
  do crypto.getRandomValues(value); while (value[0] >= limit);
  return value[0] % n;
}

export function shuffled(items) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomBelow(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
