// The bundle's Python compiled to bytecode by the browser's own Python (build_scripts/bytecode.py,
// run here in Pyodide under Node): the standard library cut to the engine's needs, and the
// engine's wheel.
//
//   node build_scripts/compile_python.mjs --bundle DIR --loader PYODIDE_MJS --names JSON_FILE
//                                         --wheel NAME --stdlib-out FILE --wheel-out FILE
//
// --names lists the files of the bundle's python_stdlib.zip to keep. The interpreter runs with
// PYTHONNODEBUGRANGES=1, so the bytecode holds no column positions. Prints one line of JSON: how
// many files each zip holds.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { blockNetwork, pyodideLoader, requiredArgs } from "./node_pyodide.mjs";

const SCRIPT = "compile_python.mjs";
const args = requiredArgs(SCRIPT, ["bundle", "loader", "names", "wheel", "stdlib-out", "wheel-out"]);
blockNetwork(SCRIPT);
const bundle = path.resolve(args.bundle);
const loadPyodide = await pyodideLoader(args.loader);
const pyodide = await loadPyodide({ indexURL: bundle + path.sep, env: { PYTHONNODEBUGRANGES: "1" },
  stdout: (line) => process.stderr.write(`${line}\n`), stderr: (line) => process.stderr.write(`${line}\n`) });
const here = path.dirname(fileURLToPath(import.meta.url));
pyodide.FS.mkdirTree("/build");
pyodide.FS.writeFile("/build/bytecode.py", await readFile(path.join(here, "bytecode.py")));
pyodide.FS.writeFile("/build/python_stdlib.zip", await readFile(path.join(bundle, "python_stdlib.zip")));
pyodide.FS.writeFile("/build/engine.whl", await readFile(path.join(bundle, args.wheel)));
pyodide.FS.writeFile("/build/names.json", await readFile(args.names));
const counts = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/build")
import bytecode
json.dumps({
    "stdlib": bytecode.compile_stdlib("/build/python_stdlib.zip", json.load(open("/build/names.json")),
                                      "/build/stdlib.zip"),
    "wheel": bytecode.compile_wheel("/build/engine.whl", "/build/engine-compiled.whl"),
})
`);
await writeFile(args["stdlib-out"], pyodide.FS.readFile("/build/stdlib.zip"));
await writeFile(args["wheel-out"], pyodide.FS.readFile("/build/engine-compiled.whl"));
process.stdout.write(counts + "\n");
process.exit(0);   // Pyodide keeps Node's event loop alive
