"""Whose a file on the host is, and whose the login is: a share of the host that writes as another of its users
(a mount made with another account, a module of its rsync service) could not write into a copy's staging folder,
which only the login may enter. An empty probe file written through the share and its owner read over the control
connection tell; the probe is removed at once."""

from __future__ import annotations

import os
import secrets
from typing import TYPE_CHECKING

import asyncssh

from app.core import quoting

if TYPE_CHECKING:
    from app.core.host.session import Session

PROBE = ".transfer-advisor-probe-"
SECONDS = 20


def probe_name() -> str:
    return PROBE + secrets.token_hex(6)


async def owner(session: "Session", path: str, remove: bool = False) -> int | None:
    """The user number owning `path` on the host (None: not known); with `remove`, the file (a probe) is
    removed in the same command."""
    if session.remote.shell:
        script = 'ls -lnd -- "$1"' + ('; rm -f -- "$1"' if remove else '')
        result = await session.run(quoting.sh_command(script, path), timeout=SECONDS)
        fields = (result.stdout or b"").split()
        return int(fields[2]) if len(fields) > 2 and fields[2].isdigit() else None
    sftp = await session.files.sftp()
    try:
        return (await sftp.lstat(os.fsencode(path))).uid
    finally:
        if remove:
            try:
                await sftp.remove(os.fsencode(path))
            except asyncssh.SFTPError:
                pass


async def login_uid(session: "Session") -> int | None:
    """The login's user number: from `id -u` where the account has a shell, else the owner of its home."""
    if session.remote.uid is not None:
        return session.remote.uid
    return await owner(session, await session.files.home())


async def is_logins(session: "Session", path: str, remove: bool = False) -> bool | None:
    """Whether the file at `path` on the host belongs to the login (None: not known); `remove`: see owner()."""
    theirs, mine = await owner(session, path, remove), await login_uid(session)
    return None if theirs is None or mine is None else theirs == mine
