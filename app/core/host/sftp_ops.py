"""The host's files over SFTP, where there is no shell to run staging.py's scripts (an SFTP-only
account): a folder's kind, removing a tree of ours, placing items, and SFTP's errors in words."""

from __future__ import annotations

import os
import stat
from posixpath import join

import asyncssh

from app.core.selection.entries import entry_kind


async def sftp_isdir(sftp: asyncssh.SFTPClient, path: str) -> bool:
    try:
        return stat.S_ISDIR((await sftp.stat(os.fsencode(path))).permissions or 0)
    except asyncssh.SFTPError:
        return False


async def sftp_kind(sftp: asyncssh.SFTPClient, path: str) -> str | None:
    try:
        return entry_kind((await sftp.lstat(os.fsencode(path))).permissions or 0) or "other"
    except (asyncssh.SFTPNoSuchFile, asyncssh.SFTPNoSuchPath):
        return None


async def sftp_rmtree(sftp: asyncssh.SFTPClient, path: str) -> None:
    """Remove a folder of ours and all in it, links as links; what cannot go stays, silently. (asyncssh's
    rmtree refuses names with a backslash, which a user's files may have.)"""
    try:
        items = await sftp.readdir(os.fsencode(path))
    except asyncssh.SFTPError:
        items = []
    for item in items:
        name = os.fsdecode(item.filename)
        if name in (".", "..") or "/" in name:  # never a path the server made up
            continue
        child = join(path, name)
        try:
            if item.attrs.type == asyncssh.FILEXFER_TYPE_DIRECTORY:
                await sftp_rmtree(sftp, child)
            else:
                await sftp.remove(os.fsencode(child))
        except asyncssh.SFTPError:
            continue
    try:
        await sftp.rmdir(os.fsencode(path))
    except asyncssh.SFTPError:
        pass


async def sftp_small_file(sftp: asyncssh.SFTPClient, path: str, most: int) -> bytes | None:
    """The first bytes of a regular file (not a link, a pipe or a folder), or None."""
    try:
        if (await sftp.lstat(os.fsencode(path))).type != asyncssh.FILEXFER_TYPE_REGULAR:
            return None
        async with sftp.open(os.fsencode(path), "rb") as f:
            return await f.read(most)
    except asyncssh.SFTPError:
        return None


class SftpOps:
    """staging.place's moves over SFTP: a new item is renamed (SFTP's rename never replaces); a replacing one
    with posix-rename in one step where the server has it, else the old file goes first."""

    def __init__(self, sftp: asyncssh.SFTPClient) -> None:
        self.sftp = sftp

    async def kind(self, path: str) -> str | None:
        return await sftp_kind(self.sftp, path)

    async def rename(self, src: str, dst: str, replace: bool) -> None:
        if not replace:
            await self.sftp.rename(os.fsencode(src), os.fsencode(dst))
            return
        try:
            await self.sftp.posix_rename(os.fsencode(src), os.fsencode(dst))
        except asyncssh.SFTPOpUnsupported:
            if await sftp_kind(self.sftp, dst) is not None:
                await self.sftp.remove(os.fsencode(dst))
            await self.sftp.rename(os.fsencode(src), os.fsencode(dst))

    async def remove(self, path: str) -> None:
        await sftp_rmtree(self.sftp, path)

