"""`copy --best --allow-insecure` says, on stderr, when the method it chose sends the files unencrypted;
its --json output keeps its shape."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import cli, make_tree, snapshot

LABELS = {"tar-nc": "tar over netcat", "rsync-daemon": "rsync daemon"}


def test_copy_best_says_when_the_files_cross_unencrypted(sshd, tmp_path: Path) -> None:
    tree = make_tree(tmp_path / "src", small_files=100, big_bytes=8 * 1024 * 1024)
    dest = tmp_path / "dest"
    # --race-seconds: raced, not copied at once with the best secure method (a selection this small would be)
    proc = cli("copy", "testhost", str(tree), "--dest", str(dest), "--best", "--allow-insecure", "--json",
               "--race-seconds", "1", "--ssh-config", str(sshd.ssh_config))
    out = json.loads(proc.stdout)
    assert "error" not in out, out
    line = f"transfer-advisor: Using {LABELS.get(out['method'])}: your files cross the network unencrypted.\n"
    # Said exactly when the chosen method is unencrypted (on this loopback host that is usually the case).
    assert (line in proc.stderr) == (out["method"] in LABELS), (out["method"], proc.stderr)
    assert proc.stderr.count("unencrypted") == (out["method"] in LABELS)
    assert snapshot(dest / tree.name) == snapshot(tree)
