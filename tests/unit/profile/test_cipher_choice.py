"""Which ciphers (and, for a cipher that is not AEAD, which MACs) the profile measures: the AEAD ciphers
both sides offer; where the server offers none (an old Dropbear), aes128-ctr with the MACs worth trying."""

from __future__ import annotations

from app.core.host.ssh_command import Options, Ssh
from app.core.profile.link_profile import CipherProbe, LinkProfile, cipher_key
from app.core.profile.probes.cipher import worth_probing
from app.core.wording.profile import cipher_name

GCM, CHACHA, CTR = "aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com", "aes128-ctr"
OPENSSH_CIPHERS = [CHACHA, CTR, "aes192-ctr", "aes256-ctr", GCM, "aes256-gcm@openssh.com"]
OPENSSH_MACS = ["umac-64-etm@openssh.com", "umac-128-etm@openssh.com", "hmac-sha2-256-etm@openssh.com",
                "hmac-sha2-512-etm@openssh.com", "hmac-sha1-etm@openssh.com", "umac-64@openssh.com",
                "umac-128@openssh.com", "hmac-sha2-256", "hmac-sha2-512", "hmac-sha1"]
OLD_DROPBEAR = ([CTR, "aes256-ctr"], ["hmac-sha1", "hmac-sha2-256"])  # 2019: no chacha20, no GCM, no etm


def test_aead_ciphers_both_sides_offer_and_no_mac() -> None:
    assert worth_probing(OPENSSH_CIPHERS, OPENSSH_CIPHERS, OPENSSH_MACS, OPENSSH_MACS) == [(GCM, None), (CHACHA, None)]
    assert worth_probing(OPENSSH_CIPHERS, [CHACHA, CTR], OPENSSH_MACS, OPENSSH_MACS) == [(CHACHA, None)]
    # The server's list unknown (its KEXINIT not read): what this computer offers.
    assert worth_probing(OPENSSH_CIPHERS, [], OPENSSH_MACS, []) == [(GCM, None), (CHACHA, None)]


def test_without_aead_ctr_with_the_macs_both_sides_offer() -> None:
    ciphers, macs = OLD_DROPBEAR
    assert worth_probing(OPENSSH_CIPHERS, ciphers, OPENSSH_MACS, macs) == [(CTR, "hmac-sha2-256"), (CTR, "hmac-sha1")]
    # A modern server restricted to CTR: at most three MACs, fastest-known first.
    assert worth_probing(OPENSSH_CIPHERS, [CTR], OPENSSH_MACS, OPENSSH_MACS) == [
        (CTR, "umac-64-etm@openssh.com"), (CTR, "hmac-sha2-256-etm@openssh.com"), (CTR, "hmac-sha1-etm@openssh.com")]
    # No MAC worth trying in common: ctr with whatever ssh and the server agree on.
    assert worth_probing(OPENSSH_CIPHERS, [CTR], OPENSSH_MACS, ["hmac-sha2-512"]) == [(CTR, None)]
    # Nothing shared worth measuring at all.
    assert worth_probing(OPENSSH_CIPHERS, ["aes256-ctr"], OPENSSH_MACS, OPENSSH_MACS) == []


def test_the_mac_reaches_ssh_and_the_words() -> None:
    o = Options(cipher=CTR, mac="hmac-sha1")
    assert Ssh("nas").command(o, "cat") == ["ssh", "-c", CTR, "-m", "hmac-sha1", "--", "nas", "cat"]
    assert o.as_dict()["mac"] == "hmac-sha1" and "mac" not in Options(cipher=GCM).as_dict()
    assert cipher_name(cipher_key(CTR, "hmac-sha1-etm@openssh.com")) == "aes128-ctr + hmac-sha1-etm"
    assert cipher_name(cipher_key(CHACHA)) == "chacha20"


def test_a_kept_profile_from_before_macs_reads_back() -> None:
    old = {"host": "nas", "ciphers": [{"cipher": GCM, "MBps": 300.0, "local_cpu": 0.5, "remote_cpu": 0.6}]}
    assert LinkProfile.from_dict(old).ciphers == [CipherProbe(GCM, 300.0, 0.5, 0.6, None)]
