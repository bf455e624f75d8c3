"""Session fixtures: a real OpenSSH sshd on 127.0.0.1 and a real rsync daemon.

State of the app is moved into a temporary folder for the whole run, so no test
touches the real home directory.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.lab.fixtures import lab  # noqa: F401  (the network lab, for tests that ask for it)
from tests.peers import RsyncDaemon, SshServer, start_rsyncd, start_sshd

NEEDED = ("ssh", "sshd", "scp", "sftp", "rsync", "tar", "nc", "zstd", "lz4")


@pytest.fixture(scope="session", autouse=True)
def _app_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("app-home")
    os.environ["TRANSFER_ADVISOR_HOME"] = str(home)
    return home


@pytest.fixture(scope="session")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> SshServer:
    missing = [t for t in NEEDED if not (shutil.which(t) or os.path.exists(f"/usr/sbin/{t}"))]
    if missing:
        pytest.fail(f"missing tools {missing}: run `make test`, which installs them")
    server = start_sshd(tmp_path_factory.mktemp("sshd"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def rsyncd(tmp_path_factory: pytest.TempPathFactory) -> RsyncDaemon:
    daemon = start_rsyncd(tmp_path_factory.mktemp("rsyncd"))
    yield daemon
    daemon.stop()
