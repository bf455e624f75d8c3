"""Sending a list instead of the whole sources (what is missing at the destination or in the staging
folder), and carrying on a cut file from a byte: each method's exact argv with hostile names, and the
tar and ssh-cat plans run for real (the remote half through a local `sh -c`, as sshd would)."""

from __future__ import annotations

import os
import shlex
from dataclasses import replace
from pathlib import Path

import pytest

from app.core.host.capabilities import Capabilities
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS, Job
from app.core.transfer.methods.base import DaemonModule
from app.core.transfer.methods.tar_common import ARGV_LIST_MAX
from tests.helpers import HOSTILE_NAMES, NON_UTF8
from tests.unit.hostile import assert_no_traps, run_stages

OPTS = ["-F", "/home/ann/.ssh/config"]
SSH = Ssh("nas", tuple(OPTS))
STAGE = "/srv/backup/.transfer-advisor-partial-0123456789abcdef"
NAMES = HOSTILE_NAMES + [NON_UTF8]
# A folder, a file in it and one below another folder: paths below the sources' parent.
FILES = ("photos", "photos/2024", *(f"photos/2024/{n}" for n in NAMES), "photos/top.jpg")
SIDES = dict(local=Capabilities(openssh=(9, 6)), remote=Capabilities(tools={"scp"}))
KEEPS = ["-H", "-S", "--no-owner", "--no-group"]  # hard links, sparse files, no owners unless asked


def job(files=FILES, partial=(), download=False, **kw) -> Job:
    sources = ("/srv/share/photos",) if download else ("/home/ann/photos",)
    dest = "/home/ann/restore/.transfer-advisor-partial-0123456789abcdef" if download else STAGE
    return Job(SSH, sources, dest, Options(download=download), files=files, partial=partial, **kw)


def nul(*names: str) -> bytes:
    return b"".join(os.fsencode(n) + b"\0" for n in names)


def argvs(plan) -> list[list[str]]:
    return [list(s.argv) for s in plan.stages]


# -- the argv ---------------------------------------------------------------------------------------
def test_tar_ssh_upload_reads_the_list_on_stdin():
    plan = METHODS["tar-ssh"].build(job())
    assert argvs(plan) == [["tar", "-c", "-f", "-", "--sparse", "--null", "--no-recursion", "-C", "/home/ann",
                            "-T", "-"],
                           ["ssh", *OPTS, "--", "nas", f"tar -x -f - -p --no-same-owner -C {STAGE}"]]
    assert plan.stdin_data == nul(*("./" + f for f in FILES))  # `./`: no name is read as an option


def test_tar_ssh_download_sends_the_list_through_ssh_to_the_hosts_tar():
    plan = METHODS["tar-ssh"].build(job(download=True))
    assert argvs(plan)[0][-1] == "tar -c -f - --sparse --null --no-recursion -C /srv/share -T -"
    assert plan.stdin_data == nul(*("./" + f for f in FILES))


def test_busybox_tar_takes_the_names_as_arguments():
    box = replace(job(download=True), remote=Capabilities(tar_flavour="BusyBox"))
    plan = METHODS["tar-ssh"].build(box)
    remote = argvs(plan)[0][-1]
    assert shlex.split(remote) == ["tar", "-c", "-f", "-", "--no-recursion", "-C", "/srv/share",
                                   *("./" + f for f in FILES)]
    assert plan.stdin_data is None
    assert METHODS["tar-ssh"].takes_list(box)
    many = replace(box, files=tuple(f"photos/{i:06d}.jpg" for i in range(ARGV_LIST_MAX // 10)))
    assert not METHODS["tar-ssh"].takes_list(many)  # too long for a command line: the whole sources go


def test_tar_nc_takes_a_list_only_when_sending():
    assert METHODS["tar-nc"].takes_list(job())
    assert argvs(METHODS["tar-nc"].build(replace(job(), listen_address="198.18.0.2")))[0][:7] == [
        "tar", "-c", "-f", "-", "--sparse", "--null", "--no-recursion"]
    assert not METHODS["tar-nc"].takes_list(job(download=True))


def test_rsync_ssh_list_and_append_verify():
    plan = METHODS["rsync-ssh"].build(job(partial=("photos/top.jpg",)))
    assert argvs(plan) == [["rsync", "-a", "--info=progress2", "--no-inc-recursive", "-s", *KEEPS, "-e",
                            "ssh -F /home/ann/.ssh/config", "--files-from=-", "--from0", "--append-verify", "--",
                            "/home/ann/", f"nas:{STAGE}/"]]
    assert plan.stdin_data == nul(*FILES)
    plan = METHODS["rsync-ssh"].build(job(download=True))
    assert argvs(plan)[0][-4:] == ["--from0", "--", "nas:/srv/share/", f"{job(download=True).dest}/"]


def test_rsync_writes_in_place_only_inside_a_staging_folder():
    """In a staging folder a cut file must survive rsync being killed (in place, under its name there);
    anywhere else (the user's own daemon's folder) rsync keeps its temporary files."""
    staged = METHODS["rsync-ssh"].build(replace(job(), resumable=True))
    assert "--inplace" in argvs(staged)[0]
    assert "--inplace" not in argvs(METHODS["rsync-ssh"].build(job()))[0]
    module = replace(job(), module=DaemonModule("photos", "/srv/photos"), dest="/srv/photos/2024")
    assert "--inplace" not in argvs(METHODS["rsync-daemon"].build(module))[0]


def test_rsync_into_the_users_module_sends_what_it_is_given_whatever_its_size_and_time():
    """Written in place, a file there of the same size and time but other contents would be skipped by
    rsync's quick check: the copy found it different, so it is sent (--ignore-times)."""
    module = replace(job(), module=DaemonModule("photos", "/srv/photos"), dest="/srv/photos/2024")
    argv = argvs(METHODS["rsync-daemon"].build(replace(module, rewrite=True)))[0]
    assert argv[:argv.index("--")] == ["rsync", "-a", "--info=progress2", "--no-inc-recursive", "-s", "-H", "-S",
                                       "--no-owner", "--no-group", "--ignore-times", "--files-from=-", "--from0"]
    assert "--ignore-times" not in argvs(METHODS["rsync-daemon"].build(module))[0]


def test_rsync_daemon_list_serves_the_files_folder():
    plan = METHODS["rsync-daemon"].build(replace(job(download=True), listen_address="198.18.0.2", port=40123))
    assert argvs(plan)[0][-3:] == ["--", "rsync://ta@198.18.0.2:40123/ta/", f"{job(download=True).dest}/"]
    assert shlex.split(plan.listener.command)[6] == "/srv/share"  # the module is the files' folder
    assert plan.stdin_data == nul(*FILES)


def test_sftp_one_batch_line_per_file_resuming_the_cut_one():
    files = tuple(f"photos/{n}" for n in NAMES if "\n" not in n)
    plan = METHODS["sftp"].build(job(files=files, partial=(files[0],)))
    lines = plan.stdin_data.split(b"\n")[:-1]
    assert lines[0] == f'put -p -a "/home/ann/photos/with space.txt" "{STAGE}/photos/with space.txt"'.encode()
    assert lines[1] == f'put -p "/home/ann/photos/it\'s quoted\\".txt" "{STAGE}/photos/it\'s quoted\\".txt"'.encode()
    assert len(lines) == len(files)
    assert not METHODS["sftp"].takes_list(job(files=("photos/new\nline.txt",)))  # a batch line ends there


def test_scp_one_folder_per_run():
    files = ("photos/2024/a.jpg", "photos/2024/-b.jpg")
    plan = METHODS["scp"].build(job(files=files, **SIDES))
    assert argvs(plan) == [["scp", "-s", "-r", "-p", "-q", *OPTS, "--", "/home/ann/photos/2024/a.jpg",
                            "/home/ann/photos/2024/-b.jpg", f"nas:{STAGE}/photos/2024/"]]
    with pytest.raises(ValueError):
        METHODS["scp"].build(job(files=("photos/a.jpg", "photos/2024/b.jpg"), **SIDES))


def test_ssh_cat_carries_on_from_a_byte():
    up = Job(SSH, ("/home/ann/it's $(x).iso",), STAGE, Options(), offset=1 << 30)
    plan = METHODS["ssh-cat"].build(up)
    assert argvs(plan) == [["tail", "-c", "+1073741825", "/home/ann/it's $(x).iso"],
                           ["ssh", *OPTS, "--", "nas", f"cat >> '{STAGE}/it'\"'\"'s $(x).iso'"]]
    assert plan.watch == (0, "rchar") and plan.read_file is None
    down = replace(up, sources=("/srv/-x.iso",), dest="/home/ann/in", options=Options(download=True))
    plan = METHODS["ssh-cat"].build(down)
    assert argvs(plan) == [["ssh", *OPTS, "--", "nas", "tail -c +1073741825 /srv/-x.iso"],
                           ["sh", "-c", 'exec cat >> "$1"', "sh", "/home/ann/in/-x.iso"]]
    assert plan.watch == (1, "wchar") and plan.write_file is None


# -- run for real -----------------------------------------------------------------------------------
@pytest.fixture
def box(tmp_path: Path) -> Path:
    (tmp_path / "cwd").mkdir()
    yield tmp_path
    assert_no_traps(tmp_path)


def _tree(root: Path) -> Path:
    photos = root / "photos"
    (photos / "2024").mkdir(parents=True)
    for name in NAMES:
        (photos / "2024" / name).write_bytes(os.fsencode(name) * 7)
        (photos / name).write_bytes(b"not listed")
    (photos / "top.jpg").write_bytes(b"top")
    return photos


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_tar_list_sends_only_the_listed_entries(box: Path, download: bool):
    photos = _tree(box / "from")
    dest = box / "to"
    dest.mkdir()
    plan = METHODS["tar-ssh"].build(replace(job(download=download), sources=(str(photos),), dest=str(dest)))
    stages = argvs(plan)
    if download:
        stages[0] = ["sh", "-c", stages[0][-1]]
    else:
        stages[-1] = ["sh", "-c", stages[-1][-1]]
    run_stages(stages, box / "cwd", stdin=plan.stdin_data)
    got = {str(p.relative_to(dest)) for p in dest.rglob("*")}
    assert got == set(FILES)  # the listed ones, and not the unlisted files beside them
    for name in NAMES:
        assert (dest / "photos" / "2024" / name).read_bytes() == os.fsencode(name) * 7


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_ssh_cat_appends_the_rest(box: Path, download: bool):
    data = os.urandom(300_000)
    (box / "from").mkdir()
    (box / "to").mkdir()
    source = box / "from" / "it's $(touch PWNED) x.bin"
    source.write_bytes(data)
    (box / "to" / source.name).write_bytes(data[:123_457])
    plan = METHODS["ssh-cat"].build(Job(SSH, (str(source),), str(box / "to"), Options(download=download),
                                        offset=123_457))
    stages = argvs(plan)
    at = 0 if download else len(stages) - 1
    stages[at] = ["sh", "-c", stages[at][-1]]
    run_stages(stages, box / "cwd")
    assert (box / "to" / source.name).read_bytes() == data
