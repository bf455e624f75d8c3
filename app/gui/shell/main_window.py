"""The one window, from "which host" to "verified copy": it builds the panels and the steps and wires
their signals together. What a step does is in its panel or step (app.gui.panels), the flow's jobs
(app.gui.shell.flow) and the settings' keeper (app.gui.shell.preferences); the window holds only what
they share: which actions are possible now, what it shows (`state`), its title, and closing.

Left: the host and the files. Right: "Find the fastest way", the bottleneck and race charts,
the recommendation, and the copy. `state` names what the window shows (empty, profiling,
racing, recommendation, copying, done, cancelled, error) for tests and screenshots.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow

from app.core.advice.recommendation import Recommendation
from app.core.language import Words
from app.core.state import settings as settings_store
from app.core.state.settings import GuiSettings
from app.core.wording.window import queue_line
from app.gui.dialogs import about_dialog, stop_dialog
from app.gui.panels.advice_step import AdviceStep
from app.gui.panels.advice_view import AdviceView
from app.gui.panels.copy_step import CopyStep
from app.gui.panels.demo_host import DemoHostKeeper
from app.gui.panels.error_banner import ErrorBanner
from app.gui.panels.find_bar import FindBar
from app.gui.panels.history_panel import HistoryPanel
from app.gui.panels.queue_panel import QueuePanel
from app.gui.panels.host_picker import HostPicker
from app.gui.panels.host_steps import HostSteps
from app.gui.panels.recommendation_card import RecommendationCard
from app.gui.panels.selection_panel import SelectionPanel
from app.gui.panels.transfer_panel import TransferPanel
from app.gui.shell import layout, theme
from app.gui.shell.bridge import CoreBridge
from app.gui.shell.flow import Connected, Flow
from app.gui.shell.icon import app_icon
from app.gui.shell.notifier import Notifier
from app.gui.shell.preferences import Preferences

class MainWindowWords(Words):
    """The main window's title, menus and its own hints (the translator's context)."""


def title() -> str:
    return MainWindowWords.tr("Transfer Advisor — copy files to your NAS or server the fastest way")


class MainWindow(QMainWindow):
    state_changed = Signal(str)

    def __init__(self, ssh_config: str | None = None, settings: GuiSettings | None = None) -> None:
        super().__init__()
        self.prefs = Preferences(settings or settings_store.load(), self)
        self.state = "empty"
        self.closing = False
        self.letting_go = False  # closing waits for what the last advice's race left on the host to go
        self.bridge = CoreBridge(self)
        self.flow = Flow(self.bridge, self)
        self.demo = DemoHostKeeper(self)
        self.notifier = Notifier(app_icon(), self)
        self.setWindowTitle(title())
        self.setWindowIcon(app_icon())
        self._build()
        self.hosts = HostSteps(self.flow, self.picker, self.banner, self, ssh_config, self.demo, self.prefs)
        self.advising = AdviceStep(self.flow, self.prefs, self.find_bar, self.advice_view, self.card, self.banner,
                                   self.history, self)
        self.copying = CopyStep(self.flow, self.prefs, self.selection, self.transfer, self.banner, self.notifier,
                                self)
        self._menus()
        self._wire()
        self.hosts.load()
        self._update_actions()

    @property
    def settings(self) -> GuiSettings:
        return self.prefs.settings

    # -- building and wiring --------------------------------------------------------------------
    def _build(self) -> None:
        self.picker = HostPicker()
        self.selection = SelectionPanel()
        self.selection.measure = self.flow.measure
        self.history = HistoryPanel()
        self.queue = QueuePanel()
        self.find_bar = FindBar()
        self.banner = ErrorBanner()
        self.advice_view = AdviceView()
        self.card = RecommendationCard()
        self.transfer = TransferPanel()
        central, self.right_layout = layout.two_columns(
            [(self.picker, 0), (self.selection, 3), (self.queue, 0), (self.history, 1)],
            [(self.find_bar, 0), (self.banner, 0), (self.advice_view, 5), (self.card, 0), (self.transfer, 0)])
        self.setCentralWidget(central)
        self.selection.take_drops_on(self)

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu(MainWindowWords.tr("&File"))
        add = QAction(MainWindowWords.tr("&Add host…"), self, shortcut=QKeySequence.New,
                      triggered=self.hosts.add_host)
        self.edit_host = QAction(MainWindowWords.tr("&Edit host…"), self, triggered=lambda: self.hosts.edit_host())
        self.remove_host = QAction(MainWindowWords.tr("&Remove host…"), self,
                                   triggered=lambda: self.hosts.remove_host())
        settings = QAction(MainWindowWords.tr("&Settings…"), self, shortcut=QKeySequence("Ctrl+,"),
                           triggered=self.open_settings)
        quit_ = QAction(MainWindowWords.tr("&Quit"), self, shortcut=QKeySequence.Quit, triggered=self.close)
        for action in (add, self.edit_host, self.remove_host, settings):
            file_menu.addAction(action)
        # Hosts on the recent list can be edited and removed (not the ssh config's aliases, not the demo host).
        file_menu.aboutToShow.connect(self._host_actions)
        file_menu.addSeparator()
        file_menu.addAction(quit_)
        help_menu = self.menuBar().addMenu(MainWindowWords.tr("&Help"))
        help_menu.addAction(QAction(MainWindowWords.tr("&About Transfer Advisor"), self, triggered=self._about))

    def _host_actions(self) -> None:
        editable = self.hosts.can_edit()
        self.edit_host.setEnabled(editable)
        self.remove_host.setEnabled(editable)

    def _about(self) -> None:
        self.about_box = about_dialog.show(self)

    def _wire(self) -> None:
        """The core's events to the panels and steps; the panels' and steps' signals to what acts on them."""
        b = self.bridge
        b.probe.connect(self.advice_view.probe)
        b.race_sample.connect(self.advice_view.race_sample)
        b.race_result.connect(self.advice_view.race_result)
        b.phase.connect(self.advising.phase)
        b.phase.connect(self.copying.phase)
        b.progress.connect(self.copying.progress)
        self.flow.busy_changed.connect(self._busy_changed)
        self.hosts.connected.connect(self._connected)
        self.hosts.disconnected.connect(self._disconnected)
        self.selection.changed.connect(self._update_actions)
        self.selection.pick_remote_dest.connect(lambda: self._browse(pick_sources=False))
        self.selection.pick_remote_sources.connect(lambda: self._browse(pick_sources=True))
        self.selection.failed.connect(lambda error: self.banner.show_error(
            MainWindowWords.tr("A selected item cannot be read"), error))
        self.find_bar.find_clicked.connect(self._find_clicked)
        self.card.copy_now.connect(self._copy_now)
        self.transfer.cancel_requested.connect(self.flow.cancel)
        self.advising.state_changed.connect(self._set_state)
        self.copying.state_changed.connect(self._set_state)
        self.copying.logged.connect(self._refresh_history)
        self.copying.queue_changed.connect(self._show_queue)
        self.queue.remove_requested.connect(self.copying.remove)
        self.queue.move_requested.connect(self.copying.move)
        self.queue.cancel_requested.connect(self.flow.cancel)
        self.queue.start_requested.connect(self.copying.start_queue)
        self.prefs.theme_changed.connect(self.apply_theme)
        self.prefs.state_moved.connect(self._state_moved)
        self.prefs.save_failed.connect(self.banner.show_error)

    # -- hosts ----------------------------------------------------------------------------------
    def _connected(self, connected: Connected) -> None:
        self.advising.offer_insecure(connected)
        self.selection.suggest_destination(self.hosts.destination(connected))
        self.history.show_for(connected.choice.label, connected.profile_key)
        self.setWindowTitle(f"{title()} · {connected.choice.label}")
        self._update_actions()

    def _disconnected(self) -> None:
        if not self.flow.busy:  # measurements, advice and copy belong to one host: another starts afresh
            self.advising.clear()
            self.transfer.idle()
            self._set_state("empty")
        self.advising.offer_insecure(None)
        choice = self.picker.current()
        self.history.show_for(choice.label if choice else None, None)
        self.setWindowTitle(title())
        self._update_actions()

    def _refresh_history(self) -> None:
        c, choice = self.flow.connected, self.picker.current()
        self.history.show_for(choice.label if choice else None, c.profile_key if c else None)

    # -- what the window shows and allows -------------------------------------------------------
    def _set_state(self, state: str) -> None:
        # The copy card is small until there is a copy to show; then it shares the height with the charts.
        shows_copy = state in ("copying", "done", "cancelled") or (state == "error" and self.transfer.shows_copy())
        self.right_layout.setStretchFactor(self.transfer, 2 if shows_copy else 0)
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    def _missing(self) -> str:
        if self.flow.connected is None or self.flow.connected.choice != self.picker.current():
            return MainWindowWords.tr("Test the connection to a host first.")
        return self.selection.missing()

    def _update_actions(self) -> None:
        running, missing = self.flow.busy, self._missing()
        self.find_bar.update_for(missing, running, self.flow.activity == "advise")
        # While a copy runs, the next selection can be made and queued (the advice's pick, its direction).
        queueing = running and self.flow.activity == "copy"
        can_queue = queueing and self.copying.can_queue(self.selection.is_download(), self.advising.advice)
        self.card.allow_copy(not missing and (not running or can_queue), queueing)
        self.selection.set_enabled(not running or queueing)
        self.picker.set_busy(running or self.hosts.connecting)

    def _busy_changed(self) -> None:
        self.find_bar.set_measuring(self.flow.activity == "advise")
        self._update_actions()
        if self.closing and not self.flow.busy:
            self.close()

    # -- steps 3 and 4: find the fastest way, copy ----------------------------------------------
    def _find_clicked(self) -> None:
        if self.flow.activity == "advise":
            self.flow.cancel()
            return
        choice = self.picker.current()
        if choice is not None and not self._missing():
            self.advising.start(choice, self.selection.sources(), self.selection.destination(),
                                self.selection.is_download(), self.selection.measured())

    def _copy_now(self, chosen: Recommendation) -> None:
        choice = self.picker.current()
        if choice is not None and not self._missing():
            self.copying.copy_now(choice, chosen, self.advising.allow_insecure(), self.advising.advice)

    def _show_queue(self) -> None:
        jobs = self.copying.jobs
        lines = [queue_line(j.order.sources, self.flow.where(j.order.choice, j.order.dest, j.order.download), j.state,
                            j.detail) for j in jobs]
        self.queue.show_jobs(jobs, lines, self.copying.stopped)
        self._update_actions()

    def _browse(self, pick_sources: bool) -> None:
        chosen = self.selection.add_remote if pick_sources else (lambda paths: self.selection.set_destination(paths[0]))
        self.browser = self.hosts.browse(pick_sources, self.selection.destination(), chosen)

    # -- settings -------------------------------------------------------------------------------
    def open_settings(self) -> None:
        self.settings_dialog = self.prefs.open_dialog(self)

    def _state_moved(self, old_hosts_config: str, new_hosts_config: str) -> None:
        """The state lives in another folder now: show the hosts and the history it holds."""
        self.hosts.state_moved(old_hosts_config, new_hosts_config)
        self._refresh_history()
        self._update_actions()

    def apply_theme(self) -> None:
        theme.apply(QApplication.instance(), self.settings.theme)
        self.advice_view.apply_theme()
        self.transfer.apply_theme()

    # -- closing ------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.flow.busy:
            event.ignore()
            if not self.closing:
                self.quit_box = stop_dialog.ask(self, self.flow.activity, self.stop_and_quit)
            return
        if self.flow.leaves_something() and not self.letting_go:  # what the advice's race left goes first
            event.ignore()
            self.closing = self.letting_go = True
            self.find_bar.show_hint(MainWindowWords.tr("Removing what the race left on the host, then closing…"))
            self.flow.job(self.flow.let_go_on_quit(), "closing").ended.connect(self.close)
            return
        self.flow.close_now()
        self.notifier.release()
        self.demo.stop()
        event.accept()

    def stop_and_quit(self) -> None:
        """Stop what runs (cleanly: the copy's tools, helpers, staging folder), then close; also what a
        signal from the system does, without asking."""
        self.closing = True
        self.find_bar.show_hint(MainWindowWords.tr("Stopping, then closing…"))
        if self.flow.busy:
            self.flow.cancel()
        else:
            self.close()

