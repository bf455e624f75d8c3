"""Kept profiles are reused only while they still describe the link."""

from __future__ import annotations

import pytest

from app.core.profile import kept as history
from app.core.profile.link_profile import CipherProbe, LinkProfile


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path))


def kept(at: float = 1000.0, rtt: float = 0.5, address: str = "198.18.0.1") -> LinkProfile:
    p = LinkProfile("nas", address, rtt, 110.0, 112.0, [CipherProbe("aes128-gcm@openssh.com", 100, 0.5, 0.9)])
    p.measured_at = at
    return p


def test_a_saved_profile_round_trips_and_is_reused_while_fresh() -> None:
    history.save("root@nas:22", kept())
    again = history.fresh("root@nas:22", "198.18.0.1", 0.6, now=1000.0 + 600)
    assert again == kept()


@pytest.mark.parametrize("address,rtt,age,why", [
    ("198.18.0.1", 0.5, history.MAX_AGE + 1, "too old"),
    ("198.18.0.9", 0.5, 60, "another local address: another network"),
    ("198.18.0.1", 40.0, 60, "the round trip changed a lot"),
])
def test_a_changed_network_or_an_old_profile_is_measured_again(address, rtt, age, why) -> None:
    history.save("root@nas:22", kept())
    assert history.fresh("root@nas:22", address, rtt, now=1000.0 + age) is None, why


def test_small_rtt_jitter_keeps_the_profile() -> None:
    history.save("root@nas:22", kept(rtt=0.2))
    # A loaded computer's loopback echoes: a few milliseconds more is not another network.
    assert history.fresh("root@nas:22", "198.18.0.1", 0.2 + history.JITTER_MS - 0.1, now=1010.0) is not None
    assert history.fresh("root@nas:22", "198.18.0.1", 0.2 + history.JITTER_MS + 0.1, now=1010.0) is None


def test_hosts_do_not_share_profiles() -> None:
    history.save("root@nas:22", kept())
    assert history.fresh("root@nas:2222", "198.18.0.1", 0.5, now=1010.0) is None


def test_another_machine_at_the_same_address_inherits_nothing_and_forgetting_the_address_drops_both() -> None:
    """A NAS replaced, or a DHCP lease handed to another box: the host key differs, so its figures do."""
    first, second = (history.key_of("root", "nas.local", 22, key) for key in (b"first key", b"second key"))
    assert first != second and history.key_of("root", "nas.local", 22, b"first key") == first
    history.save(first, kept())
    history.learn(first, "tar-ssh", 3.0, now=1000.0)
    assert history.fresh(first, "198.18.0.1", 0.5, now=1010.0) is not None
    assert history.fresh(second, "198.18.0.1", 0.5, now=1010.0) is None
    assert history.lessons(second, now=1000.0) == {}
    history.forget(history.key_of("root", "nas.local", 22))
    assert history.fresh(first, "198.18.0.1", 0.5, now=1010.0) is None and history.lessons(first, now=1000.0) == {}


def test_what_copies_taught_is_kept_per_method_and_averaged() -> None:
    host = history.key_of("ann", "nas.local", 22)
    assert history.lessons(host) == {}
    assert history.learn(host, "sftp", 2.0, now=1000.0) == 2.0
    # A second copy does not undo the first: the geometric mean of the two.
    assert history.learn(host, "sftp", 0.5, now=2000.0) == pytest.approx(1.0)
    history.learn(host, "tar-ssh", 1.3, now=2000.0)
    assert history.lessons(host, now=2000.0) == pytest.approx({"sftp": 1.0, "tar-ssh": 1.3})
    # One copy teaches at most LESSON_RANGE (a stalled copy is not the link's speed); old lessons lapse.
    assert history.learn(host, "scp", 1000.0, now=2000.0) == history.LESSON_RANGE[1]
    assert history.lessons(host, now=2000.0 + history.LESSON_AGE + 1) == {}
    # The demo host's lessons go with its profiles.
    history.forget(host)
    assert history.lessons(host, now=2000.0) == {}


def test_a_broken_lessons_file_teaches_nothing_and_is_replaced() -> None:
    host = history.key_of("ann", "nas.local", 22)
    history.learn(host, "sftp", 2.0)
    history._lessons_file(host).write_text("[not, json")
    assert history.lessons(host) == {}
    assert history.learn(host, "sftp", 1.5) == 1.5


def test_figures_a_race_raised_replace_the_kept_ones_of_that_measurement() -> None:
    from dataclasses import replace
    history.save("root@nas:22", kept(at=900.0))
    history.save("root@nas:22", kept())
    faster = replace(kept(), tcp_up_MBps=118.0, remote_write_MBps=300.0,
                     ciphers=[CipherProbe("aes128-gcm@openssh.com", 108, 0.5, 0.9)], local_read_MBps=900.0)
    assert history.raised("root@nas:22", faster)
    newest, older = history.load("root@nas:22")
    assert (newest.tcp_up_MBps, newest.remote_write_MBps, newest.ciphers[0].MBps) == (118.0, 300.0, 108)
    assert newest.local_read_MBps is None and newest.tcp_down_MBps == 112.0  # only what a race can raise
    assert older == kept(at=900.0)
    # A measurement no longer kept (another host's, or dropped since) changes nothing.
    assert not history.raised("root@nas:22", replace(faster, measured_at=5.0))
    assert history.load("root@nas:22") == [newest, older]
