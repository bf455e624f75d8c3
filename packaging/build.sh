#!/usr/bin/env bash
# Builds the one-folder bundle dist/transfer-advisor/ with PyInstaller (`make package` runs this).
#
#   packaging/build.sh             build it (PyInstaller is installed into the venv first if missing)
#   packaging/build.sh --if-stale  only when app/, resources/, packaging's spec or build.sh, or pyproject.toml
#                                  changed since the last build
#
# PY (default .venv/bin/python) is the interpreter whose packages go into the bundle. PyInstaller needs
# objdump (binutils) on Linux; packaging/install-deps.sh installs it. The log is build/pyinstaller.log.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
bundle=dist/transfer-advisor
program=$bundle/transfer-advisor

# One build at a time: a second one (tests side by side each ask for the bundle) waits, then finds it up to date
# instead of removing it under the first one's runs.
mkdir -p build
exec 9>build/.build.lock
flock 9

if [ "${1:-}" = "--if-stale" ] && [ -x "$program" ] && [ -f "$bundle/.built" ]; then
  newer=$(find app resources packaging/transfer-advisor.spec packaging/build.sh pyproject.toml \
               -newer "$bundle/.built" -type f ! -name '*.pyc' ! -path '*/__pycache__/*' -print -quit)
  if [ -z "$newer" ]; then
    echo "build: $bundle is up to date"
    exit 0
  fi
fi

if ! command -v objdump >/dev/null; then
  echo "build: objdump is missing; run: make deps (or apt-get install binutils)" >&2
  exit 1
fi
"$PY" -c 'import PyInstaller' 2>/dev/null || "$PY" -m pip install -q -e '.[package]'

mkdir -p build
"$PY" packaging/translations.py release  # the catalogues the bundle carries (resources/i18n/*.qm)
started=$(date +%s)
rm -rf "$bundle"
if ! "$PY" -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
      packaging/transfer-advisor.spec >build/pyinstaller.log 2>&1; then
  tail -n 40 build/pyinstaller.log >&2
  echo "build: PyInstaller failed; the whole log is build/pyinstaller.log" >&2
  exit 1
fi
touch "$bundle/.built"
echo "build: $program ($(du -sh "$bundle" | cut -f1), $(( $(date +%s) - started )) s)"
