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
    assert history.fresh("root@nas:22", "198.18.0.1", 0.5, now=1010.0) is not None  # within 1 ms


def test_hosts_do_not_share_profiles() -> None:
    history.save("root@nas:22", kept())
    assert history.fresh("root@nas:2222", "198.18.0.1", 0.5, now=1010.0) is None
