#!/usr/bin/env bash
# Does a policy fetched from a server cost the launch path more than the same policy read from a file?
# Side by side, variants alternating round by round, on the default JDK: a JVM that launches `true` 1000
# times (the Cold program of measure-cold.sh) with no agent, cmdgate without a policy, cmdgate with the
# passport from a file, and cmdgate with the same passport from http://127.0.0.1 (served by the JDK's
# jwebserver, JDK 18+, else python3's http.server), once fetched at start and once kept in policy.state from
# an earlier run (as a restarted fleet JVM has it). Prints medians: the first launch, and the launching
# thread's CPU per launch for launches 2–1000.
#   scripts/measure-policy-source.sh [ROUNDS]        (default 7)
#   env: BUILD_DIR / CMDGATE_JAR (which jar), SERVER_JDK (a JDK 18+ home for jwebserver)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bench/common.sh"
rounds="${1:-7}"
ensure_jar
java=java

work="$(mktemp -d)"
server_pid=
cleanup() { [[ -z "$server_pid" ]] || kill "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/app" "$work/www" "$work/run" "$work/state"
javac --release 17 -d "$work/app" "$(dirname "${BASH_SOURCE[0]}")/bench/Cold.java"
cat > "$work/www/passport.json" <<J
{"passport_id": "pp-measure", "status": "active", "capabilities": [{"id": "system.command.execute"}],
 "limits": {"system.command.execute": {"allowed_commands": ["true"], "max_execution_time": 60}}}
J

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
jweb="${SERVER_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/jwebserver"
if [[ -x "$jweb" ]]; then
  "$jweb" -b 127.0.0.1 -p "$port" -d "$work/www" > "$work/server.log" 2>&1 &
else
  python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/www" > "$work/server.log" 2>&1 &
fi
server_pid=$!
url="http://127.0.0.1:$port/passport.json"
for _ in $(seq 1 100); do
  python3 -c "import urllib.request; urllib.request.urlopen('$url', timeout=1)" 2>/dev/null && break
  sleep 0.1
done

measure() {   # variant, java args…  → appends first-launch µs and per-launch CPU µs
  local v="$1"; shift
  (cd "$work/run" && "$java" "$@" -cp "$work/app" Cold 1000 2> /dev/null) > "$work/out"
  read -r first per < "$work/out"
  echo "$first" >> "$work/$v.first"; echo "$per" >> "$work/$v.per"
}

agent="-javaagent:$jar=autonomy=full"
(cd "$work/run" && "$java" "$agent,policy=$url,policy.wait=20,policy.state=$work/state" -cp "$work/app" Cold 1 > /dev/null 2>&1)
for ((i = 0; i < rounds; i++)); do
  measure none
  measure nopolicy "$agent"
  measure file "$agent,policy=$work/www/passport.json"
  measure url "$agent,policy=$url,policy.wait=20"
  measure kept "$agent,policy=$url,policy.wait=20,policy.state=$work/state"
done

us() { awk -v x="$(median < "$work/$1.first")" 'BEGIN {printf "%.1f ms", x / 1000}'; }
echo "$(jdk_name "$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")  ($rounds rounds, variants alternating, autonomy=full, no audit)"
printf '  %-28s first launch %-10s launches 2-1000: %s us CPU each\n' \
  "no agent" "$(us none)" "$(median < "$work/none.per")" \
  "cmdgate, no policy" "$(us nopolicy)" "$(median < "$work/nopolicy.per")" \
  "cmdgate, policy from a file" "$(us file)" "$(median < "$work/file.per")" \
  "cmdgate, policy from a URL" "$(us url)" "$(median < "$work/url.per")" \
  "the same, kept in policy.state" "$(us kept)" "$(median < "$work/kept.per")"
echo "  URL / file, launches 2-1000, median of per-round ratios: $(median_ratio "$work/url.per" "$work/file.per")"
