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

// Lessons completed, kept in the reader's browser (nothing is sent): { game: { lesson id: date } }.
const LESSONS = "rules-site.lessons.v1";

export function lessonsLearned() {
  try {
    const kept = JSON.parse(localStorage.getItem(LESSONS));
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}

/** Keeps (``done``) or forgets a lesson completed; ``id`` null forgets all of the game's. */
export function keepLesson(game, id, done) {
  const kept = lessonsLearned();
  const own = id === null ? {} : { ...(typeof kept[game] === "object" ? kept[game] : {}) };
  if (done) own[id] = new Date().toISOString().slice(0, 10);
  else if (id !== null) delete own[id];
  if (Object.keys(own).length) kept[game] = own;
  else delete kept[game];
  try {
    localStorage.setItem(LESSONS, JSON.stringify(kept));
  } catch {
    // Storage refused (a private window, a full quota): the lesson is done, and not kept.
  }
}

/** Marks the page's lessons the reader completed, and says how many at the page's top, with a
 *  button that forgets them. */
export function markLessons(scope = document) {
  const lessons = [...scope.querySelectorAll('[data-widget="lesson"]')];
  if (!lessons.length) return;
  const game = lessons[0].dataset.game;
  const learned = lessonsLearned()[game] || {};
  for (const root of lessons) {
    const done = Object.hasOwn(learned, root.id);
    root.classList.toggle("rules-widget--learned", done);
    let mark = root.querySelector(".rules-lesson__mark");
    if (done && !mark) {
      mark = document.createElement("span");
      mark.className = "rules-lesson__mark";
      mark.textContent = " ✓ completed";
      root.querySelector("figcaption")?.append(mark);
    } else if (!done) mark?.remove();
  }
  const count = lessons.filter((root) => root.classList.contains("rules-widget--learned")).length;
  let note = scope.querySelector(".rules-lessons-kept");
  if (!count) return note?.remove();
  if (!note) {
    note = document.createElement("p");
    note.className = "rules-lessons-kept";
    note.setAttribute("role", "status");
    const heading = scope.querySelector(".md-content h1") || lessons[0];
    heading.after(note);
  }
  const forget = document.createElement("button");
  forget.type = "button";
  forget.className = "rw-button";
  forget.textContent = "Forget them";
  forget.addEventListener("click", () => {
    keepLesson(game, null, false);
    markLessons(scope);
  });
  const of = lessons.length === 1 ? "this page's lesson" : `${count} of this page's ${lessons.length} lessons`;
  note.replaceChildren(`You have completed ${of} (kept in this browser only). `, forget);
}
