"""The passwords the window asks for while it works: the host's own (its ssh login, asked through the window's
password dialog), and those of the services a session finds (the modules of its rsync service, its FTP service,
its SMB shares; one dialog, one question at a time). What was typed is kept for this run of the window, and in
the system keyring where the user ticked that (the core keeps it once it logged in)."""

from __future__ import annotations

import asyncio
from typing import Callable

from app.core.host import passwords
from app.core.host.rsync_modules import RsyncModules
from app.core.host.service_logins import ServiceLogins
from app.core.host.session import Session
from app.core.state.settings import HostChoice
from app.core.wording.services import ftp_password_prompt, module_password_prompt, smb_password_prompt


class Questions:
    """What the window asked, by host (its text and ssh config): `ask_login(prompt, future)` shows the login's
    question, `ask_service(prompt, can_keep, future)` a service's; each future gets the answer or None."""

    def __init__(self, ask_login: Callable[[str, asyncio.Future], None],
                 ask_service: Callable[[str, bool, asyncio.Future], None]) -> None:
        self._ask_login, self._ask_service = ask_login, ask_service
        self.passwords: dict[tuple[str, str | None], str] = {}
        self.keep_in_keyring: set[tuple[str, str | None]] = set()
        # Passwords typed for modules of a host's rsync service, by host and (user, module): this window's run only.
        self.module_passwords: dict[tuple[str, str | None], dict[tuple[str, str], str]] = {}
        # The same for the host's FTP service and SMB shares (by service, then host), and the accounts whose
        # password the user declined to give.
        self.service_passwords: dict[tuple[str, tuple[str, str | None]], dict[str, str]] = {}
        self.service_declined: dict[tuple[str, tuple[str, str | None]], set[str]] = {}
        self._asking = asyncio.Lock()  # one password question at a time

    def remember(self, choice: HostChoice, password: str, keyring: bool = False) -> None:
        """Keep the password for this run; with `keyring`, also in the system keyring once it logs in."""
        key = (choice.text, choice.ssh_config)
        self.passwords[key] = password
        if keyring:
            self.keep_in_keyring.add(key)
        else:
            self.keep_in_keyring.discard(key)

    def for_login(self, choice: HostChoice):
        """The core's password callback; asyncssh awaits what it returns, so the user can be asked."""
        key = (choice.text, choice.ssh_config)

        def ask(prompt: str):
            if key in self.passwords:
                return self.passwords[key]
            return self._ask(prompt, key)
        return ask

    async def _ask(self, prompt: str, key: tuple[str, str | None]) -> str | None:
        future = asyncio.get_running_loop().create_future()
        self._ask_login(prompt, future)
        password = await future
        if password is not None:
            self.passwords[key] = password
        return password

    def _module_password(self, choice: HostChoice, modules: RsyncModules):
        """Where none of the passwords it knows opens a module of the host's rsync service that holds the
        destination (unencrypted methods allowed): ask. What was typed is tried first by the later sessions of
        this window (each advice and copy has one of its own: `modules.typed`), and kept in the keyring where the
        user ticked that (`modules.remember`: rsync_modules keeps it once the module took it)."""
        modules.typed = self.module_passwords.setdefault((choice.text, choice.ssh_config), {})

        async def ask(user: str, module: str) -> str | None:
            answer = await self._question(module_password_prompt(user, module, choice.label))
            if answer is None:
                return None
            password, modules.remember = answer
            modules.typed[(user, module)] = password
            return password
        return ask

    def _service_password(self, choice: HostChoice, logins: ServiceLogins, prompt: Callable[[str, str], str]):
        """The same for the host's FTP service or SMB shares (the account's password), in the same dialog; an
        account whose password the user declined to give is not asked again while the window is open."""
        key = (logins.scheme, (choice.text, choice.ssh_config))
        logins.typed = self.service_passwords.setdefault(key, {})
        logins.declined = self.service_declined.setdefault(key, set())

        async def ask(user: str) -> str | None:
            answer = await self._question(prompt(user, choice.label))
            if answer is None:
                return None
            password, logins.remember = answer
            return password
        return ask

    async def _question(self, prompt: str) -> tuple[str, bool] | None:
        """One password question at a time (the rsync service's and the FTP service's are looked at side by
        side): (the password, keep it), or None when declined."""
        async with self._asking:
            can_keep = await asyncio.to_thread(passwords.available)
            future = asyncio.get_running_loop().create_future()
            self._ask_service(prompt, can_keep, future)
            return await future

    def ask_on(self, choice: HostChoice, session: Session) -> None:
        """What this session asks the user for: the passwords of its rsync service's modules, its FTP service and
        its SMB shares."""
        session.served.modules.ask = self._module_password(choice, session.served.modules)
        session.served.ftp.ask = self._service_password(choice, session.served.ftp, ftp_password_prompt)
        session.served.smb.ask = self._service_password(choice, session.served.smb, smb_password_prompt)


    def follow_config(self, old: str, new: str) -> None:
        """The added hosts' ssh config moved from `old` to `new`: what was typed for its hosts follows it."""
        self.passwords = {(text, new if config == old else config): password
                          for (text, config), password in self.passwords.items()}
        self.module_passwords = {(text, new if config == old else config): typed
                                 for (text, config), typed in self.module_passwords.items()}
        self.service_passwords = {(service, (text, new if config == old else config)): typed
                                  for (service, (text, config)), typed in self.service_passwords.items()}
        self.service_declined = {(service, (text, new if config == old else config)): users
                                 for (service, (text, config)), users in self.service_declined.items()}

    def forget(self, choice: HostChoice) -> None:
        """The host left the list: its login's password is forgotten here."""
        self.passwords.pop((choice.text, choice.ssh_config), None)
        self.keep_in_keyring.discard((choice.text, choice.ssh_config))

    def kept_after_login(self, choice: HostChoice) -> bool:
        """Whether the password typed for this host's login goes into the keyring now that it logged in (asked
        once)."""
        key = (choice.text, choice.ssh_config)
        if key in self.keep_in_keyring:
            self.keep_in_keyring.discard(key)
            return True
        return False
