"""What is on the host: where a path is, what a tree holds (remote_tree.py lists it), what a file says,
how much room there is. remote_files.py adds the changes (making, moving into place, removing).

Two ways reach the host's files, and its shape decides which: its shell (a POSIX sh with GNU or BusyBox
tools; a whole tree listed in one command, whatever the round trip) or its SFTP server (an SFTP-only account
has nothing else; an embedded box may have no SFTP server at all). Each operation asks the host's
capabilities and takes the shell where there is one, SFTP where there is not; the two ways sit side by side
in each method so they are read and changed together. Every path goes to the shell as a quoted argument,
never inside a script.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, replace
from posixpath import dirname, join, normpath
from typing import TYPE_CHECKING

import asyncssh

from app.core import quoting
from app.core.errors import (TransferError, no_folder_on_the_way, no_sftp, remote_hashing_failed,
                             remote_listing_failed)
from app.core.host import capabilities, hashes
from app.core.host.once import Once
from app.core.host.remote_tree import (DIGEST, SCAN, SCAN_TIMEOUT, listing_digest, parse_manifest, parse_scan,
                                      said_digest)
from app.core.host.sftp_ops import sftp_isdir, sftp_small_file
from app.core.selection.entries import Entry, Selection
from app.core.tasks import both

if TYPE_CHECKING:
    from app.core.host.session import Session

# $@: paths. One y/n each: something (a link too) is there.
_EXISTS = r"""for p; do if [ -e "$p" ] || [ -L "$p" ]; then printf y; else printf n; fi; done"""

# $1: a path; the nearest folder that exists on the way up to it.
_TO_NEAREST = r"""d=$1; while [ ! -d "$d" ] && [ "$d" != / ]; do d=$(dirname -- "$d"); done"""
_NEAREST = _TO_NEAREST + r"""; printf %s "$d" """
# $1: a path; the device number of the filesystem its nearest existing folder is on (GNU and BusyBox stat).
_DISK = _TO_NEAREST + r"""; stat -c %d "$d" """

# $1: a folder, $2: a marker's name, $3: how many of its bytes, then name prefixes. For each real folder
# (not a link) directly in $1 whose name has one of the prefixes and that holds a regular file $2: the
# folder's name and that file's first bytes, each ended by a NUL (taken out of the file's bytes).
_MARKED = r"""dir=$1 mark=$2 most=$3; shift 3
for pre; do
  for d in "$dir/$pre"*; do
    [ -d "$d" ] && [ ! -L "$d" ] && [ -f "$d/$mark" ] && [ ! -L "$d/$mark" ] || continue
    printf '%s\0' "${d##*/}"; head -c "$most" -- "$d/$mark" | tr -d '\000'; printf '\0'
  done
done"""

# $1: a path. `KB_FREE INODES_TOTAL INODES_FREE` of its nearest existing folder (df -P is POSIX; -i is in GNU
# and BusyBox). (awk would print a product this large in exponent notation.)
_FREE = _TO_NEAREST + r"""
df -P -k -- "$d" | tail -n 1 | awk '{print $4}'; df -P -i -- "$d" 2>/dev/null | tail -n 1 | awk '{print $2, $4}'"""


@dataclass(frozen=True)
class Space:
    bytes_free: int
    inodes_free: int | None  # None: the filesystem has no inode limit (btrfs) or did not say


class RemoteReads:
    """The host's files as they are, through its shell or its SFTP server (see the module's docstring)."""

    def __init__(self, session: "Session") -> None:
        self.session = session
        self._sftp: asyncssh.SFTPClient | None = None
        self._home = Once()  # the account's home, asked once
        self._nearest = Once(keep=False)  # the nearest folder on a path, one look for those who ask together

    @property
    def shell(self) -> bool:
        return self.session.remote.shell

    @property
    def via(self) -> str:
        """How this host's files are reached, as a person says it."""
        return "its shell" if self.shell else "SFTP"

    async def sftp(self) -> asyncssh.SFTPClient:
        """The session's one SFTP client, started when first needed."""
        if not self.session.remote.sftp:
            raise no_sftp(self.session.host.label)
        if self._sftp is None:
            self._sftp = await capabilities.start_sftp(self.session.conn)
        return self._sftp

    def close(self) -> None:
        self._home.cancel_now()
        self._nearest.cancel_now()
        if self._sftp is not None:
            self._sftp.exit()
            self._sftp = None

    async def _sh(self, script: str, *args: str, stdin: bytes | None = None,
                  timeout: float = 60) -> asyncssh.SSHCompletedProcess:
        return await self.session.run(quoting.sh_command(script, *args), stdin=stdin, timeout=timeout)

    # -- paths ---------------------------------------------------------------------------------

    async def home(self) -> str:
        """The account's home folder (asked of the host once a session)."""
        return await self._home.get("home", self._ask_home)

    async def _ask_home(self) -> str:
        if self.shell:
            out = (await self._sh('cd && pwd')).stdout or b""
            return out.decode("utf-8", "surrogateescape").strip()
        return os.fsdecode(await (await self.sftp()).realpath(b"."))

    async def abspath(self, path: str) -> str:
        """`~`, `~/x` and relative paths from the account's home; the host's own view of the path."""
        if path.startswith("/"):
            return normpath(path)
        rest = path[2:] if path.startswith("~/") else "" if path == "~" else path
        return normpath(join(await self.home(), rest))

    async def nearest_dir(self, path: str) -> str:
        """The nearest existing folder at or above `path` (one look for all who ask at the same moment: the services'
        checks of one destination ask side by side)."""
        return await self._nearest.get(path, lambda: self._ask_nearest(path))

    async def _ask_nearest(self, path: str) -> str:
        if self.shell:
            result = await self._sh(_NEAREST, path)
            found = (result.stdout or b"").decode("utf-8", "surrogateescape")
            if result.exit_status != 0 or not found:
                raise no_folder_on_the_way(path, self.session.host.label,
                                           (result.stderr or b"").decode(errors="replace"))
            return found
        sftp = await self.sftp()
        d = normpath(path)
        while d != "/" and not await sftp_isdir(sftp, d):
            d = dirname(d) or "/"
        return d

    async def disk(self, path: str) -> str | None:
        """What tells the filesystem that holds `path` (or would: its nearest existing folder) from another:
        two paths on one disk give the same; None when the host cannot say (no `stat`, no statvfs in its SFTP)."""
        if self.shell:
            said = await self._sh(_DISK, path, timeout=30)
            out = (said.stdout or b"").strip()
            return f"dev:{out.decode()}" if said.exit_status == 0 and out.isdigit() else None
        try:
            folder = await self.nearest_dir(path)
            return f"fsid:{(await (await self.sftp()).statvfs(folder)).fsid}"
        except (asyncssh.SFTPError, TransferError):
            return None

    async def exists(self, paths: list[str]) -> list[bool]:
        """Whether anything (a link too) is at each path."""
        if not paths:
            return []
        if self.shell:
            out = (await self._sh(_EXISTS, *paths)).stdout or b""
            return [c == ord("y") for c in out[:len(paths)]] + [False] * max(0, len(paths) - len(out))
        sftp = await self.sftp()
        found = []
        for path in paths:
            try:
                await sftp.lstat(os.fsencode(path))
                found.append(True)
            except asyncssh.SFTPNoSuchFile:
                found.append(False)
        return found

    # -- listing -------------------------------------------------------------------------------

    @property
    def _shell_lists(self) -> bool:
        return self.shell and all(self.session.remote.has(t) for t in ("find", "xargs", "stat", "mktemp"))

    async def scan(self, paths: list[str], missing_ok: bool = False, depth: int | None = None) -> Selection:
        """What the paths hold, like selection.scan_local does on this computer (`depth` 1: a root and
        what is directly in it)."""
        if not self._shell_lists:
            from app.core.selection.entries import scan_remote
            return await scan_remote(await self.sftp(), paths, missing_ok, depth)
        roots = [normpath(p) for p in paths]
        return parse_scan(await self._listing(roots, depth), roots, paths, missing_ok)

    async def _listing(self, roots: list[str], depth: int | None = None) -> bytes:
        """What SCAN prints for these roots (app.core.host.remote_tree reads it)."""
        result = await self._sh(SCAN, "" if depth is None else str(depth), *roots, timeout=SCAN_TIMEOUT)
        if result.exit_status != 0:
            err = (result.stderr or b"").decode(errors="replace")
            raise remote_listing_failed(roots, self.session.host.label, err)
        return result.stdout or b""

    async def manifest(self, paths: list[str], missing_ok: bool = False) -> dict[str, tuple[str, int | str]]:
        """What scan(paths).manifest() gives, without the entries where one command lists the tree."""
        if not self._shell_lists:
            return (await self.scan(paths, missing_ok)).manifest()
        roots = [normpath(p) for p in paths]
        return parse_manifest(await self._listing(roots), roots, paths, missing_ok)

    async def holds(self, dest: str, names: list[str], expected: dict[str, tuple[str, int | str]]) -> bool:
        """Whether `dest` holds exactly `expected` under `names`: a digest of its listing made on the host (one
        command; 33 bytes come back) against the same digest of `expected` made here meanwhile. A tree of
        100 000 files is checked in 0.2 s where reading its listing into Python took 0.45 s. False also where
        it cannot tell (no GNU find, no md5sum; something more there than the copy brought): the caller then
        lists and compares, which says what differs."""
        if not self.digests:
            return False
        ours, result = await both(asyncio.to_thread(listing_digest, expected),
                                  self._sh(DIGEST, dest, *(f"./{n}" for n in names), timeout=SCAN_TIMEOUT))
        return result.exit_status == 0 and said_digest(result.stdout or b"") == ours

    @property
    def digests(self) -> bool:
        """Whether the host makes the digest holds() compares (GNU find and md5sum through its shell)."""
        return self._shell_lists and self.session.remote.has("md5sum")

    async def listdir(self, path: str) -> list[Entry]:
        """One folder's entries (names relative to it, kinds, sizes), for browsing."""
        selection = await self.scan([path], depth=1)
        return [replace(e, path=e.path.split("/", 1)[1]) for e in selection.entries[1:]]

    async def names_in(self, folder: str) -> set[str]:
        """The names directly in a folder (none when it is not there)."""
        try:
            return {e.path for e in await self.listdir(folder)}
        except TransferError:
            return set()

    # -- reading -------------------------------------------------------------------------------

    def where(self, path: str) -> str:
        """A path on this host as the user reads it in a message."""
        return f"{self.session.host.label}:{path}"

    async def read_file(self, path: str, limit: int) -> bytes | None:
        """A small file's bytes (at most limit + 1 of them), or None when it cannot be read."""
        if self.shell:
            result = await self._sh('head -c "$2" -- "$1"', path, str(limit + 1))
            return result.stdout if result.exit_status == 0 else None
        try:
            async with (await self.sftp()).open(os.fsencode(path), "rb") as f:
                return await f.read(limit + 1)
        except asyncssh.SFTPError:
            return None
    async def read_range(self, path: str, start: int, length: int) -> bytes:
        """`length` bytes of a file from `start` (dd is POSIX; its skip counts whole blocks of `bs`)."""
        if self.shell:
            block = 4096
            skip, lead = divmod(start, block)
            count = -(-(lead + length) // block)
            result = await self._sh('dd if="$1" bs=4096 skip="$2" count="$3" 2>/dev/null', path, str(skip),
                                    str(count), timeout=120)
            return (result.stdout or b"")[lead:lead + length]
        async with (await self.sftp()).open(os.fsencode(path), "rb") as f:
            await f.seek(start)
            return await f.read(length)

    async def range_digest(self, path: str, start: int, end: int) -> tuple[str, bytes] | None:
        """[start, end) of a file as app.core.host.hashes.RANGE_DIGEST says it (one command, 33 bytes and a tail
        back, where read_range brings all of it), or None where the host cannot (no shell, no md5sum)."""
        if not (self.shell and self.session.remote.has("md5sum")):
            return None
        result = await self._sh(hashes.RANGE_DIGEST, *hashes.range_digest_args(path, start, end), timeout=120)
        return hashes.parse_range_digest(result.stdout or b"") if result.exit_status == 0 else None

    async def hashes(self, tool: str, base: str, paths: list[str]) -> list[str]:
        """The hashes of files under `base`, in order (see verify.py)."""
        stdin = b"".join(p.encode("utf-8", "surrogateescape") + b"\0" for p in paths)
        result = await self._sh(f'cd "$1" && {hashes.hash_script(tool)}', base, stdin=stdin, timeout=3600)
        if result.exit_status != 0:
            raise remote_hashing_failed(self.session.host.label, tool, (result.stderr or b"").decode(errors="replace"))
        return hashes.parse_hashes(result.stdout or b"")

    async def marked_folders(self, folder: str, prefixes: tuple[str, ...], marker: str,
                             most: int) -> list[tuple[str, bytes]]:
        """The folders directly in `folder` named with one of `prefixes` that hold a file `marker`: each
        one's name and the first `most` bytes of that file. Links are passed over, and so is a marker
        that is not a regular file."""
        if self.shell:
            result = await self._sh(_MARKED, folder, marker, str(most), *prefixes)
            parts = (result.stdout or b"").split(b"\0")
            return [(os.fsdecode(name), data) for name, data in zip(parts[0::2], parts[1::2])]
        sftp = await self.sftp()
        try:
            items = await sftp.readdir(os.fsencode(folder))
        except asyncssh.SFTPNoSuchFile:
            return []
        found = []
        for item in items:
            name = os.fsdecode(item.filename)
            if name.startswith(prefixes) and "/" not in name and item.attrs.type == asyncssh.FILEXFER_TYPE_DIRECTORY:
                data = await sftp_small_file(sftp, join(folder, name, marker), most)
                if data is not None:
                    found.append((name, data))
        return found

    async def space(self, path: str) -> Space | None:
        """Free space where `path` is (its nearest existing folder), or None when the host does not say."""
        try:
            if self.shell:
                words = ((await self._sh(_FREE, path, timeout=20)).stdout or b"").decode().split()
                if not words or not words[0].isdigit():
                    return None
                total, free = (words[1:3] + ["0", "0"])[:2]
                return Space(int(words[0]) * 1024, int(free) if free.isdigit() and total not in ("0", "-") else None)
            folder = await self.nearest_dir(path)
            vfs = await (await self.sftp()).statvfs(os.fsencode(folder))  # OpenSSH's statvfs extension
            return Space(vfs.bavail * vfs.frsize, vfs.favail if vfs.files else None)
        except (TransferError, asyncssh.Error, OSError, TimeoutError, ValueError):
            return None
