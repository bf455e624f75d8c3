"""The transfer methods, one module each. `METHODS` is the registry, in a sensible display order."""

from __future__ import annotations

from app.core.errors import no_such_method
from app.core.transfer.methods.base import Context, Job, Method, Plan
from app.core.transfer.methods.ftp import FtpsUpload, FtpUpload
from app.core.transfer.methods.mounted import Mounted, MountedPlain
from app.core.transfer.methods.nfs import Nfs
from app.core.transfer.methods.rsync_daemon import RsyncDaemon
from app.core.transfer.methods.rsync_service import RsyncService
from app.core.transfer.methods.rsync_ssh import RsyncOverSsh
from app.core.transfer.methods.scp import Scp, ScpLegacy
from app.core.transfer.methods.sftp import Sftp
from app.core.transfer.methods.smb import SmbEncrypted, SmbPlain
from app.core.transfer.methods.ssh_cat import SshCat
from app.core.transfer.methods.tar_nc import TarOverNetcat
from app.core.transfer.methods.tar_ssh import TarOverSsh

METHODS: dict[str, Method] = {m.id: m for m in (
    Scp(), ScpLegacy(), Sftp(), RsyncOverSsh(), TarOverSsh(), SshCat(), RsyncDaemon(), TarOverNetcat(), Mounted(),
    MountedPlain(), RsyncService(), FtpsUpload(), FtpUpload(), SmbEncrypted(), SmbPlain(), Nfs())}


def get(method_id: str) -> Method:
    try:
        return METHODS[method_id]
    except KeyError:
        raise no_such_method(method_id, list(METHODS)) from None


__all__ = ["METHODS", "Context", "Job", "Method", "Plan", "get"]
