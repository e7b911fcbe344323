#!/usr/bin/env bash
# Launch overhead: ProcessBuilder("true").start().waitFor() in a loop, in JVMs with no agent
# and under cmdgate (autonomy=full, audit file on) — and, to split the cost, cmdgate without the
# audit file. Each JVM does WARMUP untimed launches then LAUNCHES timed ones and reports the mean time
# per launch; variants alternate, ROUNDS rounds, and the script prints medians and the median of the
# per-round ratios (target: cmdgate+audit / no agent <= 1.05).
#   scripts/measure-launch.sh [ROUNDS] [LAUNCHES] [JAVA_HOME…]   (default 11 rounds of 500 launches)
#   env: WARMUP (default 1000: steady state; WARMUP=1 includes the JIT warm-up), BUILD_DIR / CMDGATE_JAR (which jar), KEEP=1 keeps the work directory,
#   BASELINE_JAR=other.jar: the third variant is that build with the audit file, in place of this one without it,
#   to compare two builds side by side (the ratio is this build / that build)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bench/common.sh"
rounds="${1:-11}"; shift || true
launches="${1:-500}"; shift || true
warmup="${WARMUP:-1000}"
ensure_jar
homes=("$@"); [[ ${#homes[@]} -gt 0 ]] || mapfile -t homes < <(default_homes)

work="$(mktemp -d)"; [[ "${KEEP:-0}" == 1 ]] && echo "work directory: $work" || trap 'rm -rf "$work"' EXIT
mkdir -p "$work/app"
cat > "$work/app/LaunchLoop.java" <<'J'
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Launches `true` WARMUP times untimed, then N times timed. Prints, in microseconds per launch:
 * mean wall, first launch, median wall, p99 wall, and the launching thread's own CPU time (mean) —
 * the part of a launch cmdgate adds to, less noisy on a busy machine than wall time.
 */
public class LaunchLoop {
    public static void main(String[] a) throws Exception {
        int warmup = Integer.parseInt(a[0]);
        int n = Integer.parseInt(a[1]);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long f0 = System.nanoTime();
        new ProcessBuilder("true").start().waitFor();
        long first = System.nanoTime() - f0;
        for (int i = 1; i < warmup; i++) {
            new ProcessBuilder("true").start().waitFor();
        }
        long[] t = new long[n];
        long c0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            long s = System.nanoTime();
            new ProcessBuilder("true").start().waitFor();
            t[i] = System.nanoTime() - s;
        }
        long total = System.nanoTime() - t0;
        long cpu = mx.getCurrentThreadCpuTime() - c0;
        Arrays.sort(t);
        System.out.printf("%.1f %.1f %.1f %.1f %.1f%n", total / 1000.0 / n, first / 1000.0, t[n / 2] / 1000.0,
                t[Math.min(n - 1, (int) Math.ceil(n * 0.99) - 1)] / 1000.0, cpu / 1000.0 / n);
    }
}
J
"${homes[0]}/bin/javac" --release 17 -d "$work/app" "$work/app/LaunchLoop.java"

for home in "${homes[@]}"; do
  java="$home/bin/java"
  for v in none audit noaudit; do for m in mean first p50 p99 cpu; do : > "$work/$v.$m"; done; done
  run() {   # variant, agent args…
    local v="$1"; shift
    local out
    rm -f "$work/audit.jsonl"
    out=$("$java" "$@" -cp "$work/app" LaunchLoop "$warmup" "$launches")
    read -r mean first p50 p99 cpu <<< "$out"
    echo "$mean" >> "$work/$v.mean"; echo "$first" >> "$work/$v.first"
    echo "$p50" >> "$work/$v.p50"; echo "$p99" >> "$work/$v.p99"; echo "$cpu" >> "$work/$v.cpu"
    if [[ "$v" == audit || ( "$v" == noaudit && -n "${BASELINE_JAR:-}" ) ]]; then
      # one decision line per launch (the exit lines of the processes are events, not counted)
      local lines; lines=$(grep -vc '"event":' "$work/audit.jsonl" || true)
      [[ "$lines" -eq $((warmup + launches)) ]] || { echo "audit file has $lines decision lines, expected $((warmup + launches))" >&2; exit 1; }
    fi
  }
  for ((i = 0; i < rounds; i++)); do
    run none
    run audit "-javaagent:$jar=autonomy=full,audit=$work/audit.jsonl"
    if [[ -n "${BASELINE_JAR:-}" ]]; then
      run noaudit "-javaagent:$BASELINE_JAR=autonomy=full,audit=$work/audit.jsonl"
    else
      run noaudit "-javaagent:$jar=autonomy=full"
    fi
  done
  echo "$(jdk_name "$home")  ($rounds rounds x $launches launches of 'true' per JVM after $warmup warm-up launches, variants alternating)"
  for v in none audit noaudit; do
    label=$(case $v in none) echo "no agent          ";; audit) echo "cmdgate full+audit";; noaudit) [[ -n "${BASELINE_JAR:-}" ]] && echo "BASELINE full+audit" || echo "cmdgate full      ";; esac)
    printf '  %s  per launch: mean %7.1f us, median %7.1f us, p99 %8.1f us, launching thread CPU %6.1f us; first launch %6.1f ms\n' "$label" \
      "$(median < "$work/$v.mean")" "$(median < "$work/$v.p50")" "$(median < "$work/$v.p99")" "$(median < "$work/$v.cpu")" \
      "$(median < "$work/$v.first" | awk '{print $1 / 1000}')"
  done
  ratio() { median_ratio "$work/$1.$3" "$work/$2.$3"; }
  awk -v r="$(ratio audit none mean)" -v m="$(ratio audit none p50)" -v d="$(median < "$work/audit.mean")" -v n="$(median < "$work/none.mean")" \
    'BEGIN {printf "  LAUNCH OVERHEAD cmdgate(full, audit) / no agent: %.3f on the mean, %.3f on the median launch (%+.0f us per launch; target <= 1.05)\n", r, m, d - n}'
  if [[ -n "${BASELINE_JAR:-}" ]]; then
    awk -v r="$(ratio noaudit none mean)" -v m="$(ratio noaudit none p50)" -v a="$(ratio audit noaudit mean)" -v b="$(ratio audit noaudit p50)" \
      'BEGIN {printf "  baseline(full, audit) / no agent: %.3f on the mean, %.3f on the median launch\n  this build / baseline, both with audit: %.3f on the mean, %.3f on the median launch\n", r, m, a, b}'
  else
    awk -v r="$(ratio noaudit none mean)" -v m="$(ratio noaudit none p50)" \
      'BEGIN {printf "  cmdgate(full, no audit) / no agent: %.3f on the mean, %.3f on the median launch\n", r, m}'
  fi
  awk -v a="$(median < "$work/audit.cpu")" -v b="$(median < "$work/noaudit.cpu")" -v n="$(median < "$work/none.cpu")" \
    -v other="$([[ -n "${BASELINE_JAR:-}" ]] && echo "for the baseline with audit" || echo without)" \
    'BEGIN {printf "  cmdgate CPU on the launching thread: %+.1f us per launch with audit, %+.1f us %s\n", a - n, b - n, other}'
  awk -v d="$(median < "$work/audit.first")" -v n="$(median < "$work/none.first")" \
    'BEGIN {printf "  first launch: cmdgate(full, audit) %+.1f ms over no agent (hooking, rules, cold decision path)\n", (d - n) / 1000}'
done
