"""The line `copy --best --allow-insecure` says when the advice picked a method that sends files in the clear."""

from __future__ import annotations

import pytest

from app.cli_commands import unencrypted_warning
from app.core.transfer.methods import METHODS


@pytest.mark.parametrize("method_id", list(METHODS))
def test_said_exactly_for_the_unencrypted_methods(method_id: str) -> None:
    said = {"tar-nc": "Using tar over netcat: your files cross the network unencrypted.",
            "rsync-daemon": "Using rsync daemon: your files cross the network unencrypted.",
            "mounted-plain": "Using the share mounted here: your files cross the network unencrypted.",
            "rsync-service": "Using the host's rsync service: your files cross the network unencrypted.",
            "ftp": "Using the host's FTP service: your files and your password cross the network unencrypted.",
            "smb": "Using the host's SMB share: your files cross the network unencrypted.",
            "nfs": "Using the host's NFS export: your files cross the network unencrypted."}
    assert unencrypted_warning(method_id) == said.get(method_id)
