"""`transfer-advisor profile` against a real sshd: every probe reports, nothing is left behind,
and a kept profile is reused until --fresh."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import cli, cli_json


def test_profile_measures_the_link_and_cleans_up(sshd, tmp_path: Path) -> None:
    dest = tmp_path / "dest"
    dest.mkdir()
    home = {"TRANSFER_ADVISOR_HOME": str(tmp_path / "home")}
    out = cli_json("profile", "testhost", "--dest", str(dest), "--ssh-config", str(sshd.ssh_config),
                   "--fresh", "--budget", "0.5", env=home)
    assert "error" not in out, out
    assert 0 < out["rtt_ms"] < 50
    assert out["tcp_up_MBps"] > 1 and out["tcp_down_MBps"] > 1
    ciphers = {c["cipher"]: c for c in out["ciphers"]}
    assert "chacha20-poly1305@openssh.com" in ciphers and "aes128-gcm@openssh.com" in ciphers
    assert all(c["MBps"] > 1 and 0 <= c["remote_cpu"] <= 1.5 for c in ciphers.values())
    assert out["remote_write_MBps"] > 1
    assert 0 < out["remote_write_cpu"] <= 2.5  # what its writing took of the host's CPU (cat and dd)
    # What one more file costs: the SFTP conversation (round trips) dearer than creating it in tar.
    per_file = out["per_file_ms"]
    assert set(per_file) == {"scp", "sftp", "tar-ssh", "tar-nc", "rsync-ssh", "rsync-daemon"}
    assert 0 < per_file["tar-ssh"] < per_file["sftp"] < 1000
    assert out["remote_cores"] >= 1 and out["notes"] == []
    assert list(dest.iterdir()) == []  # the disk and per-file probes removed what they wrote

    again = cli_json("profile", "testhost", "--dest", str(dest), "--ssh-config", str(sshd.ssh_config), env=home)
    assert again["tcp_up_MBps"] == out["tcp_up_MBps"]  # kept, not measured again
    assert again["per_file_ms"] == per_file
    assert any("kept from" in n for n in again["notes"])

    text = cli("profile", "testhost", "--dest", str(dest), "--ssh-config", str(sshd.ssh_config), "--fresh",
               "--budget", "0.3", env=home)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0] == "Profiling testhost:"
    # A measured figure, not a kept one; loopback on a fast machine may pass 1 GB/s.
    assert any(re.match(r"Raw TCP, upload\b.*\b\d[\d.]* [MG]B/s", line.strip()) and "kept" not in line
               for line in lines), text.stdout
    assert lines[-1].startswith("Measured in ")


async def test_a_copy_about_to_start_measures_only_what_it_needs(sshd, tmp_path: Path, monkeypatch) -> None:
    """`copy --best` of an upload of a few files: raw TCP up only, no per-file cost; the kept profile is
    completed the first time a download asks for raw TCP down."""
    from app.core.host.hosts import HostSpec
    from app.core.host.session import Session
    from app.core.profile import profiler
    from app.core.profile.link_profile import LinkProfile

    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    dest, src = tmp_path / "dest", tmp_path / "src"
    dest.mkdir()
    src.mkdir()
    (src / "a.bin").write_bytes(b"x" * 4_000_000)
    from app.core.profile.probes import tcp
    sent_for: list[float] = []  # how long raw TCP was told to send, each time
    send_for = tcp.send_for

    def told(write, seconds, *rest, **named):
        sent_for.append(seconds)
        return send_for(write, seconds, *rest, **named)

    monkeypatch.setattr(tcp, "send_for", told)
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    try:
        up = await profiler.measure(session, str(dest), [str(src)], budget=0.3, fresh=True,
                                    for_copy=profiler.ForCopy("up", 3),
                                    glance=LinkProfile("testhost", rtt_ms=0.25, remote_cpu_share=0.9))
        assert (up.rtt_ms, up.remote_cpu_share) == (0.25, 0.9)  # the glance's, not measured again
        assert up.tcp_up_MBps and up.tcp_down_MBps is None
        assert sent_for == [0.3 * profiler.COPY_TCP_SHARE]  # a shorter look: the race times the methods
        assert up.remote_write_MBps and up.per_file_ms == {}
        assert "Cost of each file not measured: not needed for 3 files" in up.notes, up.notes
        if session.local.aes and session.remote.aes:  # the copy uses AES-GCM; its race times it
            assert up.ciphers == [] and any(n.startswith("ssh per cipher not measured: both computers have AES")
                                            for n in up.notes), up.notes
        else:
            assert up.ciphers
        down = await profiler.measure(session, None, None, budget=0.3, for_copy=profiler.ForCopy("down"))
        assert down.tcp_down_MBps and down.tcp_up_MBps == up.tcp_up_MBps  # kept, and completed
        sent_for.clear()
        both = await profiler.measure(session, None, None, budget=0.3)
        assert (both.tcp_up_MBps, both.tcp_down_MBps) == (up.tcp_up_MBps, down.tcp_down_MBps)  # kept
        fresh = await profiler.measure(session, None, None, budget=0.3, fresh=True)
        assert fresh.tcp_up_MBps and sent_for == [0.3]  # an advice's look is the whole budget
        assert fresh.remote_cpu_share and 0 < fresh.remote_cpu_share <= 1.1  # this computer's sshd: about a core
        assert both.ciphers  # advice measures every cipher worth it
    finally:
        await session.close()
    assert list(dest.iterdir()) == []


async def test_a_copy_s_disk_probe_stops_at_its_first_write_where_the_disk_far_outruns_the_link(
        sshd, tmp_path: Path) -> None:
    """A copy's disk probe writes 16 MB first and goes on to 64 and 256 MB only while each was too quick to time
    and is a small share of the copy's own writing, and not at all past a write several times as fast as the link
    carries (the disk is not the copy's limit);
    an advice's probe writes 64 MB, then 256 MB where that was too quick."""
    import shlex

    from app.core.host.hosts import HostSpec
    from app.core.host.session import Session
    from app.core.profile import profiler
    from app.core.profile.link_profile import LinkProfile
    from app.core.profile.probes import disk
    from app.core.profile.probes.common import ProbeContext, host_seconds

    dest = tmp_path / "dest"
    dest.mkdir()
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    writes: list[tuple[int, float]] = []  # each write's MiB and seconds by the host's clock
    run = session.run

    async def counted(command: bytes, stdin: bytes | None = None, timeout: float = 60):
        result = await run(command, stdin, timeout)
        if b"conv=fsync" in command:
            blocks = int(shlex.split(command.decode())[-1])
            writes.append((blocks * disk.BLOCK_MB, host_seconds(result.stdout or b"") or 0.0))
        return result

    session.run = counted  # the real command still runs; only counted
    try:
        ctx = ProbeContext(session, str(dest))
        slow_link = LinkProfile(host="testhost", local_address="127.0.0.1", tcp_up_MBps=2.0)
        enough = profiler._disk_enough(slow_link, profiler.ForCopy("up"))
        assert enough == 2.0 * profiler.DISK_OVER_LINK
        assert profiler._disk_enough(slow_link, None) is None  # an advice measures the disk finely
        assert profiler._disk_enough(LinkProfile(host="testhost", local_address="127.0.0.1"),
                                     profiler.ForCopy("up")) is None  # no link figure to compare with
        quick = await disk.probe_remote_write(ctx, None, enough, copy=True)
        assert quick.MBps > enough and [mb for mb, _ in writes] == [16], (quick, writes)

        def went_on(steps: tuple[int, ...], timed: float, copy_mib: float | None = None) -> list[int]:
            """The MiB each write should have been, given how long the ones before took (and, for a copy of
            `copy_mib`, its share of that copy once a write was timeable)."""
            expected = [steps[0] * disk.BLOCK_MB]
            for (_, seconds), blocks in zip(writes, steps[1:]):
                if seconds > timed or (copy_mib is not None and seconds >= disk.COPY_TIMEABLE
                                       and blocks * disk.BLOCK_MB > disk.COPY_SHARE * copy_mib):
                    break
                expected.append(blocks * disk.BLOCK_MB)
            return expected

        writes.clear()
        await disk.probe_remote_write(ctx, None, copy=True)
        assert [mb for mb, _ in writes] == went_on(disk.COPY_STEPS, disk.COPY_TIMED), writes
        # After a timeable write, a longer one only where it is at most a twentieth of what the copy writes: 64 MB
        # is more than a twentieth of 400 MiB, 256 MB more than one of 2 GiB (the sums for each disk speed:
        # tests/unit/profile/test_disk_probe.py).
        for copy_mib in (400, 2048):
            writes.clear()
            await disk.probe_remote_write(ctx, None, copy=True, copy_bytes=copy_mib * 2**20)
            assert [mb for mb, _ in writes] == went_on(disk.COPY_STEPS, disk.COPY_TIMED, copy_mib), writes
        writes.clear()
        await disk.probe_remote_write(ctx, None)
        assert [mb for mb, _ in writes] == went_on(disk.STEPS, disk.TIMED), writes
    finally:
        await session.close()
    assert list(dest.iterdir()) == []


async def test_a_copy_on_a_far_link_takes_sftp_s_cost_per_file_from_its_round_trips(sshd, tmp_path: Path,
                                                                                   monkeypatch) -> None:
    """Many files: creating them is measured as always; where the round trip (here as a glance on a far link
    said it) is nearly all of what SFTP pays a file, that half is left to the model's estimate and said so. Near,
    it is measured; an advice measures it whatever the round trip."""
    from app.core.host.hosts import HostSpec
    from app.core.host.session import Session
    from app.core.profile import profiler
    from app.core.profile.link_profile import LinkProfile

    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    dest, src = tmp_path / "dest", tmp_path / "src"
    dest.mkdir()
    src.mkdir()
    (src / "a.bin").write_bytes(b"x" * 1_000_000)
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    try:
        far = await profiler.measure(session, str(dest), [str(src)], budget=0.3, fresh=True,
                                     for_copy=profiler.ForCopy("up", 500), glance=LinkProfile("testhost", rtt_ms=40.0))
        assert "tar-ssh" in far.per_file_ms and "sftp" not in far.per_file_ms, far.per_file_ms
        assert any("talking SFTP is estimated from the round trip (40 ms)" in n for n in far.notes), far.notes
        near = await profiler.measure(session, str(dest), [str(src)], budget=0.3, fresh=True,
                                      for_copy=profiler.ForCopy("up", 500), glance=LinkProfile("testhost", rtt_ms=0.25))
        assert {"tar-ssh", "sftp"} <= set(near.per_file_ms), near.per_file_ms
        advice = await profiler.measure(session, str(dest), [str(src)], budget=0.3, fresh=True)
        assert {"tar-ssh", "sftp"} <= set(advice.per_file_ms)
    finally:
        await session.close()
    assert list(dest.iterdir()) == []
