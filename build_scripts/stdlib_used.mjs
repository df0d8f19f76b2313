// The standard library the engine needs in the browser: the modules Pyodide, its loadPackage of
// the engine's wheel (the normal start), every module of the engine and the worker's host code
// import, found by running them in Node from the new bundle (build_scripts/stdlib_cut.py cuts
// python_stdlib.zip down to them).
//
//   node build_scripts/stdlib_used.mjs --bundle DIR --loader PYODIDE_MJS
//
// Prints one line of JSON: the files of python_stdlib.zip that were imported, by their names in it.
// A short session of every game through the host, with a refused move and a formatted traceback,
// imports what their calls import lazily.

import path from "node:path";
import { pathToFileURL } from "node:url";
import { blockNetwork, pyodideLoader, requiredArgs } from "./node_pyodide.mjs";

const SCRIPT = "stdlib_used.mjs";
const args = requiredArgs(SCRIPT, ["bundle", "loader"]);
const bundle = path.resolve(args.bundle) + path.sep;
blockNetwork(SCRIPT);
const loadPyodide = await pyodideLoader(args.loader);
const { HOST } = await import(pathToFileURL(path.resolve(path.dirname(new URL(import.meta.url).pathname),
  "../widgets/engine-start.js")).href);
const quiet = () => {};
const pyodide = await loadPyodide({ indexURL: bundle, packageBaseUrl: bundle, lockFileURL: bundle + "pyodide-lock.json",
  stdout: quiet, stderr: (line) => process.stderr.write(`${line}\n`) });
await pyodide.loadPackage("rules_engine", { messageCallback: quiet });
pyodide.runPython(HOST);
const used = pyodide.runPython(`
import importlib, json, pkgutil, sys, traceback
import rules_engine
for _info in pkgutil.walk_packages(rules_engine.__path__, "rules_engine."):
    if not _info.name.endswith((".__main__", ".cli")):
        importlib.import_module(_info.name)
for _spec in rules_engine.list_games():
    for _message in ({"op": "open", "game": _spec.id, "seed": 1}, {"op": "bot"}, {"op": "bot"}, {"op": "share"},
                     {"op": "move", "move": "nonsense 1.0"}, {"op": "explain", "move": "²"}):
        json.loads(_handle(json.dumps({"v": 1, "session": "s", **_message})))
try:
    raise ValueError("a traceback, formatted as Pyodide does for an error")
except ValueError:
    traceback.format_exc()
_zip = next(p for p in sys.path if p.endswith(".zip")) + "/"
json.dumps(sorted({m.__file__[len(_zip):] for m in list(sys.modules.values())
                   if (getattr(m, "__file__", None) or "").startswith(_zip)}))
`);
process.stdout.write(used + "\n");
process.exit(0);   // Pyodide keeps Node's event loop alive
