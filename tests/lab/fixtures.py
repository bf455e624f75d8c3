"""pytest fixture for the lab. Import it into a conftest: `from tests.lab.fixtures import lab  # noqa: F401`.

    def test_something(lab):
        wan = lab("wan")                 # built on first use, shared for the session
        subprocess.run(wan.ssh_argv("true"), check=True)
        box = lab("weak-nas", shape="dropbear")  # the remote is a host shape of tests/shapes.py

Without root, namespaces, tbf, NFQUEUE or the cgroup v1 cpu controller (or, for slow-disk,
loop devices and ext4), the test calling `lab(...)` is skipped with the reason. Labs are torn
down at the end of the session (and at interpreter exit, should teardown not run); labs left
by a crashed earlier run are removed first. Labs live in a module-level registry, so importing
the fixture into several conftests or test modules still builds each scenario once.
"""

from __future__ import annotations

import atexit

import pytest

from . import cleanup
from .lab import Lab, unavailable_reason
from .system import LabError

_labs: dict[tuple[str, str], Lab] = {}
_reaped = False


def get_lab(scenario: str, shape: str = "openssh") -> Lab:
    """The session's lab for `scenario` with a remote of this host shape, built on first use; skips
    the calling test if impossible."""
    global _reaped
    if (scenario, shape) not in _labs:
        reason = unavailable_reason(scenario, shape)
        if reason:
            pytest.skip(reason)
        if not _reaped:
            cleanup.reap_orphans()
            _reaped = True
        _labs[scenario, shape] = Lab.up(scenario, mode="fixture", shape=shape)
    return _labs[scenario, shape]


def down_all() -> None:
    problems = []
    while _labs:
        problems += _labs.popitem()[1].down()
    if problems:
        raise LabError("the lab could not be removed completely: " + "; ".join(problems))


atexit.register(down_all)


@pytest.fixture(scope="session")
def lab():
    yield get_lab
    down_all()
