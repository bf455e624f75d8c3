"""The NFS exports the NAS already serves: libnfs's `nfs-cp` here writes each file into its staging place through
the export (or reads each from it into the staging folder here), CONNECTIONS of them at a time (`xargs -P`), each
its own connection. Nothing is started on the host, no ssh carries the bytes and nothing is mounted here.
Unencrypted and unauthenticated (NFSv3, AUTH_SYS: the server believes the user number the client names): used only
where the user allows unencrypted methods.

Which export shows the destination and that it writes as the login's own user are found first
(app.core.host.nfs_exports); the engine makes the staging folder and its folders, sets the files' times and makes
the links through the control connection, then places and verifies as for every method. A name holding `?`
cannot be put in libnfs's URLs: such a selection is not copied this way. The list reaches xargs on its standard
input, NUL-separated (no shell, no name in argv of ours); nfs-cp's own exit status fails the copy.
"""

from __future__ import annotations

import os
from posixpath import join

from app.core import quoting
from app.core.host.nfs_exports import NfsRoot, NfsUnusable, carries
from app.core.runner import Stage
from app.core.transfer.methods.base import (RECEIVER, SENDER, Context, Job, MethodReasons, Plan, Process, clause,
                                            phrase, split_sources)
from app.core.transfer.methods.keeps import Keep, Keeps
from app.core.transfer.methods.service import ThroughService
from app.core.transfer.progress import Count, ProgressMode

# What NFS through nfs-cp keeps: the bytes; the engine sets the times and makes the links afterwards; nfs-cp
# creates every file rw for its owner and group (0660), whatever the source's.
NFS_KEEPS = Keeps(mode=Keep.LOST)
CONNECTIONS = 4  # nfs-cp processes at a time: a file's round trips overlap the others'


class Nfs(ThroughService):
    """Through the host's NFS export (NFSv3, unencrypted)."""
    root_type = NfsRoot
    service = "the host's NFS export"

    id = "nfs"
    secure = False
    # nfs-cp here; the host's NFS server receives: per file a new connection (portmapper, mount, lookups), create,
    # writes of up to 1 MiB in flight, commit, CONNECTIONS files at a time.
    processes = (Process("nfs-cp", SENDER, "nfs-cp"), Process("nfsd", RECEIVER, "nfs-cp"))
    pipelined = False
    file_cpu_ms = 3.0  # a process started per file here
    round_trips_per_file = 3  # (about 12 on each file's own connection, CONNECTIONS files at a time)
    in_flight = 1024 * 1024
    handshake_round_trips = 4  # the portmapper's answer, the mount, the NFS service's connection, the root lookup
    service_logins = 0
    share_kind = "nfs"
    keeps = NFS_KEEPS
    list_scope = "any"     # absolute names on both sides: one run for the whole list

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "nfs-cp"), ("local", "xargs")]

    def service_roots(self, shares) -> list[NfsRoot]:
        return [r for r in shares if isinstance(r, NfsRoot)]

    def carries(self, path: str) -> bool:
        return carries(path)

    def unavailable(self, ctx: Context) -> str | None:
        reason = super().unavailable(ctx)
        if reason is not None:
            return reason
        if not all(carries(p) for p in ctx.entry_paths + ctx.source_names + ctx.paths):
            return clause(MethodReasons.tr("an NFS URL cannot name a file whose name holds ?, and the selection "
                                           "has one"))
        if self.share_for(ctx.shares, ctx.paths, ctx.options.download) is None:
            refused = next((r for r in ctx.shares if isinstance(r, NfsUnusable)), None)
            if refused is not None:
                return _refused(refused)
            return phrase(MethodReasons.tr("needs an NFS export of the host (port 2049, its portmapper on 111) that "
                                           "shows this computer the folder (and, to copy to it, takes its writes "
                                           "as this account)"))
        return None

    def without_ssh(self) -> str:
        return phrase(MethodReasons.tr("talks to the host's NFS service without ssh (no --cipher or --mux)"))

    def build(self, job: Job) -> Plan:
        root, parents, files = self.files_of(job)
        pairs: list[tuple[str, str]] = []
        for f in files:
            source = self.source_of(parents, f)
            pairs.append((root.url(source), join(job.dest, f)) if job.options.download else
                         (source, root.url(join(job.dest, f))))
        argv = _xargs(min(CONNECTIONS, max(1, len(pairs))))
        data = b"".join(os.fsencode(a) + b"\0" + os.fsencode(b) + b"\0" for a, b in pairs)
        shown = (quoting.join(["printf", "%s\\0", *(x for pair in pairs for x in pair)]) + " | " + quoting.join(argv)
                 if job.files else _shown_whole(job, root))
        # the files' bytes here, either way: what nfs-cp read (an upload) or wrote (a download), the running ones
        # and those xargs has reaped
        counted = Count.WRITTEN_ALL if job.options.download else Count.READ_ALL
        return Plan([Stage(argv)], shown, ProgressMode.IO, (0, counted), stdin_data=data)


def _xargs(connections: int) -> list[str]:
    """xargs running nfs-cp on each (source, destination) pair of its NUL-separated input, `connections` at once."""
    return ["xargs", "-0", "-r", "-n", "2", "-P", str(connections), "nfs-cp"]


def _shown_whole(job: Job, root: NfsRoot) -> str:
    """A copy of whole sources as a person runs it: the folders made at the far end (over ssh for an upload), then
    each file and its URL found at the near end (over ssh for a download), paired for xargs (find's -printf, its %
    and \\ doubled in what is not a directive). Links are left out (the app makes them over ssh)."""
    def literal(text: str) -> str:
        return text.replace("\\", "\\\\").replace("%", "%%")

    def there(command: list[str], folder: str) -> str:
        return quoting.join(job.ssh.command(job.options, quoting.join(["cd", folder]) + " && " + quoting.join(command)))

    lines = []
    for parent, name in split_sources(job.sources):
        folders = ["find", name, "-type", "d", "-print0"]
        make = ["xargs", "-0", "-r", "mkdir", "-p", "--"]
        if job.options.download:
            before, after = root.url_parts(parent)
            pairs = ["find", name, "-type", "f", "-printf", literal(before) + "%p" + literal(after) + "\\0%p\\0"]
            line = (f"cd {quoting.join([job.dest])} && {there(folders, parent)} | {quoting.join(make)} && "
                    f"{there(pairs, parent)} | {quoting.join(_xargs(CONNECTIONS))}")
        else:
            before, after = root.url_parts(job.dest)
            pairs = ["find", name, "-type", "f", "-printf", "%p\\0" + literal(before) + "%p" + literal(after) + "\\0"]
            line = (f"cd {quoting.join([parent])} && {quoting.join(folders)} | {there(make, job.dest)} && "
                    f"{quoting.join(pairs)} | {quoting.join(_xargs(CONNECTIONS))}")
        lines.append(f"({line})")
    return " && ".join(lines)


def _refused(unusable: NfsUnusable) -> str:
    if unusable.why == "refused":
        return phrase(MethodReasons.tr("needs an NFS export of the host that lets this computer in and shows the "
                                       "folder; none does (add this computer's address to the export's clients, "
                                       "and allow connections from non-privileged ports)"))
    if unusable.why == "owner":
        return phrase(MethodReasons.tr("needs the host's NFS export to write as this account, and it writes as "
                                       "another user (its squash setting)"))
    if unusable.why == "ids":
        return phrase(MethodReasons.tr("needs this account's user and group numbers on the host, which it did not "
                                       "say"))
    return phrase(MethodReasons.tr("needs the host's NFS service, which did not answer (its portmapper, port "
                                   "111, too)"))
