"""What each side can do: tools, their flavours, CPU, ciphers, free space.

The remote side is asked in one round trip (one shell script over the control
connection); the ciphers the server offers come from its KEXINIT packet, which
it sends in clear before any login.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import struct
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

TOOLS = ("tar", "rsync", "nc", "socat", "zstd", "lz4", "python3", "sha256sum", "xxhsum", "b3sum", "md5sum",
         "scp", "sftp", "ssh")

_REMOTE_SCRIPT = r"""
for t in {tools}; do command -v "$t" >/dev/null 2>&1 && echo "tool $t"; done
echo "rsync_version $(rsync --version 2>/dev/null | head -n 1)"
echo "rsync_compress $(rsync --version 2>/dev/null | sed -n '/Compress list:/{{n;p;}}')"
echo "tar_version $(tar --version 2>&1 | head -n 1)"
echo "nc_version $(nc -h 2>&1 | head -n 1)"
echo "cpu_model $(grep -m 1 -i -E '^(model name|Hardware|cpu model)' /proc/cpuinfo 2>/dev/null | cut -d: -f2-)"
echo "cores $(getconf _NPROCESSORS_ONLN 2>/dev/null || grep -c ^processor /proc/cpuinfo)"
echo "aes $(grep -m 1 -c -w -E 'aes' /proc/cpuinfo 2>/dev/null)"
echo "kernel $(uname -sm)"
echo "boot_id $(cat /proc/sys/kernel/random/boot_id 2>/dev/null)"
echo "ssh_connection $SSH_CONNECTION"
if [ -n "$1" ]; then
  d="$1"; while [ ! -d "$d" ] && [ "$d" != / ]; do d=$(dirname -- "$d"); done
  echo "dest_exists $([ -d "$1" ] && echo yes || echo no)"
  echo "dest_writable $([ -w "$d" ] && echo yes || echo no)"
  echo "dest_free_kb $(df -P -k -- "$d" 2>/dev/null | tail -n 1 | awk '{{print $4}}')"
  echo "dest_fs $(stat -f -c %T -- "$d" 2>/dev/null)"
fi
"""


@dataclass
class Capabilities:
    tools: set[str] = field(default_factory=set)
    rsync_version: str = ""
    rsync_compress: list[str] = field(default_factory=list)  # what --compress-choice accepts
    tar_flavour: str = ""
    nc_flavour: str = ""
    cpu_model: str = ""
    cores: int = 0
    aes: bool = False
    ciphers: list[str] = field(default_factory=list)
    ssh_version: str = ""
    kernel: str = ""
    boot_id: str = ""  # one per running kernel: equal on both sides when the host is this computer
    server_address: str = ""  # the address of the remote side this connection reached
    dest_exists: bool | None = None
    dest_writable: bool | None = None
    dest_free_bytes: int | None = None
    dest_fs: str = ""

    def has(self, tool: str) -> bool:
        return tool in self.tools

    @property
    def nc_listen_ok(self) -> bool:
        """OpenBSD netcat: `-l ADDR PORT`, `-N` and `-v` report what we rely on."""
        return self.has("nc") and "OpenBSD" in self.nc_flavour

    def as_dict(self) -> dict:
        out = dict(self.__dict__)
        out["tools"] = sorted(self.tools)
        return out


def _flavour(text: str) -> str:
    for name in ("GNU tar", "bsdtar", "BusyBox", "OpenBSD netcat", "GNU netcat", "Ncat", "netcat"):
        if name.lower() in text.lower():
            return name
    return text.strip()[:40]


def parse_remote(text: str) -> Capabilities:
    caps = Capabilities()
    for line in text.splitlines():
        key, _, value = line.partition(" ")
        value = value.strip()
        if key == "tool":
            caps.tools.add(value)
        elif key == "rsync_version" and value:
            parts = value.split()
            caps.rsync_version = parts[2] if len(parts) > 2 and parts[1] == "version" else value
        elif key == "rsync_compress":
            caps.rsync_compress = value.split()
        elif key == "tar_version":
            caps.tar_flavour = _flavour(value) if value else ""
        elif key == "nc_version":
            caps.nc_flavour = _flavour(value) if "tool nc" in text else ""
        elif key == "cpu_model":
            caps.cpu_model = value
        elif key == "cores" and value.isdigit():
            caps.cores = int(value)
        elif key == "aes":
            caps.aes = value.isdigit() and int(value) > 0
        elif key == "kernel":
            caps.kernel = value
        elif key == "boot_id":
            caps.boot_id = value
        elif key == "ssh_connection" and len(value.split()) == 4:
            caps.server_address = value.split()[2]
        elif key == "dest_exists":
            caps.dest_exists = value == "yes"
        elif key == "dest_writable":
            caps.dest_writable = value == "yes"
        elif key == "dest_free_kb" and value.isdigit():
            caps.dest_free_bytes = int(value) * 1024
        elif key == "dest_fs":
            caps.dest_fs = value
    return caps


async def remote(conn: asyncssh.SSHClientConnection, dest: str | None = None) -> Capabilities:
    script = _REMOTE_SCRIPT.format(tools=" ".join(TOOLS))
    command = b"sh -c " + shlex.quote(script).encode() + b" sh " + shlex.quote(dest or "").encode("utf-8", "surrogateescape")
    host, port = conn.get_extra_info("peername")[:2]
    result, ciphers = await asyncio.gather(conn.run(command, check=False, encoding=None),
                                           server_ciphers(host, port), return_exceptions=True)
    if isinstance(result, BaseException):
        raise result
    caps = parse_remote((result.stdout or b"").decode(errors="replace"))
    caps.ssh_version = str(conn.get_extra_info("server_version") or "")
    # Without the server's list, availability checks fall back to the local one.
    caps.ciphers = [] if isinstance(ciphers, BaseException) else ciphers
    return caps


def local(dest: str | None = None) -> Capabilities:
    caps = Capabilities()
    caps.tools = {t for t in TOOLS if shutil.which(t)}
    if "rsync" in caps.tools:
        text = subprocess.run(["rsync", "--version"], capture_output=True, text=True).stdout
        out = text.split()
        caps.rsync_version = out[2] if len(out) > 2 else ""
        lines = text.splitlines()
        for i, line in enumerate(lines[:-1]):
            if line.strip() == "Compress list:":
                caps.rsync_compress = lines[i + 1].split()
    if "tar" in caps.tools:
        caps.tar_flavour = _flavour(subprocess.run(["tar", "--version"], capture_output=True, text=True).stdout)
    if "nc" in caps.tools:
        caps.nc_flavour = _flavour(subprocess.run(["nc", "-h"], capture_output=True, text=True).stderr)
    caps.cores = os.cpu_count() or 1
    try:
        caps.boot_id = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        pass
    from app.core.hosts import cpu_has_aes
    caps.aes = cpu_has_aes()
    if "ssh" in caps.tools:
        caps.ciphers = subprocess.run(["ssh", "-Q", "cipher"], capture_output=True, text=True).stdout.split()
    if dest:
        d = dest
        while not os.path.isdir(d) and d not in ("/", ""):
            d = os.path.dirname(d)
        caps.dest_exists = os.path.isdir(dest)
        caps.dest_writable = os.access(d, os.W_OK)
        st = os.statvfs(d)
        caps.dest_free_bytes = st.f_bavail * st.f_frsize
    return caps


async def server_ciphers(host: str, port: int, timeout: float = 5.0) -> list[str]:
    """The ciphers an SSH server offers, read from the KEXINIT it sends before login."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    try:
        writer.write(b"SSH-2.0-TransferAdvisor_probe\r\n")
        while True:  # servers may send lines before their version string
            line = await asyncio.wait_for(reader.readline(), timeout)
            if not line:
                raise ValueError("server closed before its version string")
            if line.startswith(b"SSH-"):
                break
        length, = struct.unpack(">I", await asyncio.wait_for(reader.readexactly(4), timeout))
        packet = await asyncio.wait_for(reader.readexactly(length), timeout)
    finally:
        writer.close()
    payload = packet[1:]
    if payload[0] != 20:  # SSH_MSG_KEXINIT
        raise ValueError("first packet is not KEXINIT")
    pos = 17
    lists = []
    for _ in range(4):  # kex, host key, enc client→server, enc server→client
        n, = struct.unpack(">I", payload[pos:pos + 4])
        lists.append(payload[pos + 4:pos + 4 + n].decode().split(","))
        pos += 4 + n
    return lists[2]
