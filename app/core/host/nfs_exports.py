"""The NFS exports a NAS serves (port 2049, found through its portmapper on 111), reached from here with libnfs's
user-space client (`nfs-cp`, `nfs-ls`: no kernel mount, no root needed here): whether the export shows this
computer the copy's folder of the host, and whether a file written through it is the login's own.

- NFSv3 with AUTH_SYS, as home NAS systems serve it: the server believes the user and group numbers the client
  names. The app names the ssh login's own (`uid=`/`gid=` of libnfs's URL), so what lands is the login's, as
  through every other method; nothing is encrypted or signed (the method is an unencrypted one). libnfs 4.0's
  NFSv4 writes fail past 4 KB (its encoder refused them, checked here against nfs-ganesha), so v3 it is.
- An NFSv3 export is the host's own path (a Synology's /volume1/photo), and a folder inside it is mounted by that
  path too: the folder's NFS path is the host's. The export must let this computer in (its address in the export's
  clients; a server that asks for a privileged source port lets in only a client run as root).
- For an upload: an empty probe file is written through NFS into the folder; it must appear there, the login's
  own (an export that squashes every user to another writes as that one: refused), and is removed at once. For a
  download nothing is written: the names the host lists in the sources' folder must be in what NFS lists there.
- libnfs's URLs end their path at a `?` and cannot escape one: a name holding `?` is refused before anything is
  written.
Each folder is checked once a session.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from posixpath import join, normpath
from typing import TYPE_CHECKING

import asyncssh

from app.core.errors import TransferError
from app.core.host import file_owner
from app.core.host.once import Once
from app.core.host.service_logins import service_and_folder

if TYPE_CHECKING:
    from app.core.host.session import Session

CHECK_SECONDS = 20
COMPARED_NAMES = 5  # of the sources' folder's names, those NFS must list there


def carries(name: str) -> bool:
    """Whether an NFS URL of libnfs's can name this path (no `?`: the start of its options, which nothing escapes;
    no NUL)."""
    return "?" not in name and "\0" not in name


@dataclass(frozen=True)
class NfsRoot:
    """A folder of the host as its NFS server exports it to this computer, written as the ssh login's user."""

    folder: str    # on the host, absolute, normalised: its NFS path too (NFSv3)
    address: str
    port: int      # the NFS service's (2049); libnfs finds it, and the mount service's, through the portmapper
    uid: int       # the login's user and group numbers, named to the server with every call
    gid: int
    writable: bool = False  # takes uploads as the login's own user

    kind = "nfs"

    def holds(self, host_path: str) -> bool:
        path, top = normpath(host_path), self.folder
        return path == top or path.startswith(top.rstrip("/") + "/")

    def url(self, host_path: str) -> str:
        """libnfs's URL of a path of the host (inside the folder): `nfs://ADDRESS/PATH?uid=U&gid=G`."""
        if not carries(host_path):
            raise ValueError(f"an NFS URL cannot name {host_path!r}")
        server = f"[{self.address}]" if ":" in self.address else self.address
        return f"nfs://{server}{normpath(host_path)}?uid={self.uid}&gid={self.gid}"

    def url_parts(self, host_folder: str) -> tuple[str, str]:
        """What comes before and after a name inside `host_folder` in its URL."""
        before, after = self.url(join(host_folder, "N")).rsplit("?", 1)
        return before[:-1], "?" + after

    def as_dict(self) -> dict:
        return {"kind": self.kind, "port": self.port, "folder": self.folder, "uid": self.uid, "gid": self.gid,
                "writable": self.writable}


@dataclass(frozen=True)
class NfsUnusable:
    """The host's NFS service that no copy goes through, and why (the NFS method words it): "refused" (no export
    lets this computer see the folder), "owner" (its files are another user's), "ids" (the login's user and group
    numbers are not known), "unreachable"."""

    why: str

    kind = "nfs"

    def as_dict(self) -> dict:
        return {"kind": self.kind, "unusable": self.why}


@dataclass(eq=False)
class NfsExports:
    """A session's look at the host's NFS exports, kept for the session: each folder checked once."""

    session: "Session"
    _checked: Once = field(default_factory=Once)

    async def covering(self, host_paths: list[str], write: bool, allow_insecure: bool
                       ) -> tuple[list[NfsRoot], list[NfsUnusable]]:
        """The NFS root for the folder that receives an upload (`write`: `host_paths` ends with it) or holds a
        download's sources, or why there is none; nothing where unencrypted methods are not allowed (NFS's only
        method is one), the host serves no NFS or this computer has no libnfs client."""
        if not allow_insecure:
            return [], []
        found_here = await service_and_folder(self.session, host_paths, write, "nfs", "nfs-cp")
        if found_here is None:
            return [], []
        service, folder = found_here
        root = await self._checked.get((folder, write), lambda: self._check(folder, service.port, write))
        return ([root], []) if isinstance(root, NfsRoot) else ([], [root])

    async def _check(self, folder: str, port: int, write: bool) -> NfsRoot | NfsUnusable:
        session = self.session
        try:
            uid, gid = await login_ids(session)
            if uid is None or gid is None:
                return NfsUnusable("ids")
            root = NfsRoot(folder, session.listen_address, port, uid, gid)
            return await (_found if write else _found_reading)(session, root)
        except (TransferError, asyncssh.Error, OSError):
            return NfsUnusable("unreachable")

    def cancel_now(self) -> None:
        self._checked.cancel_now()

    async def cancel(self) -> None:
        await self._checked.cancel()


async def login_ids(session: "Session") -> tuple[int | None, int | None]:
    """The login's user and group numbers: from the capability script where the account has a shell, else the
    owner of its home (SFTP)."""
    uid, gid = session.remote.uid, session.remote.gid
    if uid is not None and gid is not None:
        return uid, gid
    sftp = await session.files.sftp()
    attrs = await sftp.stat(os.fsencode(await session.files.home()))
    return (uid if uid is not None else attrs.uid), (gid if gid is not None else attrs.gid)


async def _found(session: "Session", root: NfsRoot) -> NfsRoot | NfsUnusable:
    """For an upload: an empty probe written through NFS into the folder must land there as the login's own."""
    probe = file_owner.probe_name()
    with tempfile.TemporaryDirectory(prefix="transfer-advisor-") as here:
        empty = Path(here, probe)
        empty.touch()
        code, out = await run_client(["nfs-cp", str(empty), root.url(join(root.folder, probe))])
    if code != 0:
        # (MNT3ERR_ACCES: no export lets this computer in there; NFS3ERR_ACCES on the create: shown, not written)
        return replace(root, writable=False) if "NFS3ERR_" in out else NfsUnusable(_why(out))
    mine = await file_owner.is_logins(session, join(root.folder, probe), remove=True)
    return replace(root, writable=True) if mine else NfsUnusable("owner")


async def _found_reading(session: "Session", root: NfsRoot) -> NfsRoot | NfsUnusable:
    """For a download (nothing written anywhere): NFS must list, in the sources' folder, the names the host does
    there (its visible names without a line break or `?`, up to COMPARED_NAMES)."""
    names = await session.files.names_in(root.folder)
    wanted = sorted(n for n in names if not n.startswith(".") and carries(n) and "\n" not in n)[:COMPARED_NAMES]
    if not wanted:
        return NfsUnusable("refused")
    code, out = await run_client(["nfs-ls", root.url(root.folder)])
    if code != 0:
        return NfsUnusable(_why(out))
    listed = set(listed_names(out))
    return root if all(n in listed for n in wanted) else NfsUnusable("refused")


def _why(out: str) -> str:
    return "refused" if "ACCES" in out or "MNT3ERR" in out or "AUTH" in out else "unreachable"


# nfs-ls's line for an entry: mode, links, uid, gid, size, then the name (to the line's end)
_LISTED = re.compile(r"^[-dlcbps][-rwxsStT]{9}\s+\d+\s+\d+\s+\d+\s+\d+ (.*)$")


def listed_names(out: str) -> list[str]:
    """The names in nfs-ls's listing of a folder (a name with a line break is cut there: not compared)."""
    return [m.group(1) for line in out.splitlines() if (m := _LISTED.match(line))]


async def run_client(argv: list[str]) -> tuple[int, str]:
    """Run a libnfs tool: (exit status, what it printed on both outputs). One that does not finish in time is
    ended (TransferError, as a host that did not answer)."""
    from app.core.runner import run
    code, out, err = await run(argv, b"", CHECK_SECONDS, {"LC_ALL": "C"})
    return code, out.decode(errors="surrogateescape") + err
