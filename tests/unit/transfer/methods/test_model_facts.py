"""What the bottleneck model asks of a method (its processes, per-file and set-up costs, whether it listens):
every registered method answers every question itself, and the answers agree with what it builds."""

from __future__ import annotations

import typing

import pytest

from app.core.advice.calibration import RAMP_LOSS, SERVICE_LOGIN_CPU_S, conditions
from app.core.profile.probes.common import ramp_seconds

from app.core.advice.model import Candidate, predict
from app.core.selection.stats import SelectionStats
from app.core.host.ftp_logins import FtpRoot
from app.core.host.nfs_exports import NfsRoot
from app.core.host.smb_shares import SmbRoot
from app.core.host.rsync_modules import ModuleRoot
from app.core.host.services import Mount
from app.core.host.share_roots import ShareRoot
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS, Job
from app.core.transfer.methods.base import LOCAL, RECEIVER, REMOTE, SENDER, Method, Process
from tests.unit.advice.test_model import caps, gigabit

# The facts the base class names but leaves to each method (no default there).
FACTS = {name: hint for name, hint in typing.get_type_hints(Method).items() if not hasattr(Method, name)}


def test_the_base_class_names_the_facts_the_model_asks() -> None:
    assert set(FACTS) == {"processes", "pipelined", "file_cpu_ms", "round_trips_per_file", "round_trips_per_dir",
                          "in_flight", "handshake_round_trips", "listens", "listener_start_s", "tar_stream"}


@pytest.mark.parametrize("method_id", list(METHODS))
def test_every_method_answers_every_fact(method_id: str) -> None:
    method = METHODS[method_id]
    for name, hint in FACTS.items():
        value = getattr(method, name)  # AttributeError: the method leaves this fact out
        kind = typing.get_origin(hint) or hint
        assert isinstance(value, kind), f"{method_id}.{name} = {value!r} is not {hint}"
        if kind is int:
            assert not isinstance(value, bool) and value >= 0, f"{method_id}.{name} = {value!r}"
        if kind is float:
            assert value >= 0, f"{method_id}.{name} = {value!r}"
    assert method.processes and all(isinstance(p, Process) and p.where in (SENDER, RECEIVER, LOCAL, REMOTE)
                                    for p in method.processes)


def test_a_method_that_leaves_a_fact_out_cannot_be_priced() -> None:
    class Unpriced(Method):
        id = "unpriced"

    with pytest.raises(AttributeError):
        Unpriced().pipelined  # noqa: B018


@pytest.mark.parametrize("method_id", list(METHODS))
@pytest.mark.parametrize("download", [False, True])
def test_the_facts_agree_with_what_the_method_builds(method_id: str, download: bool) -> None:
    method = METHODS[method_id]
    sources = ("/home/ann/movie.mkv",) if method_id == "ssh-cat" else ("/home/ann/photos", "/home/ann/notes.txt")
    share = (ModuleRoot("root", "/", "198.18.0.2", 873, writable=True) if method.share_kind == "rsync" else
             FtpRoot("/", "/", "198.18.0.2", 21, "ann", method.secure, "sha256//pin", writable=True)
             if method.share_kind == "ftp" else
             SmbRoot("/", "root", "", "198.18.0.2", 445, "ann", method.secure, writable=True)
             if method.share_kind == "smb" else
             NfsRoot("/", "198.18.0.2", 2049, 1026, 100, writable=True) if method.share_kind == "nfs" else
             ShareRoot(Mount("sshfs" if method.secure else "nfs", "nas:/", "/mnt/nas", method.secure), "/"))
    plan = method.build(Job(Ssh("nas"), sources, "/srv/backup", Options(download=download),
                            listen_address="198.18.0.2", local=caps(), remote=caps(), share=share))
    assert (plan.listener is not None) is method.listens
    assert plan.counts_tar_stream is method.tar_stream
    assert not (method.listens and method.secure)  # every listener carries the files unencrypted
    # An unencrypted method's bytes cross in the clear over a listener of its own, a mount's protocol or the
    # host's rsync service; a copy through a share starts no ssh (its argv names the mount's path or the module).
    assert method.secure or method.listens or method.through_share
    through = any(a.startswith(("/mnt/nas", "rsync://198.18.0.2:873/root/")) for a in plan.stages[0].argv) or (
        b'url = "ftp://198.18.0.2:21/%2F' in (plan.stdin_data or b"")) or (  # curl's list on its stdin
        "//198.18.0.2/root" in plan.stages[0].argv) or (  # smbclient's share
        b"nfs://198.18.0.2/" in (plan.stdin_data or b""))  # nfs-cp's pairs on xargs's stdin
    assert through is method.through_share
    assert not method.through_share or not any(a == "ssh" or a.startswith("ssh ") for a in plan.stages[0].argv)
    assert method.through_share is not method.logs_in or method.listens


@pytest.mark.parametrize("method_id", list(METHODS))
def test_the_model_prices_each_method_by_its_own_facts(method_id: str) -> None:
    method = METHODS[method_id]
    one = method_id == "ssh-cat"
    stats = SelectionStats(files=1 if one else 1000, bytes=500_000_000, single_file=one)
    p = predict(gigabit(rtt_ms=20), stats, Candidate(method_id, Options()))
    assert p.secure is method.secure
    assert (p.per_file_s == 0) is (method.file_cpu_ms == 0 and method.round_trips_per_file == 0)
    # A listener started over the app's own connection spares the ssh login (six round trips and more); a
    # new connection climbs to the link's speed either way (TCP's slow start, a dozen round trips).
    handshake = method.handshake_round_trips * 0.02 + ramp_seconds(20) * RAMP_LOSS
    if method.listens:
        assert p.setup_s == pytest.approx(method.listener_start_s + handshake)
    elif not method.logs_in and method.share_kind == "mount":  # connected already: no login and no climb
        assert p.setup_s == pytest.approx(method.handshake_round_trips * 0.02)
    elif not method.logs_in and not method.service_logins:  # the host's rsync service: a connection of its own,
        assert p.setup_s == pytest.approx(handshake)                # without an ssh login
    elif not method.logs_in:  # SMB: a login for each of its checks and for the copy, each costing the host's CPU
        slowdown = conditions(gigabit(rtt_ms=20)).slowdown["remote"]
        logins = method.service_logins * (method.handshake_round_trips * 0.02 + SERVICE_LOGIN_CPU_S * slowdown)
        assert p.setup_s == pytest.approx(logins + ramp_seconds(20) * RAMP_LOSS)
    else:
        assert p.setup_s > handshake + 6 * 0.02
