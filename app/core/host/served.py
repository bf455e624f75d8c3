"""What else a host serves besides ssh, as one session found and checked it: its services (SMB, FTP, NFS, an
rsync service), its shares this computer has mounted, and for each the folders a copy can go through.

Each is looked for when first asked for and then kept for the session: each look is a connection the host
forks a server for, and a weak NAS's CPU is better left to a copy or the advice's probes.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from app.core.host import passwords, services, share_roots
from app.core.host.ftp_logins import FtpLogins
from app.core.host.nfs_exports import NfsExports
from app.core.host.rsync_modules import RsyncModules
from app.core.host.services import Mount, Services
from app.core.host.share_roots import ShareRoot, Unmapped, WriteChecks
from app.core.host.smb_shares import SmbLogins

if TYPE_CHECKING:
    from app.core.host.session import Session


class Served:
    def __init__(self, session: "Session") -> None:
        self.session = session
        self.modules = RsyncModules(session)  # the modules of the rsync service it runs, as checked
        self.ftp = FtpLogins(session)  # its FTP service, as checked for the copy's folders
        self.smb = SmbLogins(session)  # its SMB shares, as checked for the copy's folders
        self.nfs = NfsExports(session)  # its NFS exports, as checked for the copy's folders
        self.write_checks = WriteChecks(session)  # whose files each of its mounts here makes
        self._services: asyncio.Future | None = None
        self._mapped: dict[Mount, asyncio.Future] = {}  # each mount of the host here, mapped and checked once

    async def services(self) -> Services:
        """What else the host serves on the address the session reached, and which of its shares this computer
        has mounted (app.core.host.services): looked for once, when first asked for (the window asks at once,
        beside the rest of connecting)."""
        if self._services is None:
            self._services = asyncio.ensure_future(self._look_for_services())
        return await asyncio.shield(self._services)

    async def _look_for_services(self) -> Services:
        """Not looked for where the connection passes through a port forward, tunnel or jump host
        (Capabilities.indirect_path): the address it reached is not the host's, and what answers there is not
        the host's either."""
        session = self.session
        address = session.listen_address
        names = {session.host.alias, session.host.hostname}
        looking = services.discover(address) if not session.remote.indirect_path else _nothing_found()
        # (the keyring is loaded meanwhile: a service found asks it for its account's password next)
        found, here, _ = await asyncio.gather(looking, asyncio.to_thread(services.mounted, names, address),
                                              asyncio.to_thread(passwords.warm))
        return Services(found, here)

    async def shares(self) -> tuple[list[ShareRoot], list[Unmapped]]:
        """The host's shares mounted here that a copy can go through, each with the host's folder it shows, and
        those it cannot (app.core.host.share_roots). The mounts are read each time (one may have come since);
        each is mapped and checked once."""
        session = self.session
        names = {session.host.alias, session.host.hostname}
        here = await asyncio.to_thread(services.mounted, names, session.listen_address)
        for mount in here:
            if mount not in self._mapped:
                self._mapped[mount] = asyncio.ensure_future(share_roots.root(session, mount))
        looked = [await asyncio.shield(self._mapped[m]) for m in here]
        return ([r for r in looked if isinstance(r, ShareRoot)], [r for r in looked if isinstance(r, Unmapped)])

    async def cancel(self) -> None:
        """Stop every look and check still running, and wait until each has."""
        await self.modules.cancel()
        await self.ftp.cancel()
        await self.smb.cancel()
        await self.nfs.cancel()
        self.write_checks.cancel_now()
        for task in [self._services, *self._mapped.values()]:
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)

    def cancel_now(self) -> None:
        """Stop them without waiting (when the app quits)."""
        self.modules.cancel_now()
        self.ftp.cancel_now()
        self.smb.cancel_now()
        self.nfs.cancel_now()
        self.write_checks.cancel_now()
        for task in (self._services, *self._mapped.values()):
            if task is not None:
                task.cancel()


async def _nothing_found() -> list[services.Service]:
    return []
