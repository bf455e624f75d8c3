"""`Method.unavailable(ctx)`: the reason a user reads when a method cannot run here, or None."""

from __future__ import annotations

import pytest

from app.core.host.capabilities import TOOLS, Capabilities
from app.core.host.ftp_logins import FtpRoot
from app.core.host.nfs_exports import NfsRoot
from app.core.host.smb_shares import SmbRoot
from app.core.host.rsync_modules import ModuleRoot, Unusable
from app.core.host.services import Mount
from app.core.host.share_roots import ShareRoot
from app.core.host.ssh_command import Options
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import Context

CIPHERS = ["chacha20-poly1305@openssh.com", "aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "aes128-ctr"]


def caps(missing: tuple[str, ...] = (), ciphers: list[str] | None = None, nc: str = "OpenBSD netcat",
         rsync_compress: tuple[str, ...] = ("zstd", "lz4", "zlibx", "zlib", "none")) -> Capabilities:
    return Capabilities(tools=set(TOOLS) - set(missing), ciphers=CIPHERS if ciphers is None else ciphers,
                        nc_flavour=nc, rsync_compress=list(rsync_compress), openssh=(9, 6))


# The host's whole tree on shares mounted here, one encrypted (sshfs), one not (NFS), and a module of the rsync
# service it runs, taking this account's writes.
SHARES = (ShareRoot(Mount("sshfs", "nas:/", "/mnt/nas", True), "/"),
          ShareRoot(Mount("nfs", "nas:/", "/mnt/nas-nfs", False), "/"),
          ModuleRoot("root", "/", "198.18.0.2", 873, "ann", writable=True),
          FtpRoot("/", "/", "198.18.0.2", 21, "ann", tls=True, pin="sha256//pin", writable=True),
          FtpRoot("/", "/", "198.18.0.2", 21, "ann", writable=True),
          SmbRoot("/", "root", "", "198.18.0.2", 445, "ann", encrypted=True, writable=True),
          SmbRoot("/", "root", "", "198.18.0.2", 445, "ann", writable=True),
          NfsRoot("/", "198.18.0.2", 2049, 1026, 100, writable=True))


def ctx(o: Options = Options(), *, local: Capabilities | None = None, remote: Capabilities | None = None,
        allow_insecure: bool = True, names: list[str] | None = None, single_file: bool = True,
        shares: tuple[ShareRoot | ModuleRoot, ...] = SHARES) -> Context:
    return Context(local or caps(), remote or caps(), o, allow_insecure, names or ["movie.mkv"], single_file,
                   shares=shares)


@pytest.mark.parametrize("method_id", list(METHODS))
@pytest.mark.parametrize("download", [False, True])
def test_every_method_runs_where_everything_is_installed(method_id, download):
    method = METHODS[method_id]
    cipher = "aes128-gcm@openssh.com" if method.logs_in else None  # a mount has its own (see below)
    assert method.unavailable(ctx(Options(download=download, cipher=cipher))) is None


@pytest.mark.parametrize("method_id", ["mounted", "mounted-plain"])
def test_a_copy_through_a_mounted_share_takes_no_ssh_options(method_id):
    said = "goes through the mount's own connection, which chose its own encryption (no --cipher or --mux)"
    assert METHODS[method_id].unavailable(ctx(Options(cipher="aes128-gcm@openssh.com"))) == said
    assert METHODS[method_id].unavailable(ctx(Options(mux=True))) == said


def test_a_copy_through_a_mounted_share_needs_one_that_holds_the_destination():
    o = Options()
    assert METHODS["mounted"].unavailable(ctx(o, shares=())) == (
        "needs a share of the host mounted on this computer with encryption (sshfs, or SMB3 with seal)")
    assert METHODS["mounted-plain"].unavailable(ctx(o, shares=SHARES[:1])) == (
        "needs a share of the host mounted on this computer without encryption (SMB, NFS)")
    photos = (ShareRoot(Mount("sshfs", "nas:/srv/photos", "/mnt/p", True), "/srv/photos"),)
    inside = Context(caps(), caps(), o, True, ["a.jpg"], True, ["/home/ann/a.jpg", "/srv/photos/2024"], shares=photos)
    outside = Context(caps(), caps(), o, True, ["a.jpg"], True, ["/home/ann/a.jpg", "/srv/music"], shares=photos)
    assert METHODS["mounted"].unavailable(inside) is None
    assert METHODS["mounted"].unavailable(outside) == (
        "needs the host's folder on a share mounted here, and the share mounted here holds another folder")
    read_only = (ShareRoot(Mount("sshfs", "nas:/srv/photos", "/mnt/p", True, writable=False), "/srv/photos"),)
    on_read_only = Context(caps(), caps(), o, True, ["a.jpg"], True, ["/home/ann/a.jpg", "/srv/photos/2024"],
                           shares=read_only)
    assert METHODS["mounted"].unavailable(on_read_only) == (
        "needs a share mounted here that takes writes, and the share mounted here is read-only")
    fetched = Context(caps(), caps(), Options(download=True), True, ["2024"], False, ["/srv/photos/2024", "/home/ann"],
                      shares=read_only)
    assert METHODS["mounted"].unavailable(fetched) is None  # reading from it is fine
    # Fetching: the sources are the host's paths.
    down = Context(caps(), caps(), Options(download=True), True, ["2024"], False, ["/srv/photos/2024", "/home/ann"],
                   shares=photos)
    assert METHODS["mounted"].unavailable(down) is None


def test_a_copy_through_the_hosts_rsync_service_needs_a_module_it_can_use():
    up, down = Options(), Options(download=True)
    paths = ["/home/ann/a.jpg", "/volume1/backup/2024"]

    def reason(o: Options, *shares) -> str | None:
        return METHODS["rsync-service"].unavailable(Context(caps(), caps(), o, True, ["a.jpg"], True, paths,
                                                            shares=shares))
    backup = ModuleRoot("backup", "/volume1/backup", "198.18.0.2", 873, "ann", writable=True)
    nobodys = ModuleRoot("backup", "/volume1/backup", "198.18.0.2", 873)
    photos = ModuleRoot("photos", "/volume1/photos", "198.18.0.2", 873, writable=True)
    assert reason(up, backup) is None
    assert reason(up, photos) == reason(up) == (
        "needs a module of an rsync service the host runs (port 873) that holds the folder and that this computer can "
        "log in to")
    assert reason(up, nobodys) == ("needs a module of the host's rsync service that takes this account's writes as "
                                   "its own, and the module that holds the folder writes as another user or not at all")
    fetched = Context(caps(), caps(), down, True, ["a.jpg"], True, ["/volume1/backup/a.jpg", "/home/ann"],
                      shares=(nobodys,))
    assert METHODS["rsync-service"].unavailable(fetched) is None  # fetching needs no writes
    assert reason(up, Unusable("backup", "/volume1/backup", "login", "ann")) == (
        "cannot log in to the module backup of the host's rsync service as ann: it took none of the passwords tried "
        "($RSYNC_PASSWORD, the one the keyring keeps, the ssh login's own)")
    assert reason(up, Unusable("backup", "/volume1/backup", "account", "ann")) == (
        "cannot log in to the module backup of the host's rsync service: it takes other accounts than ann")
    assert reason(up, Unusable("backup", "/volume1/backup", "denied", "ann")) == (
        "cannot reach the module backup of the host's rsync service: it does not let this computer in (its "
        "`hosts allow`)")
    assert reason(up, Unusable("backup", "/volume1/backup", "unreachable", "ann")) == (
        "needs the host's rsync service, which did not answer")
    assert reason(Options(cipher="aes128-ctr"), backup) == (
        "talks to the host's rsync service without ssh (no --cipher or --mux)")


@pytest.mark.parametrize("method_id", ["rsync-daemon", "tar-nc", "mounted-plain", "rsync-service"])
def test_insecure_methods_need_permission(method_id):
    reason = METHODS[method_id].unavailable(ctx(allow_insecure=False))
    assert reason == "sends data unencrypted; allow insecure methods to use it (trusted local network only)"


@pytest.mark.parametrize("method_id", ["scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat", "mounted"])
def test_secure_methods_need_no_permission(method_id):
    assert METHODS[method_id].unavailable(ctx(allow_insecure=False)) is None


@pytest.mark.parametrize("method_id, compress, supported", [
    ("scp", "ssh", True), ("scp", "zstd", False), ("scp", "lz4", False),
    ("sftp", "ssh", True), ("sftp", "zstd", False),
    ("rsync-ssh", "ssh", True), ("rsync-ssh", "zstd", True), ("rsync-ssh", "lz4", True),
    ("tar-ssh", "ssh", True), ("tar-ssh", "zstd", True), ("tar-ssh", "lz4", True),
    ("ssh-cat", "ssh", True), ("ssh-cat", "zstd", True),
    ("rsync-daemon", "ssh", False), ("rsync-daemon", "zstd", True),
    ("tar-nc", "ssh", False), ("tar-nc", "lz4", True),
])
def test_compression_choices(method_id, compress, supported):
    reason = METHODS[method_id].unavailable(ctx(Options(compress=compress)))
    assert reason == (None if supported else f"cannot use {compress} compression")


@pytest.mark.parametrize("method_id, side, tool", [
    ("scp", "local", "scp"),
    ("sftp", "local", "sftp"),
    ("rsync-ssh", "local", "rsync"), ("rsync-ssh", "remote", "rsync"), ("rsync-ssh", "local", "ssh"),
    ("tar-ssh", "local", "tar"), ("tar-ssh", "remote", "tar"),
    ("ssh-cat", "local", "ssh"),
    ("rsync-daemon", "local", "rsync"), ("rsync-daemon", "remote", "rsync"),
    ("tar-nc", "local", "tar"), ("tar-nc", "remote", "tar"), ("tar-nc", "remote", "nc"),
])
def test_missing_tool_on_either_side(method_id, side, tool):
    where = {"local": "this computer", "remote": "the remote host"}[side]
    c = ctx(**{side: caps(missing=(tool,))})
    assert METHODS[method_id].unavailable(c) == f"`{tool}` is not installed on {where}"


@pytest.mark.parametrize("method_id", ["tar-ssh", "ssh-cat", "tar-nc"])
@pytest.mark.parametrize("side, where", [("local", "this computer"), ("remote", "the remote host")])
def test_pipeline_compressor_needed_on_both_sides(method_id, side, where):
    c = ctx(Options(compress="zstd"), **{side: caps(missing=("zstd",))})
    assert METHODS[method_id].unavailable(c) == f"`zstd` is not installed on {where}"


def test_rsync_compression_needs_no_separate_zstd():
    c = ctx(Options(compress="zstd"), local=caps(missing=("zstd",)), remote=caps(missing=("zstd",)))
    assert METHODS["rsync-ssh"].unavailable(c) is None
    assert METHODS["rsync-daemon"].unavailable(c) is None


@pytest.mark.parametrize("method_id", ["scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat"])
def test_unknown_cipher(method_id):
    o = Options(cipher="arcfour")  # removed from OpenSSH in 7.6
    assert METHODS[method_id].unavailable(ctx(o)) == "the server does not offer the cipher arcfour"
    only_local_lacks = ctx(Options(cipher="aes256-ctr"), local=caps(ciphers=["aes128-ctr"]),
                           remote=caps(ciphers=["aes256-ctr"]))
    assert METHODS[method_id].unavailable(only_local_lacks) == \
        "this computer's ssh does not know the cipher aes256-ctr"
    # When the server's list could not be read, the cipher is not judged.
    assert METHODS[method_id].unavailable(ctx(Options(cipher="aes128-gcm@openssh.com"),
                                              remote=caps(ciphers=[]))) is None


def test_ssh_cat_needs_exactly_one_file():
    reason = METHODS["ssh-cat"].unavailable(ctx(names=["photos"], single_file=False))
    assert reason == "copies exactly one regular file; the selection is not one file"


@pytest.mark.parametrize("name", ["new\nline", "carriage\rreturn"])
def test_sftp_cannot_name_a_line_break(name):
    reason = METHODS["sftp"].unavailable(ctx(names=["fine", name]))
    assert reason == "its batch commands cannot name a path with a line break in it (the sources or the destination)"
    assert METHODS["scp"].unavailable(ctx(names=["fine", name])) is None


def test_tar_nc_needs_a_netcat_it_knows_how_to_listen_with():
    reason = METHODS["tar-nc"].unavailable(ctx(remote=caps(nc="GNU netcat")))
    assert reason == "the remote netcat (GNU netcat) listens neither like OpenBSD netcat nor like BusyBox nc"
    assert METHODS["tar-nc"].unavailable(ctx(remote=caps(nc=""))) == \
        "the remote netcat (unknown) listens neither like OpenBSD netcat nor like BusyBox nc"
    assert METHODS["tar-nc"].unavailable(ctx(remote=caps(nc="BusyBox"))) is None


@pytest.mark.parametrize("method_id", ["rsync-daemon", "tar-nc"])
def test_unencrypted_methods_need_a_direct_path(method_id):
    remote = caps()
    remote.indirect_path = "the connection to the host passes through a port forward or tunnel (...)"
    assert METHODS[method_id].unavailable(ctx(remote=remote)) == remote.indirect_path
    # Asked without permission, the first thing to say is still that they are unencrypted.
    assert "unencrypted" in METHODS[method_id].unavailable(ctx(remote=remote, allow_insecure=False))
    assert METHODS["tar-ssh"].unavailable(ctx(remote=remote)) is None


@pytest.mark.parametrize("method_id", ["rsync-ssh", "rsync-daemon"])
def test_rsync_cannot_fetch_a_backslash_with_a_wildcard(method_id):
    reason = METHODS[method_id].unavailable(ctx(Options(download=True), names=["a\\b*c"]))
    assert reason == "cannot fetch an item whose name holds both a backslash and one of * ? [ (rsync refuses it)"
    assert METHODS[method_id].unavailable(ctx(Options(download=True), names=["a\\b", "c*"])) is None
    assert METHODS[method_id].unavailable(ctx(Options(), names=["a\\b*c"])) is None  # uploads are not globbed


@pytest.mark.parametrize("side", ["local", "remote"])
def test_rsync_compression_needs_an_rsync_built_with_it(side: str) -> None:
    old = caps(rsync_compress=("zlib", "none"))
    local, remote = (old, caps()) if side == "local" else (caps(), old)
    ctx = Context(local, remote, Options(compress="zstd"), allow_insecure=True, source_names=["a"])
    where = "this computer" if side == "local" else "the remote host"
    expected = f"rsync on {where} cannot compress with zstd (it has: zlib none)"
    assert METHODS["rsync-ssh"].unavailable(ctx) == expected
    assert METHODS["rsync-daemon"].unavailable(ctx) == expected
