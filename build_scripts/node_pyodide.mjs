// What the build's Node scripts (make_snapshot.mjs, stdlib_used.mjs, compile_python.mjs) share:
// their arguments, a network that refuses every request (the build runs offline, from the new
// bundle alone), and the bundle's loader.

import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

/** The command line's ``--name value`` options, every one of ``names`` required (exit status 2). */
export function requiredArgs(script, names) {
  const options = Object.fromEntries(names.map((name) => [name, { type: "string" }]));
  const { values } = parseArgs({ options });
  for (const name of names) {
    if (!values[name]) {
      process.stderr.write(`${script}: --${name} is required\n`);
      process.exit(2);
    }
  }
  return values;
}

/** Refuse every fetch, saying which script refused it and what was asked. */
export function blockNetwork(script) {
  globalThis.fetch = async (resource) => {
    throw new Error(`${script}: network access is blocked (${String(resource?.url ?? resource)})`);
  };
}

/** ``loadPyodide`` from the loader file ``loader`` (the npm install's pyodide.mjs). */
export async function pyodideLoader(loader) {
  return (await import(pathToFileURL(path.resolve(loader)).href)).loadPyodide;
}
