#!/usr/bin/python3
"""The race benchmark, in one go on one machine:

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
The five runners take turns, round after round, and their ratios to native 2 threads
and to native SSE4.2 2 threads are medians of each round's ratios (robust to a machine
whose speed drifts). Ratios are of race times (the goals'), except the last column:
whole processes against native SSE4.2.
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


def bench(runners, rounds):
    """Runs every runner once per round, in turn, so that a machine whose speed drifts
    (a shared VM's does, by 20 % within minutes) slows every runner of a round alike;
    ratios are then taken within each round."""
    rows = [{"name": name, "cmd": cmd, "race": [], "process": [], "result": None} for name, cmd in runners]
    for _ in range(rounds):
        for r in rows:
            proc, r["result"] = run(r["cmd"])
            r["process"].append(proc)
            r["race"].append(r["result"]["wall_seconds"])
            print(f"  {r['name']}: race {r['race'][-1]:.3f} s, process {proc:.3f} s", file=sys.stderr)
    return rows


def median_ratio(a, b):
    return statistics.median(x / y for x, y in zip(a, b))


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
    ap.add_argument("--runs", type=int, default=3, help="rounds of the five runners")
    ap.add_argument("--torch-runs", type=int, default=1)
    args = ap.parse_args()
    native = os.path.join("build", "native", "tools", "cli", "alab")
    native_sse42 = os.path.join("build", "native", "tools", "cli", "alab_sse42")
    wasm = os.path.join("build", "wasm", "tests")
    race = ["race", "--json", "--quiet"]
    rows = bench([
        ("native, 1 thread", [native] + race + ["--threads", "1"]),
        ("native, 2 threads", [native] + race + ["--threads", "2"]),
        ("native SSE4.2 (128-bit), 2 threads", [native_sse42] + race + ["--threads", "2"]),
        ("wasm, 1 thread", NODE + [os.path.join(wasm, "race_wasm_st.js")] + race),
        ("wasm, 2 threads", NODE + [os.path.join(wasm, "race_wasm_mt.js")] + race + ["--threads", "2"]),
    ], args.runs)
    torch = bench([("PyTorch (tests/bench/race_torch.py)", ["/usr/bin/python3", "tests/bench/race_torch.py"])],
                  args.torch_runs)[0]
    torch_race = statistics.median(torch["race"])
    native2, sse2 = rows[1], rows[2]
    print(f"{'race (T=30, 35 epochs, both models)':40} {'race s':>7} {'process s':>9} {'PyTorch / this':>15}"
          f" {'this / native 2t':>17} {'this / SSE4.2 2t':>17} {'(process)':>10} {'GRU test':>9} {'attn test':>9}")
    for r in rows + [torch]:
        res = r["result"]
        if "models" in res:
            gru, attn = res["models"][0]["test_acc"], res["models"][1]["test_acc"]
        else:
            gru, attn = res["gru"]["test_acc"], res["attn"]["test_acc"]
        race_s, process_s = statistics.median(r["race"]), statistics.median(r["process"])
        if r is torch:  # not run in the rounds: ratios of medians
            vs_native = race_s / statistics.median(native2["race"])
            vs_sse = race_s / statistics.median(sse2["race"])
            vs_sse_process = process_s / statistics.median(sse2["process"])
        else:
            vs_native = median_ratio(r["race"], native2["race"])
            vs_sse = median_ratio(r["race"], sse2["race"])
            vs_sse_process = median_ratio(r["process"], sse2["process"])
        print(f"{r['name']:40} {race_s:7.3f} {process_s:9.3f} {torch_race / race_s:14.1f}x"
              f" {vs_native:16.2f}x {vs_sse:16.2f}x {vs_sse_process:9.2f}x {gru:9.3f} {attn:9.3f}")
    print(f"(times: medians of {args.runs} rounds, PyTorch of {args.torch_runs} runs; ratios among the runners: "
          f"medians of the rounds' ratios)")
    print("(goals, on race times: native >= 25x PyTorch, wasm 2 threads >= 10x PyTorch and "
          "<= 1.5x native SSE4.2 2 threads)")
    n1, n2, _, w1, w2 = (r["result"] for r in rows[:5])
    for label, a, b in (("native 1 vs 2 threads", n1, n2), ("wasm 1 vs 2 threads", w1, w2),
                        ("native vs wasm", n2, w2)):
        loss, accs = curve_diff(a, b)
        print(f"curves {label:24}: max |loss diff| {loss:.3g}, differing accuracies {accs} of 140")


if __name__ == "__main__":
    main()
