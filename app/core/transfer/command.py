"""The shell line a person can run to make the same copy by hand: shown with the advice, and kept with
the copy's result and in the history. One pure function builds it, from what the copy is and where it goes,
so the line the advice shows is the line the copy reports."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from app.core.host.capabilities import Capabilities
from app.core.host.rsync_modules import ModuleRoot
from app.core.host.share_roots import ShareRoot
from app.core.transfer import methods
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods.base import DaemonModule, Job, split_sources
from app.core.wording.transfer import streams_line

if TYPE_CHECKING:
    from app.core.host.session import Session


@dataclass(frozen=True)
class Reach:
    """What the line depends on besides the copy itself: how a person reaches the host, and the tools of
    both sides (scp's protocol, the host's netcat)."""

    ssh: Ssh              # as a person types it: their ssh config, no password helper, no shared connection
    listen_address: str   # where an unencrypted method's data connection goes
    local: Capabilities
    remote: Capabilities

    @classmethod
    def of(cls, session: "Session") -> "Reach":
        return cls(session.display_ssh(), session.listen_address, session.local, session.remote)


def shown_command(method_id: str, options: Options, sources: list[str] | tuple[str, ...], dest: str, reach: Reach,
                  module: DaemonModule | None = None, share: ShareRoot | ModuleRoot | None = None) -> str:
    """The copy of `sources` into the folder `dest` with this method and these options, as one shell line.
    A port or secret chosen per run is never in it (PORT stands for the port; the password is `...`).
    The user's own rsync `module` is written in place, every file given (see Job.rewrite). A copy through a
    share mounted here names the mount's paths (`share`)."""
    job = Job(reach.ssh, tuple(sources), dest, options, reach.listen_address, module=module, share=share,
              local=reach.local,
              remote=reach.remote, netcat=reach.remote.nc_flavour, rewrite=module is not None)
    method = methods.get(method_id)
    if options.streams > 1 and method.parallel:
        # Each stream reads its part of the files as a list: the line is that of one stream.
        one = method.build(replace(job, files=tuple(name for _parent, name in split_sources(tuple(sources)))))
        return streams_line(options.streams, one.display)
    return method.build(job).display
