// What a table keeps in the reader's own browser: its game in the tab, the four-colour choice;
// and a link's text as the reader typed it.
const FOUR_COLOURS = "rules-four-colour-deck";
// A table keeps its game in the reader's own tab (sessionStorage) while the reader visits other
// pages, so that Back, or coming to the page again, finds the game where it was left. The position
// is kept as the engine's record (asked for with 'share'), never in the address unless shared.
const KEPT = "rules-table/";

/** The game a table left in this tab (its record, seat, options, title and link), or null. */
export function keptGame(game, id) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(`${KEPT}${game}/${id}`));
    return kept && typeof kept.record === "string" ? kept : null;
  } catch {
    return null;
  }
}

export function keepGame(game, id, kept) {
  try {
    if (kept) sessionStorage.setItem(`${KEPT}${game}/${id}`, JSON.stringify(kept));
    else sessionStorage.removeItem(`${KEPT}${game}/${id}`);
  } catch {
    // Storage refused (a private window, a full quota): the table still plays, and is not kept.
  }
}

export function fourColours(on) {
  try {
    if (on !== undefined) localStorage.setItem(FOUR_COLOURS, on ? "1" : "");
    return localStorage.getItem(FOUR_COLOURS) === "1";
  } catch {
    return false;
  }
}

/** A link's text as typed, even when its %-escapes are broken. */
export function readableHash(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
