"""What else the host serves besides ssh, and which of its shares this computer has mounted already.

A home NAS serves SMB first, often FTP, NFS and an rsync service too. `discover` looks for each on the
host's own address only (the address the ssh connection reached), all at once, each within a second or
two: SMB (445) and NFS (2049) by their port answering; FTP (21) by its greeting and whether it offers
explicit TLS (`AUTH TLS` among its features; nothing is logged in, nothing sent but FEAT and QUIT); an
rsync service (873) by its greeting and the modules it lists to anyone. `mounted` reads
/proc/self/mountinfo for the host's shares mounted here: SMB (cifs, smb3), NFS, sshfs, and GVfs's FUSE
folder (a file manager's "Connect to server").
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

PORTS = {"smb": 445, "ftp": 21, "nfs": 2049, "rsync": 873}
CONNECT_SECONDS = 1.5  # a LAN answers in milliseconds; a port that drops the connection attempt costs this
# for an FTP or rsync service's greeting and its answer: a server forks (and reads its configuration) for each
# connection, which on a busy or weak machine took more than 2 s (a copy through the rsync service was then refused as
# if the host ran none); a port that accepts and says nothing costs this, beside the rest of the profile
TALK_SECONDS = 5.0
MOST_LINES = 200       # of an FTP feature list or an rsync module list: a service talking on and on is cut off


@dataclass(frozen=True)
class Service:
    kind: str            # smb, ftp, nfs, rsync
    port: int
    tls: bool = False    # FTP: offers explicit TLS (FTPS)
    modules: tuple[str, ...] = ()  # rsync: the modules it lists to anyone

    def as_dict(self) -> dict:
        return {"kind": self.kind, "port": self.port, "tls": self.tls, "modules": list(self.modules)}


@dataclass(frozen=True)
class Mount:
    kind: str            # smb, nfs, sshfs, gvfs-smb, gvfs-sftp, gvfs-ftp, gvfs-nfs
    source: str          # as the mount names it: //nas/photos, nas:/volume1/photos, ann@nas:/srv
    path: str            # where it is here
    encrypted: bool      # the bytes cross the network encrypted (sshfs, SMB3 with seal, NFS with krb5p, sftp)
    writable: bool = True  # not mounted read-only

    def as_dict(self) -> dict:
        return {"kind": self.kind, "source": self.source, "path": self.path, "encrypted": self.encrypted,
                "writable": self.writable}


@dataclass(frozen=True)
class Services:
    found: list[Service] = field(default_factory=list)
    mounted: list[Mount] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"found": [s.as_dict() for s in self.found], "mounted": [m.as_dict() for m in self.mounted]}

    @classmethod
    def from_dict(cls, d: dict) -> Services:
        return cls([Service(s["kind"], s["port"], s["tls"], tuple(s["modules"])) for s in d.get("found", [])],
                   [Mount(**m) for m in d.get("mounted", [])])


async def discover(address: str, ports: dict[str, int] | None = None) -> list[Service]:
    """The services the host answers for on `address`, in PORTS' order."""
    ports = {**PORTS, **(ports or {})}
    looks = {"smb": _answers, "nfs": _answers, "ftp": _ftp, "rsync": _rsync}
    found = await asyncio.gather(*(looks[kind](kind, address, port) for kind, port in ports.items()))
    return [s for s in found if s is not None]


async def _connect(address: str, port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
    try:
        return await asyncio.wait_for(asyncio.open_connection(address, port), CONNECT_SECONDS)
    except (OSError, asyncio.TimeoutError):
        return None


async def _closed(writer: asyncio.StreamWriter) -> None:
    writer.close()
    with contextlib.suppress(OSError, asyncio.TimeoutError):
        await asyncio.wait_for(writer.wait_closed(), 1.0)


async def _answers(kind: str, address: str, port: int) -> Service | None:
    opened = await _connect(address, port)
    if opened is None:
        return None
    await _closed(opened[1])
    return Service(kind, port)


async def _ftp(kind: str, address: str, port: int) -> Service | None:
    opened = await _connect(address, port)
    if opened is None:
        return None
    reader, writer = opened

    async def talk() -> list[str] | None:
        greeting = await _ftp_reply(reader)
        if not greeting or not greeting[-1].startswith("220"):
            return None  # something else listens on the FTP port
        writer.write(b"FEAT\r\n")
        await writer.drain()
        features = await _ftp_reply(reader)
        writer.write(b"QUIT\r\n")
        await writer.drain()
        return features

    try:
        features = await asyncio.wait_for(talk(), TALK_SECONDS)
    except (OSError, asyncio.TimeoutError):
        return None
    finally:
        await _closed(writer)
    if features is None:
        return None
    tls = any(line.strip().upper().startswith("AUTH") and "TLS" in line.upper() for line in features[1:-1])
    return Service(kind, port, tls=tls)


async def _ftp_reply(reader: asyncio.StreamReader) -> list[str]:
    """One FTP reply's lines: "211-Features:" … "211 End" (a multi-line reply ends with its code and a space)."""
    lines: list[str] = []
    while len(lines) < MOST_LINES:
        line = (await reader.readline()).decode("utf-8", "replace").rstrip("\r\n")
        if not line and reader.at_eof():
            break
        lines.append(line)
        if len(line) >= 4 and line[:3].isdigit() and line[3] == " ":
            break
    return lines


async def _rsync(kind: str, address: str, port: int) -> Service | None:
    """rsync's daemon protocol: its greeting, ours, then an empty module name asks for the list. Ours says
    protocol 30, which every daemon since rsync 3.0 takes without the digest list that 31 and later need."""
    opened = await _connect(address, port)
    if opened is None:
        return None
    reader, writer = opened
    modules: list[str] = []
    greeted = False

    async def talk() -> None:
        nonlocal greeted
        greeted = (await reader.readline()).startswith(b"@RSYNCD: ")
        if not greeted:
            return  # something else listens on the rsync port
        writer.write(b"@RSYNCD: 30.0\n\n")
        await writer.drain()
        for _ in range(MOST_LINES):
            line = (await reader.readline()).decode("utf-8", "replace").rstrip("\n")
            if line.startswith("@RSYNCD: EXIT") or (not line and reader.at_eof()):
                break
            if line.strip() and not line.startswith("@"):  # not @ERROR (no listing), nor an empty line
                modules.append(line.split("\t", 1)[0].strip())

    try:
        await asyncio.wait_for(talk(), TALK_SECONDS)
    except (OSError, asyncio.TimeoutError):
        pass  # it greeted or not: what it listed so far stands
    finally:
        await _closed(writer)
    return Service(kind, port, modules=tuple(m for m in modules if m)) if greeted else None


# -- already mounted here ------------------------------------------------------------------------

_NETWORK = {"cifs": "smb", "smb3": "smb", "nfs": "nfs", "nfs4": "nfs", "fuse.sshfs": "sshfs"}
_GVFS = {"smb-share": "gvfs-smb", "sftp": "gvfs-sftp", "ftp": "gvfs-ftp", "ftps": "gvfs-ftp", "nfs": "gvfs-nfs"}


def mounted(names: set[str], address: str, mountinfo: str | None = None,
            gvfs_folders: dict[str, list[str]] | None = None) -> list[Mount]:
    """The mounts here whose server is the host: named as in `names` (its alias, its HostName) or at `address`.
    `mountinfo` and `gvfs_folders` (a GVfs folder → the entries in it) are read from this computer unless
    given."""
    text = mountinfo if mountinfo is not None else _read("/proc/self/mountinfo")
    wanted = {n.lower() for n in names if n} | {address.lower()}
    found = []
    for line in text.split("\n"):  # not splitlines(): a name may hold \r or \x85, which it splits at
        entry = _mount_entry(line)
        if entry is None:
            continue
        point, fstype, source, options, writable = entry
        if fstype in _NETWORK:
            server = _server(fstype, source)
            if server is not None and _is_host(server, wanted, address):
                found.append(Mount(_NETWORK[fstype], source, point, _encrypted(fstype, options), writable))
        elif fstype == "fuse.gvfsd-fuse":
            entries = (gvfs_folders or {}).get(point) if gvfs_folders is not None else _listing(point)
            found += _gvfs(point, entries or [], wanted, address)
    return found


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return ""


def _listing(folder: str) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []


def _mount_entry(line: str) -> tuple[str, str, str, str, bool] | None:
    """(mount point, filesystem type, source, super options, writable) of one mountinfo line (see proc(5)):
    the optional fields end at " - "; names have space, tab, newline and backslash escaped as octal; "ro" in
    the mount's own options or the filesystem's makes it read-only."""
    head, sep, tail = line.partition(" - ")
    fields, rest = head.split(" "), tail.split(" ")
    if not sep or len(fields) < 6 or len(rest) < 3:
        return None
    writable = "ro" not in fields[5].split(",") and "ro" not in rest[2].split(",")
    return _unescape(fields[4]), rest[0], _unescape(rest[1]), rest[2], writable


def _unescape(text: str) -> str:
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), text)


def _server(fstype: str, source: str) -> str | None:
    """The server a network mount's source names: //server/share, server:/export, [user@]server:path."""
    if fstype in ("cifs", "smb3"):
        rest = source.replace("\\", "/").lstrip("/")
        return rest.split("/", 1)[0] or None
    host = source.rsplit("@", 1)[-1] if fstype == "fuse.sshfs" else source
    if host.startswith("["):  # [fe80::1]:/export
        return host[1:host.find("]")] if "]" in host else None
    if ":" not in host:
        return None
    return host.split(":", 1)[0] or None


def _is_host(server: str, wanted: set[str], address: str) -> bool:
    """The mount's server is the host: one of its names or its address, or a name with the same first label
    (nas.local, nas.fritz.box for nas). Names are not looked up: a lookup can hang for seconds (mDNS), and
    reading mounts must send nothing anywhere."""
    name = server.lower().rstrip(".")
    if name in wanted:
        return True
    if _is_address(name):
        return False  # another address
    first = name.split(".", 1)[0]
    return any(not _is_address(w) and w.split(".", 1)[0] == first for w in wanted)


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
        return True
    except ValueError:
        return False


def _encrypted(fstype: str, options: str) -> bool:
    said = set(options.split(","))
    if fstype == "fuse.sshfs":
        return True
    if fstype in ("cifs", "smb3"):
        return "seal" in said
    return "sec=krb5p" in said


def _gvfs(point: str, entries: list[str], wanted: set[str], address: str) -> list[Mount]:
    """GVfs names each mount's folder by its location: smb-share:server=nas,share=photos, sftp:host=nas,user=ann."""
    found = []
    for name in entries:
        scheme, _, spec = name.partition(":")
        kind = _GVFS.get(scheme)
        if kind is None:
            continue
        keys = dict(part.split("=", 1) for part in spec.split(",") if "=" in part)
        server = keys.get("server") or keys.get("host")
        if server and _is_host(_gvfs_unescape(server), wanted, address):
            found.append(Mount(kind, name, os.path.join(point, name), kind in ("gvfs-sftp",) or scheme == "ftps"))
    return found


def _gvfs_unescape(text: str) -> str:
    """GVfs escapes with %XX in its folder names."""
    return unquote(text)
