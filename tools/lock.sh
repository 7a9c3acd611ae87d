#!/usr/bin/env bash
# `make lock`: resolve every dependency (runtime, test tools, the build tools) to the newest release
# pyproject.toml allows and write the exact versions to requirements.lock. uv resolves for every
# platform and Python >= 3.11 at once; it runs from a throwaway venv and is not part of the project.
# KEEP=1 (`make lock KEEP=1`): only resolve what pyproject.toml newly asks for, every other pin
# stays as it is unless the new package needs it moved (a new dependency, not an upgrade).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check uv >"$tmp/log" 2>&1 \
    || { cat "$tmp/log"; exit 1; }
upgrade=(--upgrade)
[ "${KEEP:-}" = 1 ] && upgrade=()
"$tmp/venv/bin/uv" pip compile --quiet "${upgrade[@]}" --universal --python-version 3.11 --extra test \
    --custom-compile-command "make lock" --output-file requirements.lock \
    pyproject.toml tools/build-requirements.in
echo "requirements.lock: $(grep -c '==' requirements.lock) pinned versions; now run 'make clean test demo' and commit the lock"
