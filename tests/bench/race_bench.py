#!/usr/bin/python3
"""The race benchmark, in one go on one machine (issue 3):

    /usr/bin/python3 tests/bench/race_bench.py [--runs 3] [--torch-runs 1]

Runs worked example 2 with the module's settings in
  native 1 thread    build/native/tools/cli/alab race --threads 1
  native 2 threads   build/native/tools/cli/alab race --threads 2
  native SSE4.2, 2t  build/native/tools/cli/alab_sse42 race --threads 2  (128-bit, no FMA, as wasm)
  wasm 1 thread      node build/wasm/tests/race_wasm_st.js race           (SIMD)
  wasm 2 threads     node build/wasm/tests/race_wasm_mt.js race --threads 2 (SIMD + pthreads)
  PyTorch            /usr/bin/python3 tests/bench/race_torch.py
and prints, per runner, the median of two wall times:
  race     the race itself, as the runner measures it from inside ("wall_seconds":
           data, both trainings with their per-epoch evaluations, test), the same
           span for every runner, the PyTorch script's included;
  process  the whole process, start-up included: Node's (~0.2 s, with its pthread
           worker), Python's and PyTorch's imports (~1-2 s).
Ratios to PyTorch, to native 2 threads and to native SSE4.2 2 threads are of race
times (the goals'); the last column is the process ratio to native SSE4.2.
Then whether the native and WASM curves agree.
Needs both builds (cmake --build build/native; cmake --build build/wasm).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NODE = ["node", "--no-experimental-fetch"]


def run(cmd):
    t0 = time.perf_counter()
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - t0, json.loads(out.strip().splitlines()[-1])


def bench(name, cmd, runs):
    procs, races, result = [], [], None
    for _ in range(runs):
        proc, result = run(cmd)
        procs.append(proc)
        races.append(result["wall_seconds"])
        print(f"  {name}: race {races[-1]:.3f} s, process {proc:.3f} s", file=sys.stderr)
    return {"name": name, "race": statistics.median(races), "process": statistics.median(procs),
            "runs": runs, "result": result}


def curve_diff(a, b):
    """Largest loss difference and number of differing accuracies over both models' curves."""
    max_loss, acc_diffs = 0.0, 0
    for ma, mb in zip(a["models"], b["models"]):
        for ea, eb in zip(ma["curve"], mb["curve"]):
            max_loss = max(max_loss, abs(ea["loss"] - eb["loss"]))
            acc_diffs += (ea["train_acc"] != eb["train_acc"]) + (ea["val_acc"] != eb["val_acc"])
    return max_loss, acc_diffs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--torch-runs", type=int, default=1)
    args = ap.parse_args()
    native = os.path.join("build", "native", "tools", "cli", "alab")
    native_sse42 = os.path.join("build", "native", "tools", "cli", "alab_sse42")
    wasm = os.path.join("build", "wasm", "tests")
    race = ["race", "--json", "--quiet"]
    rows = [
        bench("native, 1 thread", [native] + race + ["--threads", "1"], args.runs),
        bench("native, 2 threads", [native] + race + ["--threads", "2"], args.runs),
        bench("native SSE4.2 (128-bit), 2 threads", [native_sse42] + race + ["--threads", "2"], args.runs),
        bench("wasm, 1 thread", NODE + [os.path.join(wasm, "race_wasm_st.js")] + race, args.runs),
        bench("wasm, 2 threads", NODE + [os.path.join(wasm, "race_wasm_mt.js")] + race + ["--threads", "2"], args.runs),
        bench("PyTorch " + "(tests/bench/race_torch.py)", ["/usr/bin/python3", "tests/bench/race_torch.py"], args.torch_runs),
    ]
    torch_race = rows[-1]["race"]
    native2 = rows[1]["race"]
    sse2, sse2_process = rows[2]["race"], rows[2]["process"]
    print(f"{'race (T=30, 35 epochs, both models)':40} {'race s':>7} {'process s':>9} {'PyTorch / this':>15}"
          f" {'this / native 2t':>17} {'this / SSE4.2 2t':>17} {'(process)':>10} {'GRU test':>9} {'attn test':>9}")
    for r in rows:
        res = r["result"]
        if "models" in res:
            gru, attn = res["models"][0]["test_acc"], res["models"][1]["test_acc"]
        else:
            gru, attn = res["gru"]["test_acc"], res["attn"]["test_acc"]
        print(f"{r['name']:40} {r['race']:7.3f} {r['process']:9.3f} {torch_race / r['race']:14.1f}x"
              f" {r['race'] / native2:16.2f}x {r['race'] / sse2:16.2f}x {r['process'] / sse2_process:9.2f}x"
              f" {gru:9.3f} {attn:9.3f}")
    print(f"(medians of {args.runs} runs; PyTorch {args.torch_runs}; goals, on race times: native >= 25x PyTorch, "
          f"wasm 2 threads >= 10x PyTorch and <= 1.5x native SSE4.2 2 threads)")
    n1, n2, _, w1, w2 = (r["result"] for r in rows[:5])
    for label, a, b in (("native 1 vs 2 threads", n1, n2), ("wasm 1 vs 2 threads", w1, w2),
                        ("native vs wasm", n2, w2)):
        loss, accs = curve_diff(a, b)
        print(f"curves {label:24}: max |loss diff| {loss:.3g}, differing accuracies {accs} of 140")


if __name__ == "__main__":
    main()
