"""Logging in to a service the NAS runs besides ssh (its FTP service, its SMB shares) as the ssh login's account:
the passwords tried one after another, the one the user types where none is taken, and which of them the keyring
keeps. Each service's own look (one login each) is its module's (app.core.host.ftp_logins, app.core.host.smb_shares).

The passwords tried: the service's environment variable ($FTP_PASSWORD, $SMB_PASSWORD), the one the keyring keeps
for the account (`ftp://USER@HOST:21`, `smb://USER@HOST:445`), one typed earlier while the window is open, and the
one the session logged in with (a NAS's services take its accounts' own passwords); then, asked once a session
(`ask`), the one the user types. A typed one (or the variable's) goes into the keyring once the service took it,
where the user said so (`remember`). None with a line break is ever tried: no tool's input could carry it.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, field
from posixpath import commonpath, dirname, normpath
from typing import TYPE_CHECKING, Any, Awaitable, Callable, ClassVar

import asyncssh

from app.core.errors import TransferError
from app.core.host import passwords
from app.core.host.services import Service

if TYPE_CHECKING:
    from app.core.host.session import Session

# One login with a password: ("" once logged in, "login" where refused, or another reason; what it found).
Look = Callable[[str], Awaitable[tuple[str, Any]]]


@dataclass(eq=False)
class ServiceLogins:
    """A session's logins to one service of the host, kept for the session."""

    session: "Session"
    # Where none of the passwords it knows is taken: ask the user (the account's name is given), None when they
    # decline; `remember` keeps a typed one (or the variable's) in the keyring once the service took it, `tell`
    # shows the sentence where there is no keyring; `typed` holds what the user typed for each account while the
    # window is open (each of its advices and copies has a session of its own).
    ask: Callable[[str], Awaitable[str | None]] | None = None
    remember: bool = False
    tell: Callable[[str], None] | None = None
    typed: dict[str, str] = field(default_factory=dict)
    declined: set[str] = field(default_factory=set)  # accounts whose password the user did not give this session

    variable: ClassVar[str] = ""  # the environment variable a password may come in
    scheme: ClassVar[str] = ""    # how the keyring names the service's accounts

    def account(self, user: str, address: str, port: int) -> str:
        """How the keyring names the account."""
        return f"{self.scheme}://{user}@{address}:{port}"

    async def passwords(self, user: str, address: str, port: int) -> list[str]:
        """The passwords the app knows for the account, in the order they are tried."""
        kept = await asyncio.to_thread(passwords.recall_account, self.account(user, address, port))
        session = self.session
        found = [os.environ.get(self.variable), kept, self.typed.get(user),
                 session.askpass.password if session.askpass is not None else None]
        return [p for p in dict.fromkeys(found) if p and "\n" not in p and "\r" not in p]

    def may_ask(self, user: str) -> bool:
        return self.ask is not None and user not in self.declined

    async def login(self, user: str, address: str, port: int, look: Look) -> tuple[str, str | None, Any]:
        """Try the passwords the app knows with `look` (one login each), then the one the user types where asked:
        (why not: "login", another reason of `look`'s, or "" once logged in; the password taken; what `look`
        found)."""
        answer, where = "login", None
        for password in await self.passwords(user, address, port):
            answer, where = await look(password)
            if answer != "login":
                return answer, password, where
        if answer == "login" and self.may_ask(user):
            given = await self.ask(user)
            if not given:
                self.declined.add(user)  # asked once a session (each of the service's kinds checks the same login)
            elif "\n" not in given and "\r" not in given:
                answer, where = await look(given)
                if answer != "login":
                    self.typed[user] = given
                    await self.kept(user, address, port, given, typed=True)
                    return answer, given, where
        return answer, None, None

    async def kept(self, user: str, address: str, port: int, password: str, typed: bool) -> None:
        """With --remember-password (or the window's "keep it" beside its question), a password the service took
        goes into the keyring: one the user `typed` when asked, or one from the service's variable."""
        if not self.remember or not (typed or password == os.environ.get(self.variable)):
            return
        note = await asyncio.to_thread(passwords.remember_account, self.account(user, address, port), password)
        if note and self.tell is not None:
            self.tell(note)


async def service_and_folder(session: "Session", host_paths: list[str], write: bool, kind: str, tool: str
                             ) -> tuple[Service, str] | None:
    """The host's service of this `kind` and the folder of the host a copy looks at through it: the one that
    receives an upload (`write`: the nearest folder there at or above `host_paths[-1]`), or the one that holds
    a download's sources; None where the host serves none, this computer lacks `tool`, or the folder cannot
    be found."""
    if not host_paths or not session.local.has(tool):
        return None
    service = next((s for s in (await session.served.services()).found if s.kind == kind), None)
    if service is None:
        return None
    if not write:
        return service, commonpath([dirname(normpath(p)) or "/" for p in host_paths])
    try:  # the folder the copy makes its destination in, where that is not there yet
        return service, normpath(await session.files.nearest_dir(host_paths[-1]))
    except (TransferError, asyncssh.Error, OSError):
        return None

