"""Session fixtures: a real OpenSSH sshd on 127.0.0.1 and a real rsync daemon.

State of the app is moved into a temporary folder for the whole run, so no test
touches the real home directory.

Test folders live in RAM (/dev/shm) when it has room: a few tests copy a 384 MiB file, and a
machine's disk may have less free than that (CI once had 366 MB). A passing test's folder is
removed when it ends (tmp_path_retention_policy), a failing one's is kept for a look. Users' files
are on disks, not in RAM: `on_disk` gives a folder on the real disk, and `storage` runs a test in both.

Property-based tests (hypothesis) are derandomized with a fixed number of examples, so a run in CI
tries the same cases every time and takes the same time.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable, Iterator

import keyring
import pytest
from hypothesis import HealthCheck, settings

from tests import accounts, shapes
from tests.helpers import MemoryKeyring
from tests.lab.fixtures import lab  # noqa: F401  (the network lab, for tests that ask for it)
from tests.peers import PasswordUser, RsyncDaemon, SshServer, make_password_user, start_rsyncd, start_sshd

# Tests read the app's English sentences, whatever language the machine speaks (tests/gui/test_german.py
# asks for German itself).
os.environ["LC_ALL"] = "C.UTF-8"
os.environ.pop("LANGUAGE", None)

NEEDED = ("ssh", "sshd", "scp", "sftp", "rsync", "tar", "nc", "zstd", "lz4")
RAM_BASE = Path("/dev/shm")
RAM_NEEDED = 4 << 30  # the largest test copies need about 1 GiB at once; leave plenty for the rest
DISK_BASE = Path("/var/tmp")  # on the root filesystem (not a tmpfs like /tmp may be) and kept across boots
DISK_PREFIX = "transfer-advisor-disk-"

settings.register_profile("ci", derandomize=True, database=None, max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _sweep(base: Path, prefix: str) -> None:
    """Remove folders PREFIX<pid>[-...] left by test runs that died; runs still alive keep theirs."""
    for old in base.glob(f"{prefix}*"):
        pid = old.name[len(prefix):].split("-")[0]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            shutil.rmtree(old, ignore_errors=True)


def pytest_configure(config: pytest.Config) -> None:
    _sweep(DISK_BASE, DISK_PREFIX)
    if config.option.basetemp or not RAM_BASE.is_dir() or not os.access(RAM_BASE, os.W_OK):
        return
    stat = os.statvfs(RAM_BASE)
    if stat.f_bavail * stat.f_frsize < RAM_NEEDED:
        return
    _sweep(RAM_BASE, f"transfer-advisor-tests-{os.getuid()}-")  # left by runs that failed
    # One folder per run: runs in other checkouts at the same time keep theirs.
    config.option.basetemp = str(RAM_BASE / f"transfer-advisor-tests-{os.getuid()}-{os.getpid()}")


# Tests that look at the whole machine (every helper process and temp folder of the app, every demo
# folder) or time a link (the lab; copy --best deciding by the link's measured speed and round trip, which a kept
# profile must still match: under the other tests' load the round trip wandered past it twice in a row): they run
# after the others, one at a time (`make test`, see the Makefile), since another test's helpers or load would be
# theirs.
ALONE = ("tests/lab/", "tests/integration/test_leftovers.py", "tests/integration/test_shape_leftovers.py",
         "tests/integration/test_busybox_host.py", "tests/integration/test_signals.py",
         "tests/integration/test_progress_cancel.py", "tests/integration/test_demo_host.py",
         "tests/unit/transfer/methods/test_tar_nc_hosts.py", "tests/integration/test_quick_copy.py",
         "tests/gui/test_nfs_window.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = Path(str(config.rootpath))
    for item in items:
        where = Path(str(item.path)).relative_to(root).as_posix()
        if where.startswith(ALONE):
            item.add_marker(pytest.mark.alone)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    base = session.config.option.basetemp
    if exitstatus == 0 and base and str(base).startswith(str(RAM_BASE)):
        shutil.rmtree(base, ignore_errors=True)  # RAM is not a place to leave things


@pytest.fixture(scope="session", autouse=True)
def _app_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("app-home")
    os.environ["TRANSFER_ADVISOR_HOME"] = str(home)
    # No test reads or writes the real keyring: tests that need one set an in-memory backend themselves.
    os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    return home


@pytest.fixture(scope="session", autouse=True)
def _no_desktop_bus() -> None:
    """No test talks to the developer's desktop: tests that need a session bus start their own
    (tests/gui/desktop_bus.py). "disabled:" is libdbus's way to say there is none."""
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"


@pytest.fixture(scope="session")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> SshServer:
    missing = [t for t in NEEDED if not (shutil.which(t) or os.path.exists(f"/usr/sbin/{t}"))]
    if missing:
        pytest.fail(f"missing tools {missing}: run `make test`, which installs them")
    server = start_sshd(tmp_path_factory.mktemp("sshd"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def rsyncd(tmp_path_factory: pytest.TempPathFactory) -> RsyncDaemon:
    daemon = start_rsyncd(tmp_path_factory.mktemp("rsyncd"))
    yield daemon
    daemon.stop()


@pytest.fixture(scope="session")
def password_user() -> PasswordUser:
    """A throwaway system account with a password (useradd + chpasswd), removed afterwards."""
    if os.geteuid() != 0:
        pytest.skip("a password-only sshd needs a throwaway system account, and making one needs root")
    missing = [t for t in ("useradd", "userdel", "chpasswd") if not shutil.which(t)]
    if missing:
        pytest.fail(f"missing tools {missing}: install the passwd package")
    user = make_password_user()
    yield user
    user.remove()


def _password_server(factory: pytest.TempPathFactory, user: PasswordUser, login: str, alias: str):
    server = start_sshd(factory.mktemp(alias), login=login, user=user.name, alias=alias)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def password_sshd(password_user: PasswordUser, tmp_path_factory: pytest.TempPathFactory) -> SshServer:
    """A real sshd that takes only a password (no keys at all), as many NAS boxes ship; alias `pwhost`."""
    yield from _password_server(tmp_path_factory, password_user, "password", "pwhost")


@pytest.fixture(scope="session")
def password_key_sshd(password_user: PasswordUser, tmp_path_factory: pytest.TempPathFactory) -> SshServer:
    """The same account behind an sshd that also takes the keys in its ~/.ssh/authorized_keys; alias `bothhost`."""
    yield from _password_server(tmp_path_factory, password_user, "password+key", "bothhost")


def _shape_host(shape: str) -> Iterator[shapes.ShapeHost]:
    reason = shapes.unavailable_reason(shape)
    if reason:
        (pytest.skip if os.geteuid() != 0 else pytest.fail)(reason)
    accounts.remove_stale()  # a killed run's accounts, servers and folders
    host = shapes.start(shape)
    yield host
    host.stop()


@pytest.fixture(scope="session")
def sftp_only_host() -> Iterator[shapes.ShapeHost]:
    """An SFTP-only chrooted account (OpenSSH `ForceCommand internal-sftp`, no shell); copies go to
    `dest` /upload, which is `local_dest` here. Alias `sftp-only` in its `ssh_config`."""
    yield from _shape_host("sftp-only")


@pytest.fixture(scope="session")
def dropbear_host() -> Iterator[shapes.ShapeHost]:
    """An embedded box: Dropbear, BusyBox only (ash, tar, nc), no sftp-server, a non-root account
    with /bin/sh; `dest` is its home. Alias `dropbear`."""
    yield from _shape_host("dropbear")


@pytest.fixture(scope="session")
def dash_host() -> Iterator[shapes.ShapeHost]:
    """An OpenSSH account whose login shell is dash; `dest` is its home. Alias `dash`."""
    yield from _shape_host("dash")


@pytest.fixture(scope="session")
def nas_services(tmp_path_factory: pytest.TempPathFactory):
    """A NAS on a loopback address of this worker's own (alias `nas`): sshd, and on their standard ports Samba,
    vsftpd (no TLS) and an rsync daemon listing `photos` (tests/nas_services.py). Yields (sshd, address, root)."""
    from tests import nas_services
    if os.geteuid() != 0:
        pytest.skip("the services' standard ports need root")
    if nas_services.missing():
        pytest.fail(f"missing servers {nas_services.missing()}: run `make test`, which installs them")
    address = nas_services.worker_address(60)
    root = tmp_path_factory.mktemp("nas")
    sshd = start_sshd(root / "sshd", listen=address, hostname=address, alias="nas")
    running = nas_services.NasServices()
    try:
        for start in (nas_services.start_samba, nas_services.start_vsftpd, nas_services.start_rsync_service):
            running.servers.append(start(root, address))
        yield sshd, address, root
    finally:
        running.stop()
        sshd.stop()


@pytest.fixture(scope="session")
def ftp_nas(password_user: PasswordUser, tmp_path_factory: pytest.TempPathFactory):
    """A NAS whose FTP service takes its accounts' own passwords, on a loopback address of this worker's own:
    vsftpd offering explicit TLS on port 21, and two sshd for the throwaway account, alias `ftpnas` in each
    config: `password` (the login is that password, which the FTP service takes too) and `key` (a key: the app
    knows no password the FTP service takes). tests/nas_services.py."""
    from tests import nas_services
    if os.geteuid() != 0:
        pytest.skip("port 21 needs root")
    missing = [t for t in ("curl", "openssl") if not shutil.which(t)] + [m for m in nas_services.missing()
                                                                        if m == "vsftpd"]
    if missing:
        pytest.fail(f"missing tools {missing}: run `make test`, which installs them")
    address = nas_services.worker_address(130)
    # Beside the account's home (0755 on the way: sshd reads the key's authorized_keys as the account),
    # removed with it.
    root = password_user.home.parent / "ftp-nas"
    servers = []
    try:
        for login in ("password", "key"):
            servers.append(start_sshd(root / f"sshd-{login}", listen=address, hostname=address, login=login,
                                      user=password_user.name, alias="ftpnas"))
        # sshd reads a key's authorized_keys as the account: the demo's (root's own, 0600) is made readable to it
        # (a public key)
        os.chmod(servers[1].root / "authorized_keys", 0o644)
        ftp = nas_services.start_vsftpd(root, address, tls=True)
        yield nas_services.FtpNas(address, servers[0].ssh_config, servers[1].ssh_config, ftp)
        ftp.stop()
    finally:
        for server in servers:
            server.stop()


@pytest.fixture(scope="session")
def smb_nas(password_user: PasswordUser, tmp_path_factory: pytest.TempPathFactory):
    """A NAS whose SMB shares take its accounts' own passwords, on a loopback address of this worker's own: smbd
    on port 445 with the shares `photo` (in RAM) and `nasdisk` (on the real disk) for the throwaway account,
    and two sshd for it, alias `smbnas` in each config: `password` (the login is that password, which the
    shares take too) and `key` (the app knows no password they take). tests/nas_services.py."""
    from tests import nas_services
    if os.geteuid() != 0:
        pytest.skip("port 445 needs root")
    missing = [t for t in ("smbclient", "smbpasswd") if not shutil.which(t)] + [m for m in nas_services.missing()
                                                                             if m == "smbd"]
    if missing:
        pytest.fail(f"missing tools {missing}: run `make test`, which installs them")
    address = nas_services.worker_address(170)
    root = password_user.home.parent / "smb-nas"
    servers = []
    with disk_folder() as disk:
        os.chmod(disk, 0o755)
        shares = {"photo": password_user.home / "photo", "nasdisk": disk / "nasdisk"}
        for folder in shares.values():
            folder.mkdir()
            shutil.chown(folder, password_user.name)
        try:
            for login in ("password", "key"):
                servers.append(start_sshd(root / f"sshd-{login}", listen=address, hostname=address, login=login,
                                          user=password_user.name, alias="smbnas"))
            os.chmod(servers[1].root / "authorized_keys", 0o644)  # (as for ftp_nas)
            smbd = nas_services.start_samba(root, address, shares=shares,
                                            accounts=[(password_user.name, password_user.password)])
            yield nas_services.SmbNas(address, servers[0].ssh_config, servers[1].ssh_config, smbd, shares)
            smbd.stop()
        finally:
            for server in servers:
                server.stop()


@pytest.fixture
def memory_keyring() -> MemoryKeyring:
    """An in-memory keyring for one test (the real one is never touched)."""
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(before)


@pytest.fixture(scope="session")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """256 MiB of random bytes, named with a space: a copy long enough to be caught in the middle (cancelled,
    held, or the app killed) on loopback."""
    path = tmp_path_factory.mktemp("big") / "big file.bin"
    with open(path, "wb") as f:
        for _ in range(32):
            f.write(os.urandom(8 * 1024 * 1024))
    return path


@pytest.fixture(scope="session")
def busybox_bin(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A folder holding one link per BusyBox applet: PATH=this is what an embedded box's shell sees."""
    busybox = shutil.which("busybox")
    if busybox is None:
        pytest.fail("busybox is missing: run `make test`, which installs busybox-static")
    folder = tmp_path_factory.mktemp("busybox-bin")
    applets = subprocess.run([busybox, "--list"], capture_output=True, text=True, check=True).stdout.split()
    for name in applets:
        (folder / name).symlink_to(busybox)
    return str(folder)


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Callable[[str, str], Path]]:
    """Mount small tmpfs folders: as root every folder is writable and no disk is ever full, so a read-only
    or tiny tmpfs is how a test gets an unwritable or full place."""
    if os.geteuid() != 0:
        pytest.skip("needs root: only a read-only or tiny tmpfs makes a destination unwritable or full for root")
    mounted: list[Path] = []

    def mount(name: str, options: str) -> Path:
        point = tmp_path / name
        point.mkdir()
        out = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(point)],
                             capture_output=True, text=True)
        if out.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {out.stderr.strip()}")
        mounted.append(point)
        return point

    yield mount
    for point in reversed(mounted):
        if subprocess.run(["umount", str(point)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(point)], check=True)


@contextlib.contextmanager
def disk_folder() -> Iterator[Path]:
    """A folder on the real disk, removed afterwards: page cache, fsync and renames as on a user's machine
    (tmp_path is in RAM)."""
    folder = Path(tempfile.mkdtemp(prefix=f"{DISK_PREFIX}{os.getpid()}-", dir=DISK_BASE))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def disk_tmp() -> Iterator[Path]:
    with disk_folder() as folder:
        yield folder


@pytest.fixture(scope="module")
def disk_tmp_module() -> Iterator[Path]:
    """The same for a module's shared data (a tree built once, copied by many tests)."""
    with disk_folder() as folder:
        yield folder


@pytest.fixture(params=["ram", "disk"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """Where a test keeps its source and destination: in RAM, then once more on the real disk."""
    return tmp_path if request.param == "ram" else request.getfixturevalue("disk_tmp")
