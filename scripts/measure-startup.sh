#!/usr/bin/env bash
# Start-up and memory of a hello-world JVM under cmdgate, against the same JVM under a -javaagent
# that does nothing (and, for reference, no agent). Runs the variants alternately, N rounds, and
# prints medians and ratios — the figure in issue 2 and docs/performance.md.
#   scripts/measure-startup.sh [ROUNDS] [JAVA_HOME…]     (default 21 rounds; JDK 17 and 25 when present)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$root/agent/target/cmdgate.jar"
rounds="${1:-21}"; shift || true
[[ -f "$jar" ]] || (cd "$root" && mvn -B -q -DskipTests package)
homes=("$@")
if [[ ${#homes[@]} -eq 0 ]]; then
  for h in /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/temurin-25-jdk-amd64; do [[ -x "$h/bin/java" ]] && homes+=("$h"); done
fi

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

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

for home in "${homes[@]}"; do
  java="$home/bin/java"
  : > "$work/none.ms"; : > "$work/noop.ms"; : > "$work/cmdgate.ms"
  : > "$work/none.kb"; : > "$work/noop.kb"; : > "$work/cmdgate.kb"
  run() {   # variant, extra args…
    local v="$1"; shift
    local t0 t1
    t0=$(date +%s%N)
    /usr/bin/time -f %M -o "$work/rss" "$java" "$@" -cp "$work/app" Hello > /dev/null
    t1=$(date +%s%N)
    echo $(( (t1 - t0) / 1000000 )) >> "$work/$v.ms"
    cat "$work/rss" >> "$work/$v.kb"
  }
  for ((i = 0; i < rounds; i++)); do
    run none
    run noop "-javaagent:$work/noop/noop.jar"
    run cmdgate "-javaagent:$jar"
  done
  none=$(median < "$work/none.ms"); noop=$(median < "$work/noop.ms"); cg=$(median < "$work/cmdgate.ms")
  nkb=$(median < "$work/noop.kb"); ckb=$(median < "$work/cmdgate.kb")
  echo "$("$java" -version 2>&1 | head -1)  ($rounds rounds, alternating)"
  echo "  start-up median: no agent ${none} ms, no-op agent ${noop} ms, cmdgate ${cg} ms"
  awk -v a="$cg" -v b="$noop" 'BEGIN {printf "  start-up ratio cmdgate / no-op agent: %.2f (target <= 1.35)\n", a / b}'
  awk -v a="$ckb" -v b="$nkb" 'BEGIN {printf "  max RSS median: no-op agent %.1f MiB, cmdgate %.1f MiB, difference %+.1f MiB (target <= +15)\n", b/1024, a/1024, (a-b)/1024}'
done
