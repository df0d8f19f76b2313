"""The report of benchmarks/browser_speed.py: formatting of the figures it
measured, section by section. Measures nothing itself (apart from running
benchmarks/pyodide_speed.py for its last section)."""

import contextlib
import io
import re
import statistics
from urllib.parse import urlparse

LONG_TASK_MS = 50

def fmt_range(values, digits=2, unit=" s", scale=1.0):
    """'median (min–max)' of the values that exist, scaled; 'n/a' if none."""
    values = [v * scale for v in values if v is not None]
    if not values:
        return "n/a"
    med = statistics.median(values)
    low, high = min(values), max(values)
    if len(values) == 1 or f"{low:.{digits}f}" == f"{high:.{digits}f}":
        return f"{med:.{digits}f}{unit}"
    return f"{med:.{digits}f}{unit} ({low:.{digits}f}–{high:.{digits}f})"


def fmt_bytes(n):
    if n is None:
        return "n/a"
    if n >= 1024 * 1024:
        return f"{n / 1024 / 1024:.2f} MB"
    if n >= 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n} B"


def bytes_range(values):
    values = [v for v in values if v is not None]
    if not values:
        return "n/a"
    med, low, high = statistics.median(values), min(values), max(values)
    return fmt_bytes(int(med)) if low == high else f"{fmt_bytes(int(med))} ({fmt_bytes(low)}–{fmt_bytes(high)})"


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return None
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def target(met, text):
    return f"target {text}: {'met' if met else 'NOT met'}"



COLD_TARGET_S = 2.5
WARM_TARGET_S = 1.0
WEIGHT_TARGET = 100 * 1024


def print_targets(runs):
    """The issue's targets, run by run, each figure beside its target and the bare floor."""
    print("0. Targets, run by run (each run: a fresh browser; 'bare' is loadPyodide() alone in a worker of the same")
    print("   server, from navigation, measured in the same run; the machine's load varies between runs)")
    print(f"   {'run':<5}{'bare floor':>11}{'cold (a)':>10}{'start':>10}{'a - bare':>10}{'normal (a’)':>13}"
          f"{'2nd (d)':>9}{'return (d’)':>13}{'weight King':>13}{'Yukon':>10}")
    for index, run in enumerate(runs, 1):
        weights = [run["weights"][page]["site"]["gzip"] for page in ("games/king/", "games/yukon/")]
        print(f"   {index:<5}{run['bare']['done']:>10.2f}s{run['cold']['turn']:>9.2f}s{run['cold']['start'] or '?':>10}"
              f"{run['cold']['turn'] - run['bare']['done']:>+9.2f}s{run['cold_normal']['turn']:>12.2f}s"
              f"{run['warm']['turn']:>8.2f}s{run['visits'][(True, 0)]['turn']:>12.2f}s"
              f"{fmt_bytes(weights[0]):>13}{fmt_bytes(weights[1]):>10}")
    cold = [run["cold"]["turn"] for run in runs]
    bare = [run["bare"]["done"] for run in runs]
    warm = [run["warm"]["turn"] for run in runs]
    returning = [run["visits"][(True, 0)]["turn"] for run in runs]
    weight = [run["weights"][page]["site"]["gzip"] for run in runs for page in run["weights"]]
    below = all(c < b for c, b in zip(cold, bare))
    print(f"   cold first legal move (a), median {statistics.median(cold):.2f} s: "
          f"{target(below, 'below the bare floor in every run')}; "
          f"{target(statistics.median(cold) < COLD_TARGET_S, f'under {COLD_TARGET_S} s')}")
    for label, figures in (("second visit, a new tab of the same context (d)", warm),
                           ("a returning reader, profile on disk, the site's _headers (d')", returning)):
        print(f"   {label}, median {statistics.median(figures):.2f} s: "
              f"{target(statistics.median(figures) < WARM_TARGET_S, f'under {WARM_TARGET_S:.0f} s')}")
    print(f"   page weight before any interaction, largest {fmt_bytes(max(weight))} gzipped: "
          f"{target(max(weight) < WEIGHT_TARGET, 'under 100 KB gzipped')}")
    starts = sorted({run["cold"]["start"] or "?" for run in runs} | {run["warm"]["start"] or "?" for run in runs}
                    | {visit["start"] or "?" for run in runs for visit in run["visits"].values()})
    fallbacks = sorted({run["cold"]["fallback"] for run in runs if run["cold"].get("fallback")})
    print(f"   the worker's start in (a), (d) and (d'): {', '.join(starts)}"
          + (f"; the snapshot was NOT used: {'; '.join(fallbacks)}" if fallbacks else ""))
    print()


def html_parts(body):
    text = body.decode("utf-8", "replace")
    svg = sum(len(m.encode()) for m in re.findall(r"<svg\b.*?</svg>", text, re.S))
    frames = sum(len(m.encode()) for m in re.findall(r'data-frames="[^"]*"', text))
    return {"total": len(body), "svg": svg, "frames": frames, "elements": len(re.findall(r"<[a-zA-Z]", text))}


def print_weight(runs, site):
    print("1. Bytes a game page transfers before any interaction (play widget out of view, 2 s after")
    print("   load; response body sizes as served, uncompressed; gzip≈ is what gzip -6 would send)")
    header = f"   {'page':<14}{'total':>11}{'html':>11}{'css':>11}{'js':>11}{'svg/other':>11}{'requests':>10}{'gzip≈':>11}"
    print(header)
    for page in ("games/king/", "games/yukon/"):
        weights = [run["weights"][page]["site"] for run in runs]
        cells = [bytes_range([w[k] for w in weights]) for k in ("total", "html", "css", "js", "svg/other")]
        requests = fmt_range([w["requests"] for w in weights], digits=0, unit="")
        print(f"   {page:<14}" + "".join(f"{c:>11}" for c in cells) + f"{requests:>10}"
              f"{bytes_range([w['gzip'] for w in weights]):>11}")
    for page in ("games/king/", "games/yukon/"):
        pyodide = [run["weights"][page]["pyodide"] for run in runs]
        started = [run["engine_before"][page] for run in runs]
        idle = all(s and s["workersStarted"] == 0 for s in started)
        print(f"   {page:<14}/pyodide/ before interaction: {bytes_range([p['total'] for p in pyodide])} "
              f"in {fmt_range([p['requests'] for p in pyodide], digits=0, unit='')} requests; "
              f"engine {'not started' if idle else 'STARTED before any interaction'}")
    no_body = max(run["weights"][page]["site"]["no_body"] for run in runs for page in run["weights"])
    if no_body:
        print(f"   (the browser kept no body for up to {no_body} response(s) a page: their Content-Length is counted)")
    first = runs[0]["weights"]
    for page in ("games/king/", "games/yukon/"):
        bodies = first[page].get("html_bodies", {})
        path = urlparse(site).path + page
        if path in bodies:
            parts = html_parts(bodies[path])
            print(f"   {page} HTML: {fmt_bytes(parts['total'])}, {parts['elements']} elements; of it inline SVG "
                  f"{fmt_bytes(parts['svg'])}, worked-example frames (JSON) {fmt_bytes(parts['frames'])}")
    largest = sorted(first["games/king/"]["files"].items(), key=lambda item: -item[1])[:7]
    print("   games/king/ largest: " + ", ".join(f"{path} {fmt_bytes(size)}" for path, size in largest))
    files = runs[0].get("engine_files")
    if files:
        pyodide = files["pyodide"]
        listed = ", ".join(f"{name} {fmt_bytes(size)}" for name, size in
                           sorted(pyodide["files"].items(), key=lambda item: -item[1]))
        print(f"   When the King widget comes into view, the engine fetches {fmt_bytes(pyodide['total'])} from "
              f"/pyodide/ ({listed}; the worker's scripts are in that folder) and "
              f"{fmt_bytes(files['site']['total'])} of the site's other files ({files['site']['requests']} requests: "
              + ", ".join(sorted(files["files"])) + ")")
    print()


def frame_causes(frame_lists, site):
    """Per run: script time and forced style/layout in it, by source, over the long
    animation frames that held a long task; and the rendering time outside scripts."""
    base = site.rstrip("/")
    runs = []
    for frames in frame_lists:
        sources, render = {}, 0.0
        for frame in frames:
            for script in frame["scripts"]:
                source = (script["url"] or script["invoker"] or "?").replace(base, "").split("?")[0]
                total = sources.setdefault(source or "(inline)", [0.0, 0.0])
                total[0] += script["duration"]
                total[1] += script["forced"] or 0.0
            if frame["renderStart"]:
                render += frame["start"] + frame["duration"] - frame["renderStart"]
        runs.append((sources, render))
    names = {name for sources, _ in runs for name in sources}
    by_source = {name: [sources.get(name, [0.0, 0.0]) for sources, _ in runs] for name in names}
    return by_source, [render for _, render in runs]


def print_long_tasks(runs, site):
    print("2. Main-thread long tasks (PerformanceObserver 'longtask', buffered, installed before the page's scripts)")
    print(f"   {'phase':<52}{'count':>14}{'longest':>22}")
    phases = {}
    for run in runs:
        for name, value in run["phases"].items():
            phases.setdefault(name, []).append(value)
    over = False
    for name, values in phases.items():
        counts = [len(tasks) for tasks, _ in values]
        longest = [max((t["duration"] for t in tasks), default=0) for tasks, _ in values]
        over = over or any(longest)
        print(f"   {name:<52}{fmt_range(counts, digits=0, unit=''):>14}"
              f"{fmt_range(longest, digits=0, unit=' ms'):>22}")
    print(f"   (all scripts, the theme's included: {target(not over, f'none over {LONG_TASK_MS} ms')})")
    print("   Where the blocking time goes: long animation frames that held a long task (script time by source,")
    print("   of it forced style/layout, and rendering outside scripts), median ms per run:")
    widgets_ms = 0.0
    for name, values in phases.items():
        by_source, rendering = frame_causes([frames for _, frames in values], site)
        # The widgets' own script time in those frames, summed per run (at least any one task of theirs).
        for run_index in range(len(values)):
            widgets_ms = max(widgets_ms, sum(totals[run_index][0] for source, totals in by_source.items()
                                             if source.startswith("/widgets/")))
        if not by_source and not any(rendering):
            continue
        ranked = sorted(by_source.items(), key=lambda item: -statistics.median(v[0] for v in item[1]))
        parts = [f"{source} {statistics.median(v[0] for v in totals):.0f} "
                 f"(forced layout {statistics.median(v[1] for v in totals):.0f})"
                 for source, totals in ranked[:4] if statistics.median(v[0] for v in totals) >= 1]
        parts.append(f"rendering {statistics.median(rendering):.0f}")
        print(f"     {name}: " + "; ".join(parts))
    print(f"   The widgets' scripts in long frames: at most {widgets_ms:.0f} ms in a run's phase "
          f"({target(widgets_ms <= LONG_TASK_MS, f'no long task of theirs, none over {LONG_TASK_MS} ms')})")
    print()


def print_first_move(runs):
    print("3. Time to the reader's first legal move (class rw-play--your-turn appears)")
    cold = [run["cold"] for run in runs]
    bare = [run["bare"] for run in runs]
    on_view = [run["on_view"] for run in runs]
    instant = [run["instant"] for run in runs]
    diff = [c["turn"] - b["done"] for c, b in zip(cold, bare)]
    print(f"   (a) cold: fresh context opens games/king/#play-1, from navigation start   {fmt_range([c['turn'] for c in cold])}")
    print(f"       bare loadPyodide() in a module worker, same server, from navigation     {fmt_range([b['done'] for b in bare])}")
    print(f"       difference (a) - bare, run by run                                      {fmt_range(diff)}   "
          f"({target(all(d < 0 for d in diff), 'below zero in every run')})")
    print_breakdown(cold, "(a)", "navigation")
    normal = [run["cold_normal"] for run in runs]
    print(f"   (a') cold, the normal start forced (?engine-start=normal)                      {fmt_range([c['turn'] for c in normal])}")
    print_breakdown(normal, "(a')", "navigation")
    pages = [c["page"] for c in cold]
    print("       (a) page start, s from navigation: HTML received "
          f"{fmt_range([p['html'] for p in pages])}, material bundle {fmt_range([p['bundle'] for p in pages])}, "
          f"widget modules {fmt_range([p['widgets'] for p in pages])}, DOMContentLoaded "
          f"{fmt_range([p['dcl'] for p in pages])}; the bare page's worker starts at "
          f"{fmt_range([b['created'] for b in bare])}")
    print(f"       loadPyodide() alone, inside the bare worker: {fmt_range([b['loadPyodide'] for b in bare])}")
    print(f"   (b) started on view: loaded out of view, 2 s later scrolled to, from the scroll  "
          f"{fmt_range([v['turn'] for v in on_view])}")
    print_breakdown(on_view, "(b)", "the scroll")
    warm = [run["warm"] for run in runs]
    print(f"   (d) second visit: a new tab of the same context (HTTP cache warm), from navigation "
          f"{fmt_range([w['turn'] for w in warm])}   "
          f"({target(statistics.median([w['turn'] for w in warm]) < WARM_TARGET_S, 'under 1 s')})")
    print_breakdown(warm, "(d)", "navigation")
    print("   (d') a returning reader: a profile on disk (a reader's own browser; (d)'s new context keeps its cache in")
    print("        memory, which drops the snapshot and the wasm), a new tab, the server sending the site's _headers")
    print("        (a year for the bundle's digest-named folder and the theme's fingerprinted files) or only a host's")
    print("        default (max-age=0, must-revalidate: every file asked for again); the new tab's requests delayed")
    print("        by an emulated round trip. [requests to /pyodide/ in the new tab]")
    for delay in (0, 50):
        figures = "; ".join(
            f"{'the site' + chr(8217) + 's _headers' if honour else 'host default'} "
            f"{fmt_range([run['visits'][(honour, delay)]['turn'] for run in runs])} "
            f"[{fmt_range([run['visits'][(honour, delay)]['bundle_requests'] for run in runs], digits=0, unit='')}]"
            for honour in (True, False))
        print(f"        round trip {delay:>2} ms{'' if not delay else ' (emulated)'}: {figures}")
    totals = [i["total"] for i in instant]
    print(f"   (c) after instant navigation King → Yukon (engine ready), from the click      {fmt_range(totals, 3)}   "
          f"({target(statistics.median(totals) < 0.2, 'under 0.2 s')})")
    ms = {"digits": 0, "unit": " ms", "scale": 1000}
    print(f"       click → Yukon widget in the page {fmt_range([i['to_page'] for i in instant], **ms)} "
          f"(its HTML fetched by {fmt_range([i['fetched'] for i in instant], **ms)}); "
          f"→ scrolled into view in the next frame {fmt_range([i['to_scroll'] for i in instant], **ms)}; "
          f"scroll → your turn {fmt_range([i['to_turn'] for i in instant], **ms)} (of it the 'open' round trip "
          f"{fmt_range([i['open'] for i in instant], **ms)}, in the worker "
          f"{fmt_range([i['open_worker'] for i in instant], **ms)})")
    rescrolls = sum(i["rescrolls"] for i in instant)
    if rescrolls:
        print(f"       (the widget had to be scrolled to again {rescrolls} time(s): the figure includes that wait)")
    workers = sorted({i["workers"] for i in instant})
    same = all(i["same_document"] for i in instant)
    print(f"       workers started on the page: {', '.join(map(str, workers))} "
          f"({'the worker was kept' if workers == [1] else 'the worker was NOT kept'}); "
          f"{'same document throughout (instant navigation)' if same else 'the page was RELOADED'}")
    print()


def print_breakdown(values, label, origin):
    steps = [b["breakdown"] for b in values]
    pieces = [
        (f"{origin} → engine started", "to_start"),
        ("worker boot (script, import)", "worker_boot"),
        ("loadPyodide() (with the restore)", "runtime"),
        ("loadPackage + Host", "engine"),
        ("open (first deal)", "open"),
        ("bot turns before the reader's", "bots"),
    ]
    text = "; ".join(f"{name} {fmt_range([s[key] for s in steps], digits=0, unit=' ms', scale=1000)}"
                     for name, key in pieces)
    bots = [s["bot_moves"] for s in steps]
    print(f"       {label} in ms: {text}")
    print(f"           (the bot turns: {fmt_range(bots, digits=0, unit='')} bot moves; the visible pause "
          f"between bot moves starts after the reader's first move)")


def print_latency(game):
    print(f"4. Engine round trips in the browser (King, {game['played']} reader moves in run 1, "
          f"window.rulesEngineStatus.latencies; 'in the worker' is the worker's own time per request)")
    for op in ("bot", "move"):
        values = game["latencies"].get(op) or []
        worker = [r["worker"] for r in game["replies"] if r["op"] == op and r["worker"] is not None]
        if not values:
            print(f"   {op:<5} no requests")
            continue
        p95 = percentile(values, 95)
        line = (f"   {op:<5} n={len(values):<4} p50 {percentile(values, 50):6.1f} ms   p95 {p95:6.1f} ms   "
                f"max {max(values):6.1f} ms   in the worker: p50 {percentile(worker, 50):5.1f} ms, "
                f"max {max(worker):5.1f} ms")
        if op == "bot":
            line += f"   ({target(p95 < 50, 'p95 under 50 ms')})"
        print(line)
    tasks = game["tasks"]
    print(f"   long tasks during those moves: {len(tasks)}"
          + (f", longest {max(t['duration'] for t in tasks):.0f} ms" if tasks else ""))
    print()


def print_pyodide_speed(games):
    print("5. The engine in Pyodide (Node) against CPython: benchmarks/pyodide_speed.py"
          f" --games {games}")
    if games <= 0:
        print("   skipped (--pyodide-games 0)")
        return
    import pyodide_speed

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = pyodide_speed.main(["--games", str(games)])
    for line in out.getvalue().splitlines():
        print(f"   {line}" if line.strip() else "")
    if code:
        print(f"   pyodide_speed.py failed (exit {code})")
    print()
