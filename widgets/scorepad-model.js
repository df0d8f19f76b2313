// The score pad's sheets, with no DOM: storage, a new sheet and its columns, scores as typed,
// and chance (the picker, shuffles). What the rows mean (totals, the end, the winners, the
// checks) is in scorepad-rules.js; passing a sheet on, in scorepad-export.js. A game's facts
// come from the site's data file (scorepad/games.json, written by the build from the engine's
// registry); a sheet for any other game keeps its own.

export const STORE_KEY = "rules-site.scorepad.v1";
export const FORMAT = "rules-site-score-sheet";
export const PALETTE = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#ad1457",
  "#4e342e", "#546e7a", "#9e9d24"];
export const SORTS = ["turn", "high", "low"];
export const ENDS = ["open", "target", "hands", "rows", "deals", "session", "dropout"];

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

/** "Ann, Bob and Cat" ("or" for choices). */
export function listOf(items, word = "and") {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${word} ${items[items.length - 1]}`;
}

/** A name for a message, cut to about `limit` characters. */
export function short(name, limit = 40) {
  const text = String(name).replace(/[\s\u0000-\u001f\u007f]+/g, " ");
  return text.length <= limit ? text : `${text.slice(0, limit - 1).replace(/[\ud800-\udbff]$/, "")}…`;
}

// ---- storage ----------------------------------------------------------------------------------

function emptyStore() {
  return { version: 1, sheets: [], players: [], current: null, aside: [] };
}

/** The pad's whole store as localStorage holds it, unread: `{store, text}`, or `{unreadable}` (its
 * text, which is no JSON store), or `{memoryOnly: true}` when the browser refuses storage. Each
 * sheet in it is read and checked by scorepad-fit.js's `readStored`. */
export function loadStore() {
  let text;
  try {
    text = window.localStorage.getItem(STORE_KEY);
  } catch (error) {
    return { store: { ...emptyStore(), memoryOnly: true }, text: null };
  }
  if (!text) return { store: emptyStore(), text: null };
  try {
    const store = JSON.parse(text);
    if (store && typeof store === "object" && Array.isArray(store.sheets)) return { store, text };
  } catch (error) { /* said below */ }
  return { store: emptyStore(), text: null, unreadable: text };
}

/** Write the store; returns its text, or null when the browser refuses (its storage full). */
export function saveStore(store) {
  const { memoryOnly, ...kept } = store;
  const text = JSON.stringify(kept);
  if (memoryOnly) return text;
  try {
    window.localStorage.setItem(STORE_KEY, text);
    return text;
  } catch (error) {
    return null;
  }
}

/** Keep `text` under `key` (or, when that holds another text already, `key` and a time), beside
 * the store: an unreadable store, before anything replaces it. Returns the key, or null. */
export function keepBeside(key, text) {
  try {
    const there = window.localStorage.getItem(key);
    const free = there === null || there === text ? key : `${key}.${Date.now()}`;
    window.localStorage.setItem(free, text);
    return free;
  } catch (error) {
    return null;
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

/** The rules a sheet keeps: a registered game's come from the engine's data, never typed (its
 * number of hands from the sheet's `options` where an option sets it). */
export function rulesOf(game, own = {}, options = {}) {
  if (game) {
    const s = game.scoring;
    const chosen = s.hands_option ? optionsOf(game, options)[s.hands_option.option] : null;
    return { wins: s.wins, target: s.target, hands: s.hands.length || chosen || null, end: s.end };
  }
  const target = Number.isSafeInteger(own.target) && own.target !== 0 && Math.abs(own.target) <= MAX_SCORE ? own.target : null;
  const hands = Number.isSafeInteger(own.hands) && own.hands > 0 && own.hands <= MAX_ROWS ? own.hands : null;
  return { wins: own.wins === "low" ? "low" : "high", target, hands, end: hands ? "hands" : target !== null ? "target" : "open" };
}

/** What of a game's options its sheet keeps: chips to start with, deals each, hands in all. */
export function sheetOptions(game) {
  const s = game.scoring;
  return [s.start, s.deals, s.hands_option].filter(Boolean);
}

/** The options a game's sheet keeps (`{chips: 100, deals: 1}`), from `chosen` or the defaults. */
export function optionsOf(game, chosen = {}) {
  const options = {};
  if (!game) return options;
  for (const spec of sheetOptions(game)) {
    if (spec) options[spec.option] = spec.choices.includes(chosen[spec.option]) ? chosen[spec.option] : spec.default;
  }
  return options;
}

export function createSheet({ name, game, players, rules = {}, partnerships = false, options = {} }) {
  const now = Date.now();
  const sheet = {
    id: newId("s"),
    name: (name || "").trim() || (game ? game.name : "Score sheet"),
    game: game ? game.id : null,
    gameName: game ? game.name : null,
    rules: rulesOf(game, rules, options),
    options: optionsOf(game, options),
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
  sheet.teams = teamsFor(sheet.players.length, game ? game.scoring.partnerships : partnerships ? 2 : 0);
  return sheet;
}

/** The sides of `count` players in partnerships of `size` (none: null). Partners sit apart: with n
 * sides, seat i plays with seats i + n, i + 2n... as the engine's games seat them. */
export function teamsFor(count, size) {
  if (!(size > 1 && count % size === 0 && count > size)) return null;
  const sides = count / size;
  return Array.from({ length: sides }, (_, side) => Array.from({ length: size }, (_, k) => side + k * sides));
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

export function touch(sheet) {
  sheet.updated = Date.now();
}

// ---- chance ----------------------------------------------------------------------------------

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
