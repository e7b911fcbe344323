#!/usr/bin/env bash
# What users meet, not the steady state: short-lived JVMs that launch a few processes, side by side with
# no agent, JDK 17 and 25. Variants alternate round by round; the figures are medians over the rounds.
#   one launch      a JVM that launches `true` once: extra wall and CPU of the whole JVM (start-up included)
#   first launch    the first ProcessBuilder.start() in that JVM, timed inside it: extra; again after a
#                   1.5 s pause (an application that does other work first: cmdgate's warm-up has run)
#   launches 2-1000 a JVM that launches `true` 1000 times: extra CPU of the launching thread per launch,
#                   without and with an audit file (the audit line carries the caller frame)
#   max RSS         of that 1000-launch JVM: extra
#   classify CLI    `java -jar cmdgate.jar classify -- ls`: wall; and through ./cmdgate (which keeps a
#                   class-data archive) when the jar under test is the repository's own
#   examples        (EXAMPLES=1, needs `mvn -DskipTests package` first) the LangChain4j example agent and
#                   `mvn -o -q test` of examples/maven-build under ./cmdgate run: wall ratio to no agent
# Start-up against a do-nothing agent is scripts/measure-startup.sh.
#   scripts/measure-cold.sh [ROUNDS] [JAVA_HOME…]      (default 9 rounds; JDK 17 and 25 when present)
#   env: BUILD_DIR / CMDGATE_JAR (which jar), EXAMPLES=1,
#        BASELINE_JAR=old.jar  also measures that jar in every round, side by side ("base" figures)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bench/common.sh"
rounds="${1:-9}"; shift || true
ensure_jar
homes=("$@"); [[ ${#homes[@]} -gt 0 ]] || mapfile -t homes < <(default_homes)

work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
mkdir -p "$work/app"
"${homes[0]}/bin/javac" --release 17 -d "$work/app" "$(dirname "${BASH_SOURCE[0]}")/bench/Cold.java"

measure() {   # file-prefix, launches, java args…  → appends wall ms, cpu ms, max RSS KiB, first µs, per-launch cpu µs
  local p="$1" n="$2"; shift 2
  rm -f "$work/audit.jsonl"
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$java" "$@" -cp "$work/app" Cold "$n" ${PAUSE:-0} > "$work/out"
  read -r first per < "$work/out"
  read -r wall user sys rss < "$work/time"
  awk -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f\n", w * 1000}' >> "$work/$p.wall"
  awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f\n", (u + s) * 1000}' >> "$work/$p.cpu"
  echo "$rss" >> "$work/$p.rss"; echo "$first" >> "$work/$p.first"; echo "$per" >> "$work/$p.per"
}
wall_ms() {   # file, command…  → appends the command's wall time in ms (its output is dropped)
  local t0 t1
  t0=$(date +%s%N); "${@:2}" > /dev/null; t1=$(date +%s%N)
  awk -v ns=$((t1 - t0)) 'BEGIN {printf "%.1f\n", ns / 1e6}' >> "$1"
}
extra() { awk -v a="$(median < "$work/$1")" -v b="$(median < "$work/$2")" -v s="${3:-1}" 'BEGIN {printf "%+.1f", (a - b) / s}'; }

base="${BASELINE_JAR:-}"
# ./cmdgate runs the repository's own jar: its row is measured only when that is the jar under test
launcher=no
[[ "$(readlink -f "$jar")" != "$(readlink -f "$root/agent/target/cmdgate.jar")" ]] || launcher=yes
for home in "${homes[@]}"; do
  java="$home/bin/java"
  rm -f "$work"/*.wall "$work"/*.cpu "$work"/*.rss "$work"/*.first "$work"/*.per "$work"/cli*.ms
  audit="-javaagent:$jar=autonomy=full,audit=$work/audit.jsonl"
  for ((i = 0; i < rounds; i++)); do
    measure one-none 1
    measure one-cmdgate 1 "$audit"
    PAUSE=1500 measure paused-none 1
    PAUSE=1500 measure paused-cmdgate 1 "$audit"
    [[ -z "$base" ]] || measure one-base 1 "-javaagent:$base=autonomy=full,audit=$work/audit.jsonl"
    measure many-none 1000
    measure many-noaudit 1000 "-javaagent:$jar=autonomy=full"
    measure many-audit 1000 "$audit"
    if [[ -n "$base" ]]; then
      measure many-base-noaudit 1000 "-javaagent:$base=autonomy=full"
      measure many-base-audit 1000 "-javaagent:$base=autonomy=full,audit=$work/audit.jsonl"
    fi
    wall_ms "$work/cli.ms" "$java" -jar "$jar" classify -- ls
    if [[ "$launcher" == yes ]]; then
      # ./cmdgate with this JDK first on PATH; the first call of a JDK writes its class-data archive
      PATH="$home/bin:$PATH" "$root/cmdgate" classify -- ls > /dev/null
      wall_ms "$work/cli-launcher.ms" env PATH="$home/bin:$PATH" "$root/cmdgate" classify -- ls
    fi
    if [[ -n "$base" ]]; then
      wall_ms "$work/cli-base.ms" "$java" -jar "$base" classify -- ls
    fi
  done
  echo "$(jdk_name "$home")  ($rounds rounds, variants alternating; cmdgate autonomy=full, with an audit file unless said)"
  echo "  one launch:      JVM wall $(median < "$work/one-none.wall") -> $(median < "$work/one-cmdgate.wall") ms ($(extra one-cmdgate.wall one-none.wall) ms; target <= +40)," \
       "CPU $(median < "$work/one-none.cpu") -> $(median < "$work/one-cmdgate.cpu") ms ($(extra one-cmdgate.cpu one-none.cpu) ms; target <= +60)"
  echo "  first launch:    $(awk -v x="$(median < "$work/one-none.first")" 'BEGIN {printf "%.1f", x / 1000}') -> $(awk -v x="$(median < "$work/one-cmdgate.first")" 'BEGIN {printf "%.1f", x / 1000}') ms ($(extra one-cmdgate.first one-none.first 1000) ms; target <= +15)"
  echo "  first launch after a 1.5 s pause: $(awk -v x="$(median < "$work/paused-none.first")" 'BEGIN {printf "%.1f", x / 1000}') -> $(awk -v x="$(median < "$work/paused-cmdgate.first")" 'BEGIN {printf "%.1f", x / 1000}') ms ($(extra paused-cmdgate.first paused-none.first 1000) ms; target <= +15)"
  echo "  launches 2-1000: launching-thread CPU per launch $(median < "$work/many-none.per") us; cmdgate $(extra many-noaudit.per many-none.per) us without audit (target <= +30), $(extra many-audit.per many-none.per) us with audit (target <= +60)"
  echo "  max RSS:         $(awk -v x="$(median < "$work/many-none.rss")" 'BEGIN {printf "%.1f", x / 1024}') -> $(awk -v x="$(median < "$work/many-audit.rss")" 'BEGIN {printf "%.1f", x / 1024}') MiB ($(extra many-audit.rss many-none.rss 1024) MiB; target <= +8)"
  echo "  classify CLI:    $(median < "$work/cli.ms") ms wall (target <= 120)"
  [[ "$launcher" != yes ]] || echo "  classify CLI through ./cmdgate (class-data archive, C1): $(median < "$work/cli-launcher.ms") ms wall (target <= 120)"
  if [[ -n "$base" ]]; then
    echo "  baseline $base, same rounds:"
    echo "    one launch:      JVM wall $(median < "$work/one-base.wall") ms ($(extra one-base.wall one-none.wall) ms), CPU $(median < "$work/one-base.cpu") ms ($(extra one-base.cpu one-none.cpu) ms)"
    echo "    first launch:    $(awk -v x="$(median < "$work/one-base.first")" 'BEGIN {printf "%.1f", x / 1000}') ms ($(extra one-base.first one-none.first 1000) ms)"
    echo "    launches 2-1000: $(extra many-base-noaudit.per many-none.per) us without audit, $(extra many-base-audit.per many-none.per) us with audit"
    echo "    max RSS:         $(awk -v x="$(median < "$work/many-base-audit.rss")" 'BEGIN {printf "%.1f", x / 1024}') MiB ($(extra many-base-audit.rss many-none.rss 1024) MiB)"
    echo "    classify CLI:    $(median < "$work/cli-base.ms") ms wall"
  fi
done

if [[ "${EXAMPLES:-0}" == 1 ]]; then
  lib="$root/examples/langchain4j/target"
  [[ -d "$lib/lib" ]] || { echo "EXAMPLES=1 needs the examples built: mvn -B -q -DskipTests package" >&2; exit 2; }
  rm -f "$work"/lc.* "$work"/mvn.*
  for ((i = 0; i < rounds; i++)); do
    for v in none cmdgate; do
      ws="$(mktemp -d)"; mkdir "$ws/scratch"; echo keep > "$ws/scratch/keep.txt"; echo readme > "$ws/README.md"
      agent=(); [[ "$v" == cmdgate ]] && agent=("-javaagent:$jar=autonomy=full,prompt=deny")
      t0=$(date +%s%N); java "${agent[@]}" -cp "$lib/classes:$lib/lib/*" dev.cmdgate.examples.langchain4j.ShellAgent "$ws" > /dev/null 2>&1; t1=$(date +%s%N)
      echo $(( (t1 - t0) / 1000000 )) >> "$work/lc.$v"
      rm -rf "$ws"
      t0=$(date +%s%N)
      if [[ "$v" == cmdgate ]]; then
        (cd "$root" && ./cmdgate run --autonomy full --prompt deny -- mvn -B -o -q -f examples/maven-build/pom.xml test > /dev/null 2>&1) || true
      else
        (cd "$root" && mvn -B -o -q -f examples/maven-build/pom.xml test > /dev/null 2>&1) || true
      fi
      t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )) >> "$work/mvn.$v"
    done
  done
  echo "examples ($rounds rounds, default JDK)"
  echo "  LangChain4j agent: $(median < "$work/lc.none") -> $(median < "$work/lc.cmdgate") ms, ratio $(median_ratio "$work/lc.cmdgate" "$work/lc.none") (target <= 1.05)"
  echo "  mvn test of examples/maven-build under ./cmdgate run: $(median < "$work/mvn.none") -> $(median < "$work/mvn.cmdgate") ms, ratio $(median_ratio "$work/mvn.cmdgate" "$work/mvn.none") (target <= 1.03)"
fi
