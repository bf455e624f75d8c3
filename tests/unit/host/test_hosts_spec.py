"""HostSpec.parts: what the user typed, split into (user, host, port) or refused with a sentence."""

from __future__ import annotations

import pytest

from app.core.errors import TransferError
from app.core.host.hosts import Host, HostSpec


@pytest.mark.parametrize("text, parts", [
    ("nas", (None, "nas", None)),
    ("my-nas.local", (None, "my-nas.local", None)),
    ("ann@nas", ("ann", "nas", None)),
    ("nas:2222", (None, "nas", 2222)),
    ("ann@192.168.1.20:22", ("ann", "192.168.1.20", 22)),
    ("ann@[::1]:2222", ("ann", "::1", 2222)),
    ("[2001:db8::7]", (None, "2001:db8::7", None)),
    ("ann.b-c_d@nas:65535", ("ann.b-c_d", "nas", 65535)),
    ("  nas  ", (None, "nas", None)),
])
def test_parts(text, parts):
    assert HostSpec(text).parts() == parts


@pytest.mark.parametrize("text", [
    "-oProxyCommand=x",   # would be read by ssh as an option
    "-p", "", "ann@", "@nas", "nas:", "nas:port", "a b", "ann@nas@other", "nas:22:33", "[nas]", "::1",
    "[fe80::1%eth0]",  # a zone index is not accepted
])
def test_not_a_host(text):
    with pytest.raises(TransferError) as err:
        HostSpec(text).parts()
    assert err.value.kind == "usage"
    assert err.value.sentence == (f"'{text}' is not a host; write an alias from your ssh config "
                                  "or [user@]host[:port].")


@pytest.mark.parametrize("text, port", [("nas:0", 0), ("ann@nas:70000", 70000), ("[::1]:65536", 65536)])
def test_port_out_of_range(text, port):
    with pytest.raises(TransferError) as err:
        HostSpec(text).parts()
    assert err.value.kind == "usage"
    assert err.value.sentence == f"Port {port} is out of range; use 1-65535."


@pytest.mark.parametrize("text", ["ann@-oProxyCommand=x", " -oProxyCommand=x"])
def test_a_host_part_that_looks_like_an_option_is_refused(text):
    with pytest.raises(TransferError) as err:
        HostSpec(text).parts()
    assert err.value.kind == "usage"


def test_a_name_the_app_gives_is_what_sentences_use_and_the_alias_is_what_commands_use() -> None:
    spec = HostSpec("demo", "/tmp/demo/ssh_config", name="Local demo host")
    host = Host(spec, "demo", "127.0.0.1", 40123, "ann", (), (), True)
    assert host.label == "Local demo host"
    assert host.where == "Local demo host (127.0.0.1 port 40123)"
    assert host.trust_command() == "transfer-advisor trust demo --ssh-config /tmp/demo/ssh_config"
    assert host.display_target == "demo" and host.ssh_options()[:2] == ["-F", "/tmp/demo/ssh_config"]
    assert Host(HostSpec("nas"), "nas", "nas", 22, "ann", (), (), False).label == "nas"
