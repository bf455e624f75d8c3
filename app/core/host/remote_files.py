"""Changing the host's files: the destination and its staging folder made, staged items moved into place,
files written, cut back, stamped, linked, removed. What is there is read by remote_reads.py, which this
builds on; like it, each change goes through the host's shell where there is one and over SFTP where not,
and every path reaches the shell as a quoted argument.
"""

from __future__ import annotations

import asyncio
import os
from posixpath import join
from typing import Sequence

import asyncssh

from app.core.errors import (TransferError, appeared, destination_not_made, file_not_written, folders_not_made,
                             half_placed, links_not_made, placing_failed, renames_failed)
from app.core.host import staging
from app.core.host.remote_reads import RemoteReads
from app.core.host.remote_tree import DIGEST, SCAN_TIMEOUT, listing_digest, said_digest
from app.core.host.sftp_ops import SftpOps, sftp_kind, sftp_rmtree
from app.core.tasks import both, finish


class RemoteFiles(RemoteReads):
    """The host's files: what RemoteReads reads, and the changes."""

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
                           files: Sequence[tuple[str, bytes]],
                           mark: tuple[str, bytes] | None = None) -> bytes | None:
        """A staging folder that is there already: its journal's bytes (at most limit + 1; b"" when it has
        none it can read), and `mark` (a file's name and bytes: the owner marker of a folder carried on) written
        into it; failing to write it is no error. One that is not: made as prepare() makes it, with `files`,
        and None. Through the host's shell, the look, the making and the marking are one command."""
        folder = join(dest, stage)
        if not self.shell or not staging.files_fit_in_command([*files, *([mark] if mark else [])]):
            there, read = await both(self.exists([folder]), self.read_file(join(folder, journal), limit))
            if there[0] or read is not None:
                if mark is not None:
                    try:
                        await finish(self.write_file(join(folder, mark[0]), mark[1]))
                    except (OSError, asyncssh.Error, TimeoutError, TransferError):
                        pass  # a folder left unmarked is never swept: a leftover, never a user's file
                return read or b""
            await self.prepare(dest, stage, files)
            return None
        result = await self.session.run(staging.remote_open_or_make_command(dest, stage, journal, limit + 1, files,
                                                                            mark))
        out = result.stdout or b""
        if result.exit_status != 0 or out[:1] not in (b"y", b"n"):
            raise destination_not_made(dest, self.session.host.label, (result.stderr or b"").decode(errors="replace"))
        return out[1:] if out[:1] == b"y" else None

    async def place(self, stage: str, dest: str, records: staging.Records, where: str,
                    expected: dict[str, tuple[str, int | str]] | None = None) -> bool | None:
        """Move the staged items into place (see staging.py): all checked first, then all moved. With `expected`
        (what `dest` must then hold under its top names), the same command then checks it as holds() does: whether
        it does (None where it was not checked)."""
        if not self.shell:
            await staging.place(SftpOps(await self.sftp()), stage, dest, records, where)
            return None
        if records.renames:
            result = await self.session.run(staging.remote_rename_command(stage), stdin=records.rename_stdin(),
                                            timeout=600)
            if result.exit_status != 0:
                raise renames_failed(where, (result.stderr or b"").decode(errors="replace"))
        check = bool(expected) and self.digests
        names = sorted({p.split("/", 1)[0] for p in expected or {}}) if check else []
        then = (DIGEST, dest, *(f"./{n}" for n in names)) if check else ()
        ours, result = await both(asyncio.to_thread(listing_digest, expected) if check else None,
                                  self.session.run(staging.remote_place_command(stage, dest, *then),
                                                   stdin=records.stdin(), timeout=SCAN_TIMEOUT if check else 600))
        out = result.stdout or b""
        if result.exit_status == 3:
            raise appeared([os.fsdecode(p) for p in out.split(b"\0") if p], where)
        if result.exit_status == 4:
            failed = records.items[len(out)][1] if len(out) < len(records.items) else ""
            raise half_placed(len(out), len(records.items), failed, where,
                              (result.stderr or b"").decode(errors="replace"))
        if result.exit_status != 0:
            raise placing_failed(self.session.host.label, (result.stderr or b"").decode(errors="replace"))
        return said_digest(out[len(records.items):]) == ours if check else None

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

    async def take_folder(self, folder: str, target: str, name: str, data: bytes) -> None:
        """`folder` (the app's own) becomes `target` (what of the app's was there removed first), with the file
        `name` holding `data` written into it: through the host's shell, in one command."""
        if self.shell:
            result = await self._sh('rm -rf -- "$2" && mv -- "$1" "$2" && cat > "$2/$3"', folder, target, name,
                                    stdin=data)
            if result.exit_status != 0:
                raise file_not_written(join(target, name), self.session.host.label,
                                       (result.stderr or b"").decode(errors="replace"))
            return
        await self.remove(target)
        try:
            await (await self.sftp()).rename(os.fsencode(folder), os.fsencode(target))
        except asyncssh.SFTPError as exc:
            raise file_not_written(target, self.session.host.label, sftp=exc) from None
        await self.write_file(join(target, name), data)

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
