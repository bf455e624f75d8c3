"""`copy --best` on a selection the best secure method copies within a few seconds goes at once, without
measuring the link or racing, and says so; a bigger one is measured first, and raced unless the link then
lets it finish as soon (or raced where the race was asked for). Against a real sshd, the bytes checked on the far side."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import cli_json, make_tree, snapshot

SECURE = ("scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat")


def _copy(sshd, src: Path, dest: Path, home: Path, *extra: str) -> dict:
    out = cli_json("copy", "testhost", str(src), "--dest", str(dest), "--best", "--allow-insecure", *extra,
                   "--ssh-config", str(sshd.ssh_config), env={"TRANSFER_ADVISOR_HOME": str(home)})
    assert "error" not in out, out
    assert snapshot(dest / src.name, follow_links=out["method"] == "scp") == \
        snapshot(src, follow_links=out["method"] == "scp")
    return out


def _quick_notes(out: dict) -> list[str]:
    return [n for n in out["notes"] if n.startswith("Not raced: ")]


def test_a_small_copy_goes_at_once_with_the_best_secure_method(sshd, tmp_path: Path) -> None:
    src = make_tree(tmp_path / "src", small_files=40, big_bytes=256 * 1024)
    home = tmp_path / "home"
    out = _copy(sshd, src, tmp_path / "first", home)
    # First contact: nothing of the link is known, and nothing was measured beyond the round trip.
    [note] = _quick_notes(out)
    assert out["method"] in SECURE, out["method"]  # unencrypted methods were allowed; a copy this short needs none
    assert "sooner than measuring the link and racing the methods would take" in note, note
    assert f"{out['files']} files" in note

    # A glance is not a profile: the next full measurement measures, it does not reuse.
    profiled = cli_json("profile", "testhost", "--dest", str(tmp_path / "first"), "--ssh-config",
                        str(sshd.ssh_config), "--budget", "0.3", env={"TRANSFER_ADVISOR_HOME": str(home)})
    assert not any("kept from" in n for n in profiled["notes"]), profiled["notes"]

    # With the link's figures kept, only the race is skipped.
    again = _copy(sshd, src, tmp_path / "second", home)
    [note] = _quick_notes(again)
    assert "sooner than racing the methods would take" in note, note


def test_the_race_runs_when_asked_for_and_a_bigger_selection_is_measured_first(sshd, tmp_path: Path) -> None:
    small = make_tree(tmp_path / "small", small_files=10, big_bytes=64 * 1024)
    asked = _copy(sshd, small, tmp_path / "asked", tmp_path / "home1", "--race", "2")
    assert _quick_notes(asked) == []

    # Over 30 MB on first contact: the link may be slow Wi-Fi, so it is measured first; loopback then copies it
    # within a few seconds, so it goes at once, unraced, and says so (as with the link's figures kept).
    big = make_tree(tmp_path / "big", small_files=5, big_bytes=32 * 1024 * 1024)
    measured = _copy(sshd, big, tmp_path / "measured", tmp_path / "home2")
    [note] = _quick_notes(measured)
    assert "sooner than racing the methods would take" in note, note
