#!/usr/bin/env bash
# Start-up and memory of a hello-world JVM under cmdgate, against the same JVM under a -javaagent
# that does nothing (and, for reference, no agent). Runs the variants alternately, N rounds, and
# prints medians and ratios — the figures of docs/performance.md:
#   start-up: wall time of the whole JVM, cmdgate / no-op agent, median of per-round ratios (target <= 1.15)
#   memory:   max resident set (GNU time %M), cmdgate - no-op agent, medians (target <= +15 MiB)
# plus the CPU time (user+sys) of each JVM and, from one extra run each, how many classes it loads.
#   scripts/measure-startup.sh [ROUNDS] [JAVA_HOME…]     (default 21 rounds; JDK 17 and 25 when present)
#   env: BUILD_DIR / CMDGATE_JAR (which jar), AGENT_ARGS (cmdgate's agent arguments, default none),
#        BASELINE_JAR=old.jar (also runs that build in every round and prints this build against it)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bench/common.sh"
rounds="${1:-21}"; shift || true
ensure_jar
homes=("$@"); [[ ${#homes[@]} -gt 0 ]] || mapfile -t homes < <(default_homes)
agent="-javaagent:$jar${AGENT_ARGS:+=$AGENT_ARGS}"
base="${BASELINE_JAR:-}"
variants=(none noop cmdgate); [[ -z "$base" ]] || variants+=(base)

work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
mkdir -p "$work/noop" "$work/app"
cat > "$work/noop/Noop.java" <<'J'
public class Noop { public static void premain(String a, java.lang.instrument.Instrumentation i) { } }
J
cat > "$work/app/Hello.java" <<'J'
public class Hello { public static void main(String[] a) { System.out.println("hello"); } }
J
"${homes[0]}/bin/javac" --release 17 -d "$work/noop" "$work/noop/Noop.java"
"${homes[0]}/bin/javac" --release 17 -d "$work/app" "$work/app/Hello.java"
printf 'Premain-Class: Noop\n' > "$work/noop/m.txt"
(cd "$work/noop" && "${homes[0]}/bin/jar" cfm noop.jar m.txt Noop.class)

for home in "${homes[@]}"; do
  java="$home/bin/java"
  for v in "${variants[@]}"; do : > "$work/$v.ms"; : > "$work/$v.kb"; : > "$work/$v.cpu"; done
  run() {   # variant, extra args…
    local v="$1"; shift
    local t0 t1
    t0=$(date +%s%N)
    /usr/bin/time -f '%M %U %S' -o "$work/rss" "$java" "$@" -cp "$work/app" Hello > /dev/null
    t1=$(date +%s%N)
    awk -v ns=$((t1 - t0)) 'BEGIN {printf "%.2f\n", ns / 1e6}' >> "$work/$v.ms"
    awk '{print $1 >> "'"$work/$v.kb"'"; printf "%.0f\n", ($2 + $3) * 1000 >> "'"$work/$v.cpu"'"}' "$work/rss"
  }
  for ((i = 0; i < rounds; i++)); do
    run none
    run noop "-javaagent:$work/noop/noop.jar"
    # the two builds swap places every round, so neither always runs right after the other
    if [[ -n "$base" ]] && ((i % 2)); then run base "-javaagent:$base${AGENT_ARGS:+=$AGENT_ARGS}"; fi
    run cmdgate "$agent"
    if [[ -n "$base" ]] && ! ((i % 2)); then run base "-javaagent:$base${AGENT_ARGS:+=$AGENT_ARGS}"; fi
  done
  classes() { "$java" -Xlog:class+load=info "$@" -cp "$work/app" Hello | grep -c 'class,load'; }
  none=$(median < "$work/none.ms"); noop=$(median < "$work/noop.ms"); cg=$(median < "$work/cmdgate.ms")
  nkb=$(median < "$work/noop.kb"); ckb=$(median < "$work/cmdgate.kb"); zkb=$(median < "$work/none.kb")
  echo "$(jdk_name "$home")  ($rounds rounds, alternating; cmdgate agent: $agent)"
  echo "  start-up wall median: no agent ${none} ms, no-op agent ${noop} ms, cmdgate ${cg} ms"
  echo "  CPU (user+sys) median: no agent $(median < "$work/none.cpu") ms, no-op agent $(median < "$work/noop.cpu") ms, cmdgate $(median < "$work/cmdgate.cpu") ms"
  echo "  classes loaded: no agent $(classes), no-op agent $(classes "-javaagent:$work/noop/noop.jar"), cmdgate $(classes "$agent")"
  awk -v r="$(median_ratio "$work/cmdgate.ms" "$work/noop.ms")" -v a="$cg" -v b="$noop" \
    'BEGIN {printf "  START-UP RATIO cmdgate / no-op agent: %.3f (median of per-round ratios; ratio of medians %.3f; target <= 1.15)\n", r, a / b}'
  awk -v r="$(median_ratio "$work/noop.ms" "$work/none.ms")" 'BEGIN {printf "  (no-op agent / no agent: %.3f)\n", r}'
  awk -v a="$ckb" -v b="$nkb" -v z="$zkb" \
    'BEGIN {printf "  MAX RSS median: no agent %.1f MiB, no-op agent %.1f MiB, cmdgate %.1f MiB; cmdgate - no-op agent %+.1f MiB (target <= +15)\n", z/1024, b/1024, a/1024, (a-b)/1024}'
  if [[ -n "$base" ]]; then
    echo "  BASELINE $base: wall median $(median < "$work/base.ms") ms, CPU median $(median < "$work/base.cpu") ms, max RSS median $(median < "$work/base.kb") KiB, classes $(classes "-javaagent:$base${AGENT_ARGS:+=$AGENT_ARGS}")"
    awk -v w="$(median_ratio "$work/cmdgate.ms" "$work/base.ms")" -v c="$(median_ratio "$work/cmdgate.cpu" "$work/base.cpu")" \
      -v bw="$(median_ratio "$work/base.ms" "$work/noop.ms")" \
      'BEGIN {printf "  THIS BUILD / BASELINE: wall %.3f, CPU %.3f (medians of per-round ratios); baseline / no-op agent %.3f\n", w, c, bw}'
  fi
done
