#!/usr/bin/env bash
# uv (PyPI's package installer, a single program) for the test suites' Python environments:
# installed on first use under the target folder with the interpreter's own pip, then reused.
# It makes an environment and installs its packages in a fifth of the processor time of `venv`
# and pip. Prints uv's path.
set -euo pipefail
cd "$(dirname "$0")/.."

dir="${CARGO_TARGET_DIR:-target}/uv"
if ! "$dir/bin/uv" --version >/dev/null 2>&1; then
  # Installed beside, then moved into place, so that suites setting up at once never see half
  # of it.
  mkdir -p "$(dirname "$dir")"
  staging="$(mktemp -d "$dir.XXXXXX")"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    --no-compile --target "$staging" uv==0.13.8
  if ! mv -T "$staging" "$dir" 2>/dev/null; then
    # Another suite's install got there first, or a broken one is in the way.
    if "$dir/bin/uv" --version >/dev/null 2>&1; then
      rm -rf "$staging"
    else
      rm -rf "$dir"
      mv -T "$staging" "$dir"
    fi
  fi
fi
echo "$dir/bin/uv"
