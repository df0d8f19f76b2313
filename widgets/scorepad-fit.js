// A sheet and its game: a sheet read from a file, a link or this browser's storage is kept by its
// game's rules (the engine's, in the site's data), whatever rules it carries; one that does not
// fit its game's sheet (its players, columns, partnerships, options or hands) is kept as a plain
// sheet of its own, and the reader is told why. And the store: every stored sheet is read and
// checked on its own, so one that cannot be read is set aside, never blocking the others.
import { MAX_NAME, PALETTE, listOf, newId, optionsOf, rulesOf, sheetOptions, teamsFor } from "./scorepad-model.js";
import { SheetError, whyNot } from "./scorepad-read.js";
import { plain } from "./scorepad-dom.js";

function seatsText(game) {
  const [low, high] = game.seats;
  const counts = game.player_counts || [];
  const people = counts.length && counts.length !== high - low + 1
    ? `${counts.slice(0, -1).join(", ")} or ${counts[counts.length - 1]}` : low === high ? `${low}` : `${low} to ${high}`;
  return `${people} player${high === 1 ? "" : "s"}`;
}

function rulesText(rules) {
  const parts = [rules.wins === "low" ? "low wins" : "high wins"];
  if (rules.hands) parts.push(`${rules.hands} hands`);
  if (rules.target !== null && rules.target !== undefined) parts.push(`to ${plain(rules.target)}`);
  return parts.join(", ");
}

/** Why `sheet` is no sheet of `game` as the pad keeps one, or null when it fits (its options
 * and rows' hands made right on the way). */
function misfit(sheet, game) {
  const name = game.name;
  const count = sheet.players.length;
  if (count < game.seats[0] || count > game.seats[1] || (game.player_counts && !game.player_counts.includes(count))) return `it has ${count} player${count === 1 ? "" : "s"}, and ${name} is for ${seatsText(game)}`;
  const others = game.scoring.others;
  if (JSON.stringify(sheet.others) !== JSON.stringify(others)) {
    return others.length ? `a ${name} sheet has a column for ${listOf(others)}, and this one has ${sheet.others.length ? listOf(sheet.others) : "none"}`
      : `it has a column for ${listOf(sheet.others)}, which a ${name} sheet has not`;
  }
  const teams = teamsFor(count, game.scoring.partnerships);
  if (JSON.stringify(sheet.teams) !== JSON.stringify(teams)) {
    return teams ? `its partnerships are not those of ${name}, whose partners sit opposite` : `it has partnerships, and ${name} is played without`;
  }
  for (const key of Object.keys(sheet.options)) {
    const spec = sheetOptions(game).find((s) => s.option === key);
    if (!spec) return `it has the option “${key}”, which ${name} has not`;
    if (!spec.choices.includes(sheet.options[key])) return `its option “${key}” is ${sheet.options[key]}, and ${name} takes ${listOf(spec.choices.map(String), "or")}`;
  }
  const hands = game.scoring.hands;
  const seen = new Map();
  for (const [r, row] of sheet.rows.entries()) {
    if (!hands.length) {
      if (row.hand !== null) return `row ${r + 1} is hand ${row.hand}, and ${name} has no hands of its own`;
      continue;
    }
    if (row.hand === null) return `row ${r + 1} names no hand, and each row of ${name} is one of its ${hands.length} hands`;
    if (row.hand > hands.length) return `row ${r + 1} is hand ${row.hand}, and ${name} has ${hands.length}`;
    if (seen.has(row.hand)) return `rows ${seen.get(row.hand) + 1} and ${r + 1} are both hand ${row.hand} (${hands[row.hand - 1].name})`;
    seen.set(row.hand, r);
  }
  return null;
}

/**
 * `sheet` (every field already checked) as the pad keeps it: a registered game's sheet takes its
 * game's rules and options (`notes` says so when the sheet's own were other); one that does not
 * fit its game becomes a plain sheet. A game the site does not know is left as it is.
 */
export function fitGame(sheet, games, notes = []) {
  const game = sheet.game ? games.find((g) => g.id === sheet.game) || null : null;
  if (!game) {
    if (!sheet.game) sheet.options = {};
    sheet.rules ||= rulesOf(null, {});
    return sheet;
  }
  const why = misfit(sheet, game);
  if (why) {
    notes.push(`it says it is a ${game.name} sheet, but ${why}: it is kept as a plain sheet`);
    Object.assign(sheet, { game: null, gameName: null, options: {}, rules: rulesOf(null, sheet.rules || rulesOf(game, {}, sheet.options)) });
    for (const row of sheet.rows) row.first = null;
    return sheet;
  }
  const rules = rulesOf(game, {}, sheet.options);
  if (sheet.rules && ["wins", "target", "hands", "end"].some((key) => (sheet.rules[key] ?? null) !== (rules[key] ?? null))) {
    notes.push(`its rules (${rulesText(sheet.rules)}) are not ${game.name}'s: the pad keeps ${game.name}'s (${rulesText(rules)})`);
  }
  return Object.assign(sheet, { gameName: game.name, rules, options: optionsOf(game, sheet.options) });
}

function readPlayers(players) {
  if (!Array.isArray(players)) return [];
  return players.filter((p) => p && typeof p.name === "string" && p.name.trim() && p.name.length <= MAX_NAME)
    .map((p) => ({ name: p.name, colour: /^#[0-9a-f]{6}$/i.test(p.colour) ? p.colour : PALETTE[0] })).slice(0, 60);
}

/**
 * The store as the pad keeps it, from what `loadStore` found (scorepad-model.js): each sheet read
 * by `read` (scorepad-import.js's readSheet) on its own. A sheet that cannot be read is set
 * aside in `store.aside` with the reason, kept until the reader deletes it. Returns `{store,
 * notes}`: what the reader should be told.
 */
export function readStored(found, games, read) {
  const raw = found.store;
  const store = { version: 1, sheets: [], players: readPlayers(raw.players), current: null, aside: [] };
  if (raw.memoryOnly) store.memoryOnly = true;
  const notes = [];
  const ids = new Set();
  for (const data of raw.sheets) {
    try {
      const said = [];
      const sheet = read(data, { games, keep: true, notes: said });
      if (ids.has(sheet.id)) sheet.id = newId("s");
      ids.add(sheet.id);
      store.sheets.push(sheet);
      notes.push(...said.map((note) => `“${sheet.name}”: ${note}`));
    } catch (error) {
      if (!(error instanceof SheetError)) console.warn("score pad: a stored sheet could not be read", error);
      store.aside.push({ why: whyNot(error), sheet: data });
    }
  }
  for (const item of Array.isArray(raw.aside) ? raw.aside : []) {
    if (item && typeof item.why === "string") store.aside.push({ why: item.why, sheet: item.sheet });
  }
  store.current = store.sheets.some((s) => s.id === raw.current) ? raw.current : store.sheets[0]?.id || null;
  return { store, notes };
}
