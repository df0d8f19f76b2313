// Play seeded bot games with the engine under Pyodide in Node, offline, from a bundle made by
// build_scripts/pyodide_bundle.py, and print one JSON report on stdout.
//
//   node tests/pyodide/run_games.mjs --bundle build/pyodide [--plan JSON] [--npm build/npm]
//                                    [--start snapshot|normal]
//
// Steps, each timed, by the start the site's worker takes (widgets/engine-start.js, imported
// here, so both run the same code): with --start snapshot (the default, the site's fast start)
// loadPyodide({indexURL: BUNDLE, _loadSnapshot}) restores the bundle's memory snapshot (the engine
// already imported) and reseeds every random generator; with --start normal, loadPyodide({indexURL:
// BUNDLE}) and loadPackage("rules_engine") -- the wheel, found through the bundle's lock. Then
// pyodide_games.py (beside this file) runs inside Pyodide and plays the plan (see its docstring).
//
// Nothing may come from the network: fetch() is replaced by a function that records the URL and
// throws, and packageBaseUrl is the bundle, so Pyodide's Node-only fallback of fetching a
// missing wheel from its CDN points back at the bundle. The report lists any attempt.
//
// The loader (pyodide.mjs) is imported from the npm install, not from the bundle: under Node it
// imports the "ws" package, which resolves only from node_modules. The runner checks that the two
// copies are byte-identical, so the bundle's own loader is what runs.
//
// Python's print() goes to stderr; stdout carries only the JSON report. Exit status 1 (with a
// message on stderr) if a step fails.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");

function fail(message) {
  process.stderr.write(`run_games.mjs: ${message}\n`);
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    bundle: { type: "string" },
    plan: { type: "string", default: "{}" },
    npm: { type: "string", default: path.join(root, "build", "npm") },
    start: { type: "string", default: "snapshot" },
  },
});
if (!["snapshot", "normal"].includes(args.start)) fail(`--start is snapshot or normal, not ${args.start}`);
if (!args.bundle) fail("usage: node run_games.mjs --bundle DIR [--plan JSON] [--npm DIR]");
const bundle = path.resolve(args.bundle) + path.sep;
const loaderPath = path.join(path.resolve(args.npm), "node_modules", "pyodide", "pyodide.mjs");

const fetchAttempts = [];
globalThis.fetch = async (resource) => {
  const url = String(resource?.url ?? resource);
  fetchAttempts.push(url);
  throw new Error(`run_games.mjs: network access is blocked (${url})`);
};

async function readBytes(file, what) {
  try {
    return await readFile(file);
  } catch (error) {
    fail(`cannot read ${what} ${file}: ${error.message}`);
  }
}

const bundleLoader = await readBytes(path.join(bundle, "pyodide.mjs"), "the bundle's loader");
const npmLoader = await readBytes(loaderPath, "the npm loader (run the bundle build first)");
if (!bundleLoader.equals(npmLoader)) fail(`${loaderPath} differs from the bundle's pyodide.mjs`);
const { loadPyodide, version: loaderVersion } = await import(pathToFileURL(loaderPath).href);
const { STDLIB, fetchSnapshot, snapshotManifest, startFromSnapshot, startNormally } = await import(
  pathToFileURL(path.join(root, "widgets", "engine-start.js")).href);

const timings = {};
const messages = [];
const errors = [];
const toStderr = (line) => process.stderr.write(`${line}\n`);

let started = performance.now();
// The standard library the page fetches: the cut of it the bundle holds (build_scripts/stdlib_cut.py).
const options = { indexURL: bundle, packageBaseUrl: bundle, stdLibURL: path.join(bundle, STDLIB), stdout: toStderr,
                  stderr: toStderr };
// The bundle's files, read as the worker fetches them (the snapshot's gzip undone by
// DecompressionStream, as in the page).
const read = async (name) => {
  try {
    const bytes = await readFile(path.join(bundle, name));
    return new Response(bytes, { status: 200 });
  } catch {
    return { ok: false, status: 404 };
  }
};
const marks = {};  // how the snapshot came: its gzip (the site's way) or the plain file
let start;
try {
  start = args.start === "snapshot"
    ? await startFromSnapshot(loadPyodide, options, fetchSnapshot(read, await snapshotManifest(read, loaderVersion), marks))
    : await startNormally(loadPyodide, options, {
      messageCallback: (m) => messages.push(m),
      errorCallback: (m) => errors.push(m),
    });
} catch (error) {
  fail(`the ${args.start} start failed: ${error.stack || error}`);
}
const { pyodide } = start;
const ended = performance.now();
// The first draw of the global generator: two restores of one snapshot must differ.
const firstRandom = pyodide.runPython("import random; str(random.getrandbits(64))");
timings.loadPyodide = (start.loaded - started) / 1000;
timings.loadPackage = (ended - start.loaded) / 1000;
if (errors.length) fail(`loadPackage("rules_engine") reported errors:\n  ${errors.join("\n  ")}`);

const scriptPath = path.join(here, "pyodide_games.py");
const source = await readFile(scriptPath, "utf8");
started = performance.now();
let report;
try {
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(source, { globals: namespace, filename: scriptPath });
  const main = namespace.get("main");
  report = JSON.parse(main(args.plan));
  main.destroy();
  namespace.destroy();
} catch (error) {
  fail(`the games failed inside Pyodide:\n${error.message}`);
}
timings.games = (performance.now() - started) / 1000;

report.pyodide = {
  start: args.start,
  reseeded: start.reseeded,
  first_random: firstRandom,
  version: pyodide.version,
  loader_version: loaderVersion,
  loaded_packages: pyodide.loadedPackages.toJs ? pyodide.loadedPackages.toJs() : { ...pyodide.loadedPackages },
  load_messages: messages,
  fetch_attempts: fetchAttempts,
  snapshot_via: marks.snapshotVia ?? null,
  gzip_failed: marks.gzipFailed ?? null,
  timings,
};
process.stdout.write(JSON.stringify(report) + "\n");
