"""The race of a copy about to start (`copy --best`) copies its laps into that copy's own staging folder:
each lap sends a part of the selection of its own, is cut there like a cancel, and the copy after the race
carries on from what the laps staged — every byte arrives once, whole, and nothing is left behind. Against
a real sshd, with the real tools."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from app.core.advice.candidates import Candidate
from app.core.advice.laps import lap_parts
from app.core.advice.advisor import AdviceRequest, advise
from app.core.advice.follow import let_go
from app.core.advice.race import FIRST, QUICKEST, race
from app.core.events import Progress, RaceResult
from app.core.host.hosts import HostSpec
from app.core.host.session import Session
from app.core.host.ssh_command import Options
from app.core.selection.entries import scan_local
from app.core.selection.sample import entries_of, race_sample
from app.core.transfer.engine import CopyRequest, copy, to_stage
from app.core.transfer.journal import Journal
from app.core.transfer.ownership import MARKER
from app.core.transfer.resume import MIN_PARTIAL
from tests.cutting import written_before
from tests.helpers import cli_json, far_side, follows_links, make_album, make_tree, snapshot

ODD = ["with space", "it's", 'say "hi"', "-leading-dash", "$(id)", "ünïcödé ✓", "star*?[x]"]


@pytest.fixture(scope="module")
def album(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Folders of photos with odd names (about 1 MB each), an empty file and folder, a link: many whole units,
    so short laps on it always share it out."""
    root = make_album(tmp_path_factory.mktemp("staged") / "album", ODD, 18)
    (root / "empty.txt").write_bytes(b"")
    (root / "empty folder").mkdir()
    os.symlink(f"{ODD[0]}/{ODD[0]} 0.jpg", root / "latest")
    return root


@pytest.fixture(scope="module")
def videos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("videos") / "videos"
    root.mkdir()
    with open(root / "clip 1.bin", "wb") as f:
        for _ in range(20):
            f.write(os.urandom(8 * 1024 * 1024))  # 160 MiB: the lap is cut at its first progress, mid-file
    for i in range(5):
        (root / f"note {i}.txt").write_bytes(os.urandom(3000))
    return written_before(root)


async def _session(sshd, dest: Path) -> Session:
    return await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))


def _staging(dest: Path) -> list[str]:
    return [n for n in os.listdir(dest) if n.startswith(".transfer-advisor")] if dest.exists() else []


@pytest.mark.parametrize("final", ["tar-ssh", "rsync-ssh", "sftp", "scp"])
async def test_laps_stage_their_parts_and_the_copy_carries_on(sshd, album: Path, tmp_path: Path,
                                                              final: str) -> None:
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "keep.txt").write_bytes(b"the user's own")
    session = await _session(sshd, dest)
    try:
        selection = scan_local([str(album)])
        then = CopyRequest(selection.roots, str(dest), "", selection=selection)
        left = await to_stage(session, then)
        assert left is not None and {e.path for e in left} == {e.path for e in selection.entries}
        files = [e.path for e in left if e.kind == "file"]
        units = [files[0::3], files[1::3], files[2::3]]  # three parts, each with large and small files
        parts = [entries_of(left, u) for u in units]
        entrants = [Candidate(m, Options()) for m in ("tar-ssh", "rsync-ssh", "sftp")]
        laps = await race(session, entrants, selection.roots, str(dest), False, 0.3, selection=selection,
                          parts=parts)
        assert [lap.error for lap in laps] == ["", "", ""]
        assert all(lap.MBps or lap.seconds for lap in laps)
        # All three went over the session's shared connection; the first was its first bulk data (its climb
        # is that connection's, not one a copy after the race pays again).
        assert [(lap.shared, lap.cold) for lap in laps] == [(True, True), (True, False), (True, False)]
        (stage,) = _staging(dest)  # the copy's own staging folder, as the copy will name it
        assert stage == Journal.of(selection.roots, str(dest), False, final).folder
        staged = sum(lap.sent for lap in laps)
        assert staged > 0
        result = await copy(session, CopyRequest(selection.roots, str(dest), final, selection=selection,
                                                 after_race=True))
    finally:
        await session.close()
    assert result.verified and result.resumed > 0
    assert result.sent_bytes < result.bytes  # what the laps staged was not sent again
    assert any(n.startswith("Carried on from the race") for n in result.notes), result.notes
    assert snapshot(dest / album.name, follow_links=follows_links(final)) == far_side(album, final)
    assert sorted(os.listdir(dest)) == ["album", "keep.txt"]  # no staging folder left, the user's file kept


async def test_a_lap_cut_mid_file_is_carried_on_by_the_copy(sshd, videos: Path, tmp_path: Path) -> None:
    """A lap cut inside a large file leaves it staged in part; the copy goes on from that byte."""
    dest = tmp_path / "dest"
    session = await _session(sshd, tmp_path)
    try:
        selection = scan_local([str(videos)])
        left = await to_stage(session, CopyRequest(selection.roots, str(dest), "", selection=selection))
        assert left is not None
        big = [e for e in left if e.path.endswith("clip 1.bin")]
        part = entries_of(left, [e.path for e in big])
        moving = asyncio.Event()

        def emit(event) -> None:
            # The first figure that moved (four a second): on a loaded machine's loopback a later one may
            # come when the rest is already on its way.
            if isinstance(event, Progress) and event.done > 0:
                moving.set()

        lap = asyncio.ensure_future(copy(session, CopyRequest(selection.roots, str(dest), "sftp", selection=selection,
                                                              only=tuple(part)), emit))
        await asyncio.wait_for(moving.wait(), 60)
        lap.cancel()
        await asyncio.gather(lap, return_exceptions=True)
        (stage,) = _staging(dest)
        cut = (dest / stage / "videos" / "clip 1.bin").stat().st_size
        assert 0 < cut < big[0].size
        result = await copy(session, CopyRequest(selection.roots, str(dest), "tar-ssh", selection=selection,
                                                 after_race=True))
    finally:
        await session.close()
    assert any("cut short went on" in n for n in result.notes), result.notes
    assert result.sent_bytes <= result.bytes - cut + 2**20
    assert snapshot(dest / videos.name) == snapshot(videos)
    assert _staging(dest) == []


@pytest.fixture(scope="module")
def movies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four large files of one size: four streams each, two laps cannot both get a fair part."""
    root = tmp_path_factory.mktemp("movies") / "movies"
    root.mkdir()
    for i in range(4):
        (root / f"movie {i}.mkv").write_bytes(os.urandom(6_000_000))
    return written_before(root)


async def test_laps_without_a_fair_part_race_on_a_scratch_sample(sshd, movies: Path, tmp_path: Path) -> None:
    """Laps on four streams need four files each: the first lap gets the four into the staging folder, the
    second races a sample in a scratch folder (removed); the copy carries on from the first lap's bytes."""
    dest = tmp_path / "dest"
    session = await _session(sshd, tmp_path)
    try:
        selection = scan_local([str(movies)])
        entrants = [Candidate(m, Options(streams=4)) for m in ("tar-ssh", "rsync-ssh")]
        then = CopyRequest(selection.roots, str(dest), "", selection=selection)
        parts = await lap_parts(session, then, selection, str(dest), entrants, 4e6)
        assert parts is not None and parts[1] is None
        assert sorted(e.path for e in parts[0] if e.kind == "file") == [f"movies/movie {i}.mkv" for i in range(4)]
        # A second and a half of steady flow: each stream stages more than a cut file the copy keeps (MIN_PARTIAL),
        # also on a machine busy with other tests (half a second once staged less than that in CI).
        laps = await race(session, entrants, selection.roots, str(dest), False, 1.5, selection=selection,
                          parts=parts, sample=race_sample(selection, 4e6))
        assert [lap.error for lap in laps] == ["", ""]
        assert laps[0].sent > 0 and laps[1].sent == 0
        assert _staging(dest) == [Journal.of(selection.roots, str(dest), False, "").folder]  # no scratch left
        kept = [f for f in (dest / _staging(dest)[0] / "movies").glob("*") if f.stat().st_size >= MIN_PARTIAL]
        assert kept, "the first lap staged no file the copy can carry on"
        result = await copy(session, CopyRequest(selection.roots, str(dest), "tar-ssh", Options(streams=4),
                                                 selection=selection, after_race=True))
    finally:
        await session.close()
    assert result.verified and result.resumed > 0 and result.sent_bytes < result.bytes
    assert snapshot(dest / movies.name) == snapshot(movies)
    assert sorted(os.listdir(dest)) == ["movies"]


async def _race_then_copy(sshd, album: Path, tmp_path: Path, seconds: float, **rules) -> tuple[list, list, object]:
    """Race tar over ssh, rsync over ssh and sftp on parts of the album into a copy's staging folder (with the
    race's `rules`: ceilings, predictions), then copy with tar over ssh after the race: the laps, the race's
    results, the copy's result."""
    dest = tmp_path / "dest"
    session = await _session(sshd, tmp_path)
    events: list[RaceResult] = []
    try:
        selection = scan_local([str(album)])
        entrants = [Candidate(m, Options()) for m in ("tar-ssh", "rsync-ssh", "sftp")]
        then = CopyRequest(selection.roots, str(dest), "", selection=selection)
        parts = await lap_parts(session, then, selection, str(dest), entrants, 6e6)
        assert parts is not None and None not in parts
        laps = await race(session, entrants, selection.roots, str(dest), False, seconds, selection=selection,
                          parts=parts, emit=lambda e: events.append(e) if isinstance(e, RaceResult) else None,
                          **{k: {entrants[i]: v for i, v in enumerate(rule) if v is not None}
                             for k, rule in rules.items()})
        result = await copy(session, CopyRequest(selection.roots, str(dest), "tar-ssh", selection=selection,
                                                 after_race=True))
    finally:
        await session.close()
    assert result.verified and result.sent_bytes < result.bytes
    assert snapshot(dest / album.name, follow_links=follows_links("tar-ssh")) == far_side(album, "tar-ssh")
    assert sorted(os.listdir(dest)) == ["album"]
    return laps, [e for e in events if e.skipped], result


async def test_a_lap_at_the_links_ceiling_leaves_the_others_unraced(sshd, album: Path, tmp_path: Path) -> None:
    """A lap that moved what the link lets a later entrant move ends that entrant's chance: it is not raced
    (said why), its part stays for the copy; an entrant the link lets go faster still races."""
    # The first lap moves hundreds of MB/s on loopback: rsync's ceiling here is far below, sftp's far above.
    laps, skipped, _ = await _race_then_copy(sshd, album, tmp_path, 0.3, ceilings=(None, 1.0, 1e6))
    assert [lap.candidate.method_id for lap in laps] == ["tar-ssh", "sftp"]
    assert len(skipped) == 1 and skipped[0].label.startswith("rsync"), skipped
    assert "the network lets" in skipped[0].skipped, skipped


async def test_entrants_that_cannot_win_back_a_lap_are_not_raced(sshd, album: Path, tmp_path: Path) -> None:
    """A copy's race: an entrant that could not win back what a lap costs on what is left to copy, even a
    tenth faster than predicted, is not raced (said why); the parts the laps did not take stay for the copy,
    which carries on and arrives whole. (The sums, for a weak NAS and a long copy: tests/unit/advice.)"""
    laps, skipped, _ = await _race_then_copy(sshd, album, tmp_path, 5.0, predicted=(100.0, 1e-3, 1e-3))
    assert [lap.candidate.method_id for lap in laps] == ["tar-ssh"], skipped
    assert laps[0].MBps and laps[0].sent
    assert [e.label.split()[0] for e in skipped] == ["rsync", "sftp"]
    assert all("is too little for" in e.skipped and "to win back what a lap costs here" in e.skipped
               for e in skipped), skipped


async def test_a_connection_a_cipher_probe_carried_data_over_makes_no_lap_cold(sshd, album: Path,
                                                                             tmp_path: Path) -> None:
    """An advice's cipher probe sends its bytes over the shared connection first: the race's laps then find it
    climbed, and none counts as its first; a lap on a connection of its own (ssh's own multiplexing) never does."""
    from app.core.profile.probes.cipher import probe_cipher
    from app.core.profile.probes.common import ProbeContext

    dest = tmp_path / "dest"
    dest.mkdir()
    session = await _session(sshd, dest)
    try:
        assert await session.over_shared(Options()) is not None
        assert session.shared is not None and not session.shared.carried
        await probe_cipher(ProbeContext(session, str(dest), budget=0.2), session.shared.options.cipher)
        assert session.shared.carried
        selection = scan_local([str(album)])
        entrants = [Candidate("tar-ssh", Options()), Candidate("tar-ssh", Options(mux=True))]
        laps = await race(session, entrants, selection.roots, str(dest), False, 0.3, selection=selection)
    finally:
        await session.close()
    assert [(lap.shared, lap.cold) for lap in laps] == [(True, False), (False, False)], laps


def test_copy_best_races_into_its_staging_folder(sshd, album: Path, tmp_path: Path) -> None:
    """As a user runs it: short laps on a selection many laps long share it out; the copy carries on."""
    dest = tmp_path / "dest"
    out = cli_json("copy", "testhost", str(album), "--dest", str(dest), "--best", "--race-seconds", "0.01",
                   "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert any(n.startswith("The race's laps copied") for n in out["notes"]), out["notes"]
    assert any(n.startswith("Carried on from the race") for n in out["notes"]), out["notes"]
    assert out["sent_bytes"] < out["bytes"] and out["resumed"] > 0
    method = out["method"]
    assert snapshot(dest / album.name, follow_links=follows_links(method)) == far_side(album, method)
    assert sorted(os.listdir(dest)) == ["album"]


@pytest.fixture(scope="module")
def footage(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A large file and many folders of small ones (more folders than scp's laps share out): a copy's race
    copies it whole in each lap, in a scratch folder."""
    return make_tree(tmp_path_factory.mktemp("footage"), small_files=60, big_bytes=200 * 1024 * 1024)


async def test_over_many_folders_scp_races_on_a_sample_and_the_others_share_the_selection(sshd,
                                                                                            tmp_path: Path) -> None:
    """scp runs once per folder: its lap gets no part (a scratch sample), the others do."""
    days = tmp_path / "days"
    for d in range(12):  # more folders than FOLDER_RUNS
        (days / f"day {d}").mkdir(parents=True)
        for i in range(4):
            (days / f"day {d}" / f"{d}-{i}.jpg").write_bytes(os.urandom(1_000_000 + i))
    session = await _session(sshd, tmp_path)
    try:
        selection = scan_local([str(days)])
        entrants = [Candidate(m, Options()) for m in ("tar-ssh", "scp", "rsync-ssh")]
        then = CopyRequest(selection.roots, str(tmp_path / "dest"), "", selection=selection)
        parts = await lap_parts(session, then, selection, str(tmp_path / "dest"), entrants, 4e6)
    finally:
        await session.close()
    assert parts is not None and parts[1] is None and parts[0] and parts[2], parts
    assert not {e.path for e in parts[0] if e.kind == "file"} & {e.path for e in parts[2] if e.kind == "file"}


async def test_the_first_lap_that_copies_everything_is_the_copy(sshd, footage: Path, tmp_path: Path) -> None:
    """keep_whole FIRST: the lap's folder stays for the copy, and no entrant races after it (said why)."""
    dest = tmp_path / "dest"
    dest.mkdir()
    session = await _session(sshd, tmp_path)
    events: list[RaceResult] = []
    try:
        selection = scan_local([str(footage)])
        entrants = [Candidate(m, Options()) for m in ("tar-ssh", "rsync-ssh", "sftp")]
        laps = await race(session, entrants, selection.roots, str(dest), False, 10.0, selection=selection,
                          emit=lambda e: events.append(e) if isinstance(e, RaceResult) else None, keep_whole=FIRST)
    finally:
        await session.close()
    assert [lap.candidate.method_id for lap in laps] == ["tar-ssh"] and laps[0].seconds is not None
    kept = Path(laps[0].kept)
    assert kept.parent.parent == dest and kept.parent.name.startswith(".transfer-advisor-race-")
    assert sorted(os.listdir(kept.parent)) == sorted([MARKER, kept.name])  # the kept lap and the race's marker
    assert snapshot(kept / footage.name) == snapshot(footage)
    skipped = [e for e in events if e.skipped]
    assert [e.label.split()[0] for e in skipped] == ["rsync", "sftp"]
    assert all("the lap by tar over ssh" in e.skipped and "copied everything already" in e.skipped for e in skipped)


async def test_the_windows_race_runs_every_lap_and_keeps_the_quickest(sshd, footage: Path, tmp_path: Path) -> None:
    """keep_whole QUICKEST (the window, whose user sees the whole race): every entrant races, and the one folder
    left is the copy of the lap that took the least time."""
    dest = tmp_path / "dest"
    dest.mkdir()
    session = await _session(sshd, dest)
    try:
        selection = scan_local([str(footage)])
        entrants = [Candidate(m, Options()) for m in ("rsync-ssh", "sftp", "tar-ssh")]
        laps = await race(session, entrants, selection.roots, str(dest), False, 10.0, selection=selection,
                          keep_whole=QUICKEST)
    finally:
        await session.close()
    assert [lap.candidate.method_id for lap in laps] == ["rsync-ssh", "sftp", "tar-ssh"]
    assert all(lap.seconds is not None for lap in laps), laps
    [kept] = [lap for lap in laps if lap.kept]
    assert kept.seconds == min(lap.seconds for lap in laps)
    folder = Path(kept.kept)
    assert sorted(os.listdir(folder.parent)) == sorted([MARKER, folder.name])  # the others' copies are gone
    assert snapshot(folder / footage.name) == snapshot(footage)


async def test_the_windows_advice_stages_for_its_copy_and_what_no_copy_takes_goes(sshd, album: Path,
                                                                                   tmp_path: Path) -> None:
    """The window's advice (copy_may_follow) races into the staging folder of the copy that may follow; when no
    copy comes, let_go removes the folder it opened, and nothing of the user's is touched."""
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "keep.txt").write_bytes(b"the user's own")
    session = await _session(sshd, dest)
    try:
        advice = await advise(session, AdviceRequest([str(album)], str(dest), race_count=2, race_seconds=0.01,
                                                     copy_may_follow=True))
        staged = _staging(dest)
        await let_go(session, advice)
    finally:
        await session.close()
    assert advice.staged_bytes > 0 and advice.made_stage == str(dest / staged[0]), (advice.staged_bytes, staged)
    assert sorted(os.listdir(dest)) == ["keep.txt"]


async def test_a_cut_copys_staging_folder_outlives_the_windows_advice(sshd, album: Path, tmp_path: Path) -> None:
    """A staging folder there before the advice (a cut copy's, to carry on from) is not the advice's to remove:
    let_go leaves it, with what the advice's laps added."""
    dest = tmp_path / "dest"
    dest.mkdir()
    session = await _session(sshd, dest)
    try:
        selection = scan_local([str(album)])
        await to_stage(session, CopyRequest(selection.roots, str(dest), "", selection=selection))  # opened earlier
        [earlier] = _staging(dest)
        advice = await advise(session, AdviceRequest([str(album)], str(dest), race_count=2, race_seconds=0.01,
                                                     copy_may_follow=True), selection=selection)
        await let_go(session, advice)
    finally:
        await session.close()
    assert advice.made_stage == "" and advice.staged_bytes > 0
    assert _staging(dest) == [earlier]


def test_copy_best_takes_over_the_lap_that_copied_everything(sshd, footage: Path, tmp_path: Path) -> None:
    """As a user runs it: the race's first lap copies the whole selection, and the copy sends nothing again."""
    dest = tmp_path / "dest"
    out = cli_json("copy", "testhost", str(footage), "--dest", str(dest), "--best", "--race-seconds", "10",
                   "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert out["sent_bytes"] == 0 and out["resumed"] > 0 and "promised_seconds" not in out, out
    assert any(n.startswith("Carried on from the race") for n in out["notes"]), out["notes"]
    method = out["method"]
    assert snapshot(dest / footage.name, follow_links=follows_links(method)) == far_side(footage, method)
    assert sorted(os.listdir(dest)) == [footage.name]  # no scratch folder, no staging folder


def test_advise_alone_leaves_no_staging_folder(sshd, album: Path, tmp_path: Path) -> None:
    """Advice that no copy follows races into a scratch folder, gone afterwards."""
    dest = tmp_path / "dest"
    out = cli_json("advise", "testhost", str(album), "--dest", str(dest), "--race-seconds", "0.01",
                   "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert out["staged_bytes"] == 0
    assert not dest.exists() or os.listdir(dest) == []
