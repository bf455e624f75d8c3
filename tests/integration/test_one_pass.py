"""One pass through the flow: `copy --best` reads the selection once (the advice scans it; the race's laps
and the copy take what it read), lists the candidates once, copies with the advice's pick, and reports the
very command line the advice showed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from app.core.advice import model
from app.core.events import Phase
from app.core.selection import entries
from tests.helpers import follows_links, make_tree, snapshot


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every scan of this computer's files, by the paths scanned (the real scanner runs)."""
    seen: list[list[str]] = []
    real = entries.scan_local

    def counted(paths: list[str]) -> entries.Selection:
        seen.append(list(paths))
        return real(paths)

    monkeypatch.setattr(entries, "scan_local", counted)
    return seen


@pytest.fixture
def listings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every time the model lists the candidates."""
    seen: list[int] = []
    real = model.candidates

    def counted(*args, **kwargs):
        seen.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(model, "candidates", counted)
    return seen


@pytest.mark.parametrize("mirror", [[], ["--mirror"]], ids=["copy", "mirror"])
def test_copy_best_scans_the_selection_once(sshd, tmp_path: Path, scans: list[list[str]], listings: list[int],
                                            capsys: pytest.CaptureFixture[str], mirror: list[str]) -> None:
    tree = make_tree(tmp_path / "src", small_files=200, big_bytes=8 * 1024 * 1024)
    dest = tmp_path / "dest"
    code = main(["copy", "testhost", str(tree), "--dest", str(dest), "--best", "--race", "2", "--race-seconds", "1",
                 *mirror, "--json", "--ssh-config", str(sshd.ssh_config)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and "error" not in out, out
    # Read once (by the advice, or before it when a mirror must first be allowed); neither the race's two laps
    # nor the copy scanned again.
    assert scans == [[str(tree)]]
    assert len(listings) == 1
    got = snapshot(dest / tree.name, follow_links=follows_links(out["method"]))
    want = snapshot(tree, follow_links=follows_links(out["method"]))
    if out["method"] == "sftp":
        want = {k: v for k, v in want.items() if v[0] != "link"}
    assert got == want


async def test_the_copy_runs_the_advices_pick_and_shows_its_command(sshd, tmp_path: Path,
                                                                    scans: list[list[str]]) -> None:
    from app.core.advice.advisor import AdviceRequest, advise
    from app.core.advice.follow import copy_advised
    from app.core.host.hosts import HostSpec
    from app.core.host.session import Session
    from app.core.transfer.engine import CopyRequest
    from app.core.host.ssh_command import Options

    tree = make_tree(tmp_path / "src", small_files=50, big_bytes=2 * 1024 * 1024)
    dest = str(tmp_path / "dest")
    phases: list[str] = []

    def watch(event) -> None:
        if isinstance(event, Phase):
            phases.append(event.name)

    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=dest)
    try:
        advice = await advise(session, AdviceRequest([str(tree)], dest, race_count=2, race_seconds=1.0), watch)
        chosen = advice.pick(allow_insecure=False)
        assert chosen is not None
        result = await copy_advised(session, advice, chosen, CopyRequest([str(tree)], dest, "", Options()), watch)
    finally:
        await session.close()
    assert phases.count("scanning") == 1 and scans == [[str(tree)]]
    assert result.method == chosen.ranked.candidate.method_id and result.verified
    assert result.command == chosen.command  # the line the advice showed is the line the copy reports
    assert (result.files, result.bytes) == (advice.stats.files, advice.stats.bytes)
