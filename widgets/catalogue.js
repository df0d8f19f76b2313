// The home page's catalogue: the list of games stays a plain list without JavaScript; with it,
// the filters (players, family, pack, solitaire or not, lessons learned or not) show and hide its
// items as they change. A game whose lessons this browser completed (learned.js) is marked.
import { LESSONS, lessonsLearned } from "./learned.js";

const FILTERS = ["players", "family", "pack", "kind", "learned"];

export function mountCatalogue(root) {
  const form = root.querySelector("form");
  const items = [...root.querySelectorAll("li[data-family]")];
  const count = root.querySelector(".rules-catalogue__count");
  const none = root.querySelector(".rules-catalogue__none");
  if (!form || !items.length) return;
  const apply = () => {
    const chosen = FILTERS.map((name) => [name, form.elements[name]?.value || ""]).filter(([, value]) => value);
    let shown = 0;
    for (const item of items) {
      // Each data attribute lists the values a game takes ("2 3 4" players), space-separated.
      const fits = chosen.every(([name, value]) => (item.dataset[name] || "").split(" ").includes(value));
      item.hidden = !fits;
      shown += fits;
    }
    count.textContent = chosen.length ? `${shown} of ${items.length} games shown` : `All ${items.length} games`;
    none.hidden = shown > 0;
  };
  const note = root.querySelector(".rules-catalogue__learned-note");
  markLearned(items, note, apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", (event) => event.preventDefault());
  // A reset restores the selects after this event: filter once it has.
  form.addEventListener("reset", () => setTimeout(apply));
  form.hidden = false;
  apply();
}

/** Marks each game by its lessons this browser completed ("✓ learned" when all are, "✓ 1 of 3
 *  lessons" before), sets what the "learned" filter reads, and says how many, with a button that
 *  forgets them all. */
function markLearned(items, note, apply) {
  const learned = lessonsLearned();
  let games = 0;
  let begun = 0;
  for (const item of items) {
    const ids = (item.dataset.lessons || "").split(" ").filter(Boolean);
    const done = ids.filter((id) => Object.hasOwn(learned[item.dataset.game] || {}, id)).length;
    const all = ids.length > 0 && done === ids.length;
    item.dataset.learned = all ? "yes" : "no";
    games += all;
    begun += done > 0 && !all;
    item.querySelector(".rules-catalogue__mark")?.remove();
    if (!done) continue;
    const mark = document.createElement("span");
    mark.className = "rules-catalogue__mark";
    mark.textContent = all ? " ✓ learned" : ` ✓ ${done} of ${ids.length} lessons`;
    item.querySelector("a")?.after(mark);
  }
  if (!note) return;
  note.hidden = !Object.keys(learned).length;
  if (note.hidden) return;
  const forget = document.createElement("button");
  forget.type = "button";
  forget.textContent = "Forget my lessons";
  forget.addEventListener("click", () => {
    try {
      localStorage.removeItem(LESSONS);
    } catch {
      // Storage refused: nothing was kept.
    }
    markLearned(items, note, apply);
    apply();
  });
  const count = (n) => `${n} game${n === 1 ? "" : "s"}`;
  note.replaceChildren(`Your lessons, kept in this browser only: ${count(games)} learned, ${count(begun)} begun. `, forget);
}
