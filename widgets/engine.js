// The main thread's side of the engine: one worker per page, started on demand
// and kept across mkdocs-material's instant navigation (this module is
// evaluated once per page load, not once per navigation).

const LOAD_TIMEOUT_MS = 60000;
const listeners = new Set();
const pending = new Map();
let worker = null;
let nextId = 1;
let readyPromise = null;

export const status = {
  state: "idle",          // idle → loading → ready | failed
  stage: null,            // runtime | engine while loading
  error: null,
  workersStarted: 0,
  startedAt: null,
  startedEarly: false,    // by the page's <head>, on a link to a playable hand
  readyAt: null,
  timings: null,
  start: null,            // snapshot | normal: how the worker started (engine-worker.js)
  fallback: null,         // why the snapshot could not be used, if it failed
  chosen: null,           // why this start: asked for, the snapshot cached, or the link's measure
  fetched: null,          // { snapshot, wasm }: "gzip" (the build's .gz) or "plain" (engine-start.js)
  python: null,
  latencies: {},
};
// Exposed for the browser tests and benchmarks, read-only by convention.
window.rulesEngineStatus = status;

function notify() {
  for (const listener of listeners) listener(status);
}

export function onStatus(listener) {
  listeners.add(listener);
  listener(status);
  return () => listeners.delete(listener);
}

function fail(message) {
  if (status.state === "failed") return;
  status.state = "failed";
  status.error = message;
  for (const { reject } of pending.values()) reject(new Error(message));
  pending.clear();
  notify();
}

/** What to tell the reader when the worker's script did not run. A new build of the site replaces
 *  the engine's folder (its name is a digest of what it holds), so a page loaded before it asks
 *  for a folder that is gone: that is worth a plainer word than a failure. */
async function whyTheWorkerFailed(event) {
  try {
    const response = await fetch(window.rulesEngineWorkerURL, { method: "HEAD", cache: "no-store" });
    if (response.status === 404) return "The site has been updated since this page was loaded: reload the page to play.";
  } catch {
    // Offline, or refused: the general message below.
  }
  return `The rules engine failed to load${event.message ? `: ${event.message}` : ""}.`;
}

/** Start the worker if it is not running; resolves when the engine is ready. */
export function startEngine() {
  if (readyPromise) return readyPromise;
  status.state = "loading";
  status.startedAt = performance.now();
  notify();
  readyPromise = new Promise((resolve, reject) => {
    // Given up after LOAD_TIMEOUT_MS without a sign of life from the worker: while its downloads
    // still move (it says "alive" as their bytes arrive) it is waited for, on however slow a link.
    let timer = null;
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        fail("The rules engine took too long to load.");
        reject(new Error(status.error));
      }, LOAD_TIMEOUT_MS);
    };
    wait();
    // The page's <head> may have started the worker already (a link to a playable hand).
    const early = window.rulesEngineEarly;
    window.rulesEngineEarly = undefined;
    try {
      if (typeof WebAssembly !== "object") throw new Error("this browser runs no WebAssembly");
      // Set by early.js from the page's <head>: the worker lives in the bundle's folder.
      if (!early && !window.rulesEngineWorkerURL) throw new Error("the page does not give the worker's address");
      worker = early ? early.worker : new Worker(window.rulesEngineWorkerURL, { type: "module" });
      if (early) Object.assign(status, { startedAt: early.startedAt, startedEarly: true });
      status.workersStarted += 1;
    } catch (error) {
      clearTimeout(timer);
      fail(`The rules engine cannot start: ${error.message}`);
      reject(error);
      return;
    }
    worker.onerror = (event) => {
      clearTimeout(timer);
      whyTheWorkerFailed(event).then((message) => {
        fail(message);
        reject(new Error(status.error));
      });
    };
    worker.onmessage = (event) => {
      const data = event.data;
      if (data.type === "progress") {
        status.stage = data.stage;
        if (status.state === "loading") wait();
        notify();
      } else if (data.type === "alive") {
        if (status.state === "loading") wait();
      } else if (data.type === "ready") {
        clearTimeout(timer);
        status.state = "ready";
        status.readyAt = performance.now();
        status.timings = data.timings;
        status.start = data.start;
        status.fallback = data.fallback;
        status.chosen = data.chosen ?? null;
        status.fetched = data.fetched ?? null;
        status.python = data.python;
        notify();
        resolve();
      } else if (data.type === "failed") {
        clearTimeout(timer);
        fail(`The rules engine failed to load: ${data.message}`);
        reject(new Error(status.error));
      } else if (data.type === "reply") {
        const waiting = pending.get(data.id);
        pending.delete(data.id);
        if (waiting) waiting.resolve(data);
      }
    };
    // What the early worker said before these handlers existed, in order.
    if (early) {
      for (const event of early.messages) worker.onmessage(event);
      for (const event of early.errors) worker.onerror(event);
    }
  });
  return readyPromise;
}

/** Send one protocol message; resolves with the reply (ok or error as data). */
export async function request(op, args = {}) {
  await startEngine();
  const id = nextId++;
  const sent = performance.now();
  const reply = await new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ v: 1, id, op, ...args });
  });
  // Round trips per operation, for the benchmarks (the last 200 of each).
  const times = (status.latencies[op] ||= []);
  times.push(performance.now() - sent);
  if (times.length > 200) times.shift();
  return reply;
}
