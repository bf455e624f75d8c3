"""This computer's files, with the same calls as the host's (app.core.host.remote_files.RemoteFiles), so
the engine handles a download's destination and an upload's sources the way it handles the host's."""

from __future__ import annotations

import asyncio
import os
import shutil
import stat
from typing import Sequence

from app.core.host import hashes, staging
from app.core.selection.entries import Selection, entry_kind, scan_local
from app.core.tasks import finish


class LocalFiles:
    def where(self, path: str) -> str:
        return path

    async def scan(self, paths: list[str], missing_ok: bool = False) -> Selection:
        def run() -> Selection:
            kept = [p for p in paths if not missing_ok or os.path.lexists(p)]
            return scan_local(kept)
        return await asyncio.to_thread(run)

    async def manifest(self, paths: list[str], missing_ok: bool = False) -> dict[str, tuple[str, int | str]]:
        return (await self.scan(paths, missing_ok)).manifest()

    async def holds(self, dest: str, names: list[str], expected: dict[str, tuple[str, int | str]]) -> bool:
        """RemoteFiles.holds's quick answer is for a listing that has to cross the link: here the caller lists."""
        return False

    async def names_in(self, folder: str) -> set[str]:
        try:
            return set(await asyncio.to_thread(os.listdir, folder))
        except OSError:
            return set()

    async def disk(self, path: str) -> str | None:
        """The filesystem that holds `path` (or would: its nearest existing folder), as RemoteFiles.disk."""
        folder = os.path.abspath(path)
        while not os.path.isdir(folder) and os.path.dirname(folder) != folder:
            folder = os.path.dirname(folder)
        try:
            return f"dev:{os.stat(folder).st_dev}"
        except OSError:
            return None

    async def exists(self, paths: list[str]) -> list[bool]:
        return [os.path.lexists(p) for p in paths]

    async def prepare(self, dest: str, stage: str | None, files: Sequence[tuple[str, bytes]] = ()) -> None:
        await asyncio.to_thread(staging.local_prepare, dest, stage, files)

    async def read_file(self, path: str, limit: int) -> bytes | None:
        def run() -> bytes | None:
            try:
                with open(path, "rb") as f:
                    return f.read(limit + 1)
            except OSError:
                return None
        return await asyncio.to_thread(run)

    async def open_or_make(self, dest: str, stage: str, journal: str, limit: int,
                           files: Sequence[tuple[str, bytes]],
                           mark: tuple[str, bytes] | None = None) -> bytes | None:
        """As RemoteFiles.open_or_make, on this computer."""
        folder = os.path.join(dest, stage)
        if os.path.lexists(folder):
            read = await self.read_file(os.path.join(folder, journal), limit) or b""
            if mark is not None and not os.path.islink(folder):
                try:
                    await finish(self.write_file(os.path.join(folder, mark[0]), mark[1]))
                except OSError:
                    pass  # a folder left unmarked is never swept: a leftover, never a user's file
            return read
        await self.prepare(dest, stage, files)
        return None

    async def truncate(self, path: str, size: int) -> None:
        await asyncio.to_thread(os.truncate, path, size)

    async def take_folder(self, folder: str, target: str, name: str, data: bytes) -> None:
        """As RemoteFiles.take_folder, on this computer."""
        def run() -> None:
            shutil.rmtree(target, ignore_errors=True)
            os.rename(folder, target)
            with open(os.path.join(target, name), "wb") as f:
                f.write(data)
        await asyncio.to_thread(run)

    async def write_file(self, path: str, data: bytes) -> None:
        def run() -> None:
            with open(path, "wb") as f:
                f.write(data)
        await asyncio.to_thread(run)

    async def read_range(self, path: str, start: int, length: int) -> bytes:
        def run() -> bytes:
            with open(path, "rb") as f:
                f.seek(start)
                return f.read(length)
        return await asyncio.to_thread(run)

    async def range_digest(self, path: str, start: int, end: int) -> tuple[str, bytes] | None:
        """[start, end) of a file as app.core.host.hashes.RANGE_DIGEST says it, to compare with the other side's."""
        return await asyncio.to_thread(hashes.local_range_digest, path, start, end)

    async def remove(self, path: str, timeout: float = 120) -> None:
        await asyncio.to_thread(shutil.rmtree, path, True)

    async def remove_paths(self, paths: list[str]) -> None:
        """Remove files, links (as links) and folders; what cannot go stays (the caller looks)."""
        def run() -> None:
            for path in paths:
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path, ignore_errors=True)
                elif os.path.lexists(path):
                    try:
                        os.unlink(path)
                    except OSError:
                        continue
        await asyncio.to_thread(run)

    async def mkdirs(self, paths: list[str]) -> None:
        def run() -> None:
            for path in paths:
                os.makedirs(path, exist_ok=True)
        await asyncio.to_thread(run)

    async def symlinks(self, links: list[tuple[str, str]]) -> None:
        def run() -> None:
            for target, path in links:
                os.symlink(target, path)
        await asyncio.to_thread(run)

    async def stamp(self, times: list[tuple[str, int]]) -> None:
        def run() -> None:
            for path, mtime in times:
                os.utime(path, (mtime, mtime), follow_symlinks=False)
        await asyncio.to_thread(run)

    async def hashes(self, tool: str, base: str, paths: list[str]) -> list[str]:
        return await hashes.local_hashes(tool, base, paths)

    async def place(self, stage: str, dest: str, records: staging.Records, where: str,
                    expected: dict[str, tuple[str, int | str]] | None = None) -> None:
        """As RemoteFiles.place; what the destination holds is then listed by the caller (see holds)."""
        await staging.place(_Ops(), stage, dest, records, where)


class _Ops:
    """staging.place's moves on this computer."""

    async def kind(self, path: str) -> str | None:
        try:
            return entry_kind(os.lstat(path).st_mode) or "other"
        except FileNotFoundError:
            return None
        except NotADirectoryError:
            return None

    async def rename(self, src: str, dst: str, replace: bool) -> None:
        if not replace and os.path.lexists(dst):
            raise FileExistsError(f"{dst} exists")
        if replace and stat.S_ISDIR(os.lstat(dst).st_mode if os.path.lexists(dst) else 0):
            raise IsADirectoryError(f"{dst} is a folder")
        await asyncio.to_thread(os.rename, src, dst)

    async def remove(self, path: str) -> None:
        await asyncio.to_thread(shutil.rmtree, path, True)
