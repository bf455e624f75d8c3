"""scp's two protocols: which one each client and host shape gets, and what the host's shell receives.

The mode choice is asserted as exact argv lists and sentences (vorta style). Then the REAL local
scp runs with `-S` pointing at a stand-in for ssh: one records the argv scp hands it, so the
tests see the exact remote command line the NAS's login shell would get, and parse it with dash,
bash and BusyBox ash; another runs that command in those shells, so the old protocol copies hostile
names for real through the same scp that runs on the far side.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from app.core.host.askpass import openssh_version
from app.core.quoting import single_quoted
from app.core.host.capabilities import TOOLS, Capabilities
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS, Job
from app.core.transfer.methods.base import Context
from tests.helpers import HOSTILE_NAMES
from tests.helpers import NON_UTF8 as NON_UTF8_BIN
from tests.unit.hostile import DEST, NAMES, assert_copied, assert_no_traps, make_sources, run_stages

SCP = METHODS["scp"]
SCP_LEGACY = METHODS["scp-legacy"]
OPTS = ["-F", "/home/ann/.ssh/config", "-o", "BatchMode=yes"]
SSH = Ssh("nas", tuple(OPTS))
BUSYBOX = shutil.which("busybox")
LOCAL = openssh_version()  # the scp these tests run
# Every name a shell, a glob or an option parser could misread, from both lists the tests keep.
ALL_NAMES = list(dict.fromkeys([*NAMES, *HOSTILE_NAMES, NON_UTF8_BIN]))


def local(version: tuple[int, int] | None) -> Capabilities:
    return Capabilities(tools=set(TOOLS), openssh=version)


def host(sftp: bool = True, shell: bool = True, scp: bool = True, login_shell: str = "/bin/sh") -> Capabilities:
    return Capabilities(tools={"scp"} if scp else set(), sftp=sftp, shell=shell, login_shell=login_shell)


SFTP_HOST, DROPBEAR = host(), host(sftp=False, login_shell="/bin/ash")


def ctx(lcl: Capabilities, remote: Capabilities, names: list[str] = (), paths: list[str] = (),
        entries: list[str] = (), download: bool = False) -> Context:
    return Context(lcl, remote, Options(download=download), source_names=list(names), paths=list(paths),
                   entry_paths=list(entries))


def up_job(lcl: Capabilities, remote: Capabilities, sources=("/home/ann/photos",), dest="/srv/backup",
           o: Options = Options(), ssh: Ssh = SSH) -> Job:
    return Job(ssh, tuple(sources), dest, o, local=lcl, remote=remote)


def down_job(lcl: Capabilities, remote: Capabilities, sources=("/srv/share/photos",), dest="/home/ann/restore",
             ssh: Ssh = SSH) -> Job:
    return Job(ssh, tuple(sources), dest, Options(download=True), local=lcl, remote=remote)


def argv(plan) -> list[str]:
    (stage,) = plan.stages
    return list(stage.argv)


# --- the mode for every client and host shape ----------------------------------------------------

VERSIONS = [(7, 9), (8, 4), (8, 7), (8, 9), (9, 0), (9, 6), None]
UP_TAIL = ["-r", "-p", "-q", *OPTS, "--", "/home/ann/photos"]
DOWN_TAIL = ["-r", "-p", "-q", *OPTS, "--"]
# What each code means: the exact upload and download command lines, or the exact reason.
BUILT = {
    "sftp": (["scp", "-s", *UP_TAIL, "nas:/srv/backup/"],
             ["scp", "-s", *DOWN_TAIL, "nas:/srv/share/photos", "/home/ann/restore/"]),
    "-O": (["scp", "-O", *UP_TAIL, "nas:'/srv/backup/'"],
           ["scp", "-O", *DOWN_TAIL, "nas:'/srv/share/photos'", "/home/ann/restore/"]),
    "old": (["scp", *UP_TAIL, "nas:'/srv/backup/'"],
            ["scp", *DOWN_TAIL, "nas:'/srv/share/photos'", "/home/ann/restore/"]),
}
NEITHER = ("needs an SFTP server on the host, or a shell with `scp` in it for the old protocol, "
           "and the host has neither")
UNKNOWN = ("needs OpenSSH's scp of a known version to choose a protocol that keeps paths safe, "
           "and `ssh -V` on this computer names none")
TOO_OLD = ("needs OpenSSH 8.7 or later on this computer (it has {v}) to use the host's SFTP server, "
           "or a shell with `scp` in it on the host for the old protocol")
#                       client:   7.9      8.4      8.7      8.9      9.0      9.6      unknown
MATRIX = {  # (SFTP server, shell, scp on the host)
    (True, True, True): ("old", "old", "sftp", "sftp", "sftp", "sftp", UNKNOWN),
    (True, True, False): (TOO_OLD, TOO_OLD, "sftp", "sftp", "sftp", "sftp", UNKNOWN),
    (True, False, True): (TOO_OLD, TOO_OLD, "sftp", "sftp", "sftp", "sftp", UNKNOWN),
    (True, False, False): (TOO_OLD, TOO_OLD, "sftp", "sftp", "sftp", "sftp", UNKNOWN),
    (False, True, True): ("old", "old", "-O", "-O", "-O", "-O", UNKNOWN),
    (False, True, False): (NEITHER,) * 7,
    (False, False, True): (NEITHER,) * 7,
    (False, False, False): (NEITHER,) * 7,
}


def cells(matrix: dict, method: str) -> list:
    return [pytest.param(method, shape, version, expected,
                         id=f"{method}-sftp={shape[0]}-shell={shape[1]}-scp={shape[2]}-{version}")
            for shape, row in matrix.items() for version, expected in zip(VERSIONS, row)]


def _mode_cell(method, shape, version, expected):
    """One cell of a matrix: the exact command lines both ways, or the exact reason (and no command)."""
    lcl, remote = local(version), host(*shape)
    if expected in BUILT:
        assert method.unavailable(ctx(lcl, remote)) is None
        up, down = BUILT[expected]
        assert argv(method.build(up_job(lcl, remote))) == up
        assert argv(method.build(down_job(lcl, remote))) == down
    else:
        reason = expected.format(v=f"{version[0]}.{version[1]}" if version else "")
        assert method.unavailable(ctx(lcl, remote)) == reason
        with pytest.raises(ValueError, match="scp cannot run here"):
            method.build(up_job(lcl, remote))


PLAIN = "is plain scp here: {why}, so scp speaks the old protocol itself"
NO_SFTP_HOST = PLAIN.format(why="the host has no SFTP server")
OLD_CLIENT = PLAIN.format(why="this computer's OpenSSH {v} predates scp's SFTP mode")
NO_SHELL_HOST = "runs commands on the host, and this account may only use SFTP (no shell)"
NO_SCP = "needs a shell with `scp` in it on the host for the old protocol"
#                       client:   7.9         8.4         8.7      8.9      9.0      9.6      unknown
LEGACY_MATRIX = {  # scp-legacy: the old protocol where plain scp would speak SFTP, and only there
    (True, True, True): (OLD_CLIENT, OLD_CLIENT, "-O", "-O", "-O", "-O", UNKNOWN),
    (True, True, False): (NO_SCP, NO_SCP, NO_SCP, NO_SCP, NO_SCP, NO_SCP, UNKNOWN),
    (True, False, True): (NO_SHELL_HOST,) * 7,
    (False, True, True): (NO_SFTP_HOST,) * 6 + (UNKNOWN,),
    (False, False, False): (NO_SHELL_HOST,) * 7,
}


@pytest.mark.parametrize("method_id, shape, version, expected",
                         cells(MATRIX, "scp") + cells(LEGACY_MATRIX, "scp-legacy"))
def test_mode_for_every_client_and_host_shape(method_id, shape, version, expected):
    """scp-legacy: the old protocol where plain scp would speak SFTP, and only there."""
    _mode_cell(METHODS[method_id], shape, version, expected)


def test_the_old_protocol_as_a_method_refuses_what_it_cannot_carry():
    assert SCP_LEGACY.unavailable(ctx(local((9, 6)), SFTP_HOST, names=["a\nb"])) == (
        "speaks the old scp protocol, which cannot carry a name with a line break in it")
    assert SCP_LEGACY.unavailable(ctx(local((9, 6)), host(login_shell="/usr/bin/fish"))) == (
        "speaks the old scp protocol, which hands paths to the login shell, and /usr/bin/fish does not read "
        "POSIX quoting")
    assert SCP.unavailable(ctx(local((9, 6)), SFTP_HOST, names=["a\nb"])) is None  # plain scp: SFTP carries it


def test_the_mode_shows_in_the_command_people_see():
    assert SCP.build(up_job(local((9, 6)), SFTP_HOST)).display == (
        "scp -s -r -p -q -F /home/ann/.ssh/config -o BatchMode=yes -- /home/ann/photos nas:/srv/backup/")
    # The remote path is quoted for the host's shell, then the whole word again for the local one.
    assert SCP.build(up_job(local((9, 6)), DROPBEAR)).display == (
        "scp -O -r -p -q -F /home/ann/.ssh/config -o BatchMode=yes -- /home/ann/photos "
        "'nas:'\"'\"'/srv/backup/'\"'\"''")
    # Before 8.7 the old protocol is the only one, so no flag names it: the comment does.
    assert SCP.build(down_job(local((8, 4)), SFTP_HOST)).display == (
        "scp -r -p -q -F /home/ann/.ssh/config -o BatchMode=yes -- 'nas:'\"'\"'/srv/share/photos'\"'\"'' "
        "/home/ann/restore/  # the old SCP protocol, the only one OpenSSH 8.4 speaks")


def test_a_job_without_the_sides_capabilities_is_a_programming_error():
    with pytest.raises(ValueError, match="local= and remote="):
        SCP.build(Job(SSH, ("/home/ann/photos",), "/srv/backup", Options()))


@pytest.mark.parametrize("login_shell", ["/bin/sh", "/bin/bash", "/usr/bin/dash", "/bin/ash", "/bin/busybox",
                                         "/usr/bin/zsh", "/bin/ksh93", "/bin/rbash", ""])
def test_old_protocol_with_posix_login_shells(login_shell):
    assert SCP.unavailable(ctx(local((9, 6)), host(sftp=False, login_shell=login_shell))) is None


@pytest.mark.parametrize("login_shell", ["/usr/bin/fish", "/bin/tcsh", "/bin/csh", "/usr/local/bin/nu"])
def test_old_protocol_refuses_login_shells_that_read_quotes_otherwise(login_shell):
    assert SCP.unavailable(ctx(local((9, 6)), host(sftp=False, login_shell=login_shell))) == (
        "needs the old scp protocol (the host has no SFTP server), which hands paths to the login shell, "
        f"and {login_shell} does not read POSIX quoting")
    # With an SFTP server no shell reads the paths.
    assert SCP.unavailable(ctx(local((9, 6)), host(login_shell=login_shell))) is None


LINE_BREAK = "needs the old scp protocol ({why}), which cannot carry a name with a line break in it"


@pytest.mark.parametrize("where", ["names", "paths", "entries"])
def test_old_protocol_refuses_a_line_break_anywhere_in_the_selection(where):
    found = {"names": dict(names=["a\nb"]), "paths": dict(paths=["/home/ann/new\nline/photos", "/srv/x"]),
             "entries": dict(names=["photos"], entries=["photos", "photos/2024", "photos/2024/a\nb.jpg"])}[where]
    assert SCP.unavailable(ctx(local((9, 6)), DROPBEAR, **found)) == LINE_BREAK.format(
        why="the host has no SFTP server")
    assert SCP.unavailable(ctx(local((8, 4)), SFTP_HOST, **found)) == LINE_BREAK.format(
        why="this computer's OpenSSH 8.4 predates scp's SFTP mode")
    assert SCP.unavailable(ctx(local((9, 6)), SFTP_HOST, **found)) is None  # SFTP carries any name


def test_single_quoted():
    assert single_quoted("/srv/plain") == "'/srv/plain'"
    assert single_quoted("/srv/it's") == "'/srv/it'\\''s'"
    assert single_quoted("/srv/''") == "'/srv/'\\'''\\'''"
    assert single_quoted("/srv/$(touch PWNED) `id` \\ \n *") == "'/srv/$(touch PWNED) `id` \\ \n *'"
    for name in ALL_NAMES:
        assert shlex.split(single_quoted("/srv/" + name)) == ["/srv/" + name]


# --- what the host's shell receives, from the real scp --------------------------------------------

needs_modern_scp = pytest.mark.skipif(LOCAL is None or LOCAL < (8, 7),
                                      reason=f"this scp ({LOCAL}) has only the old protocol; -s and -O need 8.7")
SHELLS = [pytest.param(["dash"], id="dash"), pytest.param(["bash"], id="bash"),
          pytest.param(["busybox", "ash"], id="busybox-ash")]


@pytest.fixture
def box(tmp_path: Path) -> Path:
    """The working directory every process runs in: where `$(touch PWNED)` would land."""
    (tmp_path / "cwd").mkdir()
    yield tmp_path
    assert_no_traps(tmp_path)
    assert not list(tmp_path.rglob("pwned")), "a shell ran `$(touch pwned)` from a name"  # HOSTILE_NAMES' trap


def _program(path: Path, text: str) -> str:
    path.write_text("#!/bin/sh\n" + text + "\n")
    path.chmod(0o755)
    return str(path)


def _with_ssh(command: list[str], fake: str) -> list[str]:
    return command[:1] + ["-S", fake] + command[1:]


def _recorded(box: Path, plan) -> list[list[str]]:
    """Run the plan's real scp with a stand-in ssh that writes down its argv and exits (scp then
    fails: there is no far side). Returns the argv of every ssh scp started."""
    calls = box / "calls"
    calls.mkdir(exist_ok=True)
    fake = _program(box / "record-ssh", f'printf "%s\\0" "$@" > "$(mktemp {shlex.quote(str(calls))}/call.XXXXXX)"'
                                        "\nexit 255")
    subprocess.run(_with_ssh(argv(plan), fake), cwd=box / "cwd", capture_output=True, timeout=30,
                   stdin=subprocess.DEVNULL)
    return [[os.fsdecode(a) for a in (calls / f).read_bytes().split(b"\0")[:-1]] for f in sorted(os.listdir(calls))]


def _words(shell: list[str], command: str, cwd: Path) -> list[str]:
    """The words a POSIX shell makes of `command`, read as the login shell reads it on the host
    (with `scp` a function that prints its arguments instead)."""
    if shell[0] == "busybox" and BUSYBOX is None:
        pytest.fail("busybox is missing: run `make test`, which installs busybox-static")
    script = 'scp() { printf "%s\\0" scp "$@"; }\n' + command
    out = subprocess.run([*shell, "-c", script], cwd=cwd, capture_output=True, timeout=30, check=True)
    return [os.fsdecode(w) for w in out.stdout.split(b"\0")[:-1]]


def _only_call(calls: list[list[str]]) -> list[str]:
    assert len(calls) == 1, calls
    (call,) = calls
    # scp hands ssh the user's options, then the host and one remote command (or, in SFTP mode, -s
    # and the subsystem's name).
    at = call.index("--")
    assert any(call[i:i + len(OPTS)] == OPTS for i in range(at)), call
    return call


@needs_modern_scp
@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("name", ALL_NAMES)
def test_old_protocol_upload_hands_the_shell_the_literal_destination(box, name, shell):
    dest = f"/srv/{name}/in it"
    source = box / "photos"
    source.mkdir(exist_ok=True)
    call = _only_call(_recorded(box, SCP.build(up_job(local(LOCAL), DROPBEAR, (str(source),), dest))))
    assert call[-3:-1] == ["--", "nas"]
    assert call[-1] == "scp -r -p -t " + single_quoted(dest + "/")
    assert _words(shell, call[-1], box / "cwd") == ["scp", "-r", "-p", "-t", dest + "/"]
    assert shlex.split(call[-1]) == ["scp", "-r", "-p", "-t", dest + "/"]


@needs_modern_scp
@pytest.mark.parametrize("name", ALL_NAMES)
def test_the_old_protocol_method_quotes_as_plain_scp_does_on_a_host_without_sftp(box, name):
    dest = f"/srv/{name}/in it"
    source = box / "photos"
    source.mkdir(exist_ok=True)
    call = _only_call(_recorded(box, SCP_LEGACY.build(up_job(local(LOCAL), SFTP_HOST, (str(source),), dest))))
    assert "-s" not in call  # no subsystem: a command for the login shell
    assert call[-1] == "scp -r -p -t " + single_quoted(dest + "/")
    assert _words(["dash"], call[-1], box / "cwd") == ["scp", "-r", "-p", "-t", dest + "/"]


@needs_modern_scp
@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("name", ALL_NAMES)
def test_old_protocol_download_hands_the_shell_the_literal_source(box, name, shell):
    source = f"/srv/share/{name}"
    call = _only_call(_recorded(box, SCP.build(down_job(local(LOCAL), DROPBEAR, (source,), str(box / "got")))))
    assert call[-1] == "scp -r -p -f " + single_quoted(source)
    assert _words(shell, call[-1], box / "cwd") == ["scp", "-r", "-p", "-f", source]


@needs_modern_scp
def test_old_protocol_exact_remote_commands(box):
    """Exactly what a NAS's shell reads, written out by hand; -d when several sources go to one folder."""
    sources = [box / "a", box / "b"]
    for s in sources:
        s.mkdir()
    call = _only_call(_recorded(box, SCP.build(up_job(local(LOCAL), DROPBEAR, tuple(map(str, sources)),
                                                      "/srv/it's $(touch PWNED) `id`"))))
    assert call[-1] == "scp -r -p -d -t '/srv/it'\\''s $(touch PWNED) `id`/'"
    (box / "calls").rename(box / "calls-up")
    call = _only_call(_recorded(box, SCP.build(down_job(local(LOCAL), DROPBEAR, ("/srv/-dash [*?] \\ 'q'",),
                                                        str(box / "got")))))
    assert call[-1] == "scp -r -p -f '/srv/-dash [*?] \\ '\\''q'\\'''"


@needs_modern_scp
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_sftp_mode_hands_no_path_to_any_shell(box, download):
    for name in ALL_NAMES:
        path = f"/srv/{name}"
        (box / "src").mkdir(exist_ok=True)
        job = (down_job(local(LOCAL), SFTP_HOST, (path,), str(box / "got")) if download else
               up_job(local(LOCAL), SFTP_HOST, (str(box / "src"),), path))
        shutil.rmtree(box / "calls", ignore_errors=True)
        call = _only_call(_recorded(box, SCP.build(job)))
        # The SFTP subsystem, not a command: the path travels inside SFTP requests.
        assert call[-4:] == ["-s", "--", "nas", "sftp"], call
        assert not any(name in word for word in call), call


# --- the old protocol, for real: the far side's login shell runs the real `scp -t` / `scp -f` --------

def _shell_ssh(box: Path, shell: list[str]) -> str:
    """A stand-in for ssh that does what sshd does with a command: hand it to the login shell."""
    if shell[0] == "busybox" and BUSYBOX is None:
        pytest.fail("busybox is missing: run `make test`, which installs busybox-static")
    return _program(box / "shell-ssh", f'while [ "$#" -gt 1 ]; do shift; done\nexec {shlex.join(shell)} -c "$1"')


@needs_modern_scp
@pytest.mark.parametrize("shell", SHELLS)
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_old_protocol_copies_hostile_names(box, shell, download):
    src, dest = box / "from", box / "to" / DEST
    dest.mkdir(parents=True)
    sources = make_sources(src, [n for n in ALL_NAMES if "\n" not in n])  # line breaks: refused, below
    job = (down_job if download else up_job)(local(LOCAL), DROPBEAR, tuple(sources), str(dest))
    assert SCP.unavailable(ctx(local(LOCAL), DROPBEAR, [os.path.basename(s) for s in sources],
                               [*sources, str(dest)], download=download)) is None
    run_stages([_with_ssh(argv(SCP.build(job)), _shell_ssh(box, shell))], box / "cwd")
    assert_copied(sources, str(dest))


@needs_modern_scp
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_why_the_old_protocol_is_refused_a_line_break(box, download):
    """Forced anyway, the old protocol does not copy a name with a line break: scp renames it (or
    fails). That is what the refusal spares people."""
    src, dest = box / "from", box / "to"
    dest.mkdir(parents=True)
    (source,) = make_sources(src, ["photos"])
    (Path(source) / "new\nline.txt").write_bytes(b"x")
    entries = ["photos", "photos/new\nline.txt"]
    assert SCP.unavailable(ctx(local(LOCAL), DROPBEAR, ["photos"], [source, str(dest)], entries)) == \
        LINE_BREAK.format(why="the host has no SFTP server")
    job = (down_job if download else up_job)(local(LOCAL), DROPBEAR, (source,), str(dest))
    out = subprocess.run(_with_ssh(argv(SCP.build(job)), _shell_ssh(box, ["dash"])), cwd=box / "cwd",
                         capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    assert out.returncode != 0 or "new\nline.txt" not in os.listdir(dest / "photos"), os.listdir(dest / "photos")


def test_the_trap_would_catch_an_unquoted_path(tmp_path):
    """The harness above can fail: the old command line, a path pasted in unquoted, runs the name."""
    (tmp_path / "cwd").mkdir()
    (tmp_path / "dest $(touch PWNED)").mkdir()
    (tmp_path / "f").write_bytes(b"x")
    fake = _program(tmp_path / "shell-ssh", 'while [ "$#" -gt 1 ]; do shift; done\nexec dash -c "$1"')
    subprocess.run(["scp", *(["-O"] if LOCAL and LOCAL >= (8, 7) else []), "-S", fake, "--", str(tmp_path / "f"),
                    f"nas:{tmp_path}/dest $(touch PWNED)/"], cwd=tmp_path / "cwd", capture_output=True, timeout=30,
                   stdin=subprocess.DEVNULL)
    with pytest.raises(AssertionError, match="PWNED"):
        assert_no_traps(tmp_path)


def test_scp_is_left_out_for_links_it_would_follow_into_trouble() -> None:
    """scp -r follows links: a link to a folder is copied again (or loops), a link to nothing stops it."""
    from app.core.host.capabilities import Capabilities
    from app.core.transfer.methods import METHODS
    from app.core.host.ssh_command import Options
    from app.core.transfer.methods.base import Context
    local = Capabilities(tools={"scp", "ssh", "sftp"}, openssh=(9, 2))
    remote = Capabilities(tools={"scp"})
    for kinds, ok in ((frozenset(), True), (frozenset({"file"}), True), (frozenset({"dir"}), False),
                      (frozenset({"none", "file"}), False)):
        why = METHODS["scp"].unavailable(Context(local, remote, Options(), link_kinds=kinds))
        assert (why is None) == ok, (kinds, why)
        if not ok:
            assert "symbolic link" in why
