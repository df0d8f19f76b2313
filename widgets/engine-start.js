// How the engine's interpreter starts, shared by the page's worker (engine-worker.js) and the
// Pyodide-in-Node parity tests (tests/pyodide/run_games.mjs), so both take the same path.
//
// - The fast start restores the bundle's memory snapshot (build_scripts/make_snapshot.mjs): an
//   interpreter with the engine already imported. Every random generator in it is reseeded at
//   once, so no two readers share the build's stream.
// - The normal start: loadPyodide(), then loadPackage("rules_engine") through the bundle's lock.
// Both load bytecode compiled at build time (build_scripts/bytecode.py). Which to take, when the
// page does not say, is chosen by what the browser has cached and by the link (chooseStart).

// The standard library both starts fetch, in the engine's folder: Pyodide's python_stdlib.zip cut
// to the modules the engine needs (0.8 MB for 2.5 MB; build_scripts/stdlib_cut.py).
export const STDLIB = "stdlib.zip";

// After a restore, every random.Random in the interpreter (the module's own included) is reseeded
// from the system's entropy (os.urandom, the browser's crypto). Returns how many there were. The
// import caches go too: they describe the library zip of the build, not the one fetched.
export const RESEED = `
import gc, random, sys, zipimport
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
_reseeded = 0
for _generator in gc.get_objects():
    if isinstance(_generator, random.Random):
        _generator.seed()
        _reseeded += 1
del _generator
_reseeded
`;

// The protocol's entry point (rules_engine.host), made after either start.
export const HOST = `
import json
from rules_engine.host import Host
_host = Host()
def _handle(text):
    return json.dumps(_host.handle(json.loads(text)), ensure_ascii=False)
`;

/** The snapshot's manifest, snapshot.json, read through ``read(name, options)`` (resolves to a
 *  Response, or an object with ok, status and json()). Throws, saying why, when it is missing or
 *  for another Pyodide. */
export async function snapshotManifest(read, pyodideVersion) {
  const response = await read("snapshot.json", {});
  if (!response.ok) throw new Error(`snapshot.json: HTTP ${response.status}`);
  const manifest = await response.json();
  if (manifest.version !== 1 || manifest.pyodide !== pyodideVersion) {
    throw new Error(`the snapshot is for Pyodide ${manifest.pyodide}, this is ${pyodideVersion}`);
  }
  return manifest;
}

// The snapshot's gzip, once fetched, is kept in the browser's Cache Storage under this name, so
// that a later visit learns whether it has it without a request (an "only-if-cached" fetch that
// misses logs a failed request in the reader's console). Only the latest build's is kept.
export const SNAPSHOT_CACHE = "rules-engine-snapshot";

/** The Cache Storage entry of the snapshot's gzip at ``url``: ``match()`` (its response, or null),
 *  ``keep(response)`` and ``forget()``; null where the browser has no Cache Storage (a page served
 *  over plain http from another host than this machine), which then never counts as cached. */
export function snapshotStore(url, storage = globalThis.caches) {
  if (!storage || typeof storage.open !== "function") return null;
  const open = () => storage.open(SNAPSHOT_CACHE);
  const quietly = (work) => work().catch(() => null);  // a full or refused store only costs the next visit
  return {
    match: () => quietly(async () => {
      const response = await (await open()).match(url);
      return response && response.ok ? response : null;
    }),
    keep: (response) => quietly(async () => {
      const cache = await open();
      for (const request of await cache.keys()) if (request.url !== url) await cache.delete(request);
      await cache.put(url, response);
    }),
    forget: () => quietly(async () => (await open()).delete(url)),
  };
}

/** The snapshot's gzip as ``store`` (snapshotStore) keeps it from a visit before, asked of no
 *  server; null when it is not kept or cannot be used. The bundle's folder is named by a digest of
 *  its files, so a kept copy is always the right one, however old. */
export async function cachedSnapshot(manifest, store) {
  const packed = manifest.compressed;
  if (!store || !packed || packed.encoding !== "gzip" || typeof DecompressionStream !== "function") return null;
  return store.match();
}

/** The snapshot's bytes, read through ``read`` as the file the manifest names: its gzip
 *  (``manifest.compressed``, made at build time: 5.5 MB for 31.5 MB), or ``cached``, when
 *  DecompressionStream can undo it, else, or if that fails in any way, the plain file.
 *  ``marks.snapshotVia`` says which was used ("gzip" or "plain"; ``marks.gzipFailed`` why not
 *  gzip); ``onBytes(n)`` hears of each chunk of the gzip; ``store`` (snapshotStore) keeps the gzip
 *  fetched for the next visit (fetched past the HTTP cache, which would keep it twice), and forgets
 *  one that fails. Throws, saying why, when the snapshot cannot be used. */
export async function fetchSnapshot(read, manifest, marks = {}, onBytes = () => {}, cached = null, store = null) {
  const packed = manifest.compressed;
  if (packed && packed.encoding === "gzip" && typeof DecompressionStream === "function") {
    try {
      const file = cached ?? await read(packed.file, store ? { cache: "no-store" } : {});
      if (!file.ok) throw new Error(`${packed.file}: HTTP ${file.status}`);
      if (!cached && store) store.keep(file.clone());
      const bytes = new Uint8Array(await new Response(await gunzipped(file, onBytes)).arrayBuffer());
      if (bytes.length !== manifest.bytes) throw new Error(`${packed.file}: ${bytes.length} bytes once unpacked, expected ${manifest.bytes}`);
      marks.snapshotFetched = performance.now();
      marks.snapshotVia = "gzip";
      return bytes;
    } catch (error) {
      store?.forget();
      marks.gzipFailed = String(error && error.message ? error.message : error);
    }
  }
  const file = await read(manifest.file, {});
  if (!file.ok) throw new Error(`${manifest.file}: HTTP ${file.status}`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length !== manifest.bytes) throw new Error(`${manifest.file}: ${bytes.length} bytes, expected ${manifest.bytes}`);
  marks.snapshotFetched = performance.now();
  marks.snapshotVia = "plain";
  return bytes;
}

// Choosing the start. The snapshot spares Python's start-up and the engine's imports, about
// SNAPSHOT_SAVES_SECONDS of a desktop's CPU (benchmarks/link_speed.py: the two starts on loopback),
// and costs its gzip's bytes on top of what both starts fetch. So it is worth fetching when the
// link brings those bytes in less time than that: when PROBE_BYTES, the first of the files both
// starts need, arrive within the time such a link would take. A slower CPU gains more from the
// snapshot; the rule errs towards the normal start, whose bytes are fewest.
export const SNAPSHOT_SAVES_SECONDS = 0.5;
export const PROBE_BYTES = 1 << 20;
const FIRST_BYTE_WAIT_MS = 10000;

/** A count of the bytes arriving on the link (every chunk of the build's gzips): ``count(n)``. */
export function linkMeter(now = () => performance.now()) {
  const meter = {
    bytes: 0, first: null, listeners: new Set(),
    count(n) {
      if (meter.first === null) meter.first = now();
      else meter.bytes += n;   // bytes after the first chunk, over the time since it came
      for (const listener of meter.listeners) listener();
    },
  };
  return meter;
}

/** How the page should start when it does not say: ``{start, why}``. "snapshot" when its gzip is
 *  ``cached`` or the ``meter`` shows a link fast enough for its ``extraBytes`` (bringing them
 *  within ``savesSeconds``); "normal" when not, or when DecompressionStream is missing (the plain
 *  snapshot is 31.5 MB). Resolves as soon as the meter can tell: PROBE_BYTES after its first chunk,
 *  or the moment a fast enough link would have brought them. */
export function chooseStart({ cached, extraBytes, meter, savesSeconds = SNAPSHOT_SAVES_SECONDS,
                              now = () => performance.now() }) {
  if (cached) return Promise.resolve({ start: "snapshot", why: "cached" });
  if (typeof DecompressionStream !== "function") return Promise.resolve({ start: "normal", why: "no DecompressionStream" });
  const allowedMs = (PROBE_BYTES * savesSeconds * 1000) / extraBytes;
  return new Promise((resolve) => {
    let timer = null;
    let deadline = false;
    const done = () => {
      clearTimeout(timer);
      meter.listeners.delete(check);
      const ms = meter.first === null ? null : now() - meter.first;
      const seen = ms === null ? "no bytes yet" : `${(meter.bytes / 1e6).toFixed(2)} MB in ${ms.toFixed(0)} ms`;
      // The pace over all that came: a worker kept busy may read a run of chunks late, at once.
      const fast = ms !== null && meter.bytes * 1000 >= (extraBytes / savesSeconds) * Math.max(ms, 1);
      resolve(fast ? { start: "snapshot", why: `fast link (${seen})` } : { start: "normal", why: `slow link (${seen})` });
    };
    const check = () => {
      if (meter.first === null) return;
      if (meter.bytes >= PROBE_BYTES) {
        done();
      } else if (!deadline) {
        // From the first chunk on, the wait is the time a fast enough link would take.
        deadline = true;
        clearTimeout(timer);
        timer = setTimeout(done, Math.max(0, allowedMs - (now() - meter.first)));
      }
    };
    meter.listeners.add(check);
    timer = setTimeout(done, FIRST_BYTE_WAIT_MS);
    check();
  });
}

/** A response's body as a stream with gzip undone by DecompressionStream -- unless it does not
 *  start with gzip's magic bytes: a host that sent the .gz with ``Content-Encoding: gzip`` has had
 *  it undone by the browser already. ``onBytes`` as for ``counted``. */
export async function gunzipped(response, onBytes = () => {}) {
  const { body, head } = await reading(response, onBytes);
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  return gzip ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

/** A response's body, read as it arrives whether or not the stream is read yet (a prefetched file
 *  waits for loadPyodide); ``onBytes(n)`` is told of each chunk then, so what it counts is the
 *  link's pace, not the reader's. */
export async function counted(response, onBytes = () => {}) {
  return (await reading(response, onBytes)).body;
}

async function reading(response, onBytes) {
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.done ? new Uint8Array(0) : first.value;
  onBytes(head.length);
  let control;
  const body = new ReadableStream({
    start(controller) {
      control = controller;
      if (head.length) controller.enqueue(head);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  (async () => {
    try {
      for (let chunk = first; !chunk.done; ) {
        chunk = await reader.read();
        if (!chunk.done) {
          onBytes(chunk.value.length);
          control.enqueue(chunk.value);
        }
      }
      control.close();
    } catch (error) {
      control.error(error);
    }
  })();
  return { body, head };
}

/** ``fetch`` for loadPyodide and loadPackage: a request for one of the files ``wanted(url)``
 *  accepts (pyodide.asm.wasm, the standard library, the wheel) fetches ``<url>.gz``, made at build
 *  time, and undoes the gzip as it arrives, so WebAssembly still compiles while it downloads; the
 *  plain file when DecompressionStream is missing or the .gz cannot be used. A request that asks
 *  for ``integrity`` (loadPackage's wheel) gets these bytes only if their sha256 matches, else
 *  goes to ``fetchImpl`` as asked, as does any other request. ``marks[name]`` says which was used
 *  ("gzip" or "plain"); ``onBytes(n)`` hears of each chunk as it arrives. ``prefetch(url)`` starts
 *  a download before it is asked for: the next request for it takes it. */
export function fetchingCompressed(fetchImpl, wanted, marks = {}, onBytes = () => {}) {
  const early = new Map();
  const obtain = async (url) => {
    const name = fileName(url);
    if (typeof DecompressionStream === "function") {
      try {
        const packed = await fetchImpl(url + ".gz", { credentials: "same-origin" });
        if (packed.ok) return { body: await gunzipped(packed, onBytes), via: "gzip" };
        marks.gzipFailed = `${name}.gz: HTTP ${packed.status}`;
      } catch (error) {
        marks.gzipFailed = `${name}.gz: ${String(error && error.message ? error.message : error)}`;
      }
    }
    const plain = await fetchImpl(url, { credentials: "same-origin" });
    return plain.ok && plain.body ? { body: await counted(plain, onBytes), via: "plain" } : { response: plain, via: "plain" };
  };
  const compressedFetch = async (resource, init = {}) => {
    const url = String(resource && resource.url ? resource.url : resource);
    if (!wanted(url)) return fetchImpl(resource, init);
    const name = fileName(url);
    const got = await (early.get(url) ?? obtain(url));
    early.delete(url);
    marks[name] = got.via;
    if (got.response) return got.response;
    const headers = { "Content-Type": CONTENT_TYPES[name.split(".").pop()] || "application/octet-stream" };
    if (!init.integrity) return new Response(got.body, { status: 200, headers });
    const bytes = await new Response(got.body).arrayBuffer();
    if (await matches(bytes, init.integrity)) return new Response(bytes, { status: 200, headers });
    marks.gzipFailed = `${name}: its sha256 is not the one asked for`;
    marks[name] = "plain";
    return fetchImpl(resource, init);
  };
  compressedFetch.prefetch = (url) => {
    if (wanted(url) && !early.has(url)) early.set(url, obtain(url));
  };
  return compressedFetch;
}

const CONTENT_TYPES = { wasm: "application/wasm" };
const fileName = (url) => url.split("?")[0].split("/").pop();

/** Whether ``bytes`` have the digest a fetch ``integrity`` ("sha256-<base64>" ...) names. */
async function matches(bytes, integrity) {
  const wantedDigests = String(integrity).split(/\s+/).filter((item) => item.startsWith("sha256-"));
  if (!wantedDigests.length || !globalThis.crypto?.subtle) return false;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const base64 = btoa(String.fromCharCode(...digest));
  return wantedDigests.some((item) => item.slice(7).split("?")[0] === base64);
}

/** The fast start: ``loadPyodide`` with the snapshot (a promise of its bytes), then the reseed. */
export async function startFromSnapshot(loadPyodide, options, snapshot) {
  const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
  const reseeded = pyodide.runPython(RESEED);
  if (!pyodide.runPython("import sys; 'rules_engine.host' in sys.modules")) throw new Error("the snapshot has no engine");
  return { pyodide, reseeded, loaded: performance.now() };
}

/** The normal start: ``loadPyodide``, then the engine's wheel with loadPackage. */
export async function startNormally(loadPyodide, options, loadOptions = {}) {
  const pyodide = await loadPyodide(options);
  const loaded = performance.now();
  await pyodide.loadPackage("rules_engine", loadOptions);
  return { pyodide, loaded, reseeded: null };
}
