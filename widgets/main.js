// Mounts the widgets of the page, and again after each instant navigation
// (mkdocs-material's document$), sharing the one engine worker.
import { startEngine, status } from "./engine.js";

// Served where site_url says (this page's canonical address, host aside, is where it is), the
// theme follows every link of the site instantly itself; elsewhere (a preview, another port),
// instant.js hands it the links it would not take. Fetched only there: most readers never need it.
function servedAtSiteUrl() {
  const canonical = document.querySelector('link[rel="canonical"]')?.href;
  if (!canonical) return false;
  const url = new URL(canonical);
  return url.port === location.port && url.pathname === location.pathname;
}
if (!servedAtSiteUrl()) import("./instant.js").catch(() => {});

const mounted = new WeakSet();
// A worked example (stepper.js and the table's renderer) or a lesson (lesson.js), each with its
// frames, is fetched when it comes near the view (600 px), is touched or a link names it, so a page
// read for its rules never loads them: until then the build's drawing and list of moves or steps
// stand in, as they do without scripts.
const LAZY = {
  example: {
    load: () => import("./stepper.js").then(({ Stepper }) => Stepper),
    linked: (root) => location.hash.startsWith(`#${root.id}/`) || location.hash.startsWith(`#${root.id}-live/`),
  },
  lesson: {
    load: () => import("./lesson.js").then(({ Lesson }) => Lesson),
    linked: (root) => location.hash === `#${root.id}`,
  },
};
let nearObserver = null;

function startWidget(root) {
  root.rwStarted ??= LAZY[root.dataset.widget].load().then((Widget) => {
    const widget = new Widget(root);
    widget.load().catch(() => {});
    return widget;
  });
  return root.rwStarted;
}

async function startNearViewport(root, after) {
  root.addEventListener("pointerdown", () => startWidget(root), { once: true });
  root.addEventListener("focusin", () => startWidget(root), { once: true });
  if (LAZY[root.dataset.widget].linked(root) || !("IntersectionObserver" in window)) return startWidget(root);
  await after;
  nearObserver ||= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        nearObserver.unobserve(entry.target);
        startWidget(entry.target);
      }
    }
  }, { rootMargin: "600px 0px" });
  nearObserver.observe(root);
}

/** The page's lessons this browser keeps as completed are marked by lesson.js (markLessons), fetched
 *  at once only where it keeps one of this game's: a first visit costs no more. */
function markKeptLessons(scope) {
  const first = scope.querySelector('[data-widget="lesson"]');
  let kept = null;
  try {
    kept = localStorage.getItem("rules-site.lessons.v1");
  } catch {
    return;
  }
  if (first && kept?.includes(`"${first.dataset.game}"`)) import("./lesson.js").then((lesson) => lesson.markLessons(scope));
}

// mkdocs-material's page-load progress bar (navigation.instant.progress) has no accessible name.
document.querySelector(".md-progress")?.setAttribute("aria-label", "Loading the page");
let observer = null;

/** A play block's table, started: play.js (the card table, its log and pace) is fetched only now,
 *  when the block comes near the view, is touched or a link names it, so a page read for its
 *  rules never loads it. On a link that names it, early.js has started it already, while the page
 *  was still parsing: this finds it made. */
function startTable(root) {
  return import("./play.js").then((play) => play.startTable(root));
}

function nearViewport(root) {
  // Once the engine runs (after an instant navigation), a deal costs a few milliseconds: deal at once.
  if (status.state === "ready" || !("IntersectionObserver" in window)) return startTable(root);
  if (!observer) {
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          observer.unobserve(entry.target);
          startTable(entry.target);
        }
      }
    }, { rootMargin: "300px 0px" });
  }
  observer.observe(root);
}

// Each widget is mounted in a task of its own, so a page of several never holds the main thread long.
const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((go) => setTimeout(go)));

export async function mountAll(scope = document) {
  for (const root of scope.querySelectorAll('[data-widget="catalogue"]')) {
    if (mounted.has(root)) continue;
    mounted.add(root);
    import("./catalogue.js").then((catalogue) => catalogue.mountCatalogue(root));
  }
  // The score pad (its own module, loaded only on its page; it starts the engine only when asked).
  for (const root of scope.querySelectorAll('[data-widget="scorepad"]')) {
    if (mounted.has(root)) continue;
    mounted.add(root);
    import("./scorepad.js").then((pad) => pad.mount(root));
  }
  // A play table a link names (#play-1, a share link's #play-1/...) comes first: its modules and
  // its first deal, preloaded by early.js, go on the table before the page's other widgets start.
  const linked = [...scope.querySelectorAll('[data-widget="play"]')].filter(linkedTable);
  for (const root of linked) mountTable(root);
  // Until that table has answered the reader's first move (or gone live), the widgets below it
  // wait, unless touched (table-link.js, tableFirst); those above start at once, as a widget that
  // grows above the table would move it under the reader's finger. With the engine up already (a
  // page reached by instant navigation), nothing waits.
  const waiting = linked.length && status.state !== "ready"
    ? import("./table-link.js").then((link) => link.tableFirst(linked[0])).catch(() => {}) : null;
  const after = (root) => (waiting && linked[0].compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING ? waiting : null);
  for (const root of scope.querySelectorAll('[data-widget="example"]')) {
    if (mounted.has(root) || !(root.dataset.frames || root.dataset.framesSrc)) continue;
    mounted.add(root);
    startNearViewport(root, after(root));
  }
  for (const root of scope.querySelectorAll('[data-widget="lesson"]')) {
    if (mounted.has(root) || !(root.dataset.frames || root.dataset.framesSrc)) continue;
    mounted.add(root);
    startNearViewport(root, after(root));
  }
  markKeptLessons(scope);
  for (const root of scope.querySelectorAll('[data-widget="play"]')) {
    if (mounted.has(root)) continue;
    mountTable(root);
    await nextTask();
  }
}

const linkedTable = (root) => location.hash === `#${root.id}` || location.hash.startsWith(`#${root.id}/`);

function mountTable(root) {
  if (mounted.has(root)) return;
  mounted.add(root);
  // The first touch of the block also starts its table, whatever the scroll position.
  root.addEventListener("pointerdown", () => startTable(root), { once: true });
  root.addEventListener("focusin", () => startTable(root), { once: true });
  if (!linkedTable(root)) return nearViewport(root);
  // A link names this table: deal at once, and bring a shared one (#play-1/SEED/CODE) into view.
  if (location.hash !== `#${root.id}`) root.scrollIntoView({ block: "start" });
  startTable(root);
}

// A module script runs once the document is parsed: mount at once rather than wait for
// mkdocs-material's first document$ (its bundle initialises first), then after each navigation.
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => mountAll());
} else {
  mountAll();
}
// Links within the page must only scroll: mkdocs-material's instant navigation would fetch and
// replace the page on its first navigation, games in progress included (see early.js). A link
// that only changes the hash gets target="_self" for the length of its click, which the theme
// leaves to the browser.
window.rulesShownPath ??= location.pathname;
window.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || link.target || !link.getAttribute("href").includes("#")) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || url.pathname !== window.rulesShownPath || url.search !== location.search) return;
  link.target = "_self";
  setTimeout(() => link.removeAttribute("target"));
}, true);
// Every navigation the theme still sees goes to another page: the one shown from then on.
window.location$?.subscribe?.((url) => { window.rulesShownPath = url.pathname; });

// The checked examples are folded on screen (<details>) and printed open.
let openedForPrint = [];
window.addEventListener("beforeprint", () => {
  openedForPrint = [...document.querySelectorAll(".md-typeset details:not([open])")];
  for (const node of openedForPrint) node.open = true;
});
window.addEventListener("afterprint", () => {
  for (const node of openedForPrint) node.open = false;
  openedForPrint = [];
});

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mountAll());
}

export { startEngine };
