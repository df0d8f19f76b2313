// The page's one Web Worker: it hosts Pyodide and the rules engine, and answers
// the widgets' messages (protocol v1, see rules_engine/host.py). Everything it
// loads comes from the site's own origin.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
let handle = null;
const queue = [];

function progress(stage, detail) {
  self.postMessage({ type: "progress", stage, detail, at: performance.now() });
}

// When the WebAssembly binary cannot be fetched or compiled, Pyodide only logs
// "wasm instantiation failed" and never settles: turn that log into a failure.
const warn = console.warn.bind(console);
console.warn = (...args) => {
  warn(...args);
  if (!handle && /instantiation failed/i.test(String(args[0]))) {
    self.postMessage({ type: "failed", message: "the WebAssembly runtime could not be loaded" });
  }
};

async function start() {
  const started = performance.now();
  progress("runtime");
  const pyodide = await loadPyodide({ indexURL: PYODIDE_URL });
  const runtimeReady = performance.now();
  progress("engine");
  await pyodide.loadPackage("rules_engine", { messageCallback: () => {}, errorCallback: (m) => progress("warning", m) });
  pyodide.runPython(`
import json
from rules_engine.host import Host
_host = Host()
def _handle(text):
    return json.dumps(_host.handle(json.loads(text)), ensure_ascii=False)
`);
  const pyHandle = pyodide.globals.get("_handle");
  handle = (message) => JSON.parse(pyHandle(JSON.stringify(message)));
  self.postMessage({
    type: "ready",
    timings: { runtime: runtimeReady - started, engine: performance.now() - runtimeReady },
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
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
  self.postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
});
