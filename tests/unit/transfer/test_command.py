"""`shown_command`: the one builder of the shell line a person can run for a copy (the advice shows it, the
copy's result and the history keep it). Like vorta's tests of `prepare()`: the line is the product."""

from __future__ import annotations

import shlex

import pytest

from app.core.transfer.command import Reach, shown_command
from app.core.transfer.methods import METHODS
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods.base import DaemonModule
from tests.unit.advice.test_model import caps

REACH = Reach(Ssh("nas", ("-F", "/home/ann/.ssh/config")), "198.18.0.2", caps(), caps())
SOURCES = ["/home/ann/photos", "/home/ann/it's.txt"]
RSYNC = "rsync -a --info=progress2 --no-inc-recursive -s -H -S --no-owner --no-group"


def test_tar_over_ssh_is_one_line_a_shell_reads_back_as_it_was_built() -> None:
    line = shown_command("tar-ssh", Options(), SOURCES, "/srv/backup", REACH)
    assert line == ("tar -c -f - -C /home/ann ./photos -C /home/ann './it'\"'\"'s.txt' | ssh -F /home/ann/.ssh/config "
                    "-- nas 'tar -x -f - -p --no-same-owner -C /srv/backup'")
    tar, ssh = line.split(" | ")
    assert shlex.split(tar)[-1] == "./it's.txt"
    assert shlex.split(ssh)[-1] == "tar -x -f - -p --no-same-owner -C /srv/backup"


def test_a_download_with_cipher_and_compression() -> None:
    o = Options(cipher="aes128-gcm@openssh.com", compress="zstd", download=True)
    assert shown_command("tar-ssh", o, ["/srv/photos"], "/home/ann/restore", REACH) == (
        "ssh -F /home/ann/.ssh/config -c aes128-gcm@openssh.com -- nas 'tar -c -f - -C /srv ./photos | "
        "zstd -q -1 -T0 -c' | zstd -q -d -c | tar -x -f - -p --no-same-owner -C /home/ann/restore")


def test_scp_and_rsync_name_the_host_as_the_users_ssh_does() -> None:
    assert shown_command("scp", Options(), SOURCES, "/srv/backup", REACH) == (
        "scp -s -r -p -q -F /home/ann/.ssh/config -- /home/ann/photos '/home/ann/it'\"'\"'s.txt' nas:/srv/backup/")
    assert shown_command("rsync-ssh", Options(owners=True), SOURCES, "/srv/backup", REACH) == (
        "rsync -a --info=progress2 --no-inc-recursive -s -H -S --numeric-ids -e 'ssh -F /home/ann/.ssh/config' -- "
        "/home/ann/photos '/home/ann/it'\"'\"'s.txt' nas:/srv/backup/")


@pytest.mark.parametrize("method_id", ["tar-nc", "rsync-daemon"])
def test_a_listener_s_port_and_secret_are_never_in_the_line(method_id: str) -> None:
    line = shown_command(method_id, Options(), SOURCES, "/srv/backup", REACH)
    assert "PORT" in line and "198.18.0.2" in line
    # What a run chooses (its port, its one-time secret) is not part of what the copy is.
    run = METHODS[method_id].build(_run_job(method_id))
    assert "s3cr3t" not in line and "40000" not in line
    assert "s3cr3t" not in run.display and run.display != line


def test_the_users_own_rsync_module_is_written_in_place() -> None:
    line = shown_command("rsync-daemon", Options(), ["/home/ann/photos"], "/srv/backup/2024", REACH,
                         DaemonModule("backup", "/srv/backup"))
    assert line == f"{RSYNC} --ignore-times -- /home/ann/photos rsync://198.18.0.2:873/backup/./2024/"


def _run_job(method_id: str):
    from app.core.transfer.methods.base import Job
    return Job(REACH.ssh, tuple(SOURCES), "/srv/backup", Options(), REACH.listen_address, port=40000,
               secret="s3cr3t", local=REACH.local, remote=REACH.remote, netcat=REACH.remote.nc_flavour)
