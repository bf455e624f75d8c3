"""HostSpec.parts: what the user typed, split into (user, host, port) or refused with a sentence."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


def _host(text: str, hostname: str, port: int = 22, user: str = "ann", config: str | None = None) -> Host:
    spec = HostSpec(text, config)
    return Host(spec, spec.parts()[1], hostname, port, user, (), (), False)


@pytest.mark.parametrize("host, url", [
    # An alias of the user's own ssh config: their ssh (the file manager's) resolves it as ours did.
    (_host("nas", "192.168.1.20"), "sftp://nas/srv/photos/Holiday%202024"),
    # Typed as an address, or resolved through a config the file manager's ssh does not read: where we went.
    (_host("ann@192.168.1.20", "192.168.1.20"), "sftp://ann@192.168.1.20:22/srv/photos/Holiday%202024"),
    (_host("nas:2222", "192.168.1.20", 2222), "sftp://ann@192.168.1.20:2222/srv/photos/Holiday%202024"),
    (_host("testhost", "127.0.0.1", 40022, "root", "/tmp/x/ssh_config"),
     "sftp://root@127.0.0.1:40022/srv/photos/Holiday%202024"),
    (_host("ann@[2001:db8::7]", "2001:db8::7", user="a b"), "sftp://a%20b@[2001:db8::7]:22/srv/photos/Holiday%202024"),
])
def test_sftp_url(host: Host, url: str) -> None:
    assert host.sftp_url("/srv/photos/Holiday 2024") == url


@given(st.lists(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="/\0"), min_size=1,
                        max_size=12), min_size=1, max_size=4))
def test_sftp_url_names_any_path_exactly(names: list[str]) -> None:
    """Whatever a name holds (spaces, '#', '?', '%', quotes, line breaks, letters of any script), the address
    names that path and nothing else: read back as a URL, its path is the path."""
    path = "/" + "/".join(names)
    url = urlsplit(_host("ann@nas", "nas").sftp_url(path))
    assert (url.scheme, url.netloc, url.query, url.fragment) == ("sftp", "ann@nas:22", "", "")
    assert unquote(url.path, errors="strict") == path
