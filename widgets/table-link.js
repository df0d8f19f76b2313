// A link that names a play table (#play-1, or a share link #play-1/SEED/CODE): early.js imports
// this from the page's <head>, and the table goes on the screen while the page still parses, not
// after the theme's bundle (on a mid-range phone, 0.6 s of script and 0.3 s of style) and the
// page's end. main.js then finds it made (play.js, startTable), and holds the page's other
// widgets back until it has answered the reader's first move (tableFirst).
import { onStatus } from "./engine.js";

/** Preloads the table's modules and its first deal drawn from the build (named on early.js's tag,
 *  ``script``: fetched now, not one import after another), and makes the table as soon as the
 *  parser is past its block. */
export function startLinkedTable(script) {
  const preload = (href, as) => {
    const link = document.createElement("link");
    link.rel = as ? "preload" : "modulepreload";
    if (as) {
      link.as = as;
      link.crossOrigin = "anonymous";  // as play.js's fetch() asks for it, so the preload serves it
    }
    link.href = new URL(href, script.src).href;
    document.head.append(link);
  };
  for (const name of (script.dataset.playModules || "").split(" ").filter(Boolean)) preload(name);
  const block = location.hash.slice(1);  // #play-N alone: a share link opens its own position
  for (const pair of (script.dataset.openings || "").split(" ")) {
    const [id, src] = pair.split("=");
    if (id === block && src) preload(`../${src}`, "fetch");
  }
  const named = block.split("/")[0];
  import("./play.js").then((play) => {
    const parsed = () => {
      const root = document.getElementById(named);
      const past = root && (root.nextSibling || document.readyState !== "loading");
      if (past && root.dataset.widget === "play") play.startTable(root);
      return past || document.readyState !== "loading";
    };
    if (parsed()) return;
    const watch = new MutationObserver(() => parsed() && watch.disconnect());
    watch.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => parsed() && watch.disconnect(), { once: true });
  });
}

/** Resolves once the table of ``root`` has answered the reader's first move from the build
 *  (first-deal.js says so with an "rw-first-answer" event), the engine is ready or has failed,
 *  or after TABLE_FIRST_MS at most: the page's other widgets wait until then (main.js), since
 *  their modules, frames and drawing would hold the main thread the answer needs (on a mid-range
 *  phone, a lesson's drawing takes 0.2-0.3 s). */
export function tableFirst(root) {
  let unsubscribe = null;
  return new Promise((go) => {
    unsubscribe = onStatus((now) => (now.state === "ready" || now.state === "failed") && go());
    root.addEventListener("rw-first-answer", () => go(), { once: true });
    setTimeout(go, TABLE_FIRST_MS);
  }).finally(() => unsubscribe());
}
const TABLE_FIRST_MS = 5000;
