"""Files on the host: where a path is, what a tree holds (remote_tree.py lists it), making, moving into
place, removing. (Over 400 lines: every operation on the host's files, each through its shell and over SFTP
side by side, so the two ways of reaching a NAS are read and changed together.)

Two ways reach them, and the host's shape decides which: its shell (a POSIX sh with GNU or
BusyBox tools; a whole tree listed in one command, whatever the round trip) or its SFTP
server (an SFTP-only account has nothing else; an embedded box may have no SFTP server at
all). `RemoteFiles` asks the host's capabilities once and takes the shell where there is one,
SFTP where there is not. Every path goes to the shell as a quoted argument, never inside a script.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, replace
from posixpath import dirname, join, normpath
from typing import TYPE_CHECKING, Sequence

import asyncssh

from app.core import quoting
from app.core.host import capabilities, hashes, staging
from app.core.host.once import Once
from app.core.tasks import both
from app.core.host.sftp_ops import SftpOps, sftp_isdir, sftp_kind, sftp_rmtree, sftp_small_file
from app.core.errors import (TransferError, appeared, destination_not_made, file_not_written, folders_not_made,
                             half_placed, links_not_made, marker_not_written, no_folder_on_the_way, no_sftp,
                             placing_failed, remote_hashing_failed, remote_listing_failed, renames_failed)
from app.core.host.remote_tree import DIGEST, SCAN, SCAN_TIMEOUT, listing_digest, parse_manifest, parse_scan
from app.core.selection.entries import Entry, Selection

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


class RemoteFiles:
    """The host's files, through its shell or its SFTP server (see the module's docstring)."""

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
        if not self._shell_lists or not self.session.remote.has("md5sum"):
            return False
        ours, result = await both(asyncio.to_thread(listing_digest, expected),
                                  self._sh(DIGEST, dest, *(f"./{n}" for n in names), timeout=SCAN_TIMEOUT))
        return result.exit_status == 0 and (result.stdout or b"").split(b" ", 1)[0] == ours.encode()

    async def listdir(self, path: str) -> list[Entry]:
        """One folder's entries (names relative to it, kinds, sizes), for browsing."""
        selection = await self.scan([path], depth=1)
        return [replace(e, path=e.path.split("/", 1)[1]) for e in selection.entries[1:]]

    # -- changing ------------------------------------------------------------------------------

    async def prepare(self, dest: str, stage: str | None, files: Sequence[tuple[str, bytes]] = ()) -> None:
        """Create the destination and, inside it, a private staging folder, with `files` (name, bytes: a
        journal, an owner marker) in the folder made: in one command where they are small (staging.py)."""
        label = self.session.host.label
        folder = join(dest, stage) if stage else dest
        if self.shell:
            inline = staging.files_fit_in_command(files)
            result = await self.session.run(staging.remote_prepare_command(dest, stage, files if inline else ()))
            if result.exit_status != 0:
                raise destination_not_made(dest, label, (result.stderr or b"").decode(errors="replace"))
            for name, data in () if inline else files:
                await self.write_file(join(folder, name), data)
            return
        sftp = await self.sftp()
        try:
            await sftp.makedirs(os.fsencode(dest), exist_ok=True)
            if stage is not None:
                await sftp.mkdir(os.fsencode(folder), asyncssh.SFTPAttrs(permissions=0o700))
        except asyncssh.SFTPError as exc:
            raise destination_not_made(dest, label, sftp=exc) from None
        for name, data in files:
            await self.write_file(join(folder, name), data)

    async def open_or_make(self, dest: str, stage: str, journal: str, limit: int,
                           files: Sequence[tuple[str, bytes]]) -> bytes | None:
        """A staging folder that is there already: its journal's bytes (at most limit + 1; b"" when it has
        none it can read). One that is not: made as prepare() makes it, with `files`, and None. Through the
        host's shell, the look and the making are one command."""
        folder = join(dest, stage)
        if not self.shell or not staging.files_fit_in_command(files):
            there, read = await both(self.exists([folder]), self.read_file(join(folder, journal), limit))
            if there[0] or read is not None:
                return read or b""
            await self.prepare(dest, stage, files)
            return None
        result = await self.session.run(staging.remote_open_or_make_command(dest, stage, journal, limit + 1, files))
        out = result.stdout or b""
        if result.exit_status != 0 or out[:1] not in (b"y", b"n"):
            raise destination_not_made(dest, self.session.host.label, (result.stderr or b"").decode(errors="replace"))
        return out[1:] if out[:1] == b"y" else None

    async def place(self, stage: str, dest: str, records: staging.Records, where: str) -> None:
        """Move the staged items into place (see staging.py): all checked first, then all moved."""
        if not self.shell:
            await staging.place(SftpOps(await self.sftp()), stage, dest, records, where)
            return
        if records.renames:
            result = await self._run(staging.remote_rename_command(stage), records.rename_stdin(), 600)
            if result.exit_status != 0:
                raise renames_failed(where, (result.stderr or b"").decode(errors="replace"))
        result = await self._run(staging.remote_place_command(stage, dest), records.stdin(), 600)
        out = result.stdout or b""
        if result.exit_status == 3:
            raise appeared([os.fsdecode(p) for p in out.split(b"\0") if p], where)
        if result.exit_status == 4:
            failed = records.items[len(out)][1] if len(out) < len(records.items) else ""
            raise half_placed(len(out), len(records.items), failed, where,
                              (result.stderr or b"").decode(errors="replace"))
        if result.exit_status != 0:
            raise placing_failed(self.session.host.label, (result.stderr or b"").decode(errors="replace"))

    async def _run(self, command: bytes, stdin: bytes, timeout: float) -> asyncssh.SSHCompletedProcess:
        return await self.session.run(command, stdin=stdin, timeout=timeout)

    async def remove(self, path: str, timeout: float = 120) -> None:
        """Remove a folder of ours (staging, race scratch, probe files)."""
        if self.shell:
            await self.session.run(staging.remote_remove_command(path), timeout=timeout)
            return
        sftp = await self.sftp()
        for attempt in range(staging.REMOVE_TRIES):  # again while something still writes into it
            await sftp_rmtree(sftp, path)
            try:
                await sftp.lstat(os.fsencode(path))
            except asyncssh.SFTPNoSuchFile:
                return
            if attempt < staging.REMOVE_TRIES - 1:
                await asyncio.sleep(1)

    def where(self, path: str) -> str:
        return f"{self.session.host.label}:{path}"

    async def names_in(self, folder: str) -> set[str]:
        """The names directly in a folder (none when it is not there)."""
        try:
            return {e.path for e in await self.listdir(folder)}
        except TransferError:
            return set()

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

    async def write_file(self, path: str, data: bytes) -> None:
        if self.shell:
            result = await self._sh('cat > "$1"', path, stdin=data)
            if result.exit_status != 0:
                raise file_not_written(path, self.session.host.label, (result.stderr or b"").decode(errors="replace"))
            return
        try:
            async with (await self.sftp()).open(os.fsencode(path), "wb") as f:
                await f.write(data)
        except asyncssh.SFTPError as exc:
            raise file_not_written(path, self.session.host.label, sftp=exc) from None

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

    async def truncate(self, path: str, size: int) -> None:
        """Cut a staged file back to `size` bytes (POSIX dd truncates its output at the seek point)."""
        if self.shell:
            result = await self._sh('dd if=/dev/null of="$1" bs=1 seek="$2" count=0 2>/dev/null', path, str(size))
            if result.exit_status != 0:
                raise file_not_written(path, self.session.host.label, (result.stderr or b"").decode(errors="replace"))
            return
        try:
            await (await self.sftp()).truncate(os.fsencode(path), size)
        except asyncssh.SFTPError as exc:
            raise file_not_written(path, self.session.host.label, sftp=exc) from None

    async def remove_paths(self, paths: list[str]) -> None:
        """Remove files, links (as links) and folders: what an earlier run staged that cannot be kept, what a
        mirror deletes. What cannot go stays, silently (the caller looks)."""
        if not paths:
            return
        if self.shell:
            stdin = b"".join(os.fsencode(p) + b"\0" for p in paths)
            await self._sh('xargs -0 rm -rf --', stdin=stdin, timeout=600)
            return
        sftp = await self.sftp()
        for path in paths:
            if await sftp_kind(sftp, path) == "dir":
                await sftp_rmtree(sftp, path)
                continue
            try:
                await sftp.remove(os.fsencode(path))
            except asyncssh.SFTPError:
                continue

    async def mkdirs(self, paths: list[str]) -> None:
        """Make folders (and what is above them) inside a staging folder, for tools that need them first."""
        if not paths:
            return
        label = self.session.host.label
        if self.shell:
            stdin = b"".join(os.fsencode(p) + b"\0" for p in paths)
            result = await self._sh('xargs -0 mkdir -p --', stdin=stdin, timeout=600)
            if result.exit_status != 0:
                raise folders_not_made(label, (result.stderr or b"").decode(errors="replace"))
            return
        sftp = await self.sftp()
        try:
            for path in paths:
                await sftp.makedirs(os.fsencode(path), exist_ok=True)
        except asyncssh.SFTPError as exc:
            raise folders_not_made(label, sftp=exc) from None

    async def stamp(self, times: list[tuple[str, int]]) -> None:
        """Give files their source's modification time (for tools that do not keep it), so a later run
        sees them as identical. `touch -d @SECONDS` is GNU's and BusyBox's."""
        if not times:
            return
        if self.shell:
            stdin = b"".join(os.fsencode(p) + b"\0" + str(t).encode() + b"\0" for p, t in times)
            await self._sh("""xargs -0 -n 2 sh -c 'touch -h -d "@$1" -- "$0"'""", stdin=stdin, timeout=600)
            return
        sftp = await self.sftp()
        for path, mtime in times:
            await sftp.utime(os.fsencode(path), (mtime, mtime))

    async def hashes(self, tool: str, base: str, paths: list[str]) -> list[str]:
        """The hashes of files under `base`, in order (see verify.py)."""
        stdin = b"".join(p.encode("utf-8", "surrogateescape") + b"\0" for p in paths)
        result = await self._sh(f'cd "$1" && {hashes.hash_script(tool)}', base, stdin=stdin, timeout=3600)
        if result.exit_status != 0:
            raise remote_hashing_failed(self.session.host.label, tool, (result.stderr or b"").decode(errors="replace"))
        return hashes.parse_hashes(result.stdout or b"")

    async def write(self, path: str, data: bytes) -> None:
        """Write a small file of ours (an owner marker), replacing what is there."""
        if self.shell:
            result = await self._sh('cat > "$1"', path, stdin=data)
            if result.exit_status != 0:
                raise marker_not_written(path, self.session.host.label, (result.stderr or b"").decode(errors="replace"))
            return
        async with (await self.sftp()).open(os.fsencode(path), "wb") as f:
            await f.write(data)

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

    async def symlinks(self, links: list[tuple[str, str]]) -> None:
        """Make symbolic links: (what it points to, where the link goes) each."""
        if not links:
            return
        label = self.session.host.label
        if self.shell:
            stdin = b"".join(os.fsencode(t) + b"\0" + os.fsencode(p) + b"\0" for t, p in links)
            result = await self._sh('xargs -0 -n 2 sh -c \'ln -s -- "$0" "$1"\'', stdin=stdin, timeout=600)
            if result.exit_status != 0:
                raise links_not_made(label, (result.stderr or b"").decode(errors="replace"))
            return
        sftp = await self.sftp()
        try:
            for target, path in links:
                await sftp.symlink(os.fsencode(target), os.fsencode(path))
        except asyncssh.SFTPError as exc:
            raise links_not_made(label, sftp=exc) from None

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
