// A classic script in every page's <head>, run before mkdocs-material's bundle.
(function () {
  // A link to a playable hand (#play-N/...) scrolls the widget into view while the page is still
  // parsing: start the engine's worker now rather than wait for the page's scripts (about a second
  // later on a cold load); engine.js adopts it and the messages it sent meanwhile.
  const worker = document.currentScript && document.currentScript.dataset.worker;
  if (worker && /^#play-/.test(location.hash) && !window.rulesEngineStatus && window.Worker && typeof WebAssembly === "object") {
    const early = window.rulesEngineEarly = { messages: [], errors: [], startedAt: performance.now() };
    early.worker = new Worker(new URL(worker, document.currentScript.src), { type: "module" });
    early.worker.onmessage = (event) => early.messages.push(event);
    early.worker.onerror = (event) => early.errors.push(event);
  }
  // Links within the page must only scroll. The theme's instant navigation fetches and replaces
  // the page on its first navigation, even a "#rule" link or Back over one, which would reset
  // every game in progress. A popstate within the shown page is kept from the theme (this
  // listener must come first, hence here); main.js keeps same-page clicks from it and updates
  // the shown path on each real navigation.
  if (window.rulesShownPath !== undefined) return;  // once per document
  window.rulesShownPath = location.pathname;
  window.addEventListener("popstate", (event) => {
    if (location.pathname === window.rulesShownPath) event.stopImmediatePropagation();
  });
})();
