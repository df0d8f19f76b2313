// How the engine's interpreter starts, shared by the page's worker (engine-worker.js) and the
// Pyodide-in-Node parity tests (tests/pyodide/run_games.mjs), so both take the same path.
//
// - The fast start restores the bundle's memory snapshot (build_scripts/make_snapshot.mjs): an
//   interpreter with the engine already imported. Every random generator in it is reseeded at
//   once, so no two readers share the build's stream.
// - The normal start: loadPyodide(), then loadPackage("rules_engine") through the bundle's lock.

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

/** The snapshot's bytes, read through ``read(name, options)`` (resolves to a Response, or an object
 *  with ok, status, json(), arrayBuffer() and body): its manifest snapshot.json first, then the file
 *  it names -- its gzip (``manifest.compressed``, made at build time: 7.5 MB for 31.5 MB) when
 *  DecompressionStream can undo it, else, or if that fails in any way, the plain file. Both are in
 *  the bundle's folder, whose name is a digest of its files, so a cached copy is always the right
 *  one. ``marks.snapshotVia`` says which was used ("gzip" or "plain"; ``marks.gzipFailed`` why not
 *  gzip); ``onBytes(n)`` hears of each chunk of the gzip. Throws, saying why, when the snapshot
 *  cannot be used. */
export async function fetchSnapshot(read, pyodideVersion, marks = {}, onBytes = () => {}) {
  const response = await read("snapshot.json", {});
  if (!response.ok) throw new Error(`snapshot.json: HTTP ${response.status}`);
  const manifest = await response.json();
  if (manifest.version !== 1 || manifest.pyodide !== pyodideVersion) {
    throw new Error(`the snapshot is for Pyodide ${manifest.pyodide}, this is ${pyodideVersion}`);
  }
  const packed = manifest.compressed;
  if (packed && packed.encoding === "gzip" && typeof DecompressionStream === "function") {
    try {
      const file = await read(packed.file, {});
      if (!file.ok) throw new Error(`${packed.file}: HTTP ${file.status}`);
      const bytes = new Uint8Array(await new Response(await gunzipped(file, onBytes)).arrayBuffer());
      if (bytes.length !== manifest.bytes) throw new Error(`${packed.file}: ${bytes.length} bytes once unpacked, expected ${manifest.bytes}`);
      marks.snapshotFetched = performance.now();
      marks.snapshotVia = "gzip";
      return bytes;
    } catch (error) {
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

/** A response's body as a stream with gzip undone by DecompressionStream -- unless it does not
 *  start with gzip's magic bytes: a host that sent the .gz with ``Content-Encoding: gzip`` has had
 *  it undone by the browser already. ``onBytes(n)`` is told of each chunk as it arrives. */
export async function gunzipped(response, onBytes = () => {}) {
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.done ? new Uint8Array(0) : first.value;
  onBytes(head.length);
  const body = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
      } else {
        onBytes(value.length);
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  return first.done || !gzip ? body : body.pipeThrough(new DecompressionStream("gzip"));
}

/** ``fetch`` for loadPyodide: a request for one of ``names`` in the folder ``base`` (the runtime's
 *  pyodide.asm.wasm) fetches ``<name>.gz``, made at build time, and undoes the gzip as it arrives,
 *  so WebAssembly still compiles while it downloads; any other request, and this one when
 *  DecompressionStream is missing or the .gz cannot be fetched, goes to ``fetchImpl`` as asked.
 *  ``marks[name]`` says which was used ("gzip" or "plain"); ``onBytes(n)`` hears of each chunk. */
export function fetchingCompressed(fetchImpl, base, names, marks = {}, onBytes = () => {}) {
  return async (resource, init) => {
    const url = String(resource && resource.url ? resource.url : resource);
    const name = names.find((candidate) => url === base + candidate);
    if (!name) return fetchImpl(resource, init);
    if (typeof DecompressionStream === "function") {
      try {
        const packed = await fetchImpl(url + ".gz", { credentials: "same-origin" });
        if (packed.ok) {
          const body = await gunzipped(packed, onBytes);
          marks[name] = "gzip";
          return new Response(body, { status: 200, headers: { "Content-Type": CONTENT_TYPES[name.split(".").pop()] || "application/octet-stream" } });
        }
        marks.gzipFailed = `${name}.gz: HTTP ${packed.status}`;
      } catch (error) {
        marks.gzipFailed = `${name}.gz: ${String(error && error.message ? error.message : error)}`;
      }
    }
    marks[name] = "plain";
    return fetchImpl(resource, init);
  };
}

const CONTENT_TYPES = { wasm: "application/wasm" };

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
