# Shared by the measure-*.sh scripts: where the jar is, which JDKs to use, medians.
# shellcheck shell=bash
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# BUILD_DIR lets parallel work trees keep separate build output (mvn -DbuildDir=…); default target.
build_dir="${BUILD_DIR:-target}"
jar="${CMDGATE_JAR:-$root/agent/$build_dir/cmdgate.jar}"

ensure_jar() {
  if [[ ! -f "$jar" ]]; then
    echo "building $jar (mvn -B -q -DbuildDir=$build_dir -DskipTests package)…" >&2
    (cd "$root" && mvn -B -q -DbuildDir="$build_dir" -DskipTests package) >&2
  fi
}

# JDK homes to measure: the arguments, else JDK 17 and 25 where installed.
default_homes() {
  for h in /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/java-25-openjdk-amd64; do
    [[ -x "$h/bin/java" ]] && echo "$h"
  done
  return 0
}

# median of the numbers on stdin, one per line
median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# nearest-rank percentile P of the numbers on stdin
percentile() { sort -n | awk -v p="$1" '{a[NR]=$1} END {i=int(p/100*NR+0.999999); if (i<1) i=1; if (i>NR) i=NR; print a[i]}'; }

# median of per-round ratios a_i / b_i (two files, same number of lines, same round order)
median_ratio() { paste "$1" "$2" | awk '$2 > 0 {printf "%.6f\n", $1 / $2}' | median; }

jdk_name() { "$1/bin/java" -version 2>&1 | head -1; }
