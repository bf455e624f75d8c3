#!/usr/bin/env bash
# Installs what Transfer Advisor needs on Debian/Ubuntu and is missing here.
# `install-deps.sh` for the app, `install-deps.sh test` for the tests too. As root it installs the
# system packages itself, at a terminal through sudo; otherwise it prints the apt-get line to run.
set -euo pipefail

# What the app needs: the tools its methods run, Python, and the Qt libraries a desktop may lack.
# Nothing here listens: no server (the local demo host runs its built-in one when there is no sshd).
packages=(openssh-client rsync netcat-openbsd zstd lz4 xxhash tar coreutils curl smbclient libnfs-utils
          python3 python3-venv
          libglib2.0-0 libgl1 libegl1 libxkbcommon0 libfontconfig1 libfreetype6 libdbus-1-3
          libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0)
if [ "${1:-run}" = test ]; then  # what only the tests, the lab and packaging need
  packages+=(openssh-server  # the test peers' sshd (Debian also starts one on port 22 when installing it)
             dropbear-bin passwd dash util-linux  # host shapes (tests/shapes.py): Dropbear, useradd, dash, unshare
             xvfb xauth  # the window under a virtual X server (screenshots)
             dbus  # dbus-daemon and dbus-monitor: a private session bus for the notification tests
             iproute2 iptables e2fsprogs iputils-ping  # the network lab (tests/lab): netns, NFQUEUE, slow disk
             binutils  # PyInstaller (make package) reads libraries' dependencies with objdump
             desktop-file-utils appstream  # validate the desktop entry and AppStream metainfo
             samba vsftpd sshfs openssl  # a NAS's other services (tests/nas_services.py), an sshfs mount of it
             nfs-ganesha nfs-ganesha-vfs rpcbind)  # NFS in user space with its portmapper, in the lab's namespace
  # BusyBox for the embedded box: the static build, unless the dynamic one (package busybox) is there:
  # they conflict, and installing one would remove the other, which initramfs-tools may be using.
  dpkg-query -W -f='${Status}' busybox 2>/dev/null | grep -q "install ok installed" || packages+=(busybox-static)
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: not a Debian/Ubuntu system; install the equivalents of: ${packages[*]}" >&2
  exit 0
fi

installed() {  # Ubuntu 24.04 and Debian 13 renamed some libraries (libglib2.0-0 -> libglib2.0-0t64)
  local name
  for name in "$1" "${1}t64"; do
    dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q "install ok installed" && return 0
  done
  return 1
}

missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
elif command -v sudo >/dev/null 2>&1 && [ -t 0 ]; then
  # A person at a terminal: sudo asks for their password itself.
  echo "install-deps: installing ${missing[*]} (sudo asks for your password)"
  sudo apt-get update -qq
  sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "install-deps: missing system packages; run: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
