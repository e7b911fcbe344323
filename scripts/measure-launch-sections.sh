#!/usr/bin/env bash
# Where a launch's time goes inside cmdgate, measured in situ: each piece of the launch path timed with
# System.nanoTime inside real launches of `true` (caches as cold as a fork leaves them), in a measurement
# build made from this checkout plus scripts/bench/launch-sections.patch (kept out of the product).
#   scripts/measure-launch-sections.sh [LAUNCHES] [JAVA_HOME…]   (default 3000 timed launches after 1000)
#   env: AGENT_ARGS (default autonomy=full plus an audit file), JAVA_OPTS (e.g. -Dcg.skipwalk=true)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bench/common.sh"
launches="${1:-3000}"; shift || true
homes=("$@"); [[ ${#homes[@]} -gt 0 ]] || mapfile -t homes < <(default_homes)

work="$(mktemp -d)"; trap 'git -C "$root" worktree remove --force "$work/src" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add -q --detach "$work/src" HEAD
git -C "$work/src" apply "$root/scripts/bench/launch-sections.patch"
(cd "$work/src" && mvn -B -q -o -DbuildDir=target-sections -DskipTests -pl agent -am package) >&2 \
  || (cd "$work/src" && mvn -B -q -DbuildDir=target-sections -DskipTests -pl agent -am package) >&2
mkdir -p "$work/app"
"${homes[0]}/bin/javac" --release 17 -d "$work/app" "$root/scripts/bench/LaunchSections.java"
args="${AGENT_ARGS:-autonomy=full,audit=$work/audit.jsonl}"

for home in "${homes[@]}"; do
  echo "$(jdk_name "$home")  (1000 warm-up launches, then $launches timed; mean wall time per launch)"
  rm -f "$work/audit.jsonl"
  # shellcheck disable=SC2086
  "$home/bin/java" ${JAVA_OPTS:-} "-javaagent:$work/src/agent/target-sections/cmdgate.jar=$args" \
    -cp "$work/app" LaunchSections 1000 "$launches" 2>&1 | sed 's/^/  /'
done
