#!/usr/bin/env bash
# The HTML report's time and memory on a large audit file: writes LINES audit lines (default 100,000) with
# dev.cmdgate.bench.ReportInput (real decisions through the real audit sink: a real hash chain), then runs
# `cmdgate report FILE --html OUT` ROUNDS times under /usr/bin/time -v on each JDK and prints wall time, CPU
# time (user + system: on a busy machine the wall time is mostly waiting) and peak RSS per run and their
# medians (targets: under 5 s and 300 MiB for 100,000 lines). JAVA_OPTS go before -jar; by default those
# ./cmdgate runs report with (the serial collector).
#   scripts/measure-report.sh [LINES] [ROUNDS] [JAVA_HOME…]
#   env: BUILD_DIR / CMDGATE_JAR (which jar), KEEP=1 keeps the work directory
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bench/common.sh"
lines="${1:-100000}"; shift || true
rounds="${1:-5}"; shift || true
ensure_jar
bench_jar="$root/bench/$build_dir/cmdgate-bench.jar"
if [[ ! -f "$bench_jar" ]]; then
  echo "building $bench_jar…" >&2
  (cd "$root" && mvn -B -q -DbuildDir="$build_dir" -DskipTests -pl bench -am package) >&2
fi
JAVA_OPTS="${JAVA_OPTS--XX:+UseSerialGC}"
homes=("$@"); [[ ${#homes[@]} -gt 0 ]] || mapfile -t homes < <(default_homes)
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }

work="$(mktemp -d)"; [[ "${KEEP:-0}" == 1 ]] && echo "work directory: $work" || trap 'rm -rf "$work"' EXIT
"${homes[0]}/bin/java" -cp "$bench_jar" dev.cmdgate.bench.ReportInput "$work/audit.jsonl" "$lines"
"${homes[0]}/bin/java" -jar "$jar" verify "$work/audit.jsonl" | tail -1

for home in "${homes[@]}"; do
  : > "$work/wall"; : > "$work/rss"; : > "$work/cpu"
  for ((i = 0; i < rounds; i++)); do
    # shellcheck disable=SC2086
    /usr/bin/time -v -o "$work/time.txt" "$home/bin/java" ${JAVA_OPTS:-} -jar "$jar" report "$work/audit.jsonl" --html "$work/report.html" > /dev/null
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (k = 1; k <= n; k++) s = s * 60 + p[k]; print s}' "$work/time.txt")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$work/time.txt")
    cpu=$(awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} END {printf "%.2f", u + s}' "$work/time.txt")
    echo "$wall" >> "$work/wall"; echo "$rss" >> "$work/rss"; echo "$cpu" >> "$work/cpu"
    printf '  run %d: %.2f s wall, %s s CPU, peak RSS %s MiB\n' "$((i + 1))" "$wall" "$cpu" "$rss"
  done
  printf '%s %s: report --html of %s lines (%s MiB): median %.2f s wall, %s s CPU, peak RSS %s MiB (%d runs); page %s KiB\n' \
    "$(jdk_name "$home")" "${JAVA_OPTS:-}" "$lines" "$(du -m "$work/audit.jsonl" | cut -f1)" "$(median < "$work/wall")" "$(median < "$work/cpu")" \
    "$(median < "$work/rss")" "$rounds" "$(( $(stat -c %s "$work/report.html") / 1024 ))"
done
