"""The steps of the flow as background jobs over the core: connect, trust, browse, advise, copy.

The window's steps (app.gui.panels: host_steps, advice_step, copy_step) call these and react to each
`Job`'s signals. No transfer logic lives here: every step is a core call (Session.open, hosts.trust,
advisor.advise, transfer.copy); this module only keeps the host's session for browsing, the passwords
typed in this run (app.gui.shell.passwords_asked), which advice or copy runs (one at a time), and what one step learnt for the next:
the selection as the files panel measured it (for the advice) and the advice's session (for its copy).
"""

from __future__ import annotations

import asyncio
import html
import os
from dataclasses import dataclass, replace
from typing import Any, Awaitable

import asyncssh
from PySide6.QtCore import QObject, Signal

from app.core.advice.advisor import AdviceRequest, advise
from app.core.advice.recommendation import Advice, Recommendation
from app.core.advice.follow import copy_advised, let_go
from app.core.errors import TransferError, closed_after_login, folder_unreadable, not_connected
from app.core.events import TransferResult
from app.core.transfer.existing import Existing, Placement
from app.core.host.hosts import Host, fetch_host_key, resolve, trust
from app.core.host import passwords
from app.core.host.keylogin import KeySetup, setup_key
from app.core.transfer.mirror import Deletion
from app.core.selection import entries as selection_entries
from app.core.profile.kept import key_for as kept_key_for
from app.core.selection.entries import Selection
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, remote_abspath
from app.core.host.ssh_command import Options
from app.core.host.link_loss import STALL_TIMEOUT
from app.gui.shell.bridge import CoreBridge, Job
from app.gui.shell.passwords_asked import Questions
from app.core.host.local_network import is_local_address
from app.gui.panels.remote_browser import Listing, RemoteEntry
from app.core.state.settings import GuiSettings, HostChoice
from app.core.language import Words
from app.core.host.services import Services
from app.core.host.share_roots import ShareRoot, Unmapped
from app.core.tasks import both, finish
from app.core.wording.services import also_serves, mounted_here
from app.core.wording.window import connected_summary


class FlowWords(Words):
    """What the flow's steps say (the translator's context): what could be done once a host is connected,
    the end of "Test the connection to a host first; then …"."""


def moved_config(choice: HostChoice | None, old: str, new: str) -> HostChoice | None:
    """`choice`, read from the ssh config at `new` if it was read from the one at `old`."""
    moved = choice is not None and choice.ssh_config == old
    return replace(choice, ssh_config=new) if moved else choice


@dataclass(frozen=True)
class HostKeyQuestion:
    where: str
    fingerprint: str
    key_type: str


@dataclass(frozen=True)
class Measured:
    """One item of the files panel as it was measured: what it holds, read once (the advice takes it
    instead of reading it again), and whose files they are: "" for this computer's, else the profile key of
    the host they were read on (a download's paths mean something only there)."""

    selection: Selection
    host: str = ""

    @property
    def files(self) -> int:
        return self.selection.files

    @property
    def bytes(self) -> int:
        return self.selection.bytes


@dataclass(frozen=True)
class KeptSession:
    """The session an advice ran on, kept open for the copy of that advice: the copy needs what the session
    read of both sides (tools, the destination's disk), and reading it again means logging in again."""

    advice: Advice
    choice: HostChoice
    session: Session

    def fits(self, choice: HostChoice, advice: Advice, dest: str, download: bool) -> bool:
        """It was opened for this copy: the same advice and host, the same destination and direction."""
        asked = advice.request
        return (self.advice is advice and self.choice == choice and asked is not None and asked.dest == dest
                and asked.download == download)


@dataclass(frozen=True)
class Connected:
    choice: HostChoice
    host: Host
    summary: str
    home: str
    on_local_network: bool
    profile_key: str
    password_login: bool = False  # then "Set up key login" is offered
    sftp: bool = True  # its SFTP server answers (a file manager can fetch from it)
    services: Services | None = None  # what else it serves, and its shares mounted here (None: not known yet)


def with_services(connected: Connected, found: tuple[Services, tuple[list[ShareRoot], list[Unmapped]]]) -> Connected:
    """`connected` with what else its host serves and the folders its shares mounted here show, said under its
    connection line."""
    services, (roots, unmapped) = found
    said = [html.escape(line) for line in (also_serves(services.found), mounted_here(services.mounted, roots, unmapped))
            if line]
    summary = "<br>".join([connected.summary, *said])
    return replace(connected, summary=summary, services=services)


async def _services_and_shares(session: Session) -> tuple[Services, tuple[list[ShareRoot], list[Unmapped]]]:
    """What else the host serves, and the host's folder each of its shares mounted here shows (one listing of
    the host per mount, beside the ports looked at)."""
    return await both(session.served.services(), session.served.shares())


SERVICES_GRACE = 0.3  # seconds the connection line waits for the host's other services after the rest is in
QUIT_WAIT = 5.0  # seconds closing the window waits for what an advice's race left at the destination to go


class Flow(QObject):
    password_needed = Signal(str, object)  # prompt, asyncio.Future that gets the password or None
    # An rsync module's question, whether the keyring can keep the answer, and an asyncio.Future that gets
    # (password, keep it in the keyring) or None.
    module_password_needed = Signal(str, bool, object)
    # What is in the way at the destination (a Placement), where, and an asyncio.Future for the choice
    # (an Existing, or None to copy nothing): asked once per copy, before it starts.
    existing_found = Signal(object, str, object)
    # A mirror's deletions (an app.core.transfer.mirror.Deletion), where, and an asyncio.Future for the answer (True
    # to delete; False copies nothing): asked once per copy, before it starts.
    delete_found = Signal(object, str, object)
    busy_changed = Signal()  # the advice or the copy started, or ended

    def __init__(self, bridge: CoreBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.questions = Questions(self.password_needed.emit, self.module_password_needed.emit)  # typed this run
        self.session: Session | None = None
        self.connected: Connected | None = None
        self.running_job: Job | None = None  # the advice or the copy: one at a time
        self.kept: KeptSession | None = None  # the last advice's session, until its copy takes it
        self.activity = ""                    # "advise" or "copy" while it runs

    def job(self, coro: Awaitable[Any], name: str) -> Job:
        return Job(coro, name, self)

    # -- the one advice or copy ------------------------------------------------------------------
    def start(self, activity: str, job: Job) -> Job:
        """`job` is the window's advice or copy until it ends; `busy_changed` says so now and then."""
        self.activity, self.running_job = activity, job
        job.ended.connect(lambda: self._ended(job))
        self.busy_changed.emit()
        return job

    def _ended(self, job: Job) -> None:
        if self.running_job is job:
            self.activity, self.running_job = "", None
            self.busy_changed.emit()

    @property
    def busy(self) -> bool:
        return self.running_job is not None and self.running_job.running

    def cancel(self) -> None:
        """Stop the advice or the copy that runs (the job still ends through its signals)."""
        if self.busy:
            self.running_job.cancel()

    def remember_password(self, choice: HostChoice, password: str, keyring: bool = False) -> None:
        """Keep the password for this run; with `keyring`, also in the system keyring once it logs in."""
        self.questions.remember(choice, password, keyring)

    def follow_config(self, old: str, new: str) -> None:
        """The added hosts' ssh config moved from `old` to `new` (with the state folder): the connected
        host and the passwords typed for its hosts follow it."""
        if self.connected is not None:
            self.connected = replace(self.connected, choice=moved_config(self.connected.choice, old, new))
        self.questions.follow_config(old, new)

    # -- the host -------------------------------------------------------------------------------
    async def connect(self, choice: HostChoice) -> Connected:
        await self.disconnect()
        session = await Session.open(choice.spec(), password=self.questions.for_login(choice))
        self.questions.ask_on(choice, session)
        looking = asyncio.ensure_future(_services_and_shares(session))  # beside the rest of connecting
        try:
            home = await remote_abspath(session, "~")
            note = ""
            if session.password_login and self.questions.kept_after_login(choice):
                note = await session.remember_password() or ""
            try:  # looked for since the login, beside the rest; a host whose ports drop what is sent says later
                services = await asyncio.wait_for(asyncio.shield(looking), SERVICES_GRACE)
            except asyncio.TimeoutError:
                services = None
        except (asyncssh.Error, OSError, TimeoutError) as exc:
            await session.close()
            raise closed_after_login(choice.label, str(exc)) from exc
        except BaseException:  # cancelled (the window closes): nobody takes the session, so it closes here
            await asyncio.shield(session.close())
            raise
        self.session = session
        host, r = session.host, session.remote
        peer = str(session.conn.get_extra_info("peername")[0])
        tools = [t for t in ("rsync", "tar", "nc", "zstd") if r.has(t)]
        summary = connected_summary(host.where, host.user, session.password_login, r.cores, bool(r.aes), tools, note)
        self.connected = Connected(choice, host, summary, home, is_local_address(peer),
                                   kept_key_for(session), session.password_login, r.sftp)
        if services is not None:
            self.connected = with_services(self.connected, services)
        return self.connected

    async def services_found(self, connected: Connected) -> Connected:
        """`connected` once its host's other services are known (connect() said it without them: they took
        longer than the rest); the host that is connected by then, unless that is another one."""
        session = self.session
        if session is None:
            return connected
        found = with_services(connected, await _services_and_shares(session))
        if self.connected is connected:
            self.connected = found
        return found

    async def setup_key(self) -> KeySetup:
        """Make a key for the connected host and install it over the password session."""
        if self.session is None:
            raise not_connected(FlowWords.tr("key login can be set up"))
        return await setup_key(self.session)

    async def disconnect(self) -> None:
        session, self.session, self.connected = self.session, None, None
        await self._let_go()
        if session is not None:
            await session.close()

    async def forget_host(self, choice: HostChoice) -> None:
        """`choice` leaves the host list: its password forgotten here at once, the connection to it closed,
        and the password in the system keyring forgotten (where it was kept; a host that no longer resolves
        has none)."""
        self.questions.forget(choice)
        if self.connected is not None and self.connected.choice == choice:
            await self.disconnect()
        try:
            host = await asyncio.to_thread(resolve, choice.spec())
            await asyncio.to_thread(passwords.forget, host)
        except (TransferError, OSError):
            pass

    def close_now(self) -> None:
        """On quit: close the browsing connection (and an advice's) without waiting for the host to confirm."""
        kept, self.kept = self.kept, None
        if kept is not None:
            kept.session.close_now()
        if self.session is not None:
            self.session.close_now()
            self.session = self.connected = None

    async def host_key(self, choice: HostChoice) -> HostKeyQuestion:
        host = await asyncio.to_thread(resolve, choice.spec())
        key = await fetch_host_key(host)
        return HostKeyQuestion(host.where, key.get_fingerprint("sha256"), key.get_algorithm())

    async def trust(self, choice: HostChoice, fingerprint: str) -> str:
        """Trust the key the user saw; a key that differs by now is not trusted."""
        host = await asyncio.to_thread(resolve, choice.spec())
        # hosts.trust looks keys up with ssh-keygen, a blocking subprocess, so it runs on a loop of its
        # own in a worker thread instead of on the window's loop.
        return await asyncio.to_thread(asyncio.run, trust(host, lambda shown: shown == fingerprint))

    # -- browsing and measuring -----------------------------------------------------------------
    def _connected(self) -> Session:
        if self.session is None:
            raise not_connected(FlowWords.tr("its folders can be browsed"))
        return self.session

    async def list_remote(self, path: str) -> Listing:
        """One folder of the host, through its shell or its SFTP server (whichever it has)."""
        files = self._connected().files
        try:
            real = await files.abspath(path or "~")
            entries = await files.listdir(real)
        except (TransferError, asyncssh.Error) as exc:
            raise folder_unreadable(path, str(exc)) from exc
        return Listing(real, [RemoteEntry(e.path, e.kind == "dir", e.size) for e in entries])

    async def measure(self, path: str, download: bool) -> Measured:
        """One item of the selection, read as the advice reads it: on the host for a download (over the
        browsing session), else on this computer."""
        if download:
            files, host = self._connected().files, self.connected.profile_key
            return Measured(await files.scan([await files.abspath(path)]), host)
        return Measured(await asyncio.to_thread(selection_entries.scan_local, [path]))

    def measured_selection(self, measured: list[Measured] | None, download: bool) -> Selection | None:
        """The selection as the files panel measured it, item by item (`measured`, in the list's order), when
        that still holds for an advice now: every item read, on this computer for an upload, on the
        connected host for a download. None: the advice reads it itself."""
        host = "" if not download else self.connected.profile_key if self.connected is not None else None
        if not measured or host is None or any(m.host != host for m in measured):
            return None
        # Reading the items one by one gives what reading them together gives (each root is read alone).
        return Selection([r for m in measured for r in m.selection.roots],
                         [e for m in measured for e in m.selection.entries])

    # -- advice and copy ------------------------------------------------------------------------
    async def _open(self, choice: HostChoice, dest: str, download: bool) -> Session:
        session = await Session.open(choice.spec(), remote_dest=None if download else dest,
                                     local_dest=dest if download else None, password=self.questions.for_login(choice))
        self.questions.ask_on(choice, session)
        return session

    def advice_request(self, sources: list[str], dest: str, download: bool, allow_insecure: bool,
                       settings: GuiSettings) -> AdviceRequest:
        # Copy now may follow: an upload's race copies into that copy (AdviceRequest.copy_may_follow).
        return AdviceRequest(sources, dest, download, allow_insecure, race=True, race_count=settings.race_count,
                             race_seconds=settings.race_seconds, probe_budget=settings.probe_budget,
                             stall_timeout=settings.stall_timeout, copy_may_follow=True)

    async def advise(self, choice: HostChoice, request: AdviceRequest,
                     measured: list[Measured] | None = None) -> Advice:
        """The advice for `request`, on a session of its own that is then kept for its copy. `measured`: the
        selection as the files panel read it (see `measured_selection`), so it is not read again."""
        await self._let_go()
        session = await self._open(choice, request.dest, request.download)
        try:
            advice = await advise(session, request, self.bridge.emit,
                                  self.measured_selection(measured, request.download))
        except BaseException:
            await asyncio.shield(session.close())
            raise
        self.kept = KeptSession(advice, choice, session)
        return advice

    async def _session_for_copy(self, choice: HostChoice, advice: Advice, sources: list[str], dest: str,
                                download: bool) -> Session:
        """The advice's session when it was opened for this copy and the host still answers on it; else a new
        one (it closed or the link was lost; the copy goes elsewhere; a copy already took it, as for Resume).
        What the advice's race left for a copy of its files (let_go) goes unless this is that copy."""
        kept, self.kept = self.kept, None
        if kept is not None:
            try:
                fits = kept.fits(choice, advice, dest, download)
                alive = await kept.session.link_alive() if fits else None
                if alive:
                    if list(sources) != list(advice.request.sources):
                        await finish(let_go(kept.session, kept.advice))
                    return kept.session
            except BaseException:  # cancelled while asking
                await asyncio.shield(kept.session.close())
                raise
            await self._release(kept, alive=alive)
        return await self._open(choice, dest, download)

    async def _let_go(self, timeout: float = 120) -> None:
        """Close the last advice's session: no copy will take it (another advice or host comes, the window
        closes), nor what its race left for one."""
        kept, self.kept = self.kept, None
        if kept is not None:
            await self._release(kept, timeout)

    @staticmethod
    async def _release(kept: KeptSession, timeout: float = 120, alive: bool | None = None) -> None:
        """Close an advice's session, what its race left removed first where the host still answers (`alive`, where
        it was just asked; else the sweep of a run after this one removes it)."""
        try:
            advice = kept.advice
            if (advice.kept_lap or advice.made_stage) and alive is not False and (
                    alive or await kept.session.link_alive()):
                await finish(let_go(kept.session, advice, timeout))
        finally:
            await asyncio.shield(kept.session.close())

    def leaves_something(self) -> bool:
        """The last advice's race left something at the destination for a copy that has not come."""
        return self.kept is not None and bool(self.kept.advice.kept_lap or self.kept.advice.made_stage)

    async def let_go_on_quit(self) -> None:
        """On quit, before close_now: what the last advice's race left for a copy goes, a few seconds at most
        (a host that no longer answers keeps it until a later run's sweep)."""
        await self._let_go(QUIT_WAIT)

    async def copy(self, choice: HostChoice, advice: Advice, chosen: Recommendation, sources: list[str], dest: str,
                   download: bool, allow_insecure: bool, verify_hashes: bool, stall_timeout: float = STALL_TIMEOUT,
                   mirror: bool = False, rescan: bool = False) -> TransferResult:
        """Copy with `chosen`, one of the `advice`'s recommendations: the copy takes the selection the advice
        read when it copies the same files to the same place (app.core.advice.follow), unless `rescan`, and
        the advice's session when it still can (`_session_for_copy`)."""
        request = CopyRequest(sources, dest, "", Options(download=download), allow_insecure, verify_hashes,
                              stall_timeout=stall_timeout, mirror=mirror)
        # The advice's first copy of its own files takes what its race left for it (KeptSession.fits).
        first = (self.kept is not None and self.kept.fits(choice, advice, dest, download) and not rescan
                 and list(sources) == list(advice.request.sources))
        session = await self._session_for_copy(choice, advice, sources, dest, download)
        try:
            result = await copy_advised(session, advice, chosen, request, self.bridge.emit, self._decide,
                                        self._confirm_delete, rescan, leftovers=first)
        finally:
            await asyncio.shield(session.close())
        return result

    async def _decide(self, placement: Placement, where: str) -> Existing | None:
        answer = asyncio.get_running_loop().create_future()
        self.existing_found.emit(placement, where, answer)
        return await answer

    async def _confirm_delete(self, deletion: Deletion, where: str) -> bool:
        answer = asyncio.get_running_loop().create_future()
        self.delete_found.emit(deletion, where, answer)
        return bool(await answer)

    @staticmethod
    def where(choice: HostChoice, dest: str, download: bool) -> str:
        return os.path.abspath(os.path.expanduser(dest)) if download else f"{choice.label}:{dest}"
