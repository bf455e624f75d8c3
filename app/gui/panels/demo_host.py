"""The window's local demo host: the picker's "Try with a local demo host" entry, and the host
itself (app.core.demo.host), started when that entry is first tested and stopped when the window closes.

Nothing about it is remembered: not among the recent hosts, not as a destination, and the
copies logged with it are dropped when it stops, since its address never comes back.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from PySide6.QtCore import QObject

from app.core.demo import host as demo
from app.core.errors import ErrorKind, TransferError
from app.core.host.hosts import HostSpec
from app.core.language import Words
from app.core.state import transfer_log
from app.core.state.settings import HostChoice


class DemoHostWords(Words):
    """The picker's demo host entry (the translator's context)."""


def try_label() -> str:
    return DemoHostWords.tr("Try with a local demo host")


def tip() -> str:
    return DemoHostWords.tr("No NAS at hand? Transfer Advisor starts an SSH host on this computer (127.0.0.1) and "
                            "copies into a private folder of it, so you can try every step. The folder is removed "
                            "when you close the window.")


@dataclass(frozen=True)
class DemoChoice(HostChoice):
    """The picker's demo entry: `ssh_config` is None until the host runs."""

    name: str = ""  # what sentences call it (demo.name())

    def spec(self) -> HostSpec:
        return HostSpec(self.text, self.ssh_config, name=self.name or None)

    @property
    def started(self) -> bool:
        return self.ssh_config is not None


def is_demo(choice: HostChoice | None) -> bool:
    return isinstance(choice, DemoChoice)


class DemoHostKeeper(QObject):
    """Owns the demo host for the window's life."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host: demo.DemoHost | None = None
        self.closed = False
        self._starting: asyncio.Future | None = None

    @property
    def choice(self) -> DemoChoice:
        h = self.host
        if h is None:
            return DemoChoice(try_label(), demo.ALIAS)
        return DemoChoice(h.label, demo.ALIAS, str(h.ssh_config), demo.name())

    async def start(self) -> DemoChoice:
        """Start the host (once: a second caller waits for the first) and return its picker entry."""
        if self.host is None:
            if self._starting is None:  # in a thread: making keys and waiting for sshd would block the window
                self._starting = asyncio.ensure_future(asyncio.to_thread(demo.start))
            starting = self._starting
            try:
                host = await asyncio.shield(starting)
            finally:
                if self._starting is starting and starting.done():
                    self._starting = None
            if self.closed:  # the window closed while it started
                host.stop()
                raise TransferError(ErrorKind.CANCELLED,
                                    DemoHostWords.tr("The window was closed, so the local demo host was stopped."))
            self.host = host
        return self.choice

    def destination(self) -> str:
        return str(self.host.dest) if self.host is not None else ""

    def stop(self) -> None:
        """Stop the server, remove its folder, and forget the copies logged with it."""
        self.closed = True
        host, self.host = self.host, None
        if host is None:
            return
        host.stop()
        try:
            transfer_log.forget(host.label)
        except OSError:
            pass  # the log stays as it was; nothing else depends on it

