#!/usr/bin/env bash
# Installs what Transfer Advisor needs on Debian/Ubuntu and is missing here.
# As root it installs the system packages itself; otherwise it prints the apt-get line to run.
set -euo pipefail

packages=(openssh-client openssh-server rsync netcat-openbsd zstd lz4 xxhash tar coreutils iproute2
          python3 python3-venv
          libglib2.0-0 libgl1 libegl1 libxkbcommon0 libfontconfig1 libfreetype6 libdbus-1-3
          xvfb xauth libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0
          dbus  # dbus-daemon and dbus-monitor: a private session bus for the notification tests
          iptables e2fsprogs iputils-ping  # the network lab (tests/lab): NFQUEUE delay line, slow disk, ping
          binutils  # PyInstaller (make package) reads libraries' dependencies with objdump
          desktop-file-utils appstream)  # validate the desktop entry and AppStream metainfo (tests/packaging)

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: not a Debian/Ubuntu system; install the equivalents of: ${packages[*]}" >&2
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "install-deps: missing system packages; run: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
