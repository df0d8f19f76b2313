// Mounts the widgets of the page, and again after each instant navigation
// (mkdocs-material's document$), sharing the one engine worker.
import { startEngine, status } from "./engine.js";
import { PlayWidget } from "./play.js";
import { Stepper } from "./stepper.js";

const mounted = new WeakSet();
// mkdocs-material's page-load progress bar (navigation.instant.progress) has no accessible name.
document.querySelector(".md-progress")?.setAttribute("aria-label", "Loading the page");
let observer = null;

function nearViewport(widget) {
  // Once the engine runs (after an instant navigation), a deal costs a few milliseconds: deal at once.
  if (status.state === "ready" || !("IntersectionObserver" in window)) return widget.start();
  if (!observer) {
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          observer.unobserve(entry.target);
          entry.target.rwWidget.start();
        }
      }
    }, { rootMargin: "300px 0px" });
  }
  widget.root.rwWidget = widget;
  observer.observe(widget.root);
}

// Each widget is mounted in a task of its own, so a page of several never holds the main thread long.
const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((go) => setTimeout(go)));

export async function mountAll(scope = document) {
  // The score pad (its own module, loaded only on its page; it starts the engine only when asked).
  for (const root of scope.querySelectorAll('[data-widget="scorepad"]')) {
    if (mounted.has(root)) continue;
    mounted.add(root);
    import("./scorepad.js").then((pad) => pad.mount(root));
  }
  for (const root of scope.querySelectorAll('[data-widget="example"]')) {
    if (mounted.has(root) || !root.dataset.frames) continue;
    mounted.add(root);
    new Stepper(root);
    await nextTask();
  }
  for (const root of scope.querySelectorAll('[data-widget="play"]')) {
    if (mounted.has(root)) continue;
    mounted.add(root);
    const widget = new PlayWidget(root);
    root.rwWidget = widget;  // the browser tests and benchmarks read its table description
    // The first touch of the widget also starts the engine, whatever the scroll position.
    root.addEventListener("pointerdown", () => widget.start(), { once: true });
    root.addEventListener("focusin", () => widget.start(), { once: true });
    nearViewport(widget);
    await nextTask();
  }
}

// A module script runs once the document is parsed: mount at once rather than wait for
// mkdocs-material's first document$ (its bundle initialises first), then after each navigation.
if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => mountAll());
} else {
  mountAll();
}
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mountAll());
}

export { startEngine };
