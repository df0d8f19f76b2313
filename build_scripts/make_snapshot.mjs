// The bundle's memory snapshot: the Pyodide interpreter with the engine already imported, made in
// Node at build time and restored by the page's worker (widgets/engine-worker.js), which then
// skips Python's start-up, loadPackage and the engine's imports.
//
//   node build_scripts/make_snapshot.mjs --bundle DIR --loader PYODIDE_MJS --wheel NAME --stdlib FILE --out FILE
//
// Steps: loadPyodide({_makeSnapshot: true}) from the bundle with the standard library the page
// fetches (--stdlib, compiled: build_scripts/bytecode.py; offline: fetch is refused); the
// engine's wheel (compiled too) unpacked into site-packages with unpackArchive (loadPackage would leave JS
// references in the interpreter that a snapshot cannot keep); every module of the engine
// imported (after a restore the wheel's files are not on the file system, only what was imported
// is there); then pyodide.makeMemorySnapshot(). Prints one line of JSON: sizes, timings, the
// modules imported and the random generators found (a restore reseeds them all).
//
// Pyodide's snapshot API is private (underscored options, 314.0.7): the worker falls back to the
// normal start if the restore fails for any reason, and the snapshot carries Pyodide's build id,
// which the restore checks.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { blockNetwork, pyodideLoader, requiredArgs } from "./node_pyodide.mjs";

const SCRIPT = "make_snapshot.mjs";
const args = requiredArgs(SCRIPT, ["bundle", "loader", "wheel", "stdlib", "out"]);
const bundle = path.resolve(args.bundle) + path.sep;
blockNetwork(SCRIPT);

// Run inside the interpreter before the snapshot is taken. Nothing of JavaScript may be held by
// Python at that moment (the snapshot keeps only what it can name). The command line is left out
// (no page runs it), and what each import leaves behind is collected at once: the heap's high
// water is what the snapshot must fit in (below).
export const PREPARE = `
import gc, importlib, pkgutil, random, sys
import rules_engine
_modules = ["rules_engine"]
for _info in pkgutil.walk_packages(rules_engine.__path__, "rules_engine."):
    if _info.name.endswith((".__main__", ".cli")):
        continue
    importlib.import_module(_info.name)
    _modules.append(_info.name)
    gc.collect()
import rules_engine.host  # noqa: the worker's entry point
import json  # noqa: the worker's wrapper
_randoms = sum(1 for _o in gc.get_objects() if isinstance(_o, random.Random))
_report = {"modules": _modules, "randoms": _randoms, "engine": rules_engine.__version__,
           "python": sys.version.split()[0]}
del _info
gc.collect()
`;

const started = performance.now();
const loadPyodide = await pyodideLoader(args.loader);
const pyodide = await loadPyodide({
  indexURL: bundle,
  stdLibURL: path.resolve(args.stdlib),
  packageBaseUrl: bundle,
  _makeSnapshot: true,
  stdout: (line) => process.stderr.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
});
const loaded = performance.now();
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
const wheel = await readFile(path.join(bundle, args.wheel));
pyodide.unpackArchive(new Uint8Array(wheel), "wheel", { extractDir: sitePackages });
pyodide.runPython(PREPARE);
const report = JSON.parse(pyodide.runPython("import json; json.dumps(_report)"));
pyodide.runPython("del _report, _modules, _randoms");
const snapshot = pyodide.makeMemorySnapshot();
// The restore copies the heap into the memory the module starts with and never grows it (Pyodide
// 314.0.7: API.restoreSnapshot), so a heap that grew past it cannot be restored at all: the page
// would fall back to the normal start on every visit. Refused here, where it is one clear error.
const initial = await initialMemory(path.join(bundle, "pyodide.asm.wasm"));
const heap = pyodide._module.HEAP8.length;
if (heap > initial) {
  process.stderr.write(`make_snapshot.mjs: the heap grew to ${heap} bytes, past the ${initial} bytes Pyodide's module starts `
    + "with, which is all a snapshot restores into: import less into the snapshot (PREPARE)\n");
  process.exit(1);
}
await writeFile(args.out, snapshot);
process.stdout.write(JSON.stringify({
  bytes: snapshot.length,
  heap,
  initialMemory: initial,
  sitePackages,
  loadPyodide: (loaded - started) / 1000,
  total: (performance.now() - started) / 1000,
  ...report,
}) + "\n");
// Pyodide keeps Node's event loop alive.
process.exit(0);

/** The initial size in bytes of the memory a wasm file defines (its memory section's first entry). */
async function initialMemory(file) {
  const bytes = new Uint8Array(await readFile(file));
  const leb = (at) => {
    let value = 0, shift = 0, byte;
    do { byte = bytes[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return [value, at];
  };
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at];
    const [size, body] = leb(at + 1);
    if (id === 5) {
      const [, flagsAt] = leb(body);   // the number of memories
      const [pages] = leb(flagsAt + 1);
      return pages * 65536;
    }
    at = body + size;
  }
  throw new Error(`${file} defines no memory`);
}
