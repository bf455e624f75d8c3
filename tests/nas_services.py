"""The services a NAS runs besides ssh, started for real on one loopback address of their own, each on its
standard port (445, 21, 873) unless given another: Samba's smbd, vsftpd (with explicit TLS or without), an
rsync daemon with one listed and one unlisted module. Each listens on that address only and is stopped in
steps (tests only: the app never starts these). Ports under 1024 need root."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from app.core.demo.host import START_TIMEOUT, wait_for_port
from app.core.runner import stop_server

LOGIN = pwd.getpwuid(os.getuid()).pw_name  # the test sshd's login, and the rsync service's account
RSYNC_SECRET = "rsync-module-secret"     # that account's password at the rsync service (a throwaway)
SMBD = shutil.which("smbd") or "/usr/sbin/smbd"
VSFTPD = shutil.which("vsftpd") or "/usr/sbin/vsftpd"


def missing() -> list[str]:
    """The servers this machine lacks (`make test` installs them: packaging/install-deps.sh)."""
    return [name for name, path in (("smbd", SMBD), ("vsftpd", VSFTPD), ("rsync", shutil.which("rsync") or ""),
                                    ("openssl", shutil.which("openssl") or "")) if not os.path.exists(path)]


def worker_address(base: int) -> str:
    """A loopback address of this test worker's own (pytest-xdist runs workers side by side): 127.0.0.<base+n>."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return f"127.0.0.{base + int(worker[2:] or 0)}"


@dataclass
class Server:
    name: str
    address: str
    port: int
    proc: subprocess.Popen
    root: Path

    def stop(self) -> None:
        stop_server(self.proc)


@dataclass
class FtpNas:
    """The FTP NAS of the tests (tests/conftest.py `ftp_nas`): its address, the ssh configs that reach its account
    with the password and with a key (alias `ftpnas`), and its vsftpd."""

    address: str
    password_config: Path
    key_config: Path
    server: Server


@dataclass
class SmbNas:
    """The SMB NAS of the tests (tests/conftest.py `smb_nas`): its address, the ssh configs that reach its account
    with the password and with a key (alias `smbnas`), its smbd, and its two shares for the account: `photo` in
    RAM (the account's home/photo) and `nasdisk` on the real disk, each the folder of its name."""

    address: str
    password_config: Path
    key_config: Path
    server: Server
    shares: dict[str, Path]


@dataclass
class NasServices:
    servers: list[Server] = field(default_factory=list)

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


def _start(name: str, argv: list[str], root: Path, address: str, port: int, prefix: Sequence[str] = (),
           timeout: float = START_TIMEOUT) -> Server:
    """`prefix`: what runs it where it belongs (the lab's `ip netns exec` and cgroup join); `timeout`: longer where
    that gives it a few % of a core (smbd took more than 10 s to listen on the lab's starved NAS)."""
    with open(root / f"{name}.log", "ab") as log:
        proc = subprocess.Popen([*prefix, *argv], stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                start_new_session=True)
    try:
        wait_for_port(port, timeout, proc=proc, host=address)
    except RuntimeError:
        stop_server(proc)
        raise RuntimeError(f"{name} did not start: {(root / f'{name}.log').read_text(errors='replace')[-2000:]}")
    return Server(name, address, port, proc, root)


def start_samba(root: Path, address: str, port: int = 445, prefix: Sequence[str] = (), mask: int = 8,
                share: Path | None = None, timeout: float = START_TIMEOUT, shares: dict[str, Path] | None = None,
                accounts: Sequence[tuple[str, str]] = (), encrypts: bool = True) -> Server:
    """smbd in the foreground with one share (`share`, else a folder of its own), its state under `root`, bound
    to `address` only; `mask`: that of the network the address is on (lo's 127.0.0.0/8 by default). `shares`:
    writable shares (name → folder) besides it, for `accounts` (name, password: in Samba's own password database,
    as a NAS keeps its accounts' passwords for SMB); `encrypts` False: a server that refuses to encrypt."""
    root = root / "samba"
    for folder in ("private", "lock", "state", "cache", "pid", "ncalrpc", "photos"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    conf = root / "smb.conf"
    # smbd binds the interfaces it is given; an address with its network's mask names the one that holds it
    # (an address of lo's 127.0.0.0/8 other than 127.0.0.1 is no interface's own, yet smbd binds it alone).
    conf.write_text(
        f"[global]\n  interfaces = {address}/{mask}\n  bind interfaces only = yes\n  smb ports = {port}\n"
        + "".join(f"  {key} = {root / folder}\n" for key, folder in (
            ("private dir", "private"), ("lock directory", "lock"), ("state directory", "state"),
            ("cache directory", "cache"), ("pid directory", "pid"), ("ncalrpc dir", "ncalrpc")))
        + f"  log file = {root}/log.%m\n  server role = standalone server\n  disable netbios = yes\n"
        "  load printers = no\n  disable spoolss = yes\n  printcap name = /dev/null\n"
        + ("" if encrypts else "  server smb encrypt = off\n")
        + f"[photos]\n  path = {share or root / 'photos'}\n"
        # (names ending .vetoed are refused, as a NAS's "veto files" does: a file the server will not take)
        + "".join(f"[{name}]\n  path = {folder}\n  read only = no\n  veto files = /*.vetoed/\n"
                  for name, folder in (shares or {}).items()))
    for name, password in accounts:
        subprocess.run(["smbpasswd", "-c", str(conf), "-s", "-a", name], input=f"{password}\n{password}\n",
                       text=True, check=True, capture_output=True, timeout=60)
    return _start("smbd", [SMBD, "--foreground", "--no-process-group", f"--configfile={conf}", "--debug-stdout"],
                  root, address, port, prefix, timeout)


def start_vsftpd(root: Path, address: str, port: int = 21, tls: bool = False, prefix: Sequence[str] = (),
                 timeout: float = START_TIMEOUT, tls_only: bool = False, read_only: bool = False) -> Server:
    """vsftpd in the foreground for local accounts (anonymous logins refused), taking their uploads as a NAS's FTP
    service does (none where `read_only`), offering explicit TLS when `tls` (plain FTP stays allowed, as on most
    NAS systems, unless `tls_only`: logins and files only with TLS, a NAS's "force TLS")."""
    root = root / ("vsftpd-tls-only" if tls_only else "vsftpd-tls" if tls else "vsftpd")
    empty = root / "empty"
    empty.mkdir(parents=True, exist_ok=True)
    os.chmod(empty, 0o755)
    lines = ["listen=YES", "listen_ipv6=NO", f"listen_address={address}", f"listen_port={port}", "background=NO",
             "anonymous_enable=NO", "local_enable=YES", f"write_enable={'NO' if read_only else 'YES'}",
             "local_umask=022",
             f"secure_chroot_dir={empty}", "seccomp_sandbox=NO",
             "xferlog_enable=YES", "xferlog_std_format=NO", f"vsftpd_log_file={root}/vsftpd.log"]  # (logins, files)
    if tls:
        cert, key = root / "cert.pem", root / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-subj", "/CN=nas.test", "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True, timeout=60)
        lines += ["ssl_enable=YES", f"rsa_cert_file={cert}", f"rsa_private_key_file={key}",
                  f"force_local_logins_ssl={'YES' if tls_only else 'NO'}",
                  f"force_local_data_ssl={'YES' if tls_only else 'NO'}"]
    conf = root / "vsftpd.conf"
    conf.write_text("\n".join(lines) + "\n")
    os.chmod(conf, 0o600)  # vsftpd refuses a config others may write
    return _start("vsftpd", [VSFTPD, str(conf)], root, address, port, prefix, timeout)


def start_rsync_service(root: Path, address: str, port: int = 873) -> Server:
    """An rsync daemon as a NAS runs one, as root: `photos` listed to anyone (read-only), `private` not listed,
    `backup` for this user's account (password RSYNC_SECRET) writing as this user, as a Synology's modules do,
    `shared` open to anyone and writing as nobody (no `uid` named), and `office` letting in only another
    computer (an address no test sends to; rsync lists it to anyone, and tells one it does not let in that it
    is "unknown" where it is not listed)."""
    root = root / "rsyncd"
    for module in ("photos", "private", "backup", "shared", "office"):
        (root / module).mkdir(parents=True, exist_ok=True)
    os.chmod(root / "shared", 0o777)
    secrets = root / "secrets"
    secrets.write_text(f"{LOGIN}:{RSYNC_SECRET}\n")
    os.chmod(secrets, 0o600)
    conf = root / "rsyncd.conf"
    conf.write_text(f"port = {port}\naddress = {address}\npid file = {root}/rsyncd.pid\nuse chroot = no\n"
                    f"[photos]\n  path = {root / 'photos'}\n  comment = Holiday photos\n"
                    f"[private]\n  path = {root / 'private'}\n  list = no\n"
                    f"[backup]\n  path = {root / 'backup'}\n  read only = false\n  auth users = {LOGIN}\n"
                    f"  secrets file = {secrets}\n  uid = {os.getuid()}\n  gid = {os.getgid()}\n"
                    f"[shared]\n  path = {root / 'shared'}\n  read only = false\n"
                    f"[office]\n  path = {root / 'office'}\n  hosts allow = 198.18.0.99\n")
    return _start("rsyncd", ["rsync", "--daemon", "--no-detach", f"--config={conf}",
                             f"--log-file={root}/rsyncd.log"], root, address, port)


GANESHA = shutil.which("ganesha.nfsd") or "/usr/bin/ganesha.nfsd"
RPCBIND = shutil.which("rpcbind") or "/usr/sbin/rpcbind"
# In a mount namespace of its own (the lab's `ip netns exec` gives one), a /run of its own: the rpcbind there and
# the NFS server registering with it through its socket, /run/rpcbind.sock, touch no other's. Paths are arguments.
_NFS_SCRIPT = ('mount -t tmpfs -o mode=0755 tmpfs /run && mkdir -p /run/rpcbind && { "$1" -f -w & } && '
               'n=0; while [ ! -S /run/rpcbind.sock ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done; '
               'exec "$2" -F -f "$3" -L "$4" -p "$5" -N NIV_WARN')


def nfs_missing() -> list[str]:
    """What an NFS server in user space needs that this machine lacks (`make test` installs them)."""
    return [name for name, path in (("ganesha.nfsd", GANESHA), ("rpcbind", RPCBIND)) if not os.path.exists(path)]


def start_nfs(root: Path, address: str, export: Path, prefix: Sequence[str], timeout: float = START_TIMEOUT
              ) -> Server:
    """nfs-ganesha in user space serving NFSv3 over TCP on `address` (2049, its mount service on 20048), exporting
    `export` read-write with root not squashed (a NAS's "no mapping"), and the portmapper (rpcbind, port 111) it
    registers with, as a NAS runs them. rpcbind binds every address of its network (and so does ganesha where the
    network has no IPv6, as the lab's: it then leaves Bind_addr aside): only inside a namespace of the lab's
    (`prefix` runs it there), whose only addresses are the lab's, never on this machine's own."""
    if not prefix:
        raise ValueError("rpcbind listens on every address: start the NFS server inside a network namespace")
    root = root / "nfs"
    root.mkdir(parents=True, exist_ok=True)
    conf = root / "ganesha.conf"
    conf.write_text(
        "NFS_CORE_PARAM {\n  Protocols = 3;\n  NFS_Port = 2049;\n  MNT_Port = 20048;\n"
        f"  Bind_addr = {address};\n  Enable_NLM = false;\n  Enable_RQUOTA = false;\n  Enable_UDP = false;\n}}\n"
        "NFSV4 {\n  Graceless = true;\n}\n"
        # As a NAS's kernel server does: what changes on the disk beside NFS (the app's folders made over ssh, a
        # test's own files) is what NFS sees next, no directory or attribute cached from before
        "MDCACHE {\n  Dir_Chunk = 0;\n}\n"
        f"EXPORT {{\n  Export_Id = 1;\n  Path = {export};\n  Pseudo = {export};\n  Access_Type = RW;\n"
        "  Squash = No_Root_Squash;\n  SecType = sys;\n  Protocols = 3;\n  Transports = TCP;\n"
        "  Attr_Expiration_Time = 0;\n"
        "  FSAL {\n    Name = VFS;\n  }\n}\n"
        "LOG {\n  Default_Log_Level = WARN;\n}\n")
    argv = ["unshare", "--mount", "--propagation", "private", "sh", "-c", _NFS_SCRIPT, "sh", RPCBIND, GANESHA,
            str(conf), str(root / "ganesha.log"), str(root / "ganesha.pid")]
    return _start("nfs", argv, root, address, 2049, prefix, timeout)
