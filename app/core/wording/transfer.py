"""A copy in words: its phase lines, how it ends and how it was checked, what it does not keep, the notes
beside its result (what it did with what was there, what a mirror deleted), the questions before it, and
the warning of an unencrypted method."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.formatting import agree, count, duration, plural, rate, size, timed
from app.core.host.capabilities import Capabilities
from app.core.host.ssh_command import Options
from app.core.selection.entries import Selection
from app.core.selection.stats import SelectionStats
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import Method
from app.core.transfer.methods.keeps import NAMES
from app.core.transfer.verify import SIZES, contents

if TYPE_CHECKING:
    from app.core.transfer.existing import Placement
    from app.core.transfer.mirror import Deletion


def method_tip(method_id: str) -> str:
    """A method in two sentences: what it is, and whether the network can read what it sends."""
    method = METHODS.get(method_id)
    if method is None:
        return ""
    security = ("Encrypted: safe on any network." if method.secure else
                "Not encrypted: anyone on the network between the two machines can read and change the files. "
                "Use only on a network you trust.")
    return f"{method.label}: {method.summary} {security}"


def links_become_copies(links: int) -> str:
    """Said after the reason when the chosen method follows symbolic links."""
    which = "The selection's symbolic link arrives" if links == 1 else f"The selection's {links} symbolic links arrive"
    return f"{which} as a copy of what it points to, not as a link." if links == 1 else \
        f"{which} as copies of what they point to, not as links."


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
    return f"verified: {value}" if value else "verified"


# --- A copy as it goes and as it ends: the same words on the command line, in the window and in its
# notification; each lays them out its own way.

COPY_PHASES = {"scanning": "Reading the selection…", "comparing": "Looking at what is already there…",
               "finalizing": "Moving the copy into place…", "verifying": "Checking the far side…",
               "cleaning": "Cleaning up…", "deleting": "Deleting what the selection does not have…"}


def copying_with(method: str) -> str:
    return f"Copying with {method}…"


def copy_progress(done: int, total: int, bytes_per_s: float, eta: float | None) -> str:
    """"1.2 MB of 3.4 MB · 38 MB/s · about 4.2 s left"."""
    left = f" · about {duration(eta)} left" if eta is not None else ""
    return f"{size(done)} of {size(total)} · {rate(bytes_per_s / 1e6)}{left}"


def copy_done(files: int, nbytes: int, sent: int, seconds: float, method: str, verification: str | None) -> str:
    """What a finished copy did: "3 files, 1.2 MB in 4.2 s (38 MB/s) with tar over ssh; verified: sizes".
    No rate for a copy too small to time one; `verification` None when nothing was checked."""
    speed = f" ({rate(sent / seconds / 1e6)})" if timed(sent) and seconds > 0 else ""
    part = "" if sent == nbytes else f" ({size(sent)} of it sent now)"
    checked = f"; {verified_as(verification)}" if verification is not None else ""
    return f"{count(files, 'file')}, {size(nbytes)}{part} in {duration(seconds)}{speed} with {method}{checked}"


def copy_notice(files: int, where: str, verification: str | None) -> str:
    """The notification of a finished copy: "3 files to nas:/backup, verified: sizes."."""
    verdict = verified_as(verification) if verification is not None else "NOT verified"
    return f"{count(files, 'file')} to {where}, {verdict}."


def what_was_checked(verification: str) -> str:
    """What a verified copy's check found, for someone who does not know what a hash is."""
    how = "every file, folder and link is there with the right size"
    tool = hashed_with(verification)
    return how + (f", and the files' contents match ({tool})" if tool else "")


def losses_sentences(label: str, lost: list[str], stats: SelectionStats) -> list[str]:
    """What a copy with `label` loses of what the selection has (Keeps' names: hardlinks, sparse, xattrs),
    and what it costs at the destination. Symbolic links have their own sentence (links_become_copies)."""
    out = []
    if "hardlinks" in lost and stats.hard_linked:
        out.append(f"{label} copies the {plural(stats.hard_linked, 'hard-linked file')} as separate files "
                   f"({size(stats.hard_link_bytes)} more at the destination).")
    if "sparse" in lost and stats.sparse:
        which = "the sparse file" if stats.sparse == 1 else f"the {stats.sparse} sparse files"
        out.append(f"{label} writes {which} out whole ({size(stats.sparse_bytes)} more on the destination's disk).")
    if "xattrs" in lost and stats.xattrs:
        out.append(f"{label} does not keep the extended attributes and ACLs of {plural(stats.xattrs, 'item')} "
                   "(--xattrs keeps them, with rsync or tar).")
    return out


def quicker_but_loses(label: str, lost: list[str]) -> str:
    """Said when the recommendation passed over a quicker method because it would lose these (Keeps' names)."""
    return f"{label} would be quicker but would not keep the {' and '.join(NAMES[n] for n in lost)}."


def copy_losses(method: Method, local: Capabilities, remote: Capabilities, selection: Selection,
                o: Options) -> list[str]:
    """What a copy with `method` and options `o` does not keep of what `selection` has, said in its result."""
    stats = SelectionStats.of(selection)
    lost = method.keeps_between(local, remote).given(o.owners, o.xattrs).lost(stats.needs_kept())
    return losses_sentences(method.label.split(" (")[0], lost, stats)


# The phase lines a user sees while a copy (or the advice) works: the detail under each step's title.
PHASE_SCANNING = "Reading the selection"


PHASE_COMPARING = "Looking at what is already at the destination"


PHASE_FINALIZING = "Moving the copy into place"


PHASE_VERIFYING = "Checking the far side"


PHASE_DELETING = "Deleting what the selection does not have"


def carrying_on(method: str) -> str:
    """A send that finishes a file an earlier copy cut short."""
    return f"{method}: carrying on a file cut short"


# The notes beside a copy's result: what it did with what was at the destination, what it compared,
# what a mirror deleted.

def _left_as_was(n: int) -> str:
    return f"left as {agree(n, 'it was', 'they were')}"


def update_note(unchanged: int, updated: int, new: int, newer_there: int) -> str:
    """"Updated: 3 unchanged, 1 updated, 2 new.", and what was newer at the destination."""
    newer = (f"; {plural(newer_there, 'item')} newer at the destination {_left_as_was(newer_there)}"
             if newer_there else "")
    return f"Updated: {unchanged} unchanged, {updated} updated, {new} new{newer}."


def identical_note(items: int) -> str:
    was = agree(items, "was", "were")
    return f"{plural(items, 'item')} {was} already at the destination, identical, and {was} not sent again."


def skipped_note(paths: list[str]) -> str:
    shown = ", ".join(repr(p) for p in paths[:5]) + (" ..." if len(paths) > 5 else "")
    return f"{plural(len(paths), 'item')} at the destination {_left_as_was(len(paths))}: {shown}."


def replaced_note(items: int) -> str:
    return f"{plural(items, 'item')} at the destination replaced."


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
    who = "the race" if after_race else "it"
    kept = [f"{plural(complete, 'item')} {who} had copied {agree(complete, 'was', 'were')} not sent again"
            if complete else "",
            f"{plural(partial, 'file')} {who} had cut short went on from where {agree(partial, 'it', 'they')} stopped"
            if partial else ""]
    if not any(kept):
        return []
    start = "Carried on from the race, whose laps copied into this copy's staging folder: " if after_race else \
        "Carried on from an earlier run of this copy: "
    return [start + ", and ".join(k for k in kept if k) + "."]


def renamed_notes(renamed: dict[str, str]) -> list[str]:
    """"Kept both: the copy of 'a.jpg' is 'a (2).jpg'.", for the first five."""
    out = [f"Kept both: the copy of {old!r} is {new!r}." for old, new in list(renamed.items())[:5]]
    if len(renamed) > 5:
        out.append(f"... and {len(renamed) - 5} more kept both the same way.")
    return out


HASHING_FAILED = "Files already at the destination were compared by size and time: hashing them failed."


def contents_not_compared(why_not: str) -> str:
    return f"Contents were not compared: {why_not}; sizes were compared."


def links_followed(method: str) -> str:
    return f"{method} copies what symbolic links point to, not the links themselves."


def sent_all_again(method: str) -> str:
    return f"{method} cannot send a list of files this way, so all of the selection was sent again."


def swept_note(place: str, gone: list[str]) -> list[str]:
    """The folders of earlier runs that a copy (or the advice) removed before it began; nothing when none."""
    if not gone:
        return []
    what = "a folder that an earlier run" if len(gone) == 1 else f"{len(gone)} folders that earlier runs"
    return [f"Removed {what} of Transfer Advisor left in {place} ({', '.join(gone)})."]


MIRROR_SHOWN = 3  # names in a mirror's sentence


def _names_shown(paths: list[str]) -> str:
    more = f" and {len(paths) - MIRROR_SHOWN} more" if len(paths) > MIRROR_SHOWN else ""
    return ", ".join(repr(p) for p in paths[:MIRROR_SHOWN]) + more


def deletion_line(path: str, kind: str, files: int, nbytes: int, target: str | None) -> str:
    """One item a mirror deletes, for a full list: "'album/old' (a folder: 3 files, 1.2 MB)"."""
    if kind == "dir":
        return f"{path!r} (a folder: {plural(files, 'file')}, {size(nbytes)})"
    if kind == "link":
        return f"{path!r} (a link to {target!r})"
    return f"{path!r} ({size(nbytes)})"


def deletion_lines(deletion: Deletion) -> list[str]:
    """One line per item a mirror deletes, for a full list (the dry run's, the window's question)."""
    return [deletion_line(g.path, g.entry.kind, g.files, g.bytes, g.entry.target) for g in deletion.items]


def deleted_note(items: int, files: int, nbytes: int, where: str) -> str:
    return (f"Deleted {plural(items, 'item')} at {where} that the selection does not have "
            f"({plural(files, 'file')}, {size(nbytes)}).")


def turned_up_note(paths: list[str]) -> str:
    n = len(paths)
    return (f"{plural(n, 'item')} {agree(n, 'was', 'were')} not deleted: {agree(n, 'it', 'they')} changed at the "
            f"destination during the copy ({_names_shown(paths)}); run the mirror again to see them.")


def kept_note(kept: list[str]) -> str:
    return (f"{plural(len(kept), 'folder')} of Transfer Advisor's own inside the copy's folders "
            f"{agree(len(kept), 'was', 'were')} left: {', '.join(repr(k) for k in kept[:MIRROR_SHOWN])}.")


# Before a copy: what a dry run would do, and the questions the window asks.

def would_send(items: int, nbytes: int, destination: str, unchanged: int) -> str:
    same = f" ({unchanged} unchanged, not sent again)" if unchanged else ""
    return f"Would send {plural(items, 'item')}, {size(nbytes)}, to {destination}{same}:"


def would_delete(items: int, files: int, nbytes: int) -> str:
    return (f"Would delete {plural(items, 'item')} ({plural(files, 'file')}, {size(nbytes)}) that the selection "
            "does not have:")


DRY_RUN_DONE = "Nothing was copied or deleted (a dry run)."


def mirror_deletes(where: str, items: int, files: int, nbytes: int) -> str:
    return (f"Making {where} match the selection deletes {count(items, 'item')} there "
            f"({count(files, 'file')}, {size(nbytes)}) that the selection does not have.")


MIRROR_DELETES_WHEN = ("They are deleted after the copy is in place and checked. Cancel copies nothing and deletes "
                       "nothing.")


def already_there(items: int, where: str) -> str:
    return (f"{count(items, 'item')} of this copy {agree(items, 'is', 'are')} already at {where} and "
            f"{agree(items, 'differs', 'differ')}.")


def identical_not_sent(items: int) -> str:
    return f"{count(items, 'item')} identical to what is there will not be sent again."


def kinds_never_swapped(mirror: bool) -> str:
    fix = "move it aside, then copy again" if mirror else "choose Skip or Keep both"
    return f"A folder is never replaced by a file, or a file by a folder: {fix}."


def and_more(shown: list[str], total: int) -> str:
    """The first lines of a long list, and how many more there are."""
    return "\n".join(shown) + (f"\n… and {total - len(shown)} more" if total > len(shown) else "")


# Unencrypted methods, wherever one is offered or used.
INSECURE_WARNING = ("Not encrypted: anyone on this network could read or change your files while they travel. "
                    "Choose it only on a network you trust, such as your home network.")


INSECURE_ADVICE = "Insecure: the files cross the network unencrypted; use it only on a network you trust."


def streams_line(streams: int, one: str) -> str:
    """The shown command of a copy on parallel streams: what one stream runs."""
    return (f"{streams} of these side by side, each given its part of the files as NUL-separated names on its "
            f"standard input: {one}")


def unencrypted_warning(method_id: str) -> str | None:
    """The line said when advice picked a method that sends the files in the clear."""
    method = METHODS[method_id]
    if method.secure:
        return None
    return f"Using {method.label.removesuffix(' (insecure)')}: your files cross the network unencrypted."
