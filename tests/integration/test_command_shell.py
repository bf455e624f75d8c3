"""The session's own shell for its commands (app.core.host.command_shell), on a real sshd: each command's output
(bytes as they are), errors and exit status come back as a channel of its own gives them, much on both streams at
once included; a command's `exit` and `cd` stay its own; commands asked side by side still run side by side; one
cut off by its time leaves the shell unused and the next command still runs. The shell's loop also runs under
BusyBox's sh and dash, as an embedded box's or a Debian NAS's login gives them."""

from __future__ import annotations

import asyncio
import os
import secrets
import subprocess

import pytest

from hypothesis import HealthCheck, given, settings, strategies as st

from app.core.host.command_shell import LOOP, MOST, fed
from app.core.host.hosts import HostSpec
from app.core.host.session import Session
from app.core.quoting import sh_command


async def _session(sshd) -> Session:
    return await Session.open(HostSpec("testhost", str(sshd.ssh_config)), ssh_tools=False)


async def test_commands_through_the_shell_answer_as_a_channel_of_their_own_does(sshd, tmp_path) -> None:
    session = await _session(sshd)
    try:
        assert session.shell is not None
        commands = [sh_command('printf "a\\0b\\n\\n"; printf "no end" >&2; exit 7'),
                    sh_command('cd "$1" && pwd && cd / && printf "%s" "$2"', str(tmp_path), "it's \"odd\"\nline"),
                    sh_command('head -c 3000000 /dev/zero | tr "\\0" x; head -c 2500000 /dev/zero | tr "\\0" y >&2'),
                    sh_command("exit 0"), sh_command("true")]
        through = [await session.run(c) for c in commands]
        assert session.shell.ran == len(commands) and not session.shell.broken
        session.shell = None  # the same commands, each in a channel of its own
        alone = [await session.run(c) for c in commands]
    finally:
        await session.close()
    for a, b in zip(through, alone):
        assert (a.exit_status, a.stdout, a.stderr) == (b.exit_status, b.stdout, b.stderr)
    assert through[0].exit_status == 7 and through[0].stdout == b"a\0b\n\n" and through[0].stderr == b"no end"
    assert through[1].stdout == f"{tmp_path}\nit's \"odd\"\nline".encode()
    assert len(through[2].stdout) == 3_000_000 and len(through[2].stderr) == 2_500_000


async def test_an_exit_or_a_cd_stays_with_its_command(sshd, tmp_path) -> None:
    session = await _session(sshd)
    try:
        await session.run(sh_command('cd "$1"; exit 3', str(tmp_path)))
        await session.run(sh_command("exit 4"))
        here = await session.run(sh_command("pwd"))
        home = await session.run(sh_command("cd && pwd"))
        assert not session.shell.broken
    finally:
        await session.close()
    assert here.stdout == home.stdout  # the login's own folder, not where the first command went


# $1: a folder, $2: this command's name. Leaves its name there, then waits (10 s at most) for the other two's.
_TOGETHER = r"""touch "$1/$2"; n=0
while [ "$(ls "$1" | wc -l)" -lt 3 ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
if [ "$(ls "$1" | wc -l)" -ge 3 ]; then echo "$2 together"; else echo "$2 alone"; fi"""


async def test_side_by_side_commands_run_side_by_side(sshd, tmp_path) -> None:
    """Three commands asked at once each wait until all three have started: one in the shell, the others in
    channels of their own, each sees the other two (one after another, each would wait alone)."""
    session = await _session(sshd)
    try:
        await session.run(sh_command("true"))  # the shell started
        results = await asyncio.gather(*(session.run(sh_command(_TOGETHER, str(tmp_path), str(i))) for i in range(3)))
        assert session.shell.ran == 2  # the first, and one of the three
    finally:
        await session.close()
    assert [r.stdout for r in results] == [b"0 together\n", b"1 together\n", b"2 together\n"]


async def test_a_command_cut_off_by_its_time_leaves_the_shell_and_the_next_one_runs(sshd) -> None:
    session = await _session(sshd)
    try:
        with pytest.raises(TimeoutError):
            await session.run(sh_command("sleep 5; echo late"), timeout=0.5)
        assert session.shell.broken
        after = await session.run(sh_command("echo after"))
    finally:
        await session.close()
    assert after.stdout == b"after\n" and after.exit_status == 0


@pytest.mark.parametrize("shell", ["busybox", "dash"])
def test_the_loop_runs_under_busybox_and_dash(shell: str, busybox_bin: str) -> None:
    """LOOP itself, fed two commands as the session writes them, under the shells a NAS's login may be."""
    sh = [os.path.join(busybox_bin, "sh")] if shell == "busybox" else ["dash"]
    env = {"PATH": busybox_bin} if shell == "busybox" else dict(os.environ)
    tokens = [secrets.token_hex(16).encode() for _ in range(2)]
    commands = [sh_command('printf "%s\\0" "$@"; exit 5', "a b", "-x"), sh_command('echo "$1" >&2', "odd\\path")]
    stdin = b"".join(t + b"\n" + c + b"\n" + t + b"\n" for t, c in zip(tokens, commands))
    proc = subprocess.run([*sh, "-c", LOOP], input=stdin, capture_output=True, timeout=30, env=env)
    first, second = tokens
    assert proc.stdout == (first + b" go\n" + b"a b\0-x\0" + b"\n" + first + b" 5\n"
                           + second + b" go\n" + b"\n" + second + b" 0\n")
    assert proc.stderr == b"\n" + first + b"\n" + b"odd\\path\n" + b"\n" + second + b"\n"


async def test_a_long_command_takes_a_channel_of_its_own(sshd, tmp_path) -> None:
    """A shell reads its input a byte at a time: a command with a long list of paths goes the other way."""
    paths = [str(tmp_path / f"file number {i:04d}") for i in range(300)]
    session = await _session(sshd)
    try:
        await session.run(sh_command("true"))
        result = await session.run(sh_command('printf "%s\\n" "$#"', *paths))
        assert session.shell.ran == 1 and not session.shell.broken
    finally:
        await session.close()
    assert result.stdout == b"300\n"


async def test_a_command_s_input_goes_through_the_shell_exactly(sshd, tmp_path) -> None:
    """Input written into the command (printf's escapes) reaches it byte for byte, NULs, line breaks, quotes and
    the token's own kind of line included, and all of it to a command of several lines; as a channel gives it.
    Input too long to write out goes to a channel."""
    every = bytes(range(256)) * 3
    target = tmp_path / "written"
    commands = [(sh_command("od -An -v -tx1"), every),
                (sh_command('cat > "$1"; wc -c < "$1"', str(target)), b"line\n'quoted' %s \\ \0end"),
                (b"read -r first\nprintf '[%s]' \"$first\"\ncat; exit 3", b"one\ntwo\nthree"),
                (sh_command("cat"), secrets.token_hex(16).encode() + b"\n")]
    session = await _session(sshd)
    try:
        through = [await session.run(c, stdin=i) for c, i in commands]
        assert session.shell.ran == len(commands) and not session.shell.broken
        long = await session.run(sh_command("wc -c"), stdin=b"x" * MOST)
        assert session.shell.ran == len(commands)  # a channel of its own
        written = target.read_bytes()
        session.shell = None
        alone = [await session.run(c, stdin=i) for c, i in commands]
    finally:
        await session.close()
    for a, b in zip(through, alone):
        assert (a.exit_status, a.stdout, a.stderr) == (b.exit_status, b.stdout, b.stderr)
    assert bytes.fromhex(through[0].stdout.decode()) == every
    assert written == commands[1][1] and through[1].stdout.strip() == str(len(written)).encode()
    assert through[2].stdout == b"[one]two\nthree" and through[2].exit_status == 3
    assert through[3].stdout == commands[3][1]
    assert long.stdout.strip() == str(MOST).encode()


@pytest.mark.parametrize("shell", ["busybox", "dash", "bash"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=600))
def test_any_input_written_into_a_command_arrives_as_it_was(shell: str, busybox_bin: str, data: bytes) -> None:
    """Every byte string, under the shells a NAS's login may be (BusyBox's printf, dash's, bash's)."""
    sh = [os.path.join(busybox_bin, "sh")] if shell == "busybox" else [shell]
    env = {"PATH": busybox_bin} if shell == "busybox" else dict(os.environ)
    proc = subprocess.run([*sh, "-c", fed(b"cat", data).decode()], capture_output=True, timeout=30, env=env)
    assert proc.stdout == data and proc.returncode == 0, proc.stderr
