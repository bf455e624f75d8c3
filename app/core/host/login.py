"""Logging in to a host: the control connection (asyncssh), the password it takes, and what the OpenSSH
binaries then need to log in the same way (app.core.host.askpass).

The remembered password (the system keyring) is tried first, once; one the host refuses is forgotten and the
caller asked instead. Nothing of a password reaches a command line or a file.
"""

from __future__ import annotations

import asyncio
import inspect

import asyncssh

from app.core.errors import ErrorKind, TransferError, openssh_too_old, remembered_password_refused
from app.core.host import passwords
from app.core.host.askpass import MIN_OPENSSH, Askpass, openssh_version
from app.core.host.hosts import Host, PasswordCallback, connect


class _Answer:
    """The password asyncssh asks for: the remembered one first (once), then the caller's; keeps what it gave."""

    def __init__(self, host: Host, ask: PasswordCallback | None, use_keyring: bool) -> None:
        self.host, self.ask, self.use_keyring = host, ask, use_keyring
        self.given: str | None = None
        self.from_keyring = False

    async def __call__(self, prompt: str) -> str | None:
        if self.use_keyring:
            self.use_keyring = False
            stored = await asyncio.to_thread(passwords.recall, self.host)  # the keyring talks D-Bus: off the loop
            if stored is not None:
                self.given, self.from_keyring = stored, True
                return stored
        if self.ask is None:
            return None
        answer = self.ask(prompt)
        self.given = await answer if inspect.isawaitable(answer) else answer
        self.from_keyring = False
        return self.given


async def login(host: Host, ask: PasswordCallback | None) -> tuple[asyncssh.SSHClientConnection, str | None]:
    """The control connection, and the password it took (None: a key or an agent logged in)."""
    answer = _Answer(host, ask, use_keyring=True)
    try:
        return await connect(host, answer), answer.given
    except TransferError as exc:
        if exc.kind is not ErrorKind.AUTH or not answer.from_keyring:
            raise
        await asyncio.to_thread(passwords.forget, host)
        if ask is None:
            raise remembered_password_refused(host.label) from exc
    answer = _Answer(host, ask, use_keyring=False)
    return await connect(host, answer), answer.given


async def askpass_for(host: Host, password: str) -> tuple[Askpass | None, TransferError | None]:
    """What lets this computer's OpenSSH binaries log in with `password`, or why they cannot (too old)."""
    version = await asyncio.to_thread(openssh_version)
    if version is None or version < MIN_OPENSSH:
        return None, openssh_too_old(version)
    return await Askpass.start(password, host.user, host.prompt_name), None
