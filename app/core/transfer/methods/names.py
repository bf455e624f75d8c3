"""Each method's name and one-line summary as people read them, in their language (app.core.language).
Tool names stay as they are typed (tar, ssh, rsync, scp, sftp, netcat)."""

from __future__ import annotations

from app.core.language import Words


class Methods(Words):
    """The methods' names and summaries (the translator's context)."""


def label(method_id: str) -> str:
    return {
        "tar-ssh": Methods.tr("tar over ssh"),
        "rsync-ssh": Methods.tr("rsync over ssh"),
        "scp": "scp",
        "scp-legacy": Methods.tr("scp -O (old protocol)"),
        "sftp": "sftp",
        "ssh-cat": Methods.tr("ssh cat (one file)"),
        "tar-nc": Methods.tr("tar over netcat (insecure)"),
        "rsync-daemon": Methods.tr("rsync daemon (insecure)"),
        "mounted": Methods.tr("the share mounted here"),
        "mounted-plain": Methods.tr("the share mounted here (insecure)"),
        "rsync-service": Methods.tr("the host's rsync service (insecure)"),
        "ftps": Methods.tr("the host's FTP service with TLS (FTPS)"),
        "ftp": Methods.tr("the host's FTP service (insecure)"),
        "smb-encrypted": Methods.tr("the host's SMB share, encrypted (SMB3)"),
        "smb": Methods.tr("the host's SMB share (insecure)"),
        "nfs": Methods.tr("the host's NFS export (insecure)"),
    }.get(method_id, method_id)


def summary(method_id: str) -> str:
    return {
        "tar-ssh": Methods.tr("Streams one tar archive through ssh: no per-file round trips, best for many small "
                              "files."),
        "rsync-ssh": Methods.tr("rsync through ssh: copies only what changed and can resume; a little per-file "
                                "overhead."),
        "scp": Methods.tr("OpenSSH's secure copy: simple and everywhere, but slow with many small files."),
        "scp-legacy": Methods.tr("scp's old protocol: no SFTP requests, the host's scp writes each file; slow with "
                                 "many small files."),
        "sftp": Methods.tr("OpenSSH's file transfer protocol: secure and resumable, slow with many small files."),
        "ssh-cat": Methods.tr("Pipes a single file through ssh with no file protocol on top; only for one regular "
                              "file."),
        "tar-nc": Methods.tr("Streams tar over plain TCP: no encryption cost, so a weak NAS CPU is no limit. "
                             "Unencrypted."),
        "rsync-daemon": Methods.tr("rsync's own protocol on plain TCP: no encryption cost, keeps rsync's features. "
                                   "Unencrypted."),
        "mounted": Methods.tr("Copies onto the host's share that this computer has mounted (sshfs, SMB3 with "
                              "encryption): no login, the mount's own encrypted protocol carries the files."),
        "mounted-plain": Methods.tr("Copies onto the host's share that this computer has mounted (SMB, NFS): no "
                                    "login and no encryption cost. Unencrypted."),
        "rsync-service": Methods.tr("rsync's own protocol to the rsync service the host already runs (port 873): "
                                    "nothing to start, no encryption cost. Unencrypted."),
        "ftps": Methods.tr("Uploads to the FTP service the host already runs, with TLS on the commands and the "
                           "files; its certificate is checked through ssh. Slow with many small files."),
        "ftp": Methods.tr("Uploads to the FTP service the host already runs: no encryption cost, but the files "
                          "and the password cross in clear. Unencrypted."),
        "smb-encrypted": Methods.tr("Writes into the host's SMB share (Windows file sharing) with SMB3 encryption, "
                                    "its keys from your password. Slow with many small files."),
        "smb": Methods.tr("Writes into the host's SMB share (Windows file sharing): no encryption cost, but the "
                          "files cross in clear. Unencrypted."),
        "nfs": Methods.tr("Writes into the host's NFS export, several files at a time: no encryption cost and "
                          "little CPU on the NAS, but the files cross in clear and the NAS trusts this computer "
                          "to name the account. Unencrypted."),
    }.get(method_id, "")
