// Lessons completed, kept in the reader's browser (nothing is sent): { game: { lesson id: date } }.
export const LESSONS = "rules-site.lessons.v1";  // main.js names it too, to mark them

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
