// The page's one Web Worker: it hosts Pyodide and the rules engine, and answers
// the widgets' messages (protocol v1, see rules_engine/host.py). Everything it
// loads comes from the site's own origin.
//
// Two ways to start:
// - "snapshot": loadPyodide() restores the bundle's memory snapshot, an interpreter with the
//   engine already imported (made at build time by build_scripts/make_snapshot.mjs); every
//   random generator in it is then reseeded, so no two readers share a stream;
// - "normal": loadPyodide(), then loadPackage("rules_engine") through the bundle's lock.
// The worker chooses (engine-start.js, chooseStart): the snapshot when the browser has it cached
// or the link is fast enough for its extra bytes, measured on the first megabyte of the files both
// starts need, which are fetched at once; else the normal start. ?start=normal or ?start=snapshot
// on the worker's address decides instead. The normal start is also taken when the snapshot
// cannot be used (no snapshot.json, another Pyodide version, a failed fetch or restore).
//
// Both fetch the large files gzipped when the browser can undo it (DecompressionStream):
// pyodide.asm.wasm, the standard library, the wheel and the snapshot go as made at build time,
// whatever the host compresses.
//
import { loadPyodide, version as loaderVersion } from "../pyodide.mjs";
import {
  HOST, STDLIB, cachedSnapshot, chooseStart, fetchSnapshot, fetchingCompressed, linkMeter, snapshotManifest,
  snapshotStore, startFromSnapshot, startNormally,
} from "./engine-start.js";

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

// The WebAssembly binary, the standard library and the wheel come gzipped from the build
// (engine-start.js), for hosts that compress only text; the plain files when that cannot be used.
// Every chunk counts towards the link's measure.
const meter = linkMeter();
const WASM_URL = RUNTIME_URL + "pyodide.asm.wasm";
const STDLIB_URL = ENGINE_URL + STDLIB;
const plainFetch = self.fetch.bind(self);
const compressedFetch = fetchingCompressed(plainFetch,
  (url) => url === WASM_URL || url === STDLIB_URL || (url.startsWith(ENGINE_URL) && url.endsWith(".whl")),
  marks, (n) => { meter.count(n); alive(); });
self.fetch = compressedFetch;

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
  // The lock, read here: the normal start fetches the wheel it names while Python starts.
  const lock = plainFetch(ENGINE_URL + "pyodide-lock.json").then((response) => {
    if (!response.ok) throw new Error(`pyodide-lock.json: HTTP ${response.status}`);
    return response.json();
  });
  const options = { indexURL: RUNTIME_URL, lockFileContents: lock, packageBaseUrl: ENGINE_URL, stdLibURL: STDLIB_URL };
  if (FORCED === "normal") return { way: "normal", chosen: "asked for (?start=normal)", ...(await normal(options)) };
  // What both starts need, fetched now: its first megabyte measures the link. loadPyodide's own
  // requests take these downloads, and its import of the runtime's script finds it loaded.
  compressedFetch.prefetch(WASM_URL);
  compressedFetch.prefetch(STDLIB_URL);
  import(RUNTIME_URL + "pyodide.asm.mjs").catch(() => {});
  const read = (name, init) => plainFetch(ENGINE_URL + name, init);
  let chosen;
  try {
    const manifest = await snapshotManifest(read, loaderVersion);
    const store = manifest.compressed ? snapshotStore(ENGINE_URL + manifest.compressed.file) : null;
    const cached = FORCED === "snapshot" ? null : await cachedSnapshot(manifest, store);
    chosen = FORCED === "snapshot" ? { start: "snapshot", why: "asked for (?start=snapshot)" }
      : await chooseStart({ cached, extraBytes: manifest.compressed?.bytes ?? manifest.bytes, meter });
    if (chosen.start === "snapshot") {
      const snapshot = fetchSnapshot(read, manifest, marks, (n) => { meter.count(n); alive(); }, cached, store);
      return { way: "snapshot", chosen: chosen.why, ...(await startFromSnapshot(loadPyodide, options, snapshot)) };
    }
  } catch (error) {
    const reason = String(error && error.message ? error.message : error).split("\n")[0];
    warn(`rules engine: the memory snapshot cannot be used (${reason}); starting normally`);
    marks.fallbackAt = performance.now();
    return { way: "normal", fallback: reason, chosen: chosen?.why ?? null, ...(await normal(options)) };
  }
  return { way: "normal", chosen: chosen.why, ...(await normal(options)) };
}

function normal(options) {
  // The wheel downloads while Python starts; loadPackage's request takes it.
  options.lockFileContents.then((lock) => {
    const engine = Object.values(lock.packages || {}).find((entry) => (entry.imports || []).includes("rules_engine"));
    if (engine) compressedFetch.prefetch(ENGINE_URL + engine.file_name);
  }, () => {});
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
    chosen: result.chosen ?? null,   // why this start: asked for, cached, or the link's measure
    reseeded: result.reseeded,
    timings: { runtime: runtimeReady - started, engine: performance.now() - runtimeReady,
               snapshotFetched: since(marks.snapshotFetched), fallbackAt: since(marks.fallbackAt) },
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    // How the large files came: "gzip" (the build's .gz, unpacked here) or "plain".
    fetched: { snapshot: marks.snapshotVia ?? null, wasm: marks["pyodide.asm.wasm"] ?? null,
               stdlib: marks[STDLIB] ?? null, gzipFailed: marks.gzipFailed ?? null },
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
