// Self-attention forward throughput (GFLOP/s, d_model = d_k = d_v = 64) in four
// builds of the same C++ (tests/bench/bench_attention.cpp), measured in one run:
//   native      g++ -O3 -march=native      (the machine's widest vectors)
//   native-sse  g++ -O3 -msse4.2 -mno-avx  (128-bit, the width of wasm SIMD)
//   wasm-simd   em++ -O3 -msimd128 -msse4.2, under Node
//   wasm-scalar em++ -O3, no SIMD, under Node
// and prints the ratios the project's goals are stated in. Run: tools/lab bench.
import { execFileSync } from 'node:child_process';

const runs = {
  'native': ['build/native/tests/bench_attention_native'],
  'native-sse': ['build/native/tests/bench_attention_sse42'],
  'wasm-simd': ['node', '--no-experimental-fetch', 'build/wasm/tests/bench_attention_wasm_simd.js'],
  'wasm-scalar': ['node', '--no-experimental-fetch', 'build/wasm/tests/bench_attention_wasm_scalar.js'],
};

const results = {}, explorer = {};
for (const [name, [cmd, ...args]] of Object.entries(runs)) {
  const out = execFileSync(cmd, args, { encoding: 'utf8' });
  const lines = out.trim().split('\n').map((l) => JSON.parse(l));
  results[name] = Object.fromEntries(lines.filter((r) => !r.explorer).map((r) => [r.T, r]));
  explorer[name] = lines.find((r) => r.explorer);
  process.stderr.write(`  ${name}: ${Object.values(results[name]).map((r) => r.gflops.toFixed(1)).join(' / ')} GFLOP/s\n`);
}

const f1 = (x) => x.toFixed(1), f2 = (x) => x.toFixed(2);
console.log(`\nSelf-attention forward, d = 64, GFLOP/s (median of 7), node ${process.version}\n`);
console.log('| T | native -march=native | native -msse4.2 | wasm SIMD | wasm scalar | wasm SIMD / scalar | wasm SIMD / native -msse4.2 |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const T of Object.keys(results.native)) {
  const g = (n) => results[n][T].gflops;
  console.log(`| ${T} | ${f1(g('native'))} | ${f1(g('native-sse'))} | ${f1(g('wasm-simd'))} | ${f1(g('wasm-scalar'))} | ` +
              `${f2(g('wasm-simd') / g('wasm-scalar'))}× | ${f2(g('wasm-simd') / g('native-sse'))}× |`);
}
const g = (n) => results[n][1024].gflops;
const simdGoal = g('wasm-simd') / g('wasm-scalar') >= 3, nativeGoal = g('wasm-simd') / g('native-sse') >= 0.6;
console.log(`\nGoals at T = 1024: wasm SIMD >= 3× wasm scalar: ${simdGoal ? 'met' : 'NOT met'}; ` +
            `wasm SIMD >= 0.6× native -msse4.2: ${nativeGoal ? 'met' : 'NOT met'}.`);
console.log(`native SIMD in use: ${results.native[1024].eigen_simd}`);

// The cost explorer's measurement (explore/layer_cost.hpp, T = 1024, d = 64, one thread);
// tests/bench/cost-page.bench.mjs measures it in the page itself.
const e = (n) => explorer[n].gflops;
console.log(`\nCost explorer's self-attention forward, T = 1024, d = 64: native -msse4.2 ${f1(e('native-sse'))}, ` +
            `wasm SIMD ${f1(e('wasm-simd'))} GFLOP/s: ${f2(e('wasm-simd') / e('native-sse'))}× (goal >= 0.6×: ${e('wasm-simd') / e('native-sse') >= 0.6 ? 'met' : 'NOT met'}).`);
