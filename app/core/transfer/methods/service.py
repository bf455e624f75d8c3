"""What the methods through a service the NAS already runs besides ssh have in common (FTP's curl, SMB's smbclient,
NFS's nfs-cp): a tool of this computer's carries each file of the list to or from the service, nothing is started
on the host, no ssh carries the bytes and no compressor runs; the engine makes the folders first, then sets the
files' times and makes the links through the control connection, and places and verifies as for every method.
Each method names its service's own facts (its processes, round trips, handshake) and why a name cannot go."""

from __future__ import annotations

from app.core.host.capabilities import Capabilities
from app.core.host.share_roots import covering
from app.core.host.ssh_command import Options
from posixpath import join

from app.core.transfer.methods.base import Job, Method, split_sources


class ThroughService(Method):
    listens = False
    listener_start_s = 0.0
    tar_stream = False
    logs_in = False
    ssh_channel = False
    through_share = True
    makes_links_after = True
    keeps_mtime = False
    codecs = ("none",)
    uses_pipe_codecs = False
    needs_remote_shell = False
    lists_folders = False  # the engine makes the folders first
    always_lists = True    # the tool copies file by file: a whole folder is a list of its files too
    round_trips_per_dir = 0  # the engine makes the folders in one command
    root_type: type = object  # the service's view of a folder a copy needs in Job.share (FtpRoot, SmbRoot, NfsRoot)
    service = "the host's service"  # named where a copy comes without it

    def files_of(self, job: Job):
        """The service's folder (Job.share), each source's parent by its name, and the files to copy (the engine
        always gives them; the line shown for a whole selection names the sources' top entries)."""
        root = job.share
        if not isinstance(root, self.root_type):
            raise ValueError(f"a copy through {self.service} needs its folder (Job.share)")
        parents = {name: parent for parent, name in split_sources(job.sources)}
        return root, parents, job.files or tuple(parents)

    @staticmethod
    def source_of(parents: dict[str, str], path: str) -> str:
        """Where a path of the list is on the sending side: under the parent of the source it starts with."""
        return join(parents[path.split("/")[0]], path)

    def without_ssh(self) -> str:
        """The method's reason for refusing --cipher or --mux (its service's name in it)."""
        raise NotImplementedError

    def carries(self, path: str) -> bool:
        """Whether the service's tool can name this path of the list."""
        return True

    def service_roots(self, shares) -> list:
        """Of the shares, this method's views of the host's folders (of its kind; writable ones for an upload are
        picked by share_for)."""
        raise NotImplementedError

    def share_for(self, shares, paths: list[str], download: bool):
        """The service's view of the folder the copy writes into (an upload: `paths` ends with it) or reads from (a
        download: the sources); with no paths yet, any of this method's."""
        mine = [r for r in self.service_roots(shares) if download or r.writable]
        if not paths:
            return mine[0] if mine else None
        return covering(mine, paths[:-1] if download else paths[-1:])

    def refuses(self, o: Options, local: Capabilities | None = None, remote: Capabilities | None = None) -> str | None:
        if o.cipher or o.mux:
            return self.without_ssh()
        return super().refuses(o, local, remote)

    def takes_list(self, job: Job) -> bool:
        return all(self.carries(f) for f in job.files)
