"""Which folder of the host each of its shares mounted here shows, so that a copy can go through the mount.

A mount says where it is here and what the server calls it: sshfs `nas:/srv/photos` (a folder of the host;
a relative one is in the account's home), NFS `nas:/volume1/photos` (the export, the host's own path), SMB
`//nas/photos` (a share name, whose folder the host's Samba configuration gives: `testparm`), GVfs's sftp
folder (the host's `/`). Each mapping is checked before it is used: what the host lists in the folder must be
there through the mount, each as the same kind of entry; a mount that shows something else (an NFSv4
pseudo-root, a share whose configuration this account cannot read, another box of the same name) is left
out, with the reason, and no copy ever writes through it.
"""

from __future__ import annotations

import asyncio
import os
import stat
from dataclasses import dataclass, field, replace
from posixpath import join, normpath
from typing import TYPE_CHECKING
from urllib.parse import unquote

import asyncssh

from app.core import quoting
from app.core.errors import TransferError
from app.core.host import file_owner
from app.core.host.services import Mount

if TYPE_CHECKING:
    from app.core.host.session import Session

COMPARED_NAMES = 200  # of a share's top folder: enough to tell two folders apart, quick through any mount


@dataclass(frozen=True)
class ShareRoot:
    """A mount of the host here and the host's folder it shows."""

    mount: Mount
    folder: str  # on the host, absolute, normalised
    foreign: bool = False  # a file written through it belongs to another user of the host than the login

    @property
    def encrypted(self) -> bool:
        return self.mount.encrypted

    @property
    def takes_writes(self) -> bool:
        """An upload can go through it: not read-only, and what it writes is the login's (its staging folder
        is the login's alone)."""
        return self.mount.writable and not self.foreign

    def holds(self, host_path: str) -> bool:
        path, top = normpath(host_path), self.folder
        return path == top or path.startswith(top.rstrip("/") + "/")

    def here(self, host_path: str) -> str:
        """Where a path of the host under `folder` is on this computer."""
        rest = normpath(host_path)[len(self.folder):].lstrip("/")
        return join(self.mount.path, rest) if rest else self.mount.path

    def as_dict(self) -> dict:
        return {**self.mount.as_dict(), "folder": self.folder, **({"foreign": True} if self.foreign else {})}


@dataclass(frozen=True)
class Unmapped:
    """A mount of the host here that no copy goes through, and why (worded by app.core.wording)."""

    mount: Mount
    why: str  # "unknown-share", "different", "unreadable", "kind" (app.core.wording.services.not_used_because)


def shares_from(rows: list[dict]) -> tuple[list[ShareRoot], list[Unmapped]]:
    """What `methods --json` says under "shares" (ShareRoot.as_dict, or a mount's with "unusable"), read back."""
    def mount(row: dict) -> Mount:
        return Mount(row["kind"], row["source"], row["path"], row["encrypted"], row.get("writable", True))
    # (the rsync service's modules, the FTP service's folders, the SMB shares and the NFS exports are said apart)
    rows = [r for r in rows if "module" not in r and r.get("kind") not in ("ftp", "ftps", "smb", "smb-encrypted", "nfs")]
    return ([ShareRoot(mount(r), r["folder"], r.get("foreign", False)) for r in rows
             if "folder" in r and "unusable" not in r],
            [Unmapped(mount(r), r["unusable"]) for r in rows if "unusable" in r])


def covering(roots: list[ShareRoot], host_paths: list[str]) -> ShareRoot | None:
    """The mount that holds every one of the host's paths, the deepest where several do."""
    fitting = [r for r in roots if all(r.holds(p) for p in host_paths)]
    return max(fitting, key=lambda r: len(r.folder), default=None)


def sshfs_folder(source: str) -> str:
    """The folder an sshfs source names: `[user@]server:path`, `[user@][fe80::1]:path`; "" for the home."""
    at, colon = source.find("@"), source.find(":")
    rest = source[at + 1:] if at != -1 and (colon == -1 or at < colon) else source
    if rest.startswith("["):
        rest = rest[rest.find("]") + 1:]
        return rest[1:] if rest.startswith(":") else ""
    return rest.split(":", 1)[1] if ":" in rest else ""


def smb_share(mount: Mount) -> tuple[str, str] | None:
    """(share, folder inside it) of an SMB mount: `//nas/photos/2024` or GVfs's `smb-share:server=nas,share=photos`."""
    if mount.kind == "gvfs-smb":
        keys = dict(part.split("=", 1) for part in mount.source.partition(":")[2].split(",") if "=" in part)
        return (unquote(keys["share"]), "") if keys.get("share") else None
    parts = mount.source.replace("\\", "/").lstrip("/").split("/")
    if len(parts) < 2 or not parts[1]:
        return None
    return parts[1], "/".join(p for p in parts[2:] if p)


@dataclass(eq=False)
class WriteChecks:
    """Whose files each writable mount of the host makes, found once a session and only when a copy would
    write through it (not on connecting: a look at a host writes nothing)."""

    session: "Session"
    _checked: dict[Mount, asyncio.Future] = field(default_factory=dict)

    async def checked(self, root: ShareRoot) -> ShareRoot:
        if root.mount not in self._checked:
            self._checked[root.mount] = asyncio.ensure_future(_whose_writes(self.session, root))
        return await asyncio.shield(self._checked[root.mount])

    def cancel_now(self) -> None:
        for task in self._checked.values():
            task.cancel()


async def _whose_writes(session: "Session", root: ShareRoot) -> ShareRoot:
    """`root`, `foreign` where an empty file written through the mount into its top folder belongs to another
    user of the host than the login (app.core.host.file_owner). Where the probe cannot be written or its owner
    read, the mount is taken as it is: a copy through it then says what failed."""
    name = file_owner.probe_name()
    here = root.here(join(root.folder, name))

    def make() -> bool:
        try:
            with open(here, "xb"):
                return True
        except OSError:
            return False

    def remove() -> None:
        try:
            os.unlink(here)
        except OSError:
            pass

    try:
        if not await asyncio.wait_for(asyncio.to_thread(make), file_owner.SECONDS):
            return root
        logins = await file_owner.is_logins(session, join(root.folder, name))
    except (TransferError, asyncssh.Error, OSError, asyncio.TimeoutError):
        return root
    finally:
        await asyncio.to_thread(remove)
    return replace(root, foreign=True) if logins is False else root


async def root(session: "Session", mount: Mount) -> ShareRoot | Unmapped:
    """The host's folder the mount shows, checked; or why no copy goes through it."""
    try:
        return await _root(session, mount)
    except (TransferError, asyncssh.Error, OSError):  # the host did not answer its part
        return Unmapped(mount, "unreadable")


async def _root(session: "Session", mount: Mount) -> ShareRoot | Unmapped:
    if mount.kind == "sshfs":
        folder = await session.files.abspath(sshfs_folder(mount.source) or "~")
    elif mount.kind == "nfs":
        folder = normpath(mount.source.rsplit(":", 1)[-1] or "/")
    elif mount.kind == "gvfs-sftp":
        folder = "/"
    elif mount.kind in ("smb", "gvfs-smb"):
        share = smb_share(mount)
        path = await _share_path(session, share[0]) if share else None
        if path is None:
            return Unmapped(mount, "unknown-share")
        folder = normpath(join(path, share[1]))
    else:
        return Unmapped(mount, "kind")  # GVfs's FTP and NFS folders: where they start is not known here
    if not folder.startswith("/"):
        return Unmapped(mount, "unknown-share")
    same = await _same_folder(session, mount.path, folder)
    return ShareRoot(mount, folder) if same is True else Unmapped(mount, "different" if same is False else "unreadable")


async def _share_path(session: "Session", share: str) -> str | None:
    """The folder of a Samba share, as the host's configuration gives it (no shell: not known)."""
    if not session.remote.shell:
        return None
    script = 'testparm -s --section-name="$1" --parameter-name=path 2>/dev/null'
    result = await session.run(quoting.sh_command(script, share))
    path = (result.stdout or b"").decode("utf-8", "surrogateescape").strip()
    return path if result.exit_status == 0 and path.startswith("/") else None


async def _same_folder(session: "Session", here: str, folder: str) -> bool | None:
    """Whether the mount at `here` shows the host's `folder`: each name the host lists there (up to
    COMPARED_NAMES) is there through the mount, as the same kind of entry, and an empty folder is empty here
    too (None: the host's folder could not be read). Not the other way round, nor the folder's time: a mount
    keeps its listings for a while (sshfs, 20 s), so a name just made or removed on the host may be missing
    from, or still in, its listing; a lookup of a name it has not cached goes to the host."""
    theirs = await _look_there(session, folder)
    if theirs is None:
        return None

    def look_here() -> bool:
        kinds = {"dir": stat.S_ISDIR, "file": stat.S_ISREG, "link": stat.S_ISLNK}
        try:
            if not theirs:
                with os.scandir(here) as it:
                    return next(it, None) is None
            return all(kinds[kind](os.lstat(os.path.join(here, name)).st_mode) for name, kind in theirs)
        except OSError:
            return False

    return await asyncio.to_thread(look_here)


async def _look_there(session: "Session", folder: str) -> list[tuple[str, str]] | None:
    """(name, kind) of what the host's folder holds, up to COMPARED_NAMES of them; None: not a folder there."""
    try:
        listed = await session.files.scan([folder], depth=1)
    except TransferError:
        return None
    if not listed.entries or listed.entries[0].kind != "dir":
        return None
    return [(e.path.split("/", 1)[1], e.kind) for e in listed.entries[1:COMPARED_NAMES + 1]]
