#!/usr/bin/python3
"""How much of each trained experiment's story holds beyond one seed, per build.

For seeds 1 to 20 (by default), each build's runner trains
  - the race at the module's settings (content/widgets/race.json's defaults, the seed
    changed): the story is "attention >= 0.98 on the test set, the GRU <= 0.65";
  - the translation at the page's defaults (content/widgets/translate.json): the story
    is "attention >= 95 % of test sentences exactly right, the fixed summary <= 10 %
    on the longest sentences";
and prints, per experiment and build, the share of seeds that tell the story, and
the spread (min, median, max) of each model's test accuracy.

The builds: WebAssembly (the numbers of every browser, the same on every machine)
and the native runner built three ways (-msse4.2 -mno-avx; -mavx2 -mfma;
-march=native, whatever this machine has), whose numbers depend on the processor.

  /usr/bin/python3 tests/bench/seed_robustness_bench.py [--seeds 1-20] [--only race|translate]
                   [--builds wasm,sse42,avx2,native] [-- extra runner flags]
(tools/lab bench runs it with the defaults.) Two runs at a time, one thread each.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
GRAMMAR = os.path.join(ROOT, "content", "translation", "grammar.json")
NODE = ["node", "--no-experimental-fetch"]
BUILDS = {
    "wasm": ("WebAssembly (every machine)", NODE + [os.path.join(ROOT, "build/wasm/tests/race_wasm_st.js")]),
    "sse42": ("native -msse4.2 -mno-avx", [os.path.join(ROOT, "build/native/tools/cli/alab_sse42")]),
    "avx2": ("native -mavx2 -mfma", [os.path.join(ROOT, "build/native/tools/cli/alab_avx2")]),
    "native": ("native -march=native", [os.path.join(ROOT, "build/native/tools/cli/alab")]),
}


def widget(name):
    """A widget's defaults and fixed values, from its schema (content/widgets/NAME.json)."""
    with open(os.path.join(ROOT, "content", "widgets", name + ".json"), encoding="utf-8") as f:
        w = json.load(f)
    return {s["key"]: s["default"] for s in w["settings"]}, w.get("fixed", {})


def race(cmd, seed, extra):
    out = subprocess.run(cmd + ["race", "--json", "--quiet", "--threads", "1", "--seed", str(seed)] + extra,
                         check=True, capture_output=True, text=True, cwd=ROOT).stdout
    gru, att = (m["test_acc"] for m in json.loads(out)["models"])
    return {"gru": gru, "attention": att}, att >= 0.98 and gru <= 0.65


def translate(cmd, seed, extra):
    d, fixed = widget("translate")
    args = cmd + ["translate", "--grammar", GRAMMAR, "--threads", "1", "--quiet", "--seed", str(seed),
                  "--hidden", str(d["hidden"]), "--epochs", str(d["epochs"]), "--lr", str(d["lr"]),
                  "--clip", str(fixed["clip"]), "--decay-from", str(fixed["decay_from"]),
                  "--lr-floor", str(fixed["lr_floor"]), "--kinds", "none," + d["attention"]] + extra
    out = subprocess.run(args, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    res = {}
    for line in out.splitlines():
        f = line.split()
        if f[0] == "result":
            res[f[1]] = {"exact": float(f[3]), "longest": float(f[-1])}
    att, fixed = res[d["attention"]], res["none"]
    story = att["exact"] >= 0.95 and fixed["longest"] <= 0.10
    return {"fixed summary": fixed["exact"], "attention": att["exact"],
            "attention, longest": att["longest"], "fixed, longest": fixed["longest"]}, story


def spread(xs):
    return f"{min(xs):.3f} / {statistics.median(xs):.3f} / {max(xs):.3f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-20")
    ap.add_argument("--only", choices=["race", "translate"])
    ap.add_argument("--builds", default="wasm,sse42,avx2,native")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("extra", nargs="*", help="flags passed to every run (after --)")
    a = ap.parse_args()
    lo, _, hi = a.seeds.partition("-")
    seeds = list(range(int(lo), int(hi or lo) + 1))
    experiments = [("race", race), ("translate", translate)]
    if a.only:
        experiments = [e for e in experiments if e[0] == a.only]
    rows = []
    for name, run in experiments:
        for b in a.builds.split(","):
            label, cmd = BUILDS[b]
            with ThreadPoolExecutor(a.jobs) as pool:
                got = list(pool.map(lambda s: run(cmd, s, a.extra), seeds))
            told = sum(ok for _, ok in got)
            failed = [s for s, (_, ok) in zip(seeds, got) if not ok]
            print(f"  {name}, {label}: {told}/{len(seeds)}; not: {failed or 'none'}", file=sys.stderr)
            for s, (acc, ok) in zip(seeds, got):
                print(f"    seed {s}: " + ", ".join(f"{k} {v:.3f}" for k, v in acc.items()) + ("" if ok else "  <- not"),
                      file=sys.stderr)
            keys = got[0][0].keys()
            rows.append((name, label, f"{told}/{len(seeds)}", ", ".join(map(str, failed)) or "–",
                         "; ".join(f"{k} {spread([g[0][k] for g in got])}" for k in keys)))
    print(f"\nSeeds {seeds[0]}-{seeds[-1]}: the share that tells the story, and each model's test accuracy "
          "(min / median / max)\n")
    print("| experiment | build | story holds | seeds where not | test accuracy: min / median / max |")
    print("| --- | --- | ---: | --- | --- |")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
