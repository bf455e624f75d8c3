"""Which command lines get a head start (app.core.host.head_start.wanted), read without the app's parser: the
host where the parser finds it too (the word after the command), never a guess; any words at all, no error."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from app.core.host.head_start import COMMANDS, NO_SSH_METHODS, wanted
from app.core.transfer.methods import METHODS


@pytest.mark.parametrize("argv,found", [
    (["copy", "nas", "Photos", "--dest", "/volume1"], ("nas", None, None)),
    (["advise", "me@nas:2222", "a", "--ssh-config", "cfg", "--config-dir", "state"], ("me@nas:2222", "cfg", "state")),
    (["methods", "nas", "--ssh-config=cfg"], ("nas", "cfg", None)),
    (["profile", "nas"], ("nas", None, None)),
    (["copy", "--method", "tar-ssh", "nas", "a"], None),   # an option first: the host is not known for sure
    (["copy", "--demo", "a"], None),
    (["copy", "nas", "a", "--demo"], None),                 # the demo host is started by the command itself
    (["copy", "nas", "a", "--method", "tar-nc"], None),    # its copy starts no OpenSSH
    (["copy", "nas", "a", "--method=rsync-daemon"], None),
    (["copy", "nas", "a", "--method", "tar-ssh"], ("nas", None, None)),
    (["trust", "nas"], None),
    (["setup-key", "nas"], None),
    (["gui"], None),
    (["copy"], None),
    ([], None),
    (["--version"], None),
])
def test_command_lines(argv: list[str], found) -> None:
    assert wanted(argv) == found


@given(st.lists(st.one_of(st.sampled_from([*COMMANDS, "--demo", "--ssh-config", "--config-dir", "-", "", "--x=y"]),
                          st.text(max_size=12)), max_size=8))
def test_any_words_give_a_host_that_follows_a_command_or_nothing(argv: list[str]) -> None:
    found = wanted(argv)
    if found is None:
        return
    host, _config, _state = found
    command = next(i for i, w in enumerate(argv) if not w.startswith("-"))
    assert argv[command] in COMMANDS and argv[command + 1] == host
    assert host and not host.startswith("-") and "--demo" not in argv


def test_the_methods_that_start_no_openssh_are_the_registrys() -> None:
    assert set(NO_SSH_METHODS) == {m.id for m in METHODS.values() if not m.runs_openssh}
