"""A copy in words: its phase lines, how it ends and how it was checked, what it does not keep, the notes
beside its result (what it did with what was there, what a mirror deleted), the questions before it, and
the warning of an unencrypted method."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.formatting import duration, rate, size, timed
from app.core.host.capabilities import Capabilities
from app.core.host.ssh_command import Options
from app.core.language import Words
from app.core.selection.entries import Selection
from app.core.selection.stats import SelectionStats
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import Method
from app.core.transfer.methods.keeps import named
from app.core.transfer.verify import SIZES, contents

if TYPE_CHECKING:
    from app.core.transfer.existing import Placement
    from app.core.transfer.mirror import Deletion


class TransferWording(Words):
    """A copy's lines, notes and questions (the translator's context)."""


def method_tip(method_id: str) -> str:
    """A method in two sentences: what it is, and whether the network can read what it sends."""
    method = METHODS.get(method_id)
    if method is None:
        return ""
    security = (TransferWording.tr("Encrypted: safe on any network.") if method.secure else
                TransferWording.tr("Not encrypted: anyone on the network between the two machines can read and "
                                   "change the files. Use only on a network you trust."))
    return f"{method.label}: {method.summary} {security}"


def links_become_copies(links: int) -> str:
    """Said after the reason when the chosen method follows symbolic links."""
    return TransferWording.tr("The selection's %n symbolic link(s) arrive(s) as copies of what they point to, not "
                              "as links.", "", links)


def verification_value(saved: str) -> str:
    """`verification` as it is now said: copies logged before it named contents held the bare tool."""
    if not saved or saved == SIZES or saved.startswith("contents ("):
        return saved
    return contents(saved)


def hashed_with(verification: str) -> str | None:
    """The hash tool that compared the contents ("b3sum"), or None when only sizes were compared."""
    value = verification_value(verification)
    return value.removeprefix("contents (").removesuffix(")") if value.startswith("contents (") else None


def verified_as(verification: str) -> str:
    """How a copy was checked, in the words the command line, the window and the history all use:
    "verified: sizes" or "verified: contents (b3sum)"."""
    value = verification_value(verification)
    if not value:
        return TransferWording.tr("verified")
    if value == SIZES:
        return TransferWording.tr("verified: sizes")
    tool = hashed_with(value)
    if tool is not None:
        return TransferWording.tr("verified: contents ({tool})", tool=tool)
    return TransferWording.tr("verified: {how}", how=value)


# --- A copy as it goes and as it ends: the same words on the command line, in the window and in its
# notification; each lays them out its own way.

def copy_phases() -> dict[str, str]:
    """The line under the copy's title for each phase (Phase.name) but copying itself (copying_with)."""
    return {"scanning": TransferWording.tr("Reading the selection…"),
            "comparing": TransferWording.tr("Looking at what is already there…"),
            "finalizing": TransferWording.tr("Moving the copy into place…"),
            "verifying": TransferWording.tr("Checking the far side…"),
            "cleaning": TransferWording.tr("Cleaning up…"),
            "deleting": TransferWording.tr("Deleting what the selection does not have…")}


def copying_with(method: str) -> str:
    return TransferWording.tr("Copying with {method}…", method=method)


def copy_progress(done: int, total: int, bytes_per_s: float, eta: float | None) -> str:
    """"1.2 MB of 3.4 MB · 38 MB/s · about 4.2 s left"."""
    if eta is not None:
        return TransferWording.tr("{done} of {total} · {rate} · about {time} left", done=size(done),
                                  total=size(total), rate=rate(bytes_per_s / 1e6), time=duration(eta))
    return TransferWording.tr("{done} of {total} · {rate}", done=size(done), total=size(total),
                              rate=rate(bytes_per_s / 1e6))


def files_counted(files: int) -> str:
    """"1 file", "1 234 files" (a thin space between thousands)."""
    return TransferWording.tr("%Ln file(s)", "", files)


def copy_done(files: int, nbytes: int, sent: int, seconds: float, method: str, verification: str | None) -> str:
    """What a finished copy did: "3 files, 1.2 MB in 4.2 s (38 MB/s) with tar over ssh; verified: sizes".
    No rate for a copy too small to time one; `verification` None when nothing was checked."""
    speed = f" ({rate(sent / seconds / 1e6)})" if timed(sent) and seconds > 0 else ""
    part = ("" if sent == nbytes else " " + TransferWording.tr("(nothing left to send)") if not sent
            else " " + TransferWording.tr("({sent} of it sent now)", sent=size(sent)))
    checked = f"; {verified_as(verification)}" if verification is not None else ""
    return TransferWording.tr("{files}, {size}{sent_now} in {time}{rate} with {method}{verified}",
                              files=files_counted(files), size=size(nbytes), sent_now=part, time=duration(seconds),
                              rate=speed, method=method, verified=checked)


def copy_notice(files: int, where: str, verification: str | None) -> str:
    """The notification of a finished copy: "3 files to nas:/backup, verified: sizes."."""
    verdict = verified_as(verification) if verification is not None else TransferWording.tr("NOT verified")
    return TransferWording.tr("{files} to {where}, {verdict}.", files=files_counted(files), where=where,
                              verdict=verdict)


def what_was_checked(verification: str) -> str:
    """What a verified copy's check found, for someone who does not know what a hash is."""
    tool = hashed_with(verification)
    if tool:
        return TransferWording.tr("every file, folder and link is there with the right size, and the files' "
                                  "contents match ({tool})", tool=tool)
    return TransferWording.tr("every file, folder and link is there with the right size")


def losses_sentences(label: str, lost: list[str], stats: SelectionStats) -> list[str]:
    """What a copy with `label` loses of what the selection has (Keeps' names: hardlinks, sparse, xattrs),
    and what it costs at the destination. Symbolic links have their own sentence (links_become_copies)."""
    out = []
    if "hardlinks" in lost and stats.hard_linked:
        out.append(TransferWording.tr("{method} copies the %n hard-linked file(s) as separate files ({size} more at "
                                      "the destination).", "", stats.hard_linked, method=label,
                                      size=size(stats.hard_link_bytes)))
    if "sparse" in lost and stats.sparse:
        out.append(TransferWording.tr("{method} writes the %n sparse file(s) out whole ({size} more on the "
                                      "destination's disk).", "", stats.sparse, method=label,
                                      size=size(stats.sparse_bytes)))
    if "xattrs" in lost and stats.xattrs:
        out.append(TransferWording.tr("{method} does not keep the extended attributes and ACLs of %n item(s) "
                                      "(--xattrs keeps them, with rsync or tar).", "", stats.xattrs, method=label))
    return out


def quicker_but_loses(label: str, lost: list[str]) -> str:
    """Said when the recommendation passed over a quicker method because it would lose these (Keeps' names)."""
    word = TransferWording.tr("and")
    joined = f" {word} ".join(named(n) for n in lost)
    return TransferWording.tr("{method} would be quicker but would not keep the {lost}.", method=label, lost=joined)


def copy_losses(method: Method, local: Capabilities, remote: Capabilities, selection: Selection,
                o: Options) -> list[str]:
    """What a copy with `method` and options `o` does not keep of what `selection` has, said in its result."""
    stats = SelectionStats.of(selection, tar=False)
    lost = method.keeps_between(local, remote).given(o.owners, o.xattrs).lost(stats.needs_kept())
    return losses_sentences(method.label.split(" (")[0], lost, stats)


# The phase lines a user sees while a copy (or the advice) works: the detail under each step's title.
def phase_scanning() -> str:
    return TransferWording.tr("Reading the selection")


def phase_comparing() -> str:
    return TransferWording.tr("Looking at what is already at the destination")


def phase_finalizing() -> str:
    return TransferWording.tr("Moving the copy into place")


def phase_verifying() -> str:
    return TransferWording.tr("Checking the far side")


def phase_deleting() -> str:
    return TransferWording.tr("Deleting what the selection does not have")


def carrying_on(method: str) -> str:
    """A send that finishes a file an earlier copy cut short."""
    return TransferWording.tr("{method}: carrying on a file cut short", method=method)


# The notes beside a copy's result: what it did with what was at the destination, what it compared,
# what a mirror deleted.

def update_note(unchanged: int, updated: int, new: int, newer_there: int) -> str:
    """"Updated: 3 unchanged, 1 updated, 2 new.", and what was newer at the destination."""
    if newer_there:
        return TransferWording.tr("Updated: {unchanged} unchanged, {updated} updated, {new} new; %n item(s) newer "
                                  "at the destination left as they were.", "", newer_there, unchanged=unchanged,
                                  updated=updated, new=new)
    return TransferWording.tr("Updated: {unchanged} unchanged, {updated} updated, {new} new.", unchanged=unchanged,
                              updated=updated, new=new)


def identical_note(items: int) -> str:
    return TransferWording.tr("%n item(s) were already at the destination, identical, and were not sent again.",
                              "", items)


def skipped_note(paths: list[str]) -> str:
    shown = ", ".join(repr(p) for p in paths[:5]) + (" ..." if len(paths) > 5 else "")
    return TransferWording.tr("%n item(s) at the destination left as they were: {names}.", "", len(paths),
                              names=shown)


def replaced_note(items: int) -> str:
    return TransferWording.tr("%n item(s) at the destination replaced.", "", items)


def placement_notes(placement: Placement) -> list[str]:
    """What the copy did with what was at the destination, in sentences."""
    out = []
    if placement.identical:
        out.append(identical_note(len(placement.identical)))
    if placement.skipped:
        out.append(skipped_note(placement.skipped))
    if placement.replaced:
        out.append(replaced_note(len(placement.replaced)))
    return out + renamed_notes(placement.renamed)


def carried_on_note(complete: int, partial: int, after_race: bool = False) -> list[str]:
    """A copy that went on from an earlier run's staging folder, or from what the race's laps copied into it
    (`complete` items not sent again, `partial` files cut short and finished); nothing when it started afresh."""
    kept = []
    if complete:
        kept.append(TransferWording.tr("%n item(s) the race had copied were not sent again", "", complete)
                    if after_race else
                    TransferWording.tr("%n item(s) it had copied were not sent again", "", complete))
    if partial:
        kept.append(TransferWording.tr("%n file(s) the race had cut short went on from where they stopped", "",
                                       partial) if after_race else
                    TransferWording.tr("%n file(s) it had cut short went on from where they stopped", "", partial))
    if not kept:
        return []
    said = TransferWording.tr("{first}, and {second}", first=kept[0], second=kept[1]) if len(kept) == 2 else kept[0]
    if after_race:
        return [TransferWording.tr("Carried on from the race, whose laps copied into this copy's staging folder: "
                                   "{what}.", what=said)]
    return [TransferWording.tr("Carried on from an earlier run of this copy: {what}.", what=said)]


def renamed_notes(renamed: dict[str, str]) -> list[str]:
    """"Kept both: the copy of 'a.jpg' is 'a (2).jpg'.", for the first five."""
    out = [TransferWording.tr("Kept both: the copy of {old} is {new}.", old=repr(old), new=repr(new))
           for old, new in list(renamed.items())[:5]]
    if len(renamed) > 5:
        out.append(TransferWording.tr("... and %n more kept both the same way.", "", len(renamed) - 5))
    return out


def hashing_failed() -> str:
    return TransferWording.tr("Files already at the destination were compared by size and time: hashing them "
                              "failed.")


def contents_not_compared(why_not: str) -> str:
    return TransferWording.tr("Contents were not compared: {why}; sizes were compared.", why=why_not)


def links_followed(method: str) -> str:
    return TransferWording.tr("{method} copies what symbolic links point to, not the links themselves.",
                              method=method)


def sent_all_again(method: str) -> str:
    return TransferWording.tr("{method} cannot send a list of files this way, so all of the selection was sent "
                              "again.", method=method)


def swept_note(place: str, gone: list[str]) -> list[str]:
    """The folders of earlier runs that a copy (or the advice) removed before it began; nothing when none."""
    if not gone:
        return []
    return [TransferWording.tr("Removed %n folder(s) that earlier runs of Transfer Advisor left in {place} "
                               "({folders}).", "", len(gone), place=place, folders=", ".join(gone))]


MIRROR_SHOWN = 3  # names in a mirror's sentence


def _names_shown(paths: list[str]) -> str:
    names = ", ".join(repr(p) for p in paths[:MIRROR_SHOWN])
    if len(paths) > MIRROR_SHOWN:
        return TransferWording.tr("{names} and %n more", "", len(paths) - MIRROR_SHOWN, names=names)
    return names


def deletion_line(path: str, kind: str, files: int, nbytes: int, target: str | None) -> str:
    """One item a mirror deletes, for a full list: "'album/old' (a folder: 3 files, 1.2 MB)"."""
    if kind == "dir":
        return TransferWording.tr("{path} (a folder: %n file(s), {size})", "", files, path=repr(path),
                                  size=size(nbytes))
    if kind == "link":
        return TransferWording.tr("{path} (a link to {target})", path=repr(path), target=repr(target))
    return f"{path!r} ({size(nbytes)})"


def deletion_lines(deletion: Deletion) -> list[str]:
    """One line per item a mirror deletes, for a full list (the dry run's, the window's question)."""
    return [deletion_line(g.path, g.entry.kind, g.files, g.bytes, g.entry.target) for g in deletion.items]


def _files(files: int) -> str:
    """"1 file", "1234 files" (no thin space: a mirror's and a dry run's notes)."""
    return TransferWording.tr("%n file(s)", "", files)


def deleted_note(items: int, files: int, nbytes: int, where: str) -> str:
    return TransferWording.tr("Deleted %n item(s) at {where} that the selection does not have ({files}, {size}).",
                              "", items, where=where, files=_files(files), size=size(nbytes))


def turned_up_note(paths: list[str]) -> str:
    return TransferWording.tr("%n item(s) were not deleted: they changed at the destination during the copy "
                              "({names}); run the mirror again to see them.", "", len(paths),
                              names=_names_shown(paths))


def kept_note(kept: list[str]) -> str:
    return TransferWording.tr("%n folder(s) of Transfer Advisor's own inside the copy's folders were left: "
                              "{names}.", "", len(kept), names=", ".join(repr(k) for k in kept[:MIRROR_SHOWN]))


# Before a copy: what a dry run would do, and the questions the window asks.

def would_send(items: int, nbytes: int, destination: str, unchanged: int) -> str:
    if unchanged:
        return TransferWording.tr("Would send %n item(s), {size}, to {destination} ({unchanged} unchanged, not sent "
                                  "again):", "", items, size=size(nbytes), destination=destination,
                                  unchanged=unchanged)
    return TransferWording.tr("Would send %n item(s), {size}, to {destination}:", "", items, size=size(nbytes),
                              destination=destination)


def would_delete(items: int, files: int, nbytes: int) -> str:
    return TransferWording.tr("Would delete %n item(s) ({files}, {size}) that the selection does not have:", "",
                              items, files=_files(files), size=size(nbytes))


def dry_run_done() -> str:
    return TransferWording.tr("Nothing was copied or deleted (a dry run).")


def mirror_deletes(where: str, items: int, files: int, nbytes: int) -> str:
    return TransferWording.tr("Making {where} match the selection deletes %Ln item(s) there ({files}, {size}) that "
                              "the selection does not have.", "", items, where=where, files=files_counted(files),
                              size=size(nbytes))


def mirror_deletes_when() -> str:
    return TransferWording.tr("They are deleted after the copy is in place and checked. Cancel copies nothing and "
                              "deletes nothing.")


def already_there(items: int, where: str) -> str:
    return TransferWording.tr("%Ln item(s) of this copy are already at {where} and differ.", "", items, where=where)


def identical_not_sent(items: int) -> str:
    return TransferWording.tr("%Ln item(s) identical to what is there will not be sent again.", "", items)


def kinds_never_swapped(mirror: bool) -> str:
    if mirror:
        return TransferWording.tr("A folder is never replaced by a file, or a file by a folder: move it aside, then "
                                  "copy again.")
    return TransferWording.tr("A folder is never replaced by a file, or a file by a folder: choose Skip or Keep "
                              "both.")


def and_more(shown: list[str], total: int) -> str:
    """The first lines of a long list, and how many more there are."""
    more = "\n" + TransferWording.tr("… and %n more", "", total - len(shown)) if total > len(shown) else ""
    return "\n".join(shown) + more


# Unencrypted methods, wherever one is offered or used.
def insecure_warning() -> str:
    return TransferWording.tr("Not encrypted: anyone on this network could read or change your files while they "
                              "travel. Choose it only on a network you trust, such as your home network.")


def insecure_advice() -> str:
    return TransferWording.tr("Insecure: the files cross the network unencrypted; use it only on a network you "
                              "trust.")


def streams_line(streams: int, one: str) -> str:
    """The shown command of a copy on parallel streams: what one stream runs."""
    return (f"{streams} of these side by side, each given its part of the files as NUL-separated names on its "
            f"standard input: {one}")


def unencrypted_warning(method_id: str) -> str | None:
    """The line said when advice picked a method that sends the files in the clear."""
    method = METHODS[method_id]
    if method.secure:
        return None
    if method_id == "ftp":  # FTP's login is in clear too
        return TransferWording.tr("Using {method}: your files and your password cross the network unencrypted.",
                                  method=method.label.removesuffix(" (insecure)"))
    return TransferWording.tr("Using {method}: your files cross the network unencrypted.",
                              method=method.label.removesuffix(" (insecure)"))
