// How the engine's interpreter starts, shared by the page's worker (engine-worker.js) and the
// Pyodide-in-Node parity tests (tests/pyodide/run_games.mjs), so both take the same path.
//
// - The fast start restores the bundle's memory snapshot (build_scripts/make_snapshot.mjs): an
//   interpreter with the engine already imported. Every random generator in it is reseeded at
//   once, so no two readers share the build's stream.
// - The normal start: loadPyodide(), then loadPackage("rules_engine") through the bundle's lock.

// After a restore, every random.Random in the interpreter (the module's own included) is reseeded
// from the system's entropy (os.urandom, the browser's crypto). Returns how many there were.
export const RESEED = `
import gc, random
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

/** The snapshot's bytes, read through ``read(name, options)`` (resolves to a Response-like object
 *  with ok, status, json(), arrayBuffer()): its manifest snapshot.json first, then the file it
 *  names. Both are in the bundle's folder, whose name is a digest of its files, so a cached copy
 *  is always the right one. Throws, saying why, when the snapshot cannot be used. */
export async function fetchSnapshot(read, pyodideVersion, marks = {}) {
  const response = await read("snapshot.json", {});
  if (!response.ok) throw new Error(`snapshot.json: HTTP ${response.status}`);
  const manifest = await response.json();
  if (manifest.version !== 1 || manifest.pyodide !== pyodideVersion) {
    throw new Error(`the snapshot is for Pyodide ${manifest.pyodide}, this is ${pyodideVersion}`);
  }
  const file = await read(manifest.file, {});
  if (!file.ok) throw new Error(`${manifest.file}: HTTP ${file.status}`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length !== manifest.bytes) throw new Error(`${manifest.file}: ${bytes.length} bytes, expected ${manifest.bytes}`);
  marks.snapshotFetched = performance.now();
  return bytes;
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
