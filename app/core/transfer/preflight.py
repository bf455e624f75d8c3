"""Before a copy starts: the names can land, the method can run here with this selection, the
destination can take it, and an rsync module named by the user is found in its daemon's config."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core import quoting
from app.core.transfer import rsyncd
from app.core.errors import ErrorKind, TransferError
from app.core.formatting import size
from app.core.transfer.methods.base import Context, DaemonModule, Method
from app.core.selection.entries import Selection

if TYPE_CHECKING:
    from app.core.host.session import Session
    from app.core.transfer.engine import CopyRequest


def check_names(selection: Selection) -> None:
    names = selection.names
    if any(n in ("", "/", ".", "..") for n in names):
        raise TransferError(ErrorKind.USAGE, "A source resolves to a filesystem root or '..'; name the folder to copy.")
    ours = [n for n in names if n.startswith(".transfer-advisor-")]
    if ours:
        raise TransferError(ErrorKind.USAGE,
                            f"{ours[0]!r} is one of Transfer Advisor's own working folders; copy what is "
                            "inside it instead, or rename it.")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise TransferError(ErrorKind.USAGE,
                            f"Two sources are both named {twice[0]!r} and would land on the same place; "
                            "copy them in separate runs or rename one.")


def check_method(session: "Session", method: Method, req: "CopyRequest", selection: Selection,
                  paths: list[str]) -> None:
    single = len(selection.entries) == 1 and selection.entries[0].kind == "file"
    ctx = Context(session.local, session.remote, req.options, req.allow_insecure, selection.names, single, paths,
                  entry_paths=[e.path for e in selection.entries], link_kinds=selection.link_kinds())
    reason = method.unavailable(ctx)
    if reason:
        kind = (ErrorKind.INSECURE_NOT_ALLOWED if not method.secure and not req.allow_insecure else
                ErrorKind.UNAVAILABLE)
        raise TransferError(kind, f"{method.label} cannot be used here: it {reason}."
                            if not reason.startswith(("`", "the ", "its ")) else
                            f"{method.label} cannot be used here: {reason}; choose another method.")


async def check_destination(session: "Session", selection: Selection, dest: str, download: bool) -> None:
    caps = session.local if download else session.remote
    where = dest if download else f"{session.host.label}:{dest}"
    if caps.dest_writable is False:
        raise TransferError(ErrorKind.DEST_UNWRITABLE, f"{where} cannot be written; choose a folder you can write to.")
    needed = selection.bytes_on_disk()
    free = caps.dest_free_bytes
    if free is None and not download:  # no shell asked: SFTP's statvfs, where the server has it
        space = await session.files.space(dest)
        free = space.bytes_free if space else None
    if free is not None and free < needed:
        raise TransferError(ErrorKind.DEST_FULL,
                            f"{where} has {size(free)} free but the selection needs {size(needed)}; "
                            "free some space or choose another folder.")


async def daemon_module(session: "Session", method: Method, req: "CopyRequest",
                         remote_paths: list[str]) -> DaemonModule | None:
    if req.rsync_module is None:
        return None
    if method.id != "rsync-daemon":
        raise TransferError(ErrorKind.USAGE,
                            "--rsync-module goes with --method rsync-daemon; add it or drop the module.")
    result = await session.run(quoting.sh_command('cat -- "$1"', req.rsyncd_conf))
    if result.exit_status != 0:
        raise TransferError(ErrorKind.USAGE, f"The rsync daemon config {req.rsyncd_conf} could not be read on "
                            f"{session.host.label}; pass its location with --rsyncd-conf.",
                            (result.stderr or b"").decode(errors="replace"))
    module = rsyncd.module_for((result.stdout or b"").decode("utf-8", "surrogateescape"), req.rsync_module,
                               req.rsync_port, req.rsyncd_conf, session.host.label)
    for path in remote_paths:
        if path != module.path and not path.startswith(module.path.rstrip("/") + "/"):
            raise TransferError(ErrorKind.USAGE, f"{path} is outside the rsync module '{module.name}' ({module.path}); "
                                "choose a path inside it.")
    return module
