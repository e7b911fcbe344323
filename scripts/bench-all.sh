#!/usr/bin/env bash
# Every headline figure of docs/performance.md in one run (docs/performance.md explains each):
#   1. start-up and memory: hello-world under cmdgate vs a no-op agent      (scripts/measure-startup.sh)
#   2. launch overhead: ProcessBuilder("true") loop, cmdgate full+audit vs none (scripts/measure-launch.sh)
#   3. classification latency over the command mix, worst cases at 4 sizes, the gate path (JMH)
#   4. the mix per command by wall and thread CPU time, the slowest commands (dev.cmdgate.bench.PerCommand),
#      and the worst cases by thread CPU time (dev.cmdgate.bench.WorstCaseCpu) — robust on a busy machine
#   scripts/bench-all.sh [--quick]
#   env: BUILD_DIR (mvn -DbuildDir, default target), JDKS ("home1 home2", default 17 and 25),
#        STARTUP_ROUNDS (21), LAUNCH_ROUNDS (11), LAUNCHES (500), JMH_JDK (home for JMH, default the first),
#        OUT (directory for the raw results, default a new temporary directory)
# --quick: few rounds and short JMH iterations — checks the pipeline, not for quoting figures.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bench/common.sh"
quick=0; [[ "${1:-}" == "--quick" ]] && quick=1
read -r -a jdks <<< "${JDKS:-$(default_homes | tr '\n' ' ')}"
jmh_java="${JMH_JDK:-${jdks[0]}}/bin/java"
out="${OUT:-$(mktemp -d /tmp/cmdgate-bench.XXXXXX)}"; mkdir -p "$out"
bench_jar="$root/bench/$build_dir/cmdgate-bench.jar"

echo "cmdgate benchmarks — $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo '+dirty'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "raw results: $out"
(cd "$root" && mvn -B -q -o -DbuildDir="$build_dir" -DskipTests package -pl core,api,agent,bench 2>/dev/null \
  || mvn -B -q -DbuildDir="$build_dir" -DskipTests package -pl core,api,agent,bench)

if [[ $quick == 1 ]]; then
  s_rounds=3; l_rounds=2; launches=100; export WARMUP=50
  jmh=(-wi 1 -w 1 -i 1 -r 1 -f 1)
  jmh_worst=(-wi 1 -w 1 -i 1 -r 1 -f 1)
else
  s_rounds="${STARTUP_ROUNDS:-21}"; l_rounds="${LAUNCH_ROUNDS:-11}"; launches="${LAUNCHES:-500}"
  jmh=()
  jmh_worst=()
fi

echo; echo "== 1. start-up and memory"
BUILD_DIR="$build_dir" "$root/scripts/measure-startup.sh" "$s_rounds" "${jdks[@]}" | tee "$out/startup.txt"

echo; echo "== 2. launch overhead"
BUILD_DIR="$build_dir" "$root/scripts/measure-launch.sh" "$l_rounds" "$launches" "${jdks[@]}" | tee "$out/launch.txt"

echo; echo "== 3. JMH ($(jdk_name "${jmh_java%/bin/java}"))"
"$jmh_java" -jar "$bench_jar" 'ClassifyBenchmark|GateBenchmark' -p mix=all "${jmh[@]}" \
  -rf json -rff "$out/jmh-latency.json" > "$out/jmh-latency.log" 2>&1 || { tail -30 "$out/jmh-latency.log"; exit 1; }
"$jmh_java" -jar "$bench_jar" 'LongLineBenchmark|NestingBenchmark|SeparatorsBenchmark' "${jmh_worst[@]}" \
  -rf json -rff "$out/jmh-worst.json" > "$out/jmh-worst.log" 2>&1 || echo "(some worst-case benchmarks failed: see $out/jmh-worst.log)"
python3 "$root/scripts/bench/jmh-summary.py" "$out/jmh-latency.json" "$out/jmh-worst.json" | tee "$out/jmh-summary.txt"
grep -E '<failure>|Exception|Error' "$out/jmh-worst.log" | sort | uniq -c | head -10 || true

echo; echo "== 4. the mix per command (wall and thread CPU), the worst cases by thread CPU"
"$jmh_java" -cp "$bench_jar" dev.cmdgate.bench.PerCommand "$([[ $quick == 1 ]] && echo 50 || echo 400)" 15 | tee "$out/per-command.txt"
"$jmh_java" -Xms1g -Xmx1g -cp "$bench_jar" dev.cmdgate.bench.WorstCaseCpu "$([[ $quick == 1 ]] && echo 1 || echo 7)" | tee "$out/worst-cpu.txt"

echo; echo "== headline"
grep -hE 'START-UP RATIO|MAX RSS|LAUNCH OVERHEAD|openjdk version|java version' "$out/startup.txt" "$out/launch.txt" || true
grep -E 'ClassifyBenchmark|largest' "$out/jmh-summary.txt" || true
grep -E 'per command' "$out/per-command.txt" || true
grep -E 'largest' "$out/worst-cpu.txt" | sed 's/^ */worst case (CPU) /' || true
