"""Every method's `build(job)`: the exact argv of every stage and the exact remote command.

Like vorta's tests/unit/test_create.py: nothing runs here, the command lines are the product.
(tests/unit/test_methods_run.py then runs the remote halves through a real shell.)
"""

from __future__ import annotations

import re
import shlex
from dataclasses import replace

import pytest

from app.core.host.capabilities import Capabilities
from app.core.errors import TransferError
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS, Job, get
from app.core.host import listener
from app.core.transfer.methods.base import glob_escape, rsync_glob_escape
from app.core.transfer.methods.sftp import batch_arg
from tests.unit.hostile import NON_UTF8

OPTS = ["-F", "/home/ann/.ssh/config", "-o", "BatchMode=yes"]
SSH = Ssh("nas", tuple(OPTS))
CIPHER = "aes128-gcm@openssh.com"
STAGE_UP = "/srv/backup/.transfer-advisor-partial-0a1b2c3d"
STAGE_DOWN = "/home/ann/restore/.transfer-advisor-partial-0a1b2c3d"
UP_SOURCES = ("/home/ann/photos", "/home/ann/notes.txt")
DOWN_SOURCES = ("/srv/share/photos", "/srv/share/notes.txt")
RSYNC = ["rsync", "-a", "--info=progress2", "--no-inc-recursive", "-s", "-H", "-S", "--no-owner", "--no-group"]
ZSTD_C, ZSTD_D = ["zstd", "-q", "-1", "-T0", "-c"], ["zstd", "-q", "-d", "-c"]
LZ4_C, LZ4_D = ["lz4", "-q", "-1", "-c"], ["lz4", "-q", "-d", "-c"]
TAR_UP = ["tar", "-c", "-f", "-", "--sparse", "-C", "/home/ann", "./photos", "-C", "/home/ann", "./notes.txt"]
EXTRACT = "tar -x -f - -p --no-same-owner"  # permissions as archived, owners only when asked
TAR_DOWN_REMOTE = "tar -c -f - --sparse -C /srv/share ./photos -C /srv/share ./notes.txt"

# (options, the ssh options they add)
SSH_VARIANTS = [
    pytest.param(Options(), OPTS, id="plain"),
    pytest.param(Options(compress="ssh"), OPTS + ["-C"], id="ssh-compression"),
    pytest.param(Options(cipher=CIPHER), OPTS + ["-c", CIPHER], id="cipher"),
    pytest.param(Options(cipher=CIPHER, compress="ssh"), OPTS + ["-c", CIPHER, "-C"], id="cipher+ssh-compression"),
]


def up(o: Options = Options(), dest: str = STAGE_UP, sources: tuple[str, ...] = UP_SOURCES, **kw) -> Job:
    return Job(SSH, sources, dest, o, **kw)


def down(o: Options = Options(), dest: str = STAGE_DOWN, sources: tuple[str, ...] = DOWN_SOURCES, **kw) -> Job:
    return Job(SSH, sources, dest, replace(o, download=True), **kw)


def argvs(plan) -> list[list[str]]:
    return [list(s.argv) for s in plan.stages]


def test_registry_order_and_lookup():
    assert list(METHODS) == ["scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat", "rsync-daemon", "tar-nc",
                             "mounted", "mounted-plain", "rsync-service", "ftps", "ftp", "smb-encrypted", "smb", "nfs"]
    assert get("tar-ssh") is METHODS["tar-ssh"]
    with pytest.raises(TransferError) as err:
        get("afp")
    assert err.value.kind == "usage"
    assert err.value.sentence == ("There is no method 'afp'; choose one of: scp, scp-legacy, sftp, rsync-ssh, tar-ssh, "
                                  "ssh-cat, rsync-daemon, tar-nc, mounted, mounted-plain, rsync-service, ftps, ftp, "
                                  "smb-encrypted, smb, nfs.")


def test_ssh_options_with_a_shared_connection():
    ssh = Ssh("nas", ("-F", "/cfg"), control_path="/run/ta/cm-1")
    assert ssh.command(Options(cipher=CIPHER, compress="ssh"), "true") == [
        "ssh", "-F", "/cfg", "-c", CIPHER, "-C", "-o", "ControlPath=/run/ta/cm-1", "-o", "ControlMaster=no",
        "--", "nas", "true"]
    assert ssh.rsh(Options()) == "ssh -F /cfg -o ControlPath=/run/ta/cm-1 -o ControlMaster=no"


# --- scp (which protocol for which client and host, and hostile names: tests/unit/test_scp.py) ----

SFTP_SIDES = dict(local=Capabilities(openssh=(9, 6)), remote=Capabilities(tools={"scp"}))
OLD_SIDES = dict(local=Capabilities(openssh=(9, 6)), remote=Capabilities(tools={"scp"}, sftp=False))


@pytest.mark.parametrize("o, ssh_opts", SSH_VARIANTS)
def test_scp_upload(o, ssh_opts):
    plan = METHODS["scp"].build(up(o, **SFTP_SIDES))
    assert argvs(plan) == [["scp", "-s", "-r", "-p", "-q", *ssh_opts, "--", "/home/ann/photos", "/home/ann/notes.txt",
                            f"nas:{STAGE_UP}/"]]
    assert (plan.progress, plan.watch) == ("io", (0, "wchar")) and plan.stdin_data is None and plan.listener is None
    plan = METHODS["scp"].build(up(o, **OLD_SIDES))
    assert argvs(plan) == [["scp", "-O", "-r", "-p", "-q", *ssh_opts, "--", "/home/ann/photos", "/home/ann/notes.txt",
                            f"nas:'{STAGE_UP}/'"]]


@pytest.mark.parametrize("o, ssh_opts", SSH_VARIANTS)
def test_scp_download(o, ssh_opts):
    plan = METHODS["scp"].build(down(o, **SFTP_SIDES))
    assert argvs(plan) == [["scp", "-s", "-r", "-p", "-q", *ssh_opts, "--", "nas:/srv/share/photos",
                            "nas:/srv/share/notes.txt", f"{STAGE_DOWN}/"]]
    assert plan.display == shlex.join(argvs(plan)[0])
    plan = METHODS["scp"].build(down(o, **OLD_SIDES))
    assert argvs(plan) == [["scp", "-O", "-r", "-p", "-q", *ssh_opts, "--", "nas:'/srv/share/photos'",
                            "nas:'/srv/share/notes.txt'", f"{STAGE_DOWN}/"]]


def test_scp_escapes_globs_in_remote_sources_but_not_in_the_target():
    hostile = "/srv/star*?[x]/back\\slash"
    plan = METHODS["scp"].build(down(sources=(hostile,), **SFTP_SIDES))
    assert argvs(plan)[0][-2:] == ["nas:/srv/star\\*\\?\\[x\\]/back\\\\slash", f"{STAGE_DOWN}/"]
    # scp (SFTP mode) never globs the target: escaping it would put real backslashes in the path.
    plan = METHODS["scp"].build(up(dest="/srv/star*?[x] back\\slash", sources=("/home/ann/colon:name",), **SFTP_SIDES))
    assert argvs(plan)[0][-2:] == ["/home/ann/colon:name", "nas:/srv/star*?[x] back\\slash/"]
    # The old protocol's `scp -f` globs nothing: the host's shell reads the path, single-quoted.
    plan = METHODS["scp"].build(down(sources=(hostile, "/srv/it's"), **OLD_SIDES))
    assert argvs(plan)[0][-3:] == ["nas:'/srv/star*?[x]/back\\slash'", "nas:'/srv/it'\\''s'", f"{STAGE_DOWN}/"]


# --- sftp --------------------------------------------------------------------------------------

@pytest.mark.parametrize("o, ssh_opts", SSH_VARIANTS)
def test_sftp_upload(o, ssh_opts):
    plan = METHODS["sftp"].build(up(o))
    assert argvs(plan) == [["sftp", "-q", *ssh_opts, "-b", "-", "--", "nas"]]
    assert plan.stdin_data == (f'put -r -p "/home/ann/photos" "{STAGE_UP}/"\n'
                               f'put -r -p "/home/ann/notes.txt" "{STAGE_UP}/"\n').encode()
    assert (plan.progress, plan.watch) == ("io", (0, "wchar"))


@pytest.mark.parametrize("o, ssh_opts", SSH_VARIANTS)
def test_sftp_download(o, ssh_opts):
    plan = METHODS["sftp"].build(down(o))
    assert argvs(plan) == [["sftp", "-q", *ssh_opts, "-b", "-", "--", "nas"]]
    assert plan.stdin_data == (f'get -r -p "/srv/share/photos" "{STAGE_DOWN}/"\n'
                               f'get -r -p "/srv/share/notes.txt" "{STAGE_DOWN}/"\n').encode()


@pytest.mark.parametrize("path, line_arg", [
    ("/a/with space", '"/a/with space"'),
    ("/a/it's", '"/a/it\'s"'),
    ('/a/dq"uote', '"/a/dq\\"uote"'),
    ("/a/back\\slash", '"/a/back\\\\slash"'),
    ("/a/trailing\\", '"/a/trailing\\\\"'),
    ('/a/\\"', '"/a/\\\\\\""'),
    # Inside quotes sftp makes * ? [ literal itself, for globbed and unglobbed arguments alike.
    ("/a/star*?[x]", '"/a/star*?[x]"'),
    ("/a/$(touch PWNED) `id` #not-a-comment", '"/a/$(touch PWNED) `id` #not-a-comment"'),
    ("/a/-leading-dash", '"/a/-leading-dash"'),
    ("/a/tab\there", '"/a/tab\there"'),
])
def test_sftp_batch_arg(path, line_arg):
    assert batch_arg(path) == line_arg


def test_sftp_batch_keeps_undecodable_bytes():
    plan = METHODS["sftp"].build(up(sources=("/home/ann/" + NON_UTF8,)))
    assert plan.stdin_data == f'put -r -p "/home/ann/latin1-\xe9\xff" "{STAGE_UP}/"\n'.encode("latin-1")
    assert b"\xe9\xff" in plan.stdin_data and b"\\udc" not in plan.stdin_data


# --- rsync over ssh ----------------------------------------------------------------------------

@pytest.mark.parametrize("o, ssh_opts", SSH_VARIANTS)
def test_rsync_ssh_upload(o, ssh_opts):
    plan = METHODS["rsync-ssh"].build(up(o, dest="/srv/backup", sources=("/home/ann/photos/", "/home/ann/notes.txt")))
    # A trailing slash on a source would copy its contents instead of the folder: it is dropped.
    assert argvs(plan) == [[*RSYNC, "-e", shlex.join(["ssh", *ssh_opts]), "--", "/home/ann/photos",
                            "/home/ann/notes.txt", "nas:/srv/backup/"]]
    assert plan.progress == "rsync"


@pytest.mark.parametrize("compress, flags", [("zstd", ["-z", "--compress-choice=zstd"]),
                                             ("lz4", ["-z", "--compress-choice=lz4"])])
def test_rsync_ssh_download_with_rsync_compression(compress, flags):
    plan = METHODS["rsync-ssh"].build(down(Options(compress=compress), dest="/home/ann/restore"))
    assert argvs(plan) == [[*RSYNC, *flags, "-e", "ssh -F /home/ann/.ssh/config -o BatchMode=yes", "--",
                            "nas:/srv/share/photos", "nas:/srv/share/notes.txt", "/home/ann/restore/"]]


def test_rsync_ssh_rsh_quotes_a_hostile_config_path():
    ssh = Ssh("nas", ("-F", "/home/ann/it's my \"ssh\" config"))
    plan = METHODS["rsync-ssh"].build(replace(up(dest="/srv/backup"), ssh=ssh))
    assert argvs(plan)[0][len(RSYNC):len(RSYNC) + 2] == ["-e", "ssh -F '/home/ann/it'\"'\"'s my \"ssh\" config'"]


def test_rsync_ssh_download_escapes_only_components_rsync_would_glob():
    sources = ("/srv/a[1]/back\\slash/f*", "/srv/back\\slash", "/srv/-dash:colon")
    plan = METHODS["rsync-ssh"].build(down(sources=sources, dest="/home/ann/restore"))
    assert argvs(plan)[0][-4:] == ["nas:/srv/a\\[1\\]/back\\slash/f\\*", "nas:/srv/back\\slash",
                                   "nas:/srv/-dash:colon", "/home/ann/restore/"]


# --- tar over ssh ------------------------------------------------------------------------------

@pytest.mark.parametrize("o, ssh_opts", SSH_VARIANTS)
def test_tar_ssh_upload(o, ssh_opts):
    plan = METHODS["tar-ssh"].build(up(o))
    assert argvs(plan) == [TAR_UP, ["ssh", *ssh_opts, "--", "nas", f"tar -x -f - -p --no-same-owner -C {STAGE_UP}"]]
    assert (plan.progress, plan.watch, plan.counts_tar_stream) == ("io", (0, "wchar"), True)


@pytest.mark.parametrize("o, ssh_opts", SSH_VARIANTS)
def test_tar_ssh_download(o, ssh_opts):
    plan = METHODS["tar-ssh"].build(down(o))
    assert argvs(plan) == [["ssh", *ssh_opts, "--", "nas", TAR_DOWN_REMOTE],
                           ["tar", "-x", "-f", "-", "-p", "--no-same-owner", "-C", STAGE_DOWN]]
    assert (plan.watch, plan.counts_tar_stream) == ((1, "rchar"), True)  # what tar x read


@pytest.mark.parametrize("compress, c, d", [("zstd", ZSTD_C, ZSTD_D), ("lz4", LZ4_C, LZ4_D)])
def test_tar_ssh_pipeline_compression(compress, c, d):
    plan = METHODS["tar-ssh"].build(up(Options(compress=compress)))
    assert argvs(plan) == [TAR_UP, c, ["ssh", *OPTS, "--", "nas", f"{shlex.join(d)} | {EXTRACT} -C {STAGE_UP}"]]
    assert plan.watch == (0, "wchar")  # the plain tar stream is counted, before the compressor
    assert plan.display == (f"tar -c -f - --sparse -C /home/ann ./photos -C /home/ann ./notes.txt | {shlex.join(c)} | "
                            f"ssh -F /home/ann/.ssh/config -o BatchMode=yes -- nas "
                            f"'{shlex.join(d)} | tar -x -f - -p --no-same-owner -C {STAGE_UP}'")

    plan = METHODS["tar-ssh"].build(down(Options(compress=compress)))
    assert argvs(plan) == [["ssh", *OPTS, "--", "nas", f"{TAR_DOWN_REMOTE} | {shlex.join(c)}"], d,
                           ["tar", "-x", "-f", "-", "-p", "--no-same-owner", "-C", STAGE_DOWN]]
    assert plan.watch == (2, "rchar")  # after the decompressor: the plain tar stream again


def test_tar_commands_quote_hostile_names():
    sources = ("/srv/it's/$(touch PWNED)`id`", "/srv/-leading dash", "/srv/new\nline", "/srv/" + NON_UTF8)
    plan = METHODS["tar-ssh"].build(down(sources=sources, dest="/home/ann/dest [x]"))
    remote = argvs(plan)[0][-1]
    assert remote == ("tar -c -f - --sparse -C '/srv/it'\"'\"'s' './$(touch PWNED)`id`' -C /srv './-leading dash' "
                      "-C /srv './new\nline' -C /srv './latin1-\udce9\udcff'")
    assert shlex.split(remote) == ["tar", "-c", "-f", "-", "--sparse", "-C", "/srv/it's", "./$(touch PWNED)`id`",
                                   "-C", "/srv", "./-leading dash", "-C", "/srv", "./new\nline", "-C", "/srv",
                                   "./" + NON_UTF8]
    assert argvs(plan)[1] == ["tar", "-x", "-f", "-", "-p", "--no-same-owner", "-C", "/home/ann/dest [x]"]

    plan = METHODS["tar-ssh"].build(up(sources=("/home/ann/-x", "/home/ann/a b/"), dest="/srv/it's"))
    assert argvs(plan) == [["tar", "-c", "-f", "-", "--sparse", "-C", "/home/ann", "./-x", "-C", "/home/ann", "./a b"],
                           ["ssh", *OPTS, "--", "nas", "tar -x -f - -p --no-same-owner -C '/srv/it'\"'\"'s'"]]


# --- ssh cat -----------------------------------------------------------------------------------

@pytest.mark.parametrize("o, ssh_opts", SSH_VARIANTS)
def test_ssh_cat_upload(o, ssh_opts):
    plan = METHODS["ssh-cat"].build(up(o, sources=("/home/ann/movie.mkv",)))
    assert argvs(plan) == [["ssh", *ssh_opts, "--", "nas", f"cat > {STAGE_UP}/movie.mkv"]]
    assert (plan.watch, plan.read_file, plan.write_file) == ((0, "fd0"), "/home/ann/movie.mkv", None)
    assert plan.display == f"{shlex.join(argvs(plan)[0])} < /home/ann/movie.mkv"


@pytest.mark.parametrize("o, ssh_opts", SSH_VARIANTS)
def test_ssh_cat_download(o, ssh_opts):
    plan = METHODS["ssh-cat"].build(down(o, sources=("/srv/share/movie.mkv",)))
    assert argvs(plan) == [["ssh", *ssh_opts, "--", "nas", "cat < /srv/share/movie.mkv"]]
    assert (plan.watch, plan.read_file, plan.write_file) == ((0, "fd1"), None, f"{STAGE_DOWN}/movie.mkv")


def test_ssh_cat_zstd_both_ways():
    plan = METHODS["ssh-cat"].build(up(Options(compress="zstd"), sources=("/home/ann/movie.mkv",)))
    assert argvs(plan) == [ZSTD_C, ["ssh", *OPTS, "--", "nas", f"zstd -q -d -c > {STAGE_UP}/movie.mkv"]]
    assert plan.watch == (0, "fd0")  # the compressor reads the file
    plan = METHODS["ssh-cat"].build(down(Options(compress="zstd"), sources=("/srv/share/movie.mkv",)))
    assert argvs(plan) == [["ssh", *OPTS, "--", "nas", "zstd -q -1 -T0 -c < /srv/share/movie.mkv"], ZSTD_D]
    assert (plan.watch, plan.write_file) == ((1, "fd1"), f"{STAGE_DOWN}/movie.mkv")  # the decompressor writes it


def test_ssh_cat_quotes_hostile_names():
    plan = METHODS["ssh-cat"].build(up(sources=("/home/ann/$(touch PWNED) it's\n.bin",), dest="/srv/-d"))
    assert argvs(plan)[0][-1] == "cat > '/srv/-d/$(touch PWNED) it'\"'\"'s\n.bin'"


# --- rsync daemon ------------------------------------------------------------------------------

DAEMON = dict(listen_address="198.18.0.2", port=40123, secret="Zq3-one-time_secret", client_address="198.18.0.1")


def _listener_args(plan) -> list[str]:
    words = shlex.split(plan.listener.command)
    assert words[:2] == ["sh", "-c"] and words[3] == "sh"
    return words[4:]


@pytest.mark.parametrize("compress, flags", [("none", []), ("zstd", ["-z", "--compress-choice=zstd"])])
def test_rsync_daemon_upload(compress, flags):
    plan = METHODS["rsync-daemon"].build(up(Options(compress=compress), dest="/srv/backup", **DAEMON))
    assert argvs(plan) == [[*RSYNC, *flags, "--", "/home/ann/photos", "/home/ann/notes.txt",
                            "rsync://ta@198.18.0.2:40123/ta/"]]
    assert plan.stages[0].env == {"RSYNC_PASSWORD": "Zq3-one-time_secret"}
    assert _listener_args(plan) == ["198.18.0.2", "40123", "/srv/backup", "false", "ta", "ta", "198.18.0.1"]
    assert plan.listener.stdin == b"Zq3-one-time_secret\n"
    assert not plan.listener.ends_by_itself
    assert re.search(plan.listener.ready, "ready on port 40123")["port"] == "40123"
    # rsync's own log line comes before it binds; it must not count as ready.
    assert not re.search(plan.listener.ready, "2024/01/01 [7] rsyncd version 3.2.7 starting, listening on port 40123")
    # The secret travels on stdin and in the environment only: never in an argv anyone can read in ps.
    assert "Zq3" not in plan.listener.command and "Zq3" not in " ".join(argvs(plan)[0]) + plan.display
    assert plan.display == ("# on the remote: an rsyncd.conf with a [ta] module at /srv/backup, then\n"
                            f"RSYNC_PASSWORD=... {shlex.join(argvs(plan)[0])}")


def test_rsync_daemon_download():
    sources = ("/srv/share/photos", "/srv/share/docs/notes.txt", "/srv/share/-dash", "/srv/share/st*r")
    plan = METHODS["rsync-daemon"].build(down(dest="/home/ann/restore", sources=sources, **DAEMON))
    base = "rsync://ta@198.18.0.2:40123/ta/./"
    # `./` keeps the daemon from reading `-dash` as an option; rsync would glob `st*r`.
    assert argvs(plan) == [[*RSYNC, "--", base + "photos", base + "docs/notes.txt", base + "-dash",
                            base + "st\\*r", "/home/ann/restore/"]]
    assert _listener_args(plan) == ["198.18.0.2", "40123", "/srv/share", "true", "ta", "ta", "198.18.0.1"]


def test_rsync_daemon_ipv6_and_display_port():
    plan = METHODS["rsync-daemon"].build(up(dest="/srv/backup", listen_address="fd00::2"))
    assert argvs(plan)[0][-1] == "rsync://ta@[fd00::2]:PORT/ta/"
    assert _listener_args(plan)[:2] == ["fd00::2", "PORT"]


# --- tar over netcat ---------------------------------------------------------------------------

NC = dict(listen_address="198.18.0.2", port=40123, secret="Zq3-one-time_token")
OPENBSD_UP, OPENBSD_DOWN = ["nc", "-d", "-n", "-l", "198.18.0.2", "40123"], ["nc", "-N", "-n", "-l", "198.18.0.2", "40123"]
BUSYBOX_NC = ["nc", "-l", "-p", "40123"]  # it cannot bind one address: the token check keeps others out
TOKEN_LINE = b"Zq3-one-time_token\n"


@pytest.mark.parametrize("netcat, nc", [("OpenBSD netcat", OPENBSD_UP), ("BusyBox", BUSYBOX_NC)])
def test_tar_nc_upload(netcat, nc):
    plan = METHODS["tar-nc"].build(up(**NC, netcat=netcat))
    assert argvs(plan) == [TAR_UP]
    assert plan.listener.command == listener.receiving(nc, "40123", f"tar -x -f - -p --no-same-owner -C {STAGE_UP}")
    assert plan.listener.stdin == TOKEN_LINE and plan.listener.guarded and plan.listener.ends_by_itself
    assert (plan.connect, plan.watch, plan.counts_tar_stream) == ("upload", (0, "wchar"), True)
    assert re.search(plan.listener.ready, "ready on port 40123")["port"] == "40123"
    # The token travels on the helper's input and the data connection only: never in an argv.
    assert "Zq3" not in plan.listener.command + plan.display


@pytest.mark.parametrize("netcat, nc", [("OpenBSD netcat", OPENBSD_DOWN), ("BusyBox", BUSYBOX_NC)])
def test_tar_nc_download(netcat, nc):
    plan = METHODS["tar-nc"].build(down(**NC, netcat=netcat))
    assert argvs(plan) == [["tar", "-x", "-f", "-", "-p", "--no-same-owner", "-C", STAGE_DOWN]]
    assert plan.listener.command == listener.sending(TAR_DOWN_REMOTE, nc, "40123")
    assert plan.listener.stdin == TOKEN_LINE and plan.listener.guarded
    assert (plan.connect, plan.watch) == ("download", (0, "rchar"))


def test_tar_nc_zstd_both_ways():
    plan = METHODS["tar-nc"].build(up(Options(compress="zstd"), **NC))
    assert argvs(plan) == [TAR_UP, ZSTD_C]
    assert plan.listener.command == listener.receiving(OPENBSD_UP, "40123", f"zstd -q -d -c | {EXTRACT} -C {STAGE_UP}")
    assert plan.watch == (0, "wchar")
    plan = METHODS["tar-nc"].build(down(Options(compress="zstd"), **NC))
    assert argvs(plan) == [ZSTD_D, ["tar", "-x", "-f", "-", "-p", "--no-same-owner", "-C", STAGE_DOWN]]
    assert plan.listener.command == listener.sending(f"{TAR_DOWN_REMOTE} | zstd -q -1 -T0 -c", OPENBSD_DOWN, "40123")
    assert plan.watch == (1, "rchar")


def test_tar_nc_display_is_a_recipe_with_its_own_token():
    """What the app shows: made with port 0 and no secret, as the copy does (tests/unit/test_tar_nc_hosts.py
    runs it)."""
    plan = METHODS["tar-nc"].build(up(listen_address="198.18.0.2"))
    remote = listener.receiving(["nc", "-d", "-n", "-l", "198.18.0.2", "PORT"], "PORT", f"{EXTRACT} -C {STAGE_UP}")
    assert plan.display == ("t=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n'); "
                            f'echo "$t" | ssh -F /home/ann/.ssh/config -o BatchMode=yes -- nas {shlex.quote(remote)} '
                            f'& sleep 2; {{ printf %s "$t"; {shlex.join(TAR_UP)}; }} | nc -N 198.18.0.2 PORT; wait')
    plan = METHODS["tar-nc"].build(down(listen_address="198.18.0.2"))
    assert plan.display.endswith(f'& sleep 2; printf %s "$t" | nc 198.18.0.2 PORT | {EXTRACT} -C {STAGE_DOWN}; wait')


# --- escaping helpers --------------------------------------------------------------------------

def test_glob_escape():
    assert glob_escape("/a/star*?[x]/back\\slash") == "/a/star\\*\\?\\[x\\]/back\\\\slash"
    assert glob_escape("/plain/it's $(x)") == "/plain/it's $(x)"


def test_rsync_glob_escape_only_touches_components_with_wildcards():
    assert rsync_glob_escape("/a/back\\slash/x]y") == "/a/back\\slash/x]y"
    assert rsync_glob_escape("/a/b\\c[1]/d") == "/a/b\\\\c\\[1\\]/d"
    assert rsync_glob_escape("st*r") == "st\\*r"
