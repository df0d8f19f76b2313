// A classic script in every page's <head>, run before mkdocs-material's bundle.
(function () {
  // What mkdocs-material's bundle changes on <html> as it starts, done here, while the body is not
  // yet parsed and a change restyles nothing: its class for script (no-js → js) and its
  // focus-visible polyfill's mark. Done by the bundle, they restyled the whole page (70-90 ms with
  // the CPU 4× slower), while a reader who came by a #play- link already has a table to play on.
  // The bundle's own writes then change nothing.
  const root = document.documentElement;
  root.classList.replace("no-js", "js");
  root.classList.add("js-focus-visible");
  root.setAttribute("data-js-focus-visible", "");
  // The engine's worker: its address is in the Pyodide bundle's folder (named by a digest, so a
  // browser may keep its files for good), given by the build on this tag; engine.js starts it.
  // ?engine-start=normal (or =snapshot) on the page's address asks the worker for that start
  // rather than let it choose.
  const script = document.currentScript;
  if (script && script.dataset.worker && !window.rulesEngineWorkerURL) {
    const url = new URL(script.dataset.worker, script.src);
    const asked = new URLSearchParams(location.search).get("engine-start");
    if (asked === "normal" || asked === "snapshot") url.searchParams.set("start", asked);
    window.rulesEngineWorkerURL = url.href;
  }
  // A link to a playable hand (#play-N/...) scrolls the widget into view while the page is still
  // parsing: start the worker now rather than wait for the page's scripts (about a second later on
  // a cold load); engine.js adopts it and the messages it sent meanwhile.
  const startEarly = script && script.dataset.startEarly !== undefined && window.rulesEngineWorkerURL;
  if (startEarly && /^#play-/.test(location.hash) && !window.rulesEngineStatus && window.Worker && typeof WebAssembly === "object") {
    const early = window.rulesEngineEarly = { messages: [], errors: [], startedAt: performance.now() };
    const url = window.rulesEngineWorkerURL;
    early.worker = new Worker(url, { type: "module" });
    early.worker.onmessage = (event) => early.messages.push(event);
    early.worker.onerror = (event) => early.errors.push(event);
    // The table itself is made early too (table-link.js, fetched only on such a link), its modules
    // fetched now, side by side, rather than one import after another, and its first deal drawn
    // from the build (#play-N alone: a share link opens its own position). play.js's fetch() asks
    // for it as a crossorigin="anonymous" preload does, so the preload serves it.
    const opening = (script.dataset.openings || "").split(" ").find((pair) => pair.startsWith(`${location.hash.slice(1)}=`));
    if (opening) {
      document.head.append(Object.assign(document.createElement("link"),
        { rel: "preload", as: "fetch", crossOrigin: "anonymous", href: new URL(`../${opening.split("=")[1]}`, script.src).href }));
    }
    for (const name of ["table-link.js", ...(script.dataset.playModules || "").split(" ").filter(Boolean)]) {
      const module = import(new URL(name, script.src).href);
      (name === "table-link.js" ? module.then((link) => link.startLinkedTable()) : module).catch(() => {});
    }
  }
  // The theme's search costs a third of a page's bytes (its worker and the whole site's index,
  // fetched at every first load): both wait until the reader goes for the search box (a hover,
  // a touch, the focus, the toggle or its shortcut keys), or a search result's ?h= is to be
  // highlighted. mkdocs-material creates the worker with `new Worker(url)` and fetches
  // search/search_index.json with an XMLHttpRequest: a stand-in worker keeps its messages meanwhile,
  // and that request is sent then.
  if (!window.rulesSearchWanted && window.Worker && window.XMLHttpRequest) {
    let release;
    const wanted = window.rulesSearchWanted = new Promise((resolve) => { release = resolve; });
    const go = () => release();
    if (/[?&]h=/.test(location.search)) go();
    const near = (event) => event.target instanceof Element
      && event.target.closest(".md-search, label[for='__search'], [data-md-component='search']");
    for (const type of ["pointerover", "pointerdown", "focusin", "touchstart"]) {
      addEventListener(type, (event) => { if (near(event)) go(); }, { capture: true, passive: true });
    }
    addEventListener("change", (event) => { if (event.target && event.target.id === "__search") go(); }, true);
    addEventListener("keydown", (event) => {
      const typing = event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]");
      if (!typing && /^[fs/]$/i.test(event.key)) go();
    }, true);
    const isSearchWorker = (url) => /\/workers\/search\.[^/]*\.js(\?|$)/.test(String(url));
    const NativeWorker = window.Worker;
    window.Worker = new Proxy(NativeWorker, {
      construct(target, args, newTarget) {
        if (!isSearchWorker(args[0])) return Reflect.construct(target, args, newTarget);
        const stand = new EventTarget();
        const queue = [];
        let real = null;
        stand.postMessage = (message) => (real ? real.postMessage(message) : queue.push(message));
        stand.terminate = () => { queue.length = 0; if (real) real.terminate(); };
        wanted.then(() => {
          real = new NativeWorker(...args);
          for (const type of ["message", "messageerror", "error"]) {
            real.addEventListener(type, (event) => {
              const copy = type === "error" ? new Event("error") : new MessageEvent(type, { data: event.data });
              stand.dispatchEvent(copy);
              if (typeof stand[`on${type}`] === "function") stand[`on${type}`](copy);
            });
          }
          for (const message of queue.splice(0)) real.postMessage(message);
        });
        return stand;
      },
    });
    const { open, send } = XMLHttpRequest.prototype;
    XMLHttpRequest.prototype.open = function (method, url, ...rest) {
      this.rulesWaitForSearch = /\/search\/search_index\.json(\?|$)/.test(String(url));
      return open.call(this, method, url, ...rest);
    };
    XMLHttpRequest.prototype.send = function (...args) {
      if (!this.rulesWaitForSearch) return send.apply(this, args);
      this.rulesWaitForSearch = false;
      wanted.then(() => send.apply(this, args));
    };
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
