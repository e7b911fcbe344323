#!/usr/bin/env bash
# The first launch of a fresh JVM, by thread: JVMs that launch `true` once, no agent and cmdgate (and, with
# BASELINE_JAR, another build) alternating round by round, JDK 17 and 25. Per variant, medians of: the first
# ProcessBuilder.start()'s wall time, the main thread's CPU time over it, and the CPU time of cmdgate's
# `cmdgate-hook` thread by then (the module layer, the weaving of the launcher); with a baseline, the median
# per-round difference from it and the number of rounds in which this build was lower. Thread CPU times hold on a
# busy machine where wall times do not.
#   scripts/measure-first-launch.sh [ROUNDS] [JAVA_HOME…]     (default 25 rounds)
#   env: BUILD_DIR / CMDGATE_JAR (which jar), BASELINE_JAR=old.jar, AUDIT=1 (an audit file, as measure-cold.sh),
#        AGENT_ARGS (cmdgate's agent arguments, default autonomy=full; a child JVM's end in sealed=true)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bench/common.sh"
rounds="${1:-25}"; shift || true
ensure_jar
homes=("$@"); [[ ${#homes[@]} -gt 0 ]] || mapfile -t homes < <(default_homes)

work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
mkdir -p "$work/app"
"${homes[0]}/bin/javac" --release 17 -d "$work/app" "$(dirname "${BASH_SOURCE[0]}")/bench/FirstLaunch.java"

audit_arg="${AUDIT:+audit=$work/audit.jsonl,}"   # first: sealed=true stays last
variants=(none cmdgate); [[ -z "${BASELINE_JAR:-}" ]] || variants+=(base)
run() {   # variant → appends "wall main hook" (µs)
  local agent=()
  case "$1" in
    cmdgate) agent=("-javaagent:$jar=${audit_arg}${AGENT_ARGS:-autonomy=full}") ;;
    base) agent=("-javaagent:$BASELINE_JAR=${audit_arg}${AGENT_ARGS:-autonomy=full}") ;;
  esac
  rm -f "$work"/audit.jsonl*
  "$java" "${agent[@]}" -cp "$work/app" FirstLaunch >> "$work/$1"
}
for home in "${homes[@]}"; do
  java="$home/bin/java"
  rm -f "$work"/none "$work"/cmdgate "$work"/base
  for ((i = 0; i < rounds; i++)); do
    for v in "${variants[@]}"; do run "$v"; done
  done
  echo "$(jdk_name "$home")  ($rounds rounds, variants alternating; load $(cut -d' ' -f1-3 /proc/loadavg))"
  for v in "${variants[@]}"; do
    line="  $v:"
    for k in 1 2 3; do
      [[ "$v" != none || $k != 3 ]] || continue   # no cmdgate-hook thread without cmdgate
      name=$(sed -n "${k}p" <<< $'first launch wall\nmain thread CPU over it\ncmdgate-hook CPU')
      m=$(awk -v k=$k '{print $k / 1000}' "$work/$v" | median)
      line+=" $name $(printf %.1f "$m") ms"
      if [[ "$v" == cmdgate && -f "$work/base" ]]; then
        paste -d' ' "$work/cmdgate" "$work/base" | awk -v k=$k '{print ($k - $(k + 3)) / 1000}' > "$work/diff"
        line+=" ($(printf %+.1f "$(median < "$work/diff")") vs base, lower in $(awk '$1 < 0' "$work/diff" | wc -l)/$rounds)"
      fi
      line+=";"
    done
    echo "$line"
  done
done
