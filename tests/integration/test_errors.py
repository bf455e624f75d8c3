"""Bad input, through the real CLI against a real sshd: each failure is one sentence saying what
failed and what to do, a non-zero exit, no traceback, and nothing half-written at the destination.

Only 127.0.0.0/8 is ever contacted: an "unreachable" host is a local port that accepts and never
speaks, and no test names a host that would need DNS.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from app.core.host.staging import PREFIX
from tests.helpers import cli
from tests.peers import SshServer, free_port, keygen, start_sshd_without

MB = 1024 * 1024


# ---------------------------------------------------------------- what every failure must look like

@dataclass
class Failure:
    sentence: str
    kind: str


def _assert_one_sentence(sentence: str) -> None:
    assert sentence and "\n" not in sentence, repr(sentence)
    assert sentence.endswith("."), f"not a finished sentence: {sentence!r}"
    assert not re.search(r"[.!?]\s+[A-Z]", sentence), f"more than one sentence: {sentence!r}"
    assert ";" in sentence or "," in sentence, f"says what failed but not what to do: {sentence!r}"


def fails(*args: str, kind: str | None, code: int = 1, env: dict[str, str] | None = None,
          text: bool = True, as_json: bool = True) -> Failure:
    """Run the CLI as a user would and check the failure both ways it can be shown.

    Text: one `transfer-advisor: SENTENCE` line on stderr, nothing on stdout. JSON: one object with
    `error` (the same sentence) and `kind` on stdout, nothing on stderr. Either way: exit `code`.
    Both come from the same exception, so slow cases check one way only (to keep the file fast).
    """
    sentence = None
    if text:
        proc = cli(*args, env=env)
        assert "Traceback" not in proc.stderr, proc.stderr
        assert proc.returncode == code, (proc.returncode, proc.stdout, proc.stderr)
        assert proc.stdout == "", proc.stdout
        lines = proc.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("transfer-advisor: "), proc.stderr
        sentence = lines[0].removeprefix("transfer-advisor: ")
    found_kind = None
    if as_json:
        proc = cli(*args, "--json", env=env)
        assert "Traceback" not in proc.stderr, proc.stderr
        assert proc.returncode == code, (proc.returncode, proc.stdout, proc.stderr)
        assert proc.stderr == "", proc.stderr
        out = json.loads(proc.stdout)
        assert set(out) <= {"error", "kind", "details"}, out
        if sentence is not None:
            assert out["error"] == sentence
        sentence, found_kind = out["error"], out["kind"]
        if kind is not None:
            assert found_kind == kind, out
    assert sentence is not None
    _assert_one_sentence(sentence)
    return Failure(sentence, found_kind or "")


def staging_leftovers(root: Path) -> list[Path]:
    return [p for p in root.rglob(PREFIX + "*")]


def assert_untouched(dest: Path) -> None:
    """The destination holds nothing it did not hold before: no file, no folder, no staging folder."""
    if dest.exists():
        assert [p.name for p in dest.iterdir()] == [], f"left at {dest}"
    assert staging_leftovers(dest.parent) == []


def assert_nothing_truncated(dest: Path, source_parent: Path) -> None:
    """rsync moves each file into place only when it is complete: what is there must be whole."""
    assert staging_leftovers(dest) == []
    for path in dest.rglob("*"):
        rel = path.relative_to(dest)
        assert not re.fullmatch(r"\..+\.[A-Za-z0-9]{6}", path.name), f"rsync temp file left: {rel}"
        if path.is_file():
            assert path.read_bytes() == (source_parent / rel).read_bytes(), f"truncated: {rel}"


def config_variant(sshd: SshServer, path: Path, **settings: str) -> Path:
    """The fixture's ssh config with some settings of `Host testhost` replaced."""
    lines = []
    for line in sshd.ssh_config.read_text().splitlines():
        key = line.split()[0] if line.strip() else ""
        if key in settings:
            line = f"  {key} {settings.pop(key)}"
        lines.append(line)
    assert not settings, f"not in the fixture's config: {settings}"
    path.write_text("\n".join(lines) + "\n")
    return path


def fingerprint(pub: Path) -> str:
    out = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(pub)], capture_output=True, text=True,
                         check=True).stdout
    return out.split()[1]


def copy_args(config: Path, sources: list[Path], dest: Path, method: str = "tar-ssh", *extra: str) -> list[str]:
    return ["copy", "testhost", *map(str, sources), "--dest", str(dest), "--method", method,
            "--ssh-config", str(config), *extra]


@pytest.fixture
def src(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    (folder / "inner").mkdir(parents=True)
    (folder / "a.bin").write_bytes(os.urandom(64 * 1024))
    (folder / "inner" / "b.txt").write_text("hello\n")
    return folder


# ---------------------------------------------------------------- reaching the host

def test_unreachable_host_times_out_quickly(sshd: SshServer, tmp_path: Path, src: Path) -> None:
    # Accepts TCP (the kernel completes the handshake from the backlog) and never says a word,
    # so the SSH handshake waits until the connect timeout.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        config = config_variant(sshd, tmp_path / "ssh_config", Port=str(port))
        dest = tmp_path / "dest"
        started = time.monotonic()
        failure = fails(*copy_args(config, [src], dest), kind="host-unreachable",
                        env={"TRANSFER_ADVISOR_CONNECT_TIMEOUT": "2"}, text=False)
        assert time.monotonic() - started < 10
    assert failure.sentence.startswith(f"testhost (127.0.0.1 port {port}) did not answer within 2 s;")
    assert "on the network" in failure.sentence
    assert_untouched(dest)


def test_bad_connect_timeout_setting(sshd: SshServer, tmp_path: Path, src: Path) -> None:
    failure = fails(*copy_args(sshd.ssh_config, [src], tmp_path / "dest"), kind=None, code=2,
                    env={"TRANSFER_ADVISOR_CONNECT_TIMEOUT": "soon"}, as_json=False)
    assert "TRANSFER_ADVISOR_CONNECT_TIMEOUT" in failure.sentence and "'soon'" in failure.sentence
    assert_untouched(tmp_path / "dest")


def test_refused_port(sshd: SshServer, tmp_path: Path, src: Path) -> None:
    port = free_port()  # nothing listens there
    config = config_variant(sshd, tmp_path / "ssh_config", Port=str(port))
    failure = fails(*copy_args(config, [src], tmp_path / "dest"), kind="connection-refused")
    assert failure.sentence == (f"testhost (127.0.0.1 port {port}) refused the connection; check that its SSH "
                                "server is running and that the port is right.")
    assert_untouched(tmp_path / "dest")


def test_a_failed_login_is_what_is_said_though_the_source_is_missing_too(sshd: SshServer, tmp_path: Path) -> None:
    # The selection is read while the login runs: the login's failure is the one sentence, and the reading's
    # own (the source is missing) is neither said nor left behind as a stray message.
    port = free_port()
    config = config_variant(sshd, tmp_path / "ssh_config", Port=str(port))
    failure = fails(*copy_args(config, [tmp_path / "no such folder"], tmp_path / "dest", "tar-ssh"),
                    kind="connection-refused")
    assert "refused the connection" in failure.sentence
    assert_untouched(tmp_path / "dest")


def test_wrong_key(sshd: SshServer, tmp_path: Path, src: Path) -> None:
    stranger = tmp_path / "stranger_key"
    keygen(stranger)  # a key the server never authorized; IdentitiesOnly keeps any agent out of it
    config = config_variant(sshd, tmp_path / "ssh_config", IdentityFile=str(stranger))
    failure = fails(*copy_args(config, [src], tmp_path / "dest"), kind="auth")
    assert failure.sentence.startswith(f"testhost did not accept the login as {sshd.user} with the key {stranger};")
    assert "ssh-copy-id" in failure.sentence
    assert_untouched(tmp_path / "dest")


# ---------------------------------------------------------------- host keys

def test_unknown_host_key_then_trust(sshd: SshServer, tmp_path: Path, src: Path) -> None:
    known = tmp_path / "known_hosts"
    known.write_text("")
    config = config_variant(sshd, tmp_path / "ssh_config", UserKnownHostsFile=str(known))
    dest = tmp_path / "dest"
    server_fp = fingerprint(sshd.host_key.with_suffix(".pub"))

    failure = fails(*copy_args(config, [src], dest), kind="host-key-unknown")
    assert server_fp in failure.sentence
    assert f"`transfer-advisor trust testhost --ssh-config {config}`" in failure.sentence
    assert_untouched(dest)

    # No --yes and no terminal: it shows the fingerprint and changes nothing.
    refusal = fails("trust", "testhost", "--ssh-config", str(config), kind="host-key-unknown", code=1, as_json=False)
    assert server_fp in refusal.sentence and "--yes" in refusal.sentence
    assert known.read_text() == ""

    trusted = cli("trust", "testhost", "--ssh-config", str(config), "--yes")
    assert trusted.returncode == 0, trusted.stderr
    assert server_fp in trusted.stdout
    assert known.read_text().startswith(f"[127.0.0.1]:{sshd.port} ssh-ed25519 ")

    copied = cli(*copy_args(config, [src], dest))
    assert copied.returncode == 0, copied.stderr
    assert (dest / "src" / "a.bin").read_bytes() == (src / "a.bin").read_bytes()


def test_changed_host_key_is_refused_and_never_trusted(sshd: SshServer, tmp_path: Path, src: Path) -> None:
    impostor = tmp_path / "impostor_host_key"
    keygen(impostor)
    known = tmp_path / "known_hosts"
    kind_, blob = impostor.with_suffix(".pub").read_text().split()[:2]
    known.write_text(f"[127.0.0.1]:{sshd.port} {kind_} {blob}\n")
    before = known.read_bytes()
    config = config_variant(sshd, tmp_path / "ssh_config", UserKnownHostsFile=str(known))
    dest = tmp_path / "dest"
    server_fp = fingerprint(sshd.host_key.with_suffix(".pub"))

    failure = fails(*copy_args(config, [src], dest), kind="host-key-changed")
    assert "has changed" in failure.sentence and server_fp in failure.sentence
    assert "the connection was refused" in failure.sentence
    assert f"`ssh-keygen -R '[127.0.0.1]:{sshd.port}' -f {known}`" in failure.sentence
    assert_untouched(dest)

    refusal = fails("trust", "testhost", "--ssh-config", str(config), "--yes", kind="host-key-changed",
                    text=False)
    assert "has changed" in refusal.sentence and "not trusted" in refusal.sentence
    assert known.read_bytes() == before


# ---------------------------------------------------------------- the selection and the destination

@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_missing_source(sshd: SshServer, tmp_path: Path, download: bool) -> None:
    missing, dest = tmp_path / "no such folder", tmp_path / "dest"
    failure = fails(*copy_args(sshd.ssh_config, [missing], dest, "tar-ssh", *(["--download"] if download else [])),
                    kind="source-missing", text=not download)
    assert failure.sentence.startswith(f"{missing} does not exist")
    assert "check the path" in failure.sentence
    assert_untouched(dest)


@pytest.mark.root
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_unwritable_destination(sshd: SshServer, tmpfs, src: Path, download: bool) -> None:
    readonly = tmpfs("readonly", "ro,size=1m")
    dest = readonly / "photos"
    failure = fails(*copy_args(sshd.ssh_config, [src], dest, "tar-ssh", *(["--download"] if download else [])),
                    kind="dest-unwritable", text=not download)
    where = str(dest) if download else f"testhost:{dest}"
    assert failure.sentence == f"{where} cannot be written; choose a folder you can write to."
    assert list(readonly.iterdir()) == []


@pytest.mark.root
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_destination_full_before_copying(sshd: SshServer, tmpfs, tmp_path: Path, download: bool) -> None:
    small = tmpfs("small", "size=1m")
    big = tmp_path / "big.bin"
    big.write_bytes(os.urandom(4 * MB))
    failure = fails(*copy_args(sshd.ssh_config, [big], small, "scp", *(["--download"] if download else [])),
                    kind="dest-full", text=not download)
    assert re.search(r"\bfull\b|space", failure.sentence)
    assert "needs 4.2 MB" in failure.sentence  # 4 MiB, said as sizes are everywhere
    assert_untouched(small)


@pytest.fixture(scope="module")
def fills_up(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Passes the free-space check of a destination with room for the bytes but only 64 inodes:
    the copy runs out of space partway (ENOSPC), as a disk full of small files does."""
    payload = tmp_path_factory.mktemp("fills-up") / "payload"
    (payload / "tiny").mkdir(parents=True)
    (payload / "big.bin").write_bytes(os.urandom(5 * MB))
    for i in range(400):
        (payload / "tiny" / f"t{i:03d}").write_bytes(b"x")
    return payload


MID_COPY = [("scp", False), ("sftp", False), ("tar-ssh", False), ("tar-nc", False), ("rsync-ssh", False),
            ("rsync-daemon", False), ("scp", True), ("tar-ssh", True)]


@pytest.mark.root
@pytest.mark.parametrize("method,download", MID_COPY,
                         ids=[f"{m}-{'down' if d else 'up'}" for m, d in MID_COPY])
def test_destination_full_during_copy(sshd: SshServer, tmpfs, fills_up: Path, method: str,
                                      download: bool) -> None:
    dest = tmpfs("six", "size=16m,nr_inodes=64")
    failure = fails(*copy_args(sshd.ssh_config, [fills_up], dest, method, "--allow-insecure",
                               *(["--download"] if download else [])), kind="dest-full", text=False)
    assert re.search(r"\bfull\b|space", failure.sentence)
    assert "during the copy" in failure.sentence or "partway" in failure.sentence, \
        f"the free-space check caught it, not the copy: {failure.sentence}"
    assert_untouched(dest)  # a first copy is staged by every method, rsync included


# ---------------------------------------------------------------- the remote side lacks a tool

@pytest.fixture(scope="module")
def sshd_without_rsync(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SshServer]:
    """A second sshd whose sessions see every system tool but rsync."""
    server = start_sshd_without(tmp_path_factory.mktemp("sshd-no-rsync"), {"rsync"})
    yield server
    server.stop()


def test_remote_tool_missing(sshd_without_rsync: SshServer, tmp_path: Path, src: Path) -> None:
    server, dest = sshd_without_rsync, tmp_path / "dest"
    assert shutil.which("rsync"), "rsync must be installed here, so only the remote side lacks it"
    failure = fails(*copy_args(server.ssh_config, [src], dest, "rsync-ssh"), kind="unavailable")
    assert failure.sentence.startswith("rsync over ssh cannot be used here: ")
    assert "`rsync` is not installed on the remote host" in failure.sentence
    assert failure.sentence.endswith("; choose another method.")
    assert_untouched(dest)

    listed = cli("methods", "testhost", "--ssh-config", str(server.ssh_config), "--json")
    assert listed.returncode == 0, listed.stderr
    rows = {row["id"]: row for row in json.loads(listed.stdout)["methods"]}
    assert rows["rsync-ssh"]["available"] is False
    assert rows["rsync-ssh"]["reason"] == "`rsync` is not installed on the remote host"
    assert rows["tar-ssh"]["available"] is True  # only rsync is missing

    shown = cli("methods", "testhost", "--ssh-config", str(server.ssh_config))
    line = next(l for l in shown.stdout.splitlines() if "rsync-ssh" in l)
    assert line.lstrip().startswith("no") and "`rsync` is not installed on the remote host" in line


# ---------------------------------------------------------------- usage

def test_unknown_method(sshd: SshServer, tmp_path: Path, src: Path) -> None:
    failure = fails(*copy_args(sshd.ssh_config, [src], tmp_path / "dest", "teleport"), kind=None, code=2,
                    as_json=False)
    assert "'teleport'" in failure.sentence and "tar-ssh" in failure.sentence
    assert_untouched(tmp_path / "dest")


@pytest.mark.parametrize("spec", ["nas:notaport", "user@@nas", "two words", "nas:70000"])
def test_bad_host_spec(tmp_path: Path, src: Path, spec: str) -> None:
    failure = fails("copy", spec, str(src), "--dest", str(tmp_path / "dest"), "--method", "tar-ssh",
                    kind="usage", code=2, as_json=spec == "nas:notaport")
    assert spec.split(":")[-1] in failure.sentence or spec in failure.sentence
    assert_untouched(tmp_path / "dest")
