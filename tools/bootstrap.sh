#!/usr/bin/env bash
# Installs what playaids needs on a fresh Debian machine: fonts, poppler, a venv with the
# package and its test dependencies. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(fonts-dejavu-core fonts-dejavu-extra fonts-ipaexfont-gothic fonts-ipaexfont-mincho fonts-noto-cjk poppler-utils
              fontconfig libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libharfbuzz-subset0)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing Debian packages: ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.playaids-installed
want=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "bootstrap: installing Python packages into .venv" >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
  echo "$want" > "$stamp"
fi
