"""`transfer-advisor advise` and `copy --best` against a real sshd: the answer has every part a
user needs, the race leaves nothing behind, and a host with only some tools is explained."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import cli, cli_json, make_tree, snapshot
from tests.peers import start_sshd_without


@pytest.fixture(scope="module")
def small_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("adv"), small_files=300, big_bytes=16 * 1024 * 1024)


SMB_NAMES = ('SMB cannot name a file whose name holds \\ : * ? " < > |, a control character or bytes that are not '
             'UTF-8, and the selection has one')


def test_advise_answers_with_ranking_reasons_and_commands(sshd, small_tree: Path, tmp_path: Path) -> None:
    dest = tmp_path / "dest"
    out = cli_json("advise", "testhost", str(small_tree), "--dest", str(dest), "--allow-insecure",
                   "--race", "3", "--race-seconds", "1", "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert out["bottleneck"]["factor"] in ("link", "cipher-cpu-local", "cipher-cpu-remote", "remote-disk",
                                           "local-disk", "per-file", "compression")
    assert out["bottleneck"]["sentence"].endswith(".")
    assert out["bottleneck"]["side"] in ("", "local", "remote") and out["bottleneck"]["detail"]
    raced = [r for r in out["ranking"] if r["measured_MBps"] is not None]
    # Both unencrypted methods race (the overall pick is one of them) beside the best secure one.
    assert {r["method"] for r in raced} >= {"rsync-daemon", "tar-nc"} and len({r["method"] for r in raced}) == 3
    assert any(r["secure"] for r in raced)
    secure, overall = out["recommended"]["secure"], out["recommended"]["overall"]
    assert secure["method"] in ("scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh")
    assert secure["command"] and secure["reason"].endswith(".")
    assert overall["method"] in ("scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh", "tar-nc", "rsync-daemon")
    assert out["profile"]["rtt_ms"] > 0 and out["profile"]["ciphers"]
    assert out["left_out"] == {"ssh-cat": "copies exactly one regular file; the selection is not one file",
                               # the tree has a name with a line break in it
                               "scp-legacy": "speaks the old scp protocol, which cannot carry a name with a line "
                                             "break in it",
                               # no share of this host is mounted here
                               "mounted": "needs a share of the host mounted on this computer with encryption (sshfs, "
                                          "or SMB3 with seal)",
                               "mounted-plain": "needs a share of the host mounted on this computer without encryption "
                                                "(SMB, NFS)",
                               # nor does it run an rsync service
                               "rsync-service": "needs a module of an rsync service the host runs (port 873) that "
                                                "holds the folder and that this computer can log in to",
                               # FTP's commands end at a line break
                               "ftps": "FTP cannot name a path with a line break in it",
                               "ftp": "FTP cannot name a path with a line break in it",
                               # nor SMB a colon, a star, a backslash or a double quote
                               "smb-encrypted": SMB_NAMES, "smb": SMB_NAMES,
                               # nor an NFS URL a question mark (seen while advising, not only by the copy)
                               "nfs": "an NFS URL cannot name a file whose name holds ?, and the selection has one"}
    # The race copied into a scratch folder that is gone now; nothing else was written.
    assert not dest.exists() or list(dest.iterdir()) == []


def test_advise_without_race_predicts_only(sshd, small_tree: Path, tmp_path: Path) -> None:
    out = cli_json("advise", "testhost", str(small_tree), "--dest", str(tmp_path / "d"), "--no-race",
                   "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert all(r["measured_MBps"] is None for r in out["ranking"])
    assert all(r["secure"] for r in out["ranking"])  # insecure methods were not allowed
    assert out["recommended"]["overall"] == out["recommended"]["secure"]


@pytest.mark.parametrize("on_disk", [False, True], ids=["ram", "disk"])
def test_copy_best_copies_with_the_recommendation(sshd, small_tree: Path, tmp_path: Path, on_disk: bool,
                                                  request: pytest.FixtureRequest) -> None:
    dest = tmp_path / "dest"
    if on_disk:  # source and destination on the real disk, where reading and fsync cost what they cost
        base = request.getfixturevalue("disk_tmp")
        small_tree, dest = make_tree(base / "src", small_files=300, big_bytes=16 * 1024 * 1024), base / "dest"
    out = cli_json("copy", "testhost", str(small_tree), "--dest", str(dest), "--best",
                   "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert out["method"] in ("scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh")
    got = snapshot(dest / small_tree.name, follow_links=out["method"] == "scp")
    want = snapshot(small_tree, follow_links=out["method"] == "scp")
    if out["method"] == "sftp":
        want = {k: v for k, v in want.items() if v[0] != "link"}
    assert got == want
    assert sorted(os.listdir(dest)) == [small_tree.name]


def test_advise_explains_what_a_bare_host_cannot_do(small_tree: Path, tmp_path: Path) -> None:
    server = start_sshd_without(tmp_path / "bare", {"rsync", "nc"})
    try:
        out = cli_json("advise", "testhost", str(small_tree), "--dest", str(tmp_path / "d"), "--allow-insecure",
                       "--race-seconds", "1", "--ssh-config", str(server.ssh_config))
        text = cli("advise", "testhost", str(small_tree), "--dest", str(tmp_path / "d"), "--allow-insecure",
                   "--no-race", "--ssh-config", str(server.ssh_config))
    finally:
        server.stop()
    assert "error" not in out, out
    assert out["left_out"]["rsync-ssh"] == "`rsync` is not installed on the remote host"
    assert out["left_out"]["rsync-daemon"] == "`rsync` is not installed on the remote host"
    assert out["left_out"]["tar-nc"] == "`nc` is not installed on the remote host"
    assert {r["method"] for r in out["ranking"]} <= {"scp", "scp-legacy", "sftp", "tar-ssh"}
    assert any("Raw TCP not measured" in n for n in out["profile"]["notes"])
    assert "Left out: rsync-ssh — `rsync` is not installed on the remote host." in text.stdout


@pytest.fixture(scope="module")
def mixed_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Large files first, then a source tree: the race copies a sample from both."""
    root = tmp_path_factory.mktemp("mixed") / "project"
    (root / "a-videos").mkdir(parents=True)
    for i in range(3):
        (root / "a-videos" / f"clip {i}.bin").write_bytes(os.urandom(1_000_000))
    for d in range(30):
        sub = root / "src" / f"pkg{d:02d}"
        sub.mkdir(parents=True)
        for i in range(20):
            (sub / f"m{i}.py").write_bytes(os.urandom(2_000))
    return root


@pytest.mark.parametrize("method", ["scp", "sftp", "rsync-ssh", "tar-ssh", "rsync-daemon", "tar-nc"])
async def test_every_method_copies_a_race_sample(sshd, mixed_tree: Path, tmp_path: Path, method: str) -> None:
    """The sample's sources are folders and files from all over the tree; each arrives whole."""
    from app.core.host.hosts import HostSpec
    from app.core.selection.sample import race_sample
    from app.core.selection.entries import scan_local
    from app.core.host.session import Session
    from app.core.transfer.engine import CopyRequest, copy

    sample = race_sample(scan_local([str(mixed_tree)]), 1.5e6)
    assert sample is not None
    assert any(s.endswith(".bin") for s in sample.sources) and any("/src/pkg" in s for s in sample.sources)
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(tmp_path))
    try:
        result = await copy(session, CopyRequest(sample.sources, str(tmp_path / "lap"), method,
                                                 allow_insecure=True))
    finally:
        await session.close()
    assert (result.files, result.bytes) == (sample.files, sample.bytes)
    for source in sample.sources:
        arrived = tmp_path / "lap" / os.path.basename(source)
        if os.path.isdir(source):
            assert snapshot(arrived) == snapshot(Path(source))
        else:
            assert arrived.read_bytes() == Path(source).read_bytes()


async def test_each_lap_is_removed_before_the_next_starts(sshd, mixed_tree: Path, tmp_path: Path) -> None:
    """A download race writes here, so its scratch folder can be watched: when a lap's result comes,
    that lap's copy is already gone (the folder holds only its owner marker), and at the end nothing is
    left."""
    from app.core.events import RaceResult
    from app.core.host.hosts import HostSpec
    from app.core.advice.model import Candidate, Options
    from app.core.transfer.ownership import MARKER
    from app.core.advice.race import SCRATCH_PREFIX, race
    from app.core.host.session import Session

    dest = tmp_path / "down"
    dest.mkdir()
    seen: list[list[str]] = []

    def watch(event) -> None:
        if isinstance(event, RaceResult):
            scratch = [dest / n for n in os.listdir(dest) if n.startswith(SCRATCH_PREFIX)]
            seen.append(sorted(p.name for s in scratch for p in s.iterdir()))

    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), local_dest=str(dest))
    try:
        laps = await race(session, [Candidate("tar-ssh", Options(download=True)),
                                    Candidate("rsync-ssh", Options(download=True))],
                          [str(mixed_tree)], str(dest), True, 1.0, watch)
    finally:
        await session.close()
    assert [lap.MBps is not None and lap.MBps > 0 for lap in laps] == [True, True]
    assert seen == [[MARKER], [MARKER]]  # only the folder's owner marker, until the folder goes
    assert os.listdir(dest) == []


async def test_on_a_long_link_an_entrant_a_lap_already_outran_is_not_raced(sshd, mixed_tree: Path,
                                                                           tmp_path: Path) -> None:
    """A lap there costs seconds: one predicted to reach less than two thirds of what a lap measured is
    said to be skipped, the others race (the link's climb is made to last 0.2 s here)."""
    from app.core.events import RaceResult
    from app.core.host.hosts import HostSpec
    from app.core.advice.model import Candidate, Options
    from app.core.advice.race import race
    from app.core.host.session import Session

    first, hopeless, close = (Candidate("tar-ssh", Options()), Candidate("sftp", Options()),
                              Candidate("rsync-ssh", Options()))
    results: list[RaceResult] = []
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(tmp_path))
    try:
        laps = await race(session, [first, hopeless, close], [str(mixed_tree)], str(tmp_path), False, 1.0,
                          lambda e: results.append(e) if isinstance(e, RaceResult) else None, ramp=0.2,
                          predicted={first: 100.0, hopeless: 1e-3, close: 1e6})
    finally:
        await session.close()
    assert [lap.candidate for lap in laps] == [first, close]
    assert all(lap.MBps or lap.seconds for lap in laps)
    skipped = next(r for r in results if r.label == "sftp")
    assert skipped.skipped.startswith("not raced: tar over ssh already moved ") and not skipped.failed
    assert skipped.skipped.endswith("and sftp is predicted to reach 0.0 MB/s")
    assert os.listdir(tmp_path) == []  # the scratch folder is gone


def test_the_race_measures_what_each_method_costs_the_host(sshd, tmp_path: Path) -> None:
    """Laps cut at their time (a file bigger than a second's copy) are measured on the host: each raced
    method's own processes' CPU per MB, said in the profile's notes and used for its other variants."""
    src = tmp_path / "src"
    src.mkdir()
    with open(src / "video.bin", "wb") as f:  # 1 GiB: more than a lap of 1 s moves on a fast loopback
        block = os.urandom(16 * 1024 * 1024)
        for i in range(64):
            f.write(bytes([i]) + block[1:])
    out = cli_json("advise", "testhost", str(src), "--dest", str(tmp_path / "dest"), "--race", "2",
                   "--race-seconds", "1", "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    costs = out["profile"]["remote_tool_s_per_MB"]
    raced = {r["method"] for r in out["ranking"] if r["measured_MBps"]}
    assert costs, out["profile"]
    for key, seconds in costs.items():
        method, direction = key.split()
        assert method in raced and direction == "up"
        assert 0 < seconds < 0.1  # this computer's tools: well under 100 ms of CPU a MB
    assert any(n.startswith("CPU per MB on the host") for n in out["notes"]), out["notes"]
