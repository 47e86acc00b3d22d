#!/usr/bin/python3
"""The translation experiment at the page's defaults (read from content/widgets/translate.json:
hidden size, epochs, learning rate; the fixed summary and additive attention side by side on
3,000 training sentences) timed in the lab's builds and in PyTorch, on one machine in one run,
with the ratios the goals are stated in: the threaded page >= 20x the PyTorch script of the
same experiment, and threaded WebAssembly within 1.3x of the native build for 128-bit SSE4.2
without FMA (alab_sse42: WebAssembly SIMD's width, the same arithmetic).

  /usr/bin/python3 tests/bench/translate_bench.py        (tools/lab bench runs it)
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
GRAMMAR = os.path.join(ROOT, "content", "translation", "grammar.json")
with open(os.path.join(ROOT, "content", "widgets", "translate.json"), encoding="utf-8") as f:
    WIDGET = json.load(f)
DEFAULTS = {s["key"]: s["default"] for s in WIDGET["settings"]}
FIXED = WIDGET["fixed"]
SETTINGS = ["--hidden", str(DEFAULTS["hidden"]), "--epochs", str(DEFAULTS["epochs"]), "--lr", str(DEFAULTS["lr"]),
            "--clip", str(FIXED["clip"]), "--decay-from", str(FIXED["decay_from"]), "--lr-floor", str(FIXED["lr_floor"])]


def lab(cmd, threads, corpus_out=None):
    args = cmd + ["translate", "--grammar", GRAMMAR, "--threads", str(threads), "--quiet"] + SETTINGS
    if corpus_out:
        args += ["--corpus-out", corpus_out]
    out = subprocess.run(args, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    res = {}
    for line in out.splitlines():
        f = line.split()
        if f[0] == "result":
            res[f[1]] = float(f[3])
        if f[0] == "wall":
            wall = float(f[1])
    return wall, res


def main():
    corpus = os.path.join(tempfile.mkdtemp(), "corpus.tsv")
    node = ["node", "--no-experimental-fetch"]
    runs = [
        ("native, 2 threads", ["build/native/tools/cli/alab"], 2),
        ("native SSE4.2, 2 threads", ["build/native/tools/cli/alab_sse42"], 2),
        ("wasm under Node, 1 thread", node + ["build/wasm/tests/race_wasm_st.js"], 1),
        ("wasm under Node, 2 threads", node + ["build/wasm/tests/race_wasm_mt.js"], 2),
    ]
    # The lab's runs take seconds and this machine's speed wanders by 10-20 % between
    # runs: each is run three times (round robin) and its median kept. PyTorch's run,
    # minutes long, averages that out by itself.
    walls = [[] for _ in runs]
    results = [None] * len(runs)
    for rep in range(3):
        for i, (name, cmd, threads) in enumerate(runs):
            wall, results[i] = lab(cmd, threads, corpus if i == 0 and rep == 0 else None)
            walls[i].append(wall)
            print(f"  {name}: {wall:.2f} s", file=sys.stderr)
    rows = [(name + " (median of 3)", sorted(walls[i])[1], results[i]) for i, (name, _, _) in enumerate(runs)]
    # The page itself (headless Chromium, both builds; tests/bench/translate-page.bench.mjs),
    # in the same run as PyTorch: its whole-run time from start to the finished page.
    page = subprocess.run(["node", "tests/bench/translate-page.bench.mjs"], check=True, capture_output=True, text=True, cwd=ROOT).stdout
    for line in page.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[0].startswith("attention_lab_"):
            att, fixed = (float(x.strip(" %")) / 100 for x in cells[5].split("/"))
            name = "the page in Chromium, " + ("threaded" if cells[0].endswith("_mt") else "single-thread") + " build"
            rows.append((name, float(cells[2].split()[0]), {"none": fixed, "additive": att}))
            print(f"  {name}: {rows[-1][1]:.2f} s", file=sys.stderr)
    torch = json.loads(subprocess.run([sys.executable, os.path.join(ROOT, "tests/bench/translate_torch.py"), corpus] + SETTINGS,
                                      check=True, capture_output=True, text=True).stdout)
    threads = f"{torch['threads']} thread" + ("s" if torch["threads"] != 1 else "")
    rows.append((f"PyTorch {torch['torch']} ({threads})", torch["wall"],
                 {k: v["exact"] for k, v in torch["test"].items()}))
    print(f"\nThe translation experiment (hidden {DEFAULTS['hidden']}, {DEFAULTS['epochs']} epochs, lr {DEFAULTS['lr']}, "
          "fixed summary + additive attention)\n")
    sse42 = rows[1][1]
    print("| run | wall | PyTorch / this | this / native SSE4.2 | fixed summary test exact | attention test exact |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, wall, res in rows:
        print(f"| {name} | {wall:.2f} s | {torch['wall'] / wall:.1f}x | {wall / sse42:.2f}x | "
              f"{res.get('none', float('nan')):.3f} | {res.get('additive', float('nan')):.3f} |")
    page = next(w for name, w, _ in rows if name.endswith("threaded build"))
    single = next(w for name, w, _ in rows if name.endswith("single-thread build"))
    node = next(w for name, w, _ in rows if name.startswith("wasm under Node, 2 threads"))
    print(f"\nGoal: the threaded page >= 20x PyTorch: {'met' if torch['wall'] / page >= 20 else 'NOT met'} ({torch['wall'] / page:.1f}x; "
          f"the native SSE4.2 build itself: {torch['wall'] / sse42:.1f}x).")
    print(f"Goal: the single-thread page >= 12x PyTorch: {'met' if torch['wall'] / single >= 12 else 'NOT met'} ({torch['wall'] / single:.1f}x).")
    print(f"Goal: threaded WebAssembly within 1.3x native SSE4.2: {'met' if node / sse42 <= 1.3 else 'NOT met'} ({node / sse42:.2f}x).")


if __name__ == "__main__":
    main()
