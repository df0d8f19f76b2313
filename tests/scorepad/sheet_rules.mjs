// The score pad's own rules (widgets/scorepad-rules.js) on sheets written by
// tests/test_score_sheets.py: for each case, a sheet of the game with its rows, where the game
// stands and each row's check, as JSON for the test to hold against rules_engine/scoring.py.
//
//   node sheet_rules.mjs --games games.json --cases cases.json
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const widget = (name) => import(pathToFileURL(path.join(root, "widgets", name)).href);
const model = await widget("scorepad-model.js");
const rules = await widget("scorepad-rules.js");

const { values: args } = parseArgs({ options: { games: { type: "string" }, cases: { type: "string" } } });
const games = JSON.parse(await readFile(args.games, "utf8")).games;
const cases = JSON.parse(await readFile(args.cases, "utf8"));

const out = cases.map(({ game: id, seats, options, rows }) => {
  const game = games.find((g) => g.id === id);
  const sheet = model.createSheet({ name: id, game, options, players: Array.from({ length: seats }, (_, i) => ({ name: `P${i}` })) });
  sheet.rows = rows.map((row, i) => ({ id: `r${i}`, hand: row.hand ?? null, cells: row.cells, first: row.first ?? null,
    computed: row.over ? { over: true } : null, note: "" }));
  const checks = sheet.rows.map((row, i) => rules.checkRow(sheet, game, row.cells, row.hand, i));
  const result = rules.outcome(sheet, game);
  return { over: result.byRules, winners: result.byRules ? result.winners : [], why: result.why, ended: result.ended,
    final: result.byRules ? result.final : null, checks };
});
process.stdout.write(JSON.stringify(out));
