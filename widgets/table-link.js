// A link that names a play table (#play-1, or a share link #play-1/SEED/CODE): early.js imports
// this from the page's <head>, and the table goes on the screen while the page still parses, not
// after the theme's bundle (on a mid-range phone, 0.6 s of script and 0.3 s of style) and the
// page's end. main.js then finds it made (play.js, startTable), and holds the widgets below it
// back until it has answered the reader's first move (tableFirst).
import { onStatus } from "./engine.js";

/** Makes the table a link names as soon as the parser is past its block (early.js has asked for
 *  its modules and its first deal already). */
export function startLinkedTable() {
  const block = location.hash.slice(1);
  const named = block.split("/")[0];
  import("./play.js").then((play) => {
    const parsed = () => {
      const root = document.getElementById(named);
      const past = root && (root.nextSibling || document.readyState !== "loading");
      if (past && root.dataset.widget === "play") {
        play.startTable(root);
        // The browser scrolls to the link's table only once the page has parsed, after the theme's
        // bundle (about 1.4 s on a mid-range phone): the table is put in view as soon as it is made,
        // unless the reader has scrolled already. The browser's own scroll then finds it there.
        if (scrollY === 0) root.scrollIntoView();
      }
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
 *  or after TABLE_FIRST_MS at most: the widgets below it wait until then (main.js), since
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
