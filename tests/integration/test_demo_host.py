"""The local demo host: the system's sshd with a private config, or the embedded asyncssh server
when there is no sshd. Real copies go to it and the bytes are checked on its side; stopping it
leaves no process and no folder; host-key checking stays on throughout."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from app.core.demo import host as demo
from app.core.host.ssh_command import Options
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from tests.helpers import cli, cli_json, far_side, make_tree, snapshot

EMBEDDED_METHODS = ["sftp", "scp", "tar-ssh", "rsync-ssh", "tar-nc", "rsync-daemon"]


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("demo-src"), small_files=120, big_bytes=3 * 1024 * 1024)


@pytest.fixture
def embedded():
    host = demo.start(sshd=None)
    yield host
    host.stop()


def ssh(host: demo.DemoHost, *command: str, timeout: float = 30) -> subprocess.CompletedProcess:
    """The real OpenSSH client, exactly as the app starts it: the demo's config, host keys checked."""
    return subprocess.run(["ssh", "-F", str(host.ssh_config), "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes",
                           "--", demo.ALIAS, *command], capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def processes_under(pid: int) -> list[int]:
    return demo.descendants(pid)  # the same /proc walk the demo stops them with


def test_sshd_demo_host_is_private_pretrusted_and_gone_after_stop() -> None:
    host = demo.start()
    try:
        assert host.server == "sshd", host.note
        assert stat.S_IMODE(host.root.stat().st_mode) == 0o700
        assert host.label == f"Local demo host (127.0.0.1:{host.port})" and host.spec().name == "Local demo host"
        out = ssh(host, 'echo "$HOME"; cd && pwd')
        assert out.returncode == 0, out.stderr
        assert out.stdout.split() == [str(host.root)] * 2  # ~ on the demo host is its folder
        # The known_hosts the app wrote holds the demo's key and nothing else: a stranger key is refused.
        other = host.root / "other_key"
        demo.write_key_pair(other)
        (host.root / "known_hosts").write_text(demo.known_hosts_line("127.0.0.1", host.port,
                                                                     demo.public_key_path(other)))
        refused = ssh(host, "true")
        assert refused.returncode != 0 and "HOST IDENTIFICATION HAS CHANGED" in refused.stderr
        (host.root / "known_hosts").write_text(demo.known_hosts_line("127.0.0.1", host.port,
                                                                     host.root / "ssh_host_ed25519_key.pub"))
        # A session still running when the host stops goes with it.
        session = subprocess.Popen(["ssh", "-F", str(host.ssh_config), "--", demo.ALIAS, "sleep 120"],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        sshd_pid = host.server_pid
        deadline = time.monotonic() + 10
        while not any(_cmdline(p).startswith(b"sleep") for p in processes_under(sshd_pid)):
            assert time.monotonic() < deadline, "the session did not start"
            time.sleep(0.05)
        under = processes_under(sshd_pid)
    finally:
        host.stop()
    session.wait(10)
    assert not host.root.exists()
    assert not [p for p in [sshd_pid, *under] if _alive(p)], "processes of the demo host were left running"


@pytest.mark.parametrize("method", EMBEDDED_METHODS)
async def test_embedded_server_takes_real_copies(embedded: demo.DemoHost, tree: Path, method: str) -> None:
    assert embedded.server == "embedded"
    session = await Session.open(embedded.spec(), remote_dest=str(embedded.dest))
    try:
        result = await copy(session, CopyRequest([str(tree)], str(embedded.dest), method, allow_insecure=True,
                                                 verify_hashes=True))
    finally:
        await session.close()
    assert result.verified
    assert snapshot(embedded.dest / tree.name) == far_side(tree, method)
    assert os.listdir(embedded.dest) == [tree.name]  # no staging folder left


@pytest.mark.parametrize("compress", ["none", "zstd"])
async def test_embedded_server_ssh_cat(embedded: demo.DemoHost, tmp_path: Path, compress: str) -> None:
    data = os.urandom(2 * 1024 * 1024 + 5)
    (tmp_path / "one file.bin").write_bytes(data)
    session = await Session.open(embedded.spec(), remote_dest=str(embedded.dest))
    try:
        await copy(session, CopyRequest([str(tmp_path / "one file.bin")], str(embedded.dest), "ssh-cat",
                                        Options(compress=compress), verify_hashes=True))
    finally:
        await session.close()
    assert (embedded.dest / "one file.bin").read_bytes() == data


def test_embedded_server_legacy_scp_and_confined_file_access(embedded: demo.DemoHost, tmp_path: Path) -> None:
    source = tmp_path / "legacy.bin"
    source.write_bytes(os.urandom(300_000))
    base = ["-F", str(embedded.ssh_config), "-o", "BatchMode=yes"]
    legacy = subprocess.run(["scp", "-O", *base, "--", str(source), f"{demo.ALIAS}:{embedded.dest}/"],
                            capture_output=True, text=True, timeout=30)  # asyncssh's own SCP server
    assert legacy.returncode == 0, legacy.stderr
    assert (embedded.dest / "legacy.bin").read_bytes() == source.read_bytes()
    outside = tmp_path / "outside"
    outside.mkdir()
    for argv in (["scp", *base, "--", str(source), f"{demo.ALIAS}:{outside}/"],
                 ["scp", "-O", *base, "--", str(source), f"{demo.ALIAS}:{outside}/"],
                 ["scp", *base, "--", str(source), f"{demo.ALIAS}:../../{outside}/"]):
        refused = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        assert refused.returncode != 0, argv
        assert "only serves its own folder" in refused.stderr or "Permission denied" in refused.stderr, refused.stderr
    assert os.listdir(outside) == []
    listing = subprocess.run(["sftp", *base, "-b", "-", demo.ALIAS], input="ls /etc\n", capture_output=True,
                             text=True, timeout=30)
    assert listing.returncode != 0 and "passwd" not in listing.stdout
    # Commands run in the folder, with it as HOME, and see the address the connection reached.
    out = ssh(embedded, 'pwd; echo "$HOME"; echo "$SSH_CONNECTION"; exit 3')
    lines = out.stdout.splitlines()
    assert out.returncode == 3 and lines[:2] == [str(embedded.root)] * 2
    assert lines[2].split()[2:] == ["127.0.0.1", str(embedded.port)]


def test_embedded_server_ends_commands_when_the_client_goes(embedded: demo.DemoHost) -> None:
    client = subprocess.Popen(["ssh", "-F", str(embedded.ssh_config), "--", demo.ALIAS,
                               'echo "$$" > pid; exec sleep 120'], stdin=subprocess.DEVNULL)
    pid_file = embedded.root / "pid"
    deadline = time.monotonic() + 10
    while not (pid_file.exists() and pid_file.read_text().strip()):
        assert time.monotonic() < deadline, "the command did not start"
        time.sleep(0.05)
    pid = int(pid_file.read_text())
    client.send_signal(signal.SIGKILL)
    client.wait()
    deadline = time.monotonic() + 10
    while _alive(pid):
        assert time.monotonic() < deadline, "the command outlived its connection"
        time.sleep(0.05)


def test_embedded_server_only_lets_in_the_demo_user_with_the_demo_key(embedded: demo.DemoHost) -> None:
    stranger = embedded.root / "stranger"
    demo.write_key_pair(stranger)
    good = embedded.ssh_config.read_text()
    for wrong in (good.replace(str(embedded.root / "client_key"), str(stranger)),
                  good.replace(f"User {embedded.user}", "User someone-else")):
        assert wrong != good
        config = embedded.root / "wrong_config"
        config.write_text(wrong)
        out = subprocess.run(["ssh", "-F", str(config), "-o", "BatchMode=yes", "--", demo.ALIAS, "true"],
                             capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        assert out.returncode == 255 and "Permission denied" in out.stderr, (wrong, out.stderr)


def test_an_sshd_that_will_not_start_gives_way_to_the_embedded_server() -> None:
    host = demo.start(sshd="/bin/false")
    try:
        assert host.server == "embedded" and "/bin/false did not start" in host.note
        assert ssh(host, "true").returncode == 0
    finally:
        host.stop()


def test_stale_demo_folder_of_a_killed_app_is_removed(tmp_path: Path) -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = Path(tempfile.gettempdir()) / f"{demo.FOLDER_PREFIX}{dead.pid}-test"
    stale.mkdir()
    (stale / "demo-nas").mkdir()
    host = demo.start(sshd=None)
    host.stop()
    assert not stale.exists()


def test_cli_demo_names_the_host_and_cleans_up() -> None:
    before = _demo_folders()
    out = cli("methods", "--demo", env={demo.ENV_SSHD: "none"}, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "Using Local demo host (127.0.0.1:" in out.stderr and "built into Transfer Advisor" in out.stderr
    assert out.stdout.startswith("Methods for Local demo host:")
    assert _demo_folders() == before
    profile = cli_json("profile", "--demo", "--budget", "0.2", timeout=60)
    assert profile.get("host") == "Local demo host", profile
    assert _demo_folders() == before


def test_cli_demo_takes_the_place_of_host(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a")
    copied = cli_json("copy", "--demo", str(tmp_path / "a.txt"), "--method", "tar-ssh", timeout=60)
    assert copied.get("verified") is True and "demo-nas" in copied["command"], copied
    both = cli("methods", "--demo", "mynas")
    assert both.returncode == 2 and "--demo takes the place of HOST" in both.stderr
    neither = cli("advise", str(tmp_path))
    assert neither.returncode == 2 and "required: host (or --demo)" in neither.stderr
    no_dest = cli("copy", "mynas", str(tmp_path), "--method", "scp")
    assert no_dest.returncode == 2 and "required: --dest" in no_dest.stderr


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_cli_demo_host_stops_on_a_signal(sig: int, tmp_path: Path) -> None:
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "app", "profile", "--demo", "--budget", "5", "--fresh"],
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while not (pid_files := list(tmp_path.glob(f"{demo.FOLDER_PREFIX}*/sshd.pid"))):
            assert proc.poll() is None and time.monotonic() < deadline, "the demo host did not start"
            time.sleep(0.05)
        folder = pid_files[0].parent
        time.sleep(1.5)  # into the probes
        sshd_pid = int(pid_files[0].read_text().split()[0])
        proc.send_signal(sig)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "cancelled" in err.decode()
    assert not folder.exists() and not demo.process_exists(sshd_pid)


def _demo_folders() -> set[str]:
    base = Path(tempfile.gettempdir())
    return {p.name for p in base.glob(f"{demo.FOLDER_PREFIX}*")}


def _alive(pid: int) -> bool:
    return demo.process_exists(pid)  # a zombie counts as gone


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""
