"""Before a copy starts: the names can land, the method can run here with this selection, the
destination can take it, and an rsync module named by the user is found in its daemon's config."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core import quoting
from app.core.transfer import rsyncd
from app.core.errors import (destination_too_small, destination_unwritable, method_unusable, module_without_daemon,
                             outside_module, rsyncd_conf_unreadable, source_is_a_root, source_is_ours,
                             sources_share_a_name)
from app.core.host.ftp_logins import FtpRoot, FtpUnusable
from app.core.host.nfs_exports import NfsRoot, NfsUnusable
from app.core.host.smb_shares import SmbRoot, SmbUnusable
from app.core.host.rsync_modules import ModuleRoot, Unusable
from app.core.host.share_roots import ShareRoot, covering
from app.core.tasks import both
from app.core.transfer.methods.base import Context, DaemonModule, Method
from app.core.selection.entries import Selection

if TYPE_CHECKING:
    from app.core.host.session import Session
    from app.core.transfer.engine import CopyRequest


def check_names(selection: Selection) -> None:
    names = selection.names
    if any(n in ("", "/", ".", "..") for n in names):
        raise source_is_a_root()
    ours = [n for n in names if n.startswith(".transfer-advisor-")]
    if ours:
        raise source_is_ours(ours[0])
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise sources_share_a_name(twice[0])


async def shares_for(session: "Session", host_paths: list[str], write: bool, allow_insecure: bool,
                     kinds: frozenset[str] | None = None, encrypted: bool | None = None
                     ) -> tuple[ShareRoot | ModuleRoot | Unusable, ...]:
    """The host's shares, each a way a copy can go: its shares mounted here (all of them: a method through one
    says when none holds these paths of the host; for a copy that writes, those that hold them checked for
    whose files they make), and, where unencrypted methods are allowed (their only method is one), the modules
    of the rsync service it runs that hold these paths, checked for a copy that writes or not, with those that
    cannot be used (their method says why); and the FTP service's view of these paths
    (app.core.host.ftp_logins), the SMB share's (app.core.host.smb_shares) and the NFS export's
    (app.core.host.nfs_exports). All looked at side by side. `kinds`: only these kinds of share
    (Method.share_kind; a copy with one method asks no password of another service); `encrypted` True or False:
    of a service with an encrypted and a plain way (FTP: with TLS and without), only that way is looked at."""
    async def modules() -> tuple[list[ModuleRoot], list[Unusable]]:
        if not allow_insecure or not host_paths or (kinds is not None and "rsync" not in kinds):
            return [], []
        return await session.served.modules.covering(host_paths, write)
    async def mounts() -> list[ShareRoot]:
        if kinds is not None and "mount" not in kinds:
            return []
        roots, _ = await session.served.shares()
        if not write:
            return roots
        # Whose files a mount that holds the destination makes: only then, as a copy would write through it.
        return [await session.served.write_checks.checked(r) if r.mount.writable and covering([r], host_paths) else r
                for r in roots]
    async def ftp() -> tuple[list[FtpRoot], list[FtpUnusable]]:
        if not host_paths or (kinds is not None and "ftp" not in kinds):
            return [], []
        return await session.served.ftp.covering(host_paths, write, allow_insecure, encrypted)
    async def smb() -> tuple[list[SmbRoot], list[SmbUnusable]]:
        if not host_paths or (kinds is not None and "smb" not in kinds):
            return [], []
        return await session.served.smb.covering(host_paths, write, allow_insecure)
    async def nfs() -> tuple[list[NfsRoot], list[NfsUnusable]]:
        if not host_paths or (kinds is not None and "nfs" not in kinds):
            return [], []
        return await session.served.nfs.covering(host_paths, write, allow_insecure)
    ((mounted, (served, unusable)),
     ((ftp_roots, ftp_unusable), ((smb_roots, smb_unusable), (nfs_roots, nfs_unusable)))) = await both(
        both(mounts(), modules()), both(ftp(), both(smb(), nfs())))
    return (*mounted, *served, *ftp_roots, *smb_roots, *nfs_roots, *unusable, *ftp_unusable, *smb_unusable,
            *nfs_unusable)


def check_method(session: "Session", method: Method, req: "CopyRequest", selection: Selection,
                  paths: list[str], shares: tuple[ShareRoot | ModuleRoot | Unusable, ...] = ()) -> None:
    single = len(selection.entries) == 1 and selection.entries[0].kind == "file"
    ctx = Context(session.local, session.remote, req.options, req.allow_insecure, selection.names, single, paths,
                  entry_paths=[e.path for e in selection.entries], link_kinds=selection.link_kinds(), shares=shares)
    reason = method.unavailable(ctx)
    if reason:
        raise method_unusable(method.label, reason, insecure_refused=not method.secure and not req.allow_insecure)


async def check_destination(session: "Session", selection: Selection, dest: str, download: bool) -> None:
    caps = session.local if download else session.remote
    where = dest if download else f"{session.host.label}:{dest}"
    if caps.dest_writable is False:
        raise destination_unwritable(where)
    needed = selection.bytes_on_disk()
    free = caps.dest_free_bytes
    if free is None and not download:  # no shell asked: SFTP's statvfs, where the server has it
        space = await session.files.space(dest)
        free = space.bytes_free if space else None
    if free is not None and free < needed:
        raise destination_too_small(where, free, needed)


async def daemon_module(session: "Session", method: Method, req: "CopyRequest",
                         remote_paths: list[str]) -> DaemonModule | None:
    if req.rsync_module is None:
        return None
    if method.id != "rsync-daemon":
        raise module_without_daemon()
    result = await session.run(quoting.sh_command('cat -- "$1"', req.rsyncd_conf))
    if result.exit_status != 0:
        raise rsyncd_conf_unreadable(req.rsyncd_conf, session.host.label,
                                     (result.stderr or b"").decode(errors="replace"))
    module = rsyncd.module_for((result.stdout or b"").decode("utf-8", "surrogateescape"), req.rsync_module,
                               req.rsync_port, req.rsyncd_conf, session.host.label)
    for path in remote_paths:
        if path != module.path and not path.startswith(module.path.rstrip("/") + "/"):
            raise outside_module(path, module.name, module.path)
    return module
