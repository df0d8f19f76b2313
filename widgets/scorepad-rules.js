// What a sheet's rows mean, with no DOM: its totals, the end of its game and the winners, the
// checks a row must pass, and whose turn comes next. A game's rules are the engine's (its
// ScoreRule, in scorepad/games.json); this mirrors rules_engine/scoring.py's sheet_outcome and
// check_row, which tests/test_score_sheets.py (through tests/scorepad/sheet_rules.mjs) checks it
// against, row for row.
import { columns, grouped, SORTS } from "./scorepad-model.js";
import { plain } from "./scorepad-dom.js"; // a figure as the engine writes it: a real minus, no plus

/** The value of a game's option for this sheet (chips to start with, deals each), or its default. */
export function optionValue(sheet, spec) {
  if (!spec) return null;
  const value = sheet.options ? sheet.options[spec.option] : undefined;
  return spec.choices.includes(value) ? value : spec.default;
}

/** Everything the sheet is kept by: a game's from the engine's data and the sheet's options, a
 * plain sheet's from its own rules. */
export function ruleOf(sheet, game) {
  const base = { wins: "high", target: null, floor: null, lastHand: null, ties: "share", named: [], hands: null,
    deals: null, start: 0, pool: null, outEnds: false, perGame: false, cells: null, rowSum: null, gameTotal: null,
    endsByRows: false, handsPerDeal: 1, unit: "points", end: "open", outAt: null, bonuses: null, ids: {} };
  if (game) {
    const s = game.scoring;
    const deals = optionValue(sheet, s.deals);
    const byPlayers = s.target_by_seats ? s.target_by_seats[String(sheet.players.length)] : undefined;
    return { ...base, wins: s.wins, target: byPlayers ?? s.target, floor: s.floor ?? null, lastHand: s.last_hand ?? null,
      ties: s.ties || "share", named: s.hands, handsOption: Boolean(s.hands_option),
      hands: s.hands.length || (deals ? deals * sheet.players.length : null) || optionValue(sheet, s.hands_option),
      deals, start: optionValue(sheet, s.start) || 0, pool: s.pool || null, outEnds: Boolean(s.out_ends),
      perGame: Boolean(s.per_game), cells: s.cells || null, rowSum: s.row_sum || null, gameTotal: s.game_total ?? null,
      endsByRows: s.end === "rows", handsPerDeal: s.hands_per_deal || 1, unit: s.unit || "points", end: s.end,
      outAt: s.out_at === null || s.out_at === undefined ? null : optionValue(sheet, s.out_at_option) || s.out_at,
      bonuses: s.bonuses && (s.bonuses.hand || s.bonuses.game) ? s.bonuses : null,
      ids: { rule: s.rule, end: s.end_rule, tie: s.tie_rule, floor: s.floor_rule, last: s.last_rule, pool: s.pool_rule,
        total: s.total_rule, bonus: s.bonuses?.rule } };
  }
  const r = sheet.rules;
  return { ...base, wins: r.wins, end: r.end, target: r.end === "target" ? r.target : null,
    hands: r.end === "hands" ? r.hands : null, endsByRows: r.end === "rows" };
}

/** How many columns are players (or sides), before those that are none (the house, the pot). */
export function peopleOf(sheet) {
  return columns(sheet).filter((c) => !c.other).length;
}

/** Each column's total before any row: what the players start with (chips), nothing for the others. */
export function startTotals(sheet, rule) {
  const people = peopleOf(sheet);
  return columns(sheet).map((_, i) => (i < people ? rule.start : 0));
}

/** The totals after the rows before `index` (all of them by default). */
export function totalsBefore(sheet, rule, index = sheet.rows.length) {
  const sums = startTotals(sheet, rule);
  for (const row of sheet.rows.slice(0, index)) row.cells.forEach((v, i) => { if (v !== null) sums[i] += v; });
  return sums;
}

export function totals(sheet, game) {
  return totalsBefore(sheet, ruleOf(sheet, game));
}

/** How many entries each column has: its rounds counter. */
export function rounds(sheet) {
  const counts = columns(sheet).map(() => 0);
  for (const row of sheet.rows) row.cells.forEach((v, i) => { if (v !== null) counts[i] += 1; });
  return counts;
}

/** Column indexes in the order asked: turn order, high to low or low to high (ties in turn order). */
export function standings(sheet, game, order = sheet.sort) {
  const sums = totals(sheet, game);
  const indexes = sums.map((_, i) => i);
  if (order === "high") indexes.sort((a, b) => sums[b] - sums[a] || a - b);
  if (order === "low") indexes.sort((a, b) => sums[a] - sums[b] || a - b);
  return indexes;
}

export function nextSort(order) {
  return SORTS[(SORTS.indexOf(order) + 1) % SORTS.length];
}

/** The first of a game's named hands with no row yet (1-based), or null once all are in. */
export function nextHand(sheet, game) {
  const rule = ruleOf(sheet, game);
  if (!rule.named.length) return null;
  const done = new Set(sheet.rows.map((r) => r.hand));
  for (let hand = 1; hand <= rule.named.length; hand += 1) if (!done.has(hand)) return hand;
  return null;
}

/** A game players drop out of at `rule.outAt`: over once one at most is left below it, who wins, or
 * the lowest of those still in before the row (rules_engine/scoring.py's _dropped_out). */
function droppedOut(rule, before, sums) {
  const left = sums.map((t, i) => (t < rule.outAt ? i : -1)).filter((i) => i >= 0);
  if (left.length > 1) return null;
  if (left.length) return { winners: left, why: "dropout" };
  const wereIn = before.map((t, i) => (t < rule.outAt ? i : -1)).filter((i) => i >= 0);
  const best = Math.min(...wereIn.map((i) => sums[i]));
  return { winners: wereIn.filter((i) => sums[i] === best), why: "dropout" };
}

/** ``(winners, why)`` if the game ends with `row`, else null: rules_engine/scoring.py's _ended. */
function endedBy(rule, sums, played, row) {
  let why = null;
  if (rule.hands !== null && played >= rule.hands) why = rule.named.length || rule.handsOption ? "hands" : "deals";
  if (rule.outEnds && Math.min(...sums) <= 0) why = "out";
  let reached = [];
  if (rule.target !== null) {
    reached = sums.map((t, i) => ((rule.target >= 0 ? t >= rule.target : t <= rule.target) ? i : -1)).filter((i) => i >= 0);
    if (reached.length) why = "target";
  }
  if (rule.floor !== null && Math.min(...sums) <= rule.floor) why = "floor";
  if (rule.endsByRows && row.computed && row.computed.over) why = "rows";
  const atLast = rule.lastHand !== null && played >= rule.lastHand;
  if (why === null && !atLast) return null;
  const best = rule.wins === "high" ? Math.max(...sums) : Math.min(...sums);
  const leaders = sums.map((t, i) => (t === best ? i : -1)).filter((i) => i >= 0);
  if (rule.ties === "play-on" && leaders.length > 1) return atLast ? { winners: [], why: "draw" } : null;
  if (rule.ties === "first" && why === "target") {
    if (reached.length === 1) return { winners: reached, why };
    return reached.includes(row.first) ? { winners: [row.first], why } : { winners: [], why: "first?" };
  }
  return { winners: leaders, why: why || "last" };
}

/** A finished game's totals with its end bonuses, or null when it has none: rules_engine/scoring.py's
 * with_bonuses (a bonus for each row a column scored in, the game's to a sole winner, a shutout doubling it). */
function withBonuses(rule, totals, rows, winners, why) {
  const b = rule.bonuses;
  if (!b) return null;
  const won = totals.map((_, i) => rows.filter((row) => (row.cells[i] || 0) > 0).length);
  const final = totals.map((t, i) => t + b.hand * won[i]);
  if (winners.length === 1 && (why === "target" || !b.reached)) {
    const [winner] = winners;
    final[winner] += b.game;
    if (b.shutout && won.every((n, i) => i === winner || !n)) final[winner] *= 2;
  }
  return final;
}

/**
 * Where the game stands: `{over, winners, why, ended, totals, final, reason, check, byRules}`. The game
 * ends with the first row after which its rules say so (`ended`, its index, and `why`); the
 * winners are those of that row's totals; `totals` count every row; `final`, once the game is over
 * by its rules, its totals at the end with its end bonuses (null: it has none); `check` is the first
 * thing on the sheet its game's rules do not allow (a row, or a whole game's totals).
 */
export function outcome(sheet, game) {
  const rule = ruleOf(sheet, game);
  const people = peopleOf(sheet);
  const sums = startTotals(sheet, rule);
  const done = new Set();
  let end = null;
  let check = null;
  sheet.rows.forEach((row, index) => {
    if (!check) {
      const problem = rowProblem(rule, row.cells, row.hand, sums, people);
      if (problem) check = { ...problem, message: `row ${grouped(index + 1)}: ${problem.message}` };
    }
    const before = sums.slice(0, people);
    row.cells.forEach((v, i) => { if (v !== null) sums[i] += v; });
    if (row.hand) done.add(row.hand);
    if (end || rule.perGame) return;
    const ended = rule.outAt !== null ? droppedOut(rule, before, sums.slice(0, people))
      : endedBy(rule, sums.slice(0, people), rule.named.length ? done.size : index + 1, row);
    if (ended) end = { ...ended, ended: index, at: sums.slice() };
  });
  const result = { over: Boolean(end), byRules: Boolean(end), winners: end ? end.winners : [], why: end ? end.why : null,
    ended: end ? end.ended : null, totals: sums, reason: progress(sheet, rule, done.size), check,
    final: end ? withBonuses(rule, end.at, sheet.rows.slice(0, end.ended + 1), end.winners, end.why) : null };
  if (end && end.ended < sheet.rows.length - 1 && !check) {
    check = { message: `the game ended with row ${grouped(end.ended + 1)}, so the rows after it do not count`, rule: rule.ids.end };
    result.check = check;
  }
  if (end && !check && rule.gameTotal !== null) {
    const sum = end.at.slice(0, people).reduce((a, b) => a + b, 0) - rule.start * people;
    if (sum !== rule.gameTotal) {
      result.check = { message: `the totals add up to ${plain(sum)}, but a whole game's always add up to ${plain(rule.gameTotal)}`, rule: rule.ids.total };
    }
  }
  if (!end && sheet.finished) {
    // Finished by hand: the best totals so far win, shared when equal.
    const own = sums.slice(0, people);
    const best = rule.wins === "high" ? Math.max(...own) : Math.min(...own);
    Object.assign(result, { over: true, winners: sheet.rows.length ? own.map((t, i) => (t === best ? i : -1)).filter((i) => i >= 0) : [] });
  }
  return result;
}

/** Where the game is on its way to its end, for a sentence ("3 of 28 hands played"). */
function progress(sheet, rule, named) {
  const parts = [];
  if (rule.perGame) parts.push(`${sheet.rows.length} game${sheet.rows.length === 1 ? "" : "s"} so far`);
  else if (rule.hands !== null) parts.push(`${Math.min(rule.named.length ? named : sheet.rows.length, rule.hands)} of ${rule.hands} hands played`);
  if (rule.target !== null) parts.push(`playing to ${plain(rule.target)}`);
  return parts.join(", ");
}

/** A row's problem against the rules, or null: rules_engine/scoring.py's check_row. `before` are
 * the totals before the row; a `hard` problem is a row the game cannot produce. */
function rowProblem(rule, points, hand, before, people) {
  const cells = points.map((v) => v || 0);
  const id = rule.ids.rule;
  if (rule.cells) {
    const [low, high] = rule.cells;
    const bad = cells.find((v) => v < low || v > high);
    if (bad !== undefined) return { message: `a row gives each player ${plain(low)} to ${plain(high)}, not ${plain(bad)}`, rule: id, hard: true };
  }
  const sum = cells.reduce((a, b) => a + b, 0);
  if (rule.rowSum) {
    const [low, high] = rule.rowSum;
    if (low !== null && sum < low) return { message: `this row adds up to ${plain(sum)}, and a row always adds up to ${plain(low)} or more`, rule: id, hard: true };
    if (high !== null && sum > high) return { message: `this row adds up to ${plain(sum)}, and a row always adds up to ${plain(high)} or less`, rule: id, hard: true };
  }
  const pool = rule.pool ? `the ${rule.pool.toLowerCase()}` : "";
  const holds = pool.endsWith("s") ? "hold" : "holds";
  const held = before[before.length - 1];
  const last = cells[cells.length - 1];
  if (rule.pool) {
    const poolId = rule.ids.pool || id;
    if (sum) return { message: `this row adds up to ${plain(sum)}: ${rule.unit} only pass between the players and ${pool}, so a row adds up to 0`, rule: poolId, hard: true };
    if (held + last < 0) return { message: `${pool} ${holds} ${count(held, rule.unit)} before this row and cannot pay out ${-last}`, rule: poolId, hard: true };
  }
  if (!rule.named.length || !hand) return null;
  if (hand < 1 || hand > rule.named.length) return { message: `there is no hand ${hand}: the game has ${rule.named.length}`, rule: rule.ids.end, hard: true };
  const expected = rule.named[hand - 1];
  if (expected.empties_pool && held + last) {
    return { message: `${expected.name} leaves ${pool} empty: it ${holds} ${count(held, rule.unit)} before this row, so the row takes ${held} from it`,
      rule: expected.total_rule || expected.rule, hard: true };
  }
  if (expected.total === null) return null;
  const got = cells.slice(0, people).reduce((a, b) => a + b, 0);
  if (got === expected.total) return null;
  return { message: `this row adds up to ${plain(got)}, but a ${expected.name} hand always gives out ${plain(expected.total)} in all`,
    rule: expected.total_rule || expected.rule, hard: false };
}

function count(n, unit) {
  return `${n} ${Math.abs(n) === 1 && unit.endsWith("s") ? unit.slice(0, -1) : unit}`;
}

/** The check of a row about to be saved as row `index` (a new row: null): null, or `{message, rule,
 * hard}`. A hard problem is refused; a soft one (a hand's total) may be saved anyway. */
export function checkRow(sheet, game, cells, hand, index = null) {
  const rule = ruleOf(sheet, game);
  return rowProblem(rule, cells, hand, totalsBefore(sheet, rule, index === null ? sheet.rows.length : index), peopleOf(sheet));
}

/** Who deals (has the turn) after a new row: the deal passes to the left after each hand, or after
 * each dealer's hands when a dealer deals several in a row. */
export function turnAfter(sheet, game, row) {
  const rule = ruleOf(sheet, game);
  const number = rule.named.length && row.hand ? row.hand : sheet.rows.length;
  return number % rule.handsPerDeal === 0 ? (sheet.turn + 1) % sheet.players.length : sheet.turn;
}
