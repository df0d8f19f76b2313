// The page's one Web Worker: it hosts Pyodide and the rules engine, and answers
// the widgets' messages (protocol v1, see rules_engine/host.py). Everything it
// loads comes from the site's own origin.
//
// Two ways to start, the first tried first:
// - "snapshot": loadPyodide() restores the bundle's memory snapshot, an interpreter with the
//   engine already imported (made at build time by build_scripts/make_snapshot.mjs); every
//   random generator in it is then reseeded, so no two readers share a stream;
// - "normal": loadPyodide(), then loadPackage("rules_engine") through the bundle's lock.
// The normal start is taken when the snapshot cannot be used (no snapshot.json, another Pyodide
// version, a failed fetch or restore), or when the worker's address says ?start=normal.
//
// Both fetch the large files gzipped when the browser can undo it (DecompressionStream): the
// snapshot and pyodide.asm.wasm go as made at build time, whatever the host compresses.
//
// This script and engine-start.js are placed in the engine's folder of the site's Pyodide bundle,
// pyodide/<runtime>/<engine>/, beside the lock, the wheel and the snapshot; Pyodide's own files are
// in the folder above. Each folder is named by a digest of what it holds, so nothing here is stale
// under its address and a browser may keep it all.
import { loadPyodide, version as loaderVersion } from "../pyodide.mjs";
import { HOST, STDLIB, fetchSnapshot, fetchingCompressed, startFromSnapshot, startNormally } from "./engine-start.js";

const FORCED = new URL(self.location.href).searchParams.get("start");
const ENGINE_URL = new URL("./", import.meta.url).href;
const RUNTIME_URL = new URL("../", import.meta.url).href;
let handle = null;
const marks = {};  // moments of the start, for the benchmarks
let failed = false;
const queue = [];
// A sign of life while the large files download (at most one a second): the page waits for the
// engine as long as bytes still arrive (engine.js), however slow the link.
let aliveAt = 0;
function alive() {
  const now = performance.now();
  if (now - aliveAt < 1000) return;
  aliveAt = now;
  self.postMessage({ type: "alive", at: now });
}

// The WebAssembly binary comes gzipped from the build (pyodide.asm.wasm.gz: 3.5 MB for 9.6 MB), for
// hosts that compress only text; the plain file when that cannot be used (engine-start.js).
const plainFetch = self.fetch.bind(self);
self.fetch = fetchingCompressed(plainFetch, RUNTIME_URL, ["pyodide.asm.wasm"], marks, alive);

function progress(stage, detail) {
  self.postMessage({ type: "progress", stage, detail, at: performance.now() });
}

// When the WebAssembly binary cannot be fetched or compiled, Pyodide only logs
// "wasm instantiation failed" and never settles: turn that log into a failure.
const warn = console.warn.bind(console);
console.warn = (...args) => {
  warn(...args);
  if (!handle && !failed && /instantiation failed/i.test(String(args[0]))) {
    failed = true;
    self.postMessage({ type: "failed", message: "the WebAssembly runtime could not be loaded" });
  }
};

async function startEngine() {
  const options = { indexURL: RUNTIME_URL, lockFileURL: ENGINE_URL + "pyodide-lock.json", packageBaseUrl: ENGINE_URL,
                    stdLibURL: ENGINE_URL + STDLIB };
  if (FORCED !== "normal") {
    try {
      const read = (name, init) => plainFetch(ENGINE_URL + name, init);
      return { way: "snapshot", ...(await startFromSnapshot(loadPyodide, options, fetchSnapshot(read, loaderVersion, marks, alive))) };
    } catch (error) {
      const reason = String(error && error.message ? error.message : error).split("\n")[0];
      warn(`rules engine: the memory snapshot cannot be used (${reason}); starting normally`);
      marks.fallbackAt = performance.now();
      return { way: "normal", fallback: reason, ...(await normal(options)) };
    }
  }
  return { way: "normal", fallback: "asked for (?start=normal)", ...(await normal(options)) };
}

function normal(options) {
  const loadOptions = { messageCallback: () => {}, errorCallback: (m) => progress("warning", m) };
  return startNormally((settings) => loadPyodide(settings).finally(() => progress("engine")), options, loadOptions);
}

async function start() {
  const started = performance.now();
  progress("runtime");
  const result = await startEngine();
  const { pyodide } = result;
  // The runtime: loadPyodide() (with the restore); the engine: loadPackage (normal start) and the host.
  const runtimeReady = result.loaded;
  pyodide.runPython(HOST);
  const pyHandle = pyodide.globals.get("_handle");
  handle = (message) => JSON.parse(pyHandle(JSON.stringify(message)));
  const since = (mark) => (mark ? mark - started : null);
  self.postMessage({
    type: "ready",
    start: result.way,
    fallback: result.fallback ?? null,
    reseeded: result.reseeded,
    timings: { runtime: runtimeReady - started, engine: performance.now() - runtimeReady,
               snapshotFetched: since(marks.snapshotFetched), fallbackAt: since(marks.fallbackAt) },
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    // How the large files came: "gzip" (the build's .gz, unpacked here) or "plain".
    fetched: { snapshot: marks.snapshotVia ?? null, wasm: marks["pyodide.asm.wasm"] ?? null,
               gzipFailed: marks.gzipFailed ?? null },
  });
  while (queue.length) answer(queue.shift());
}

function answer(message) {
  let reply;
  const t0 = performance.now();
  try {
    reply = handle(message);
  } catch (error) {
    reply = { v: 1, id: message.id, ok: false, error: { kind: "WorkerError", message: String(error) } };
  }
  reply.type = "reply";
  reply.ms = performance.now() - t0;
  self.postMessage(reply);
}

self.onmessage = (event) => {
  if (handle) answer(event.data);
  else queue.push(event.data);
};

start().catch((error) => {
  if (failed) return;
  failed = true;
  self.postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
});
