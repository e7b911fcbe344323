#!/usr/bin/env bash
# What premain costs the JVM's start-up thread: the main thread's CPU time when main() begins
# (scripts/bench/MainThreadCpu.java), under cmdgate against a -javaagent that does nothing, and against
# another build of cmdgate. Thread CPU time leaves out waiting for a core, so the difference holds on a busy
# machine where whole-JVM wall times do not. Variants alternate; medians over the rounds.
#   scripts/measure-premain.sh [ROUNDS] [JAVA_HOME…]     (default 21 rounds; JDK 17 and 25 when present)
#   env: BUILD_DIR / CMDGATE_JAR (which jar), AGENT_ARGS (cmdgate's agent arguments, default none),
#        BASELINE_JAR=old.jar (another build, measured in every round)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bench/common.sh"
rounds="${1:-21}"; shift || true
ensure_jar
homes=("$@"); [[ ${#homes[@]} -gt 0 ]] || mapfile -t homes < <(default_homes)
args="${AGENT_ARGS:+=$AGENT_ARGS}"
base="${BASELINE_JAR:-}"

work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
mkdir -p "$work/noop" "$work/app"
cat > "$work/noop/Noop.java" <<'J'
public class Noop { public static void premain(String a, java.lang.instrument.Instrumentation i) { } }
J
"${homes[0]}/bin/javac" --release 17 -d "$work/noop" "$work/noop/Noop.java"
"${homes[0]}/bin/javac" --release 17 -d "$work/app" "$(dirname "${BASH_SOURCE[0]}")/bench/MainThreadCpu.java"
printf 'Premain-Class: Noop\n' > "$work/noop/m.txt"
(cd "$work/noop" && "${homes[0]}/bin/jar" cfm noop.jar m.txt Noop.class)

for home in "${homes[@]}"; do
  java="$home/bin/java"
  : > "$work/noop.us"; : > "$work/cmdgate.us"; : > "$work/base.us"
  run() { "$java" "$2" -cp "$work/app" MainThreadCpu >> "$work/$1.us"; }
  for ((i = 0; i < rounds; i++)); do
    run noop "-javaagent:$work/noop/noop.jar"
    if [[ -n "$base" ]] && ((i % 2)); then run base "-javaagent:$base$args"; fi
    run cmdgate "-javaagent:$jar$args"
    if [[ -n "$base" ]] && ! ((i % 2)); then run base "-javaagent:$base$args"; fi
  done
  noop=$(median < "$work/noop.us"); cg=$(median < "$work/cmdgate.us")
  echo "$(jdk_name "$home")  ($rounds rounds, alternating; -javaagent:$jar$args)"
  awk -v n="$noop" -v c="$cg" 'BEGIN {printf "  main thread CPU at main(), median: no-op agent %.1f ms, cmdgate %.1f ms (%+.1f ms)\n", n/1000, c/1000, (c-n)/1000}'
  if [[ -n "$base" ]]; then
    b=$(median < "$work/base.us")
    awk -v n="$noop" -v b="$b" -v c="$cg" -v r="$(median_ratio "$work/cmdgate.us" "$work/base.us")" \
      'BEGIN {printf "  baseline %s: %.1f ms (%+.1f ms over the no-op agent); this build - baseline %+.1f ms, ratio %.3f (median of per-round ratios)\n", "'"$base"'", b/1000, (b-n)/1000, (c-b)/1000, r}'
  fi
done
