// The home page's catalogue: the list of games stays a plain list without JavaScript; with it,
// the filters (players, family, pack, solitaire or not) show and hide its items as they change.
const FILTERS = ["players", "family", "pack", "kind"];

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
  form.addEventListener("change", apply);
  form.addEventListener("submit", (event) => event.preventDefault());
  // A reset restores the selects after this event: filter once it has.
  form.addEventListener("reset", () => setTimeout(apply));
  form.hidden = false;
  apply();
}
