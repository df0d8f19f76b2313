"""The worker's way to the build's gzips and its choice of start (widgets/engine-start.js), in Node,
without Pyodide: a .gz is unpacked by DecompressionStream; one that arrives already unpacked (a host
that sent it with Content-Encoding: gzip) is taken as it is; the plain file is fetched when the .gz
is missing or DecompressionStream is; the snapshot's unpacked size is checked; a request with
``integrity`` gets the unpacked bytes only when they match; a prefetched file is taken by the next
request for it; every chunk is counted. The start: the snapshot when cached or when the link brings
the first megabyte in time, else the normal start."""

import base64
import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")

SCRIPT = r"""
import { chooseStart, fetchSnapshot, fetchingCompressed, linkMeter, snapshotManifest, PROBE_BYTES } from "%(module)s";
const raw = new Uint8Array(Buffer.from(process.argv[1], "base64"));
const packed = new Uint8Array(Buffer.from(process.argv[2], "base64"));
const out = {};
const asked = [];
const files = (gz) => async (url) => {
  const name = String(url).split("/").pop();
  asked.push(name);
  if (name === "snapshot.json") {
    return new Response(JSON.stringify({ version: 1, pyodide: "1", file: "s.snapshot", bytes: raw.length,
                                         compressed: { file: "s.snapshot.gz", encoding: "gzip" } }));
  }
  if (name.endsWith(".gz")) return gz === null ? new Response("missing", { status: 404 }) : new Response(gz);
  return new Response(raw);
};
const text = async (response) => Buffer.from(await response.arrayBuffer()).toString();
const wanted = (url) => url.endsWith(".wasm") || url.endsWith(".whl");
let chunks = 0;
for (const [label, gz] of [["gzip", packed], ["unpacked", raw], ["missing", null]]) {
  const marks = {};
  const read = files(gz);
  const bytes = await fetchSnapshot(read, await snapshotManifest(read, "1"), marks, () => { chunks += 1; });
  const wasmMarks = {};
  const response = await fetchingCompressed(files(gz), wanted, wasmMarks)("http://h/r/a.wasm");
  out[label] = { snapshot: Buffer.from(bytes).toString(), via: marks.snapshotVia, failed: marks.gzipFailed ?? null,
                 wasm: await text(response), wasmVia: wasmMarks["a.wasm"], type: response.headers.get("content-type") };
}
out.chunks = chunks;
// Another Pyodide's snapshot is refused, saying why.
try { await snapshotManifest(files(packed), "2"); } catch (error) { out.otherVersion = error.message; }
// A gzip that unpacks to the wrong size: the plain file.
const short = {};
const shortRead = files(packed.slice(0, 0));
await fetchSnapshot(shortRead, await snapshotManifest(shortRead, "1"), short);
out.short = { via: short.snapshotVia, failed: short.gzipFailed };
// Integrity: the unpacked bytes when their sha256 is the one asked for, else the plain request.
const digest = "sha256-" + Buffer.from(await crypto.subtle.digest("SHA-256", raw)).toString("base64");
const sums = {};
const good = await fetchingCompressed(files(packed), wanted, sums)("http://h/e/x.whl", { integrity: digest });
out.integrity = { good: (await text(good)) === Buffer.from(raw).toString() && sums["x.whl"] };
const badMarks = {};
await fetchingCompressed(files(packed), wanted, badMarks)("http://h/e/x.whl", { integrity: "sha256-AAAA" });
out.integrity.bad = [badMarks["x.whl"], badMarks.gzipFailed];
// A prefetched file: fetched once, before it is asked for; other files are left alone.
asked.length = 0;
const early = fetchingCompressed(files(packed), wanted, {});
early.prefetch("http://h/r/a.wasm");
early.prefetch("http://h/r/other.js");
const firstAsked = [...asked];
const prefetched = await text(await early("http://h/r/a.wasm"));
out.prefetch = { firstAsked, asked: [...asked], same: prefetched === Buffer.from(raw).toString() };
// The start chosen, on a clock of our own.
let clock = 0;
const now = () => clock;
const choose = async (arrivals, extra = { cached: null, extraBytes: 5e6 }) => {
  const meter = linkMeter(now);
  const choice = chooseStart({ ...extra, meter, now, savesSeconds: 0.5 });
  for (const [at, n] of arrivals) { clock = at; meter.count(n); }
  return choice;
};
out.cached = await choose([], { cached: {}, extraBytes: 5e6 });
// 5 MB for 0.5 s: 1 MB must come within 100 ms of the first chunk.
out.fast = await choose([[1000, 1], [1050, PROBE_BYTES]]);
out.slow = await choose([[2000, 1], [2150, PROBE_BYTES]]);
// A busy worker reads a run of chunks at once, late: the pace over all of them decides.
out.burst = await choose([[4000, 1], [4134, 4.46e6]]);
const late = linkMeter(now);
const waiting = chooseStart({ cached: null, extraBytes: 5e6, meter: late, now, savesSeconds: 0.5 });
clock = 3000; late.count(1); clock = 3010; late.count(1000);
out.trickle = await waiting;   // decided by the timer: nothing more came in time
// No DecompressionStream: the plain files, no request for a .gz, and the normal start.
globalThis.DecompressionStream = undefined;
asked.length = 0;
const plain = {};
const spy = files(packed);
await fetchSnapshot(spy, await snapshotManifest(spy, "1"), plain);
await fetchingCompressed(spy, wanted, plain)("http://h/r/a.wasm");
out.none = { via: plain.snapshotVia, wasm: plain["a.wasm"], asked: [...asked],
             start: await chooseStart({ cached: null, extraBytes: 5e6, meter: linkMeter(now) }) };
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="needs Node.js")
def test_the_gzips_are_unpacked_and_the_start_is_chosen():
    raw = ("the interpreter's memory " * 2000).encode()
    script = SCRIPT % {"module": (ROOT / "widgets" / "engine-start.js").as_uri()}
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", script, base64.b64encode(raw).decode(),
         base64.b64encode(gzip.compress(raw)).decode()],
        capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    text = raw.decode()
    for label in ("gzip", "unpacked", "missing"):
        assert out[label]["snapshot"] == text and out[label]["wasm"] == text, label
    assert (out["gzip"]["via"], out["gzip"]["wasmVia"], out["gzip"]["failed"]) == ("gzip", "gzip", None)
    assert out["gzip"]["type"] == "application/wasm"
    assert (out["unpacked"]["via"], out["unpacked"]["wasmVia"]) == ("gzip", "gzip")
    assert (out["missing"]["via"], out["missing"]["wasmVia"]) == ("plain", "plain")
    assert "HTTP 404" in out["missing"]["failed"]
    assert out["chunks"] >= 2
    assert out["otherVersion"] == "the snapshot is for Pyodide 1, this is 2"
    assert out["short"]["via"] == "plain" and "expected" in out["short"]["failed"]
    assert out["integrity"] == {"good": "gzip", "bad": ["plain", "x.whl: its sha256 is not the one asked for"]}
    assert out["prefetch"] == {"firstAsked": ["a.wasm.gz"], "asked": ["a.wasm.gz"], "same": True}
    assert out["cached"] == {"start": "snapshot", "why": "cached"}
    assert out["fast"]["start"] == "snapshot" and out["fast"]["why"].startswith("fast link (1.05 MB in 50 ms")
    assert out["slow"]["start"] == "normal" and out["slow"]["why"].startswith("slow link (1.05 MB in 150 ms")
    assert out["burst"]["start"] == "snapshot" and out["burst"]["why"].startswith("fast link (4.46 MB in 134 ms")
    assert out["trickle"]["start"] == "normal" and out["trickle"]["why"].startswith("slow link (0.00 MB")
    assert out["none"] == {"via": "plain", "wasm": "plain", "asked": ["snapshot.json", "s.snapshot", "a.wasm"],
                           "start": {"start": "normal", "why": "no DecompressionStream"}}
