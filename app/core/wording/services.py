"""What else a host serves and which of its shares are mounted here, in words (the host step, `methods`)."""

from __future__ import annotations

from app.core.host.services import Mount, Service
from app.core.host.share_roots import ShareRoot, Unmapped
from app.core.language import Words


class ServiceWords(Words):
    """A host's other services and its shares mounted here (the translator's context)."""


def service_words(s: Service) -> str:
    """"SMB", "FTP with TLS (FTPS)", "an rsync service (photos, backup)"."""
    if s.kind == "ftp":
        return ServiceWords.tr("FTP with TLS (FTPS)") if s.tls else ServiceWords.tr("FTP (unencrypted)")
    if s.kind == "rsync" and s.modules:
        return ServiceWords.tr("an rsync service ({modules})", modules=", ".join(s.modules))
    if s.kind == "rsync":
        return ServiceWords.tr("an rsync service")
    return {"smb": ServiceWords.tr("SMB (Windows file sharing)"), "nfs": ServiceWords.tr("NFS")}.get(s.kind, s.kind)


def also_serves(found: list[Service]) -> str:
    """"Also serves SMB (Windows file sharing), FTP with TLS (FTPS)."; "" when it serves none of them."""
    if not found:
        return ""
    return ServiceWords.tr("Also serves {services}.", services=", ".join(service_words(s) for s in found))


def mount_words(m: Mount) -> str:
    """"/mnt/photos (SMB, unencrypted)"."""
    kind = {"smb": "SMB", "nfs": "NFS", "sshfs": "sshfs", "gvfs-smb": ServiceWords.tr("SMB, by the file manager"),
            "gvfs-sftp": ServiceWords.tr("SFTP, by the file manager"),
            "gvfs-ftp": ServiceWords.tr("FTP, by the file manager"),
            "gvfs-nfs": ServiceWords.tr("NFS, by the file manager")}.get(m.kind, m.kind)
    if m.encrypted:
        return ServiceWords.tr("{path} ({kind}, encrypted)", path=m.path, kind=kind)
    return ServiceWords.tr("{path} ({kind}, unencrypted)", path=m.path, kind=kind)


def mounted_here(mounts: list[Mount], roots: list[ShareRoot] | None = None,
                 unmapped: list[Unmapped] | None = None) -> str:
    """"Mounted here: /mnt/photos (SMB, unencrypted)."; "" when none of its shares is. With what the mounts
    were found to show (`roots`, `unmapped`), each says the host's folder a copy through it reaches, or why
    no copy goes through it: "/mnt/nas (sshfs, encrypted): the host's /srv/photos"."""
    if not mounts:
        return ""
    shows = {r.mount: r for r in roots or []}
    why = {u.mount: u.why for u in unmapped or []}

    def said(m: Mount) -> str:
        if m in shows and shows[m].foreign:
            return ServiceWords.tr("{mount}: the host's {folder}, only to fetch from (what it writes belongs to "
                                   "another user of the host than the login)", mount=mount_words(m),
                                   folder=shows[m].folder)
        if m in shows:
            return ServiceWords.tr("{mount}: the host's {folder}", mount=mount_words(m), folder=shows[m].folder)
        if m in why:
            return ServiceWords.tr("{mount}: not used for copies, {why}", mount=mount_words(m),
                                   why=not_used_because(why[m]))
        return mount_words(m)
    separator = "; " if roots or unmapped else ", "
    return ServiceWords.tr("Mounted here: {mounts}.", mounts=separator.join(said(m) for m in mounts))


def not_used_because(why: str) -> str:
    """Why no copy goes through a mount of the host (app.core.host.share_roots.Unmapped.why)."""
    return {"different": ServiceWords.tr("as it does not show the host's folder its name gives"),
            "unreadable": ServiceWords.tr("as the host's folder it names could not be read"),
            "unknown-share": ServiceWords.tr("as which folder of the host it shows is not known"),
            "kind": ServiceWords.tr("as which folder of the host it shows is not known")}.get(why, why)


def rsync_modules_said(rows: list[dict]) -> str:
    """The modules of the host's rsync service that hold the destination, as `methods --json` has them
    (app.core.host.rsync_modules: ModuleRoot.as_dict, Unusable.as_dict): "Its rsync service: module backup,
    the host's /srv/backup; module photos, the host's /srv/photos, only to fetch from (…)."; "" for none.
    Why one is not used at all is the rsync-service method's reason, said beside it."""
    said = []
    for row in rows:
        if row.get("kind") != "rsync":
            continue
        where = ServiceWords.tr("module {module}, the host's {folder}", module=row["module"], folder=row["folder"])
        if "unusable" in row:
            said.append(ServiceWords.tr("{module}, not used", module=where))
        elif not row.get("writable"):
            said.append(ServiceWords.tr("{module}, only to fetch from (a file written through it is not this "
                                        "account's own, or it takes no writes)", module=where))
        else:
            said.append(where)
    return ServiceWords.tr("Its rsync service: {modules}.", modules="; ".join(said)) if said else ""


def ftp_said(rows: list[dict]) -> str:
    """The host's FTP service as `methods --json` has it under "shares" (app.core.host.ftp_logins: FtpRoot.as_dict,
    FtpUnusable.as_dict): "Its FTP service: with TLS, the destination's folder /volume1/photo shown as /photo
    (certificate SHA-256 AB:CD:…); in clear, the same."; "" for none. Why one is not used is its method's reason."""
    said = []
    for row in rows:
        if row.get("kind") not in ("ftp", "ftps"):
            continue
        how = ServiceWords.tr("with TLS") if row["kind"] == "ftps" else ServiceWords.tr("in clear")
        if "unusable" in row:
            said.append(ServiceWords.tr("{how}, not used", how=how))
            continue
        where = ServiceWords.tr("{how}, the host's {folder} shown as {ftp_folder}", how=how, folder=row["folder"],
                                ftp_folder=row["ftp_folder"])
        if row.get("certificate"):
            where += " " + ServiceWords.tr("(certificate SHA-256 {fingerprint}, checked on the host over ssh)",
                                           fingerprint=row["certificate"])
        if not row.get("writable"):
            where += ", " + ServiceWords.tr("taking no uploads of this account's")
        said.append(where)
    return ServiceWords.tr("Its FTP service: {ways}.", ways="; ".join(said)) if said else ""


def smb_said(rows: list[dict]) -> str:
    """The host's SMB shares as `methods --json` has them under "shares" (app.core.host.smb_shares: SmbRoot.as_dict,
    SmbUnusable.as_dict): "Its SMB service: encrypted, the host's /volume1/photo as the share photo; unencrypted, the
    same."; "" for none. Why one is not used is its method's reason."""
    said = []
    for row in rows:
        if row.get("kind") not in ("smb", "smb-encrypted"):
            continue
        how = ServiceWords.tr("encrypted") if row["kind"] == "smb-encrypted" else ServiceWords.tr("unencrypted")
        if "unusable" in row:
            said.append(ServiceWords.tr("{how}, not used", how=how))
            continue
        where = (ServiceWords.tr("{how}, the host's {folder} as {path} in the share {share}", how=how,
                                 folder=row["folder"], path=row["share_folder"], share=row["share"])
                 if row["share_folder"] else
                 ServiceWords.tr("{how}, the host's {folder} as the share {share}", how=how, folder=row["folder"],
                                 share=row["share"]))
        if not row.get("writable"):
            where += ", " + ServiceWords.tr("taking no uploads of this account's")
        said.append(where)
    return ServiceWords.tr("Its SMB service: {ways}.", ways="; ".join(said)) if said else ""


def nfs_said(rows: list[dict]) -> str:
    """The host's NFS export as `methods --json` has it under "shares" (app.core.host.nfs_exports: NfsRoot.as_dict,
    NfsUnusable.as_dict): "Its NFS service: the host's /volume1/photo, written as user 1026 group 100."; "" for
    none. Why one is not used is its method's reason."""
    said = []
    for row in rows:
        if row.get("kind") != "nfs":
            continue
        if "unusable" in row:
            said.append(ServiceWords.tr("not used"))
            continue
        where = ServiceWords.tr("the host's {folder}, as user {uid} group {gid}", folder=row["folder"],
                                uid=row["uid"], gid=row["gid"])
        if not row.get("writable"):
            where += ", " + ServiceWords.tr("taking no uploads of this account's")
        said.append(where)
    return ServiceWords.tr("Its NFS service (NFSv3, unencrypted): {ways}.", ways="; ".join(said)) if said else ""


def module_password_prompt(user: str, module: str, host: str) -> str:
    """What the window asks where a module of the host's rsync service takes none of the passwords it knows."""
    return ServiceWords.tr("The rsync service of {host} asks for the password of {user} for its module {module} "
                           "(it is not sent in clear; the files are, as you allowed unencrypted methods). Cancel to "
                           "copy without this service:", host=host, user=user, module=module)


def ftp_password_prompt(user: str, host: str) -> str:
    """What the window asks where the host's FTP service takes none of the passwords the app knows."""
    return ServiceWords.tr("The FTP service of {host} asks for the password of {user} (with TLS where it offers it; "
                           "in clear where you allowed unencrypted methods). Cancel to copy without this service:",
                           host=host, user=user)


def ftp_password_terminal_prompt(user: str, host: str) -> str:
    """What the command line asks at a terminal where the host's FTP service takes none of the passwords it knows."""
    return ServiceWords.tr("Password of {user} for the FTP service of {host} (Enter to copy without this service): ",
                           user=user, host=host)


def smb_password_prompt(user: str, host: str) -> str:
    """What the window asks where the host's SMB shares take none of the passwords the app knows."""
    return ServiceWords.tr("The SMB shares of {host} ask for the password of {user} (it is not sent: SMB proves it, "
                           "and the encryption's keys come from it). Cancel to copy without them:",
                           host=host, user=user)


def smb_password_terminal_prompt(user: str, host: str) -> str:
    """What the command line asks at a terminal where the host's SMB shares take none of the passwords it knows."""
    return ServiceWords.tr("Password of {user} for the SMB shares of {host} (Enter to copy without them): ",
                           user=user, host=host)


def module_password_terminal_prompt(user: str, module: str, host: str) -> str:
    """What the command line asks at a terminal where a module of the host's rsync service takes none of the
    passwords it knows (the answer is not echoed)."""
    return ServiceWords.tr("Password of {user} for the module {module} of the rsync service of {host} (not sent in "
                           "clear; the files are; Enter to copy without this service): ", user=user, module=module,
                           host=host)
