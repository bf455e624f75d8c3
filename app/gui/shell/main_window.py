"""The one window, from "which host" to "verified copy".

Left: the host and the files. Right: "Find the fastest way", the bottleneck and race charts,
the recommendation, and the copy. `state` names what the window shows (empty, profiling,
racing, recommendation, copying, done, cancelled, error) for tests and screenshots.
"""

from __future__ import annotations

from dataclasses import replace as dataclass_replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (QApplication, QCheckBox, QHBoxLayout, QLabel, QMainWindow, QMessageBox,
                               QProgressBar, QPushButton, QSizePolicy, QSplitter, QVBoxLayout, QWidget)

from app import __version__
from app.core.advice.advisor import Advice
from app.core.errors import ErrorKind, TransferError, not_connected, settings_unwritable
from app.core.events import Phase, TransferResult
from app.core.state import added_hosts, settings as settings_store
from app.core.host import ssh_aliases
from app.gui.shell import theme
from app.gui.panels.advice_view import AdviceView
from app.gui.shell.bridge import CoreBridge, Job
from app.gui.panels.copy_step import CopyOrder, CopyStep
from app.gui.panels.demo_host import DemoChoice, DemoHostKeeper, is_demo
from app.gui.panels.error_banner import ErrorBanner
from app.gui.shell.flow import Connected, Flow
from app.gui.panels.history_panel import HistoryPanel
from app.gui.panels.host_picker import CHOICE_ROLE, HostPicker
from app.gui.panels.host_steps import HostSteps
from app.gui.shell.icon import app_icon
from app.gui.shell.notifier import Notifier
from app.gui.panels.recommendation_card import RecommendationCard
from app.gui.panels.remote_browser import RemoteBrowser
from app.gui.panels.selection_panel import SelectionPanel, local_paths
from app.core.state.settings import GuiSettings, HostChoice
from app.core.wording import advice_ready
from app.gui.dialogs.settings_dialog import SettingsDialog
from app.gui.panels.transfer_panel import TransferPanel

TITLE = "Transfer Advisor — copy files to your NAS or server the fastest way"


class MainWindow(CopyStep, QMainWindow):
    state_changed = Signal(str)

    def __init__(self, ssh_config: str | None = None, settings: GuiSettings | None = None) -> None:
        super().__init__()
        self.ssh_config = ssh_config
        self.settings = settings or settings_store.load()
        self.state = "empty"
        self.job: Job | None = None     # the advice or the copy now running
        self.activity = ""              # "advise" or "copy"
        self.closing = False
        self.advice: Advice | None = None
        self.result: TransferResult | None = None  # the last copy's
        self.last_order: CopyOrder | None = None  # the last copy started, for Resume
        self.bridge = CoreBridge(self)
        self.flow = Flow(self.bridge, self)
        self.flow.existing_found.connect(self._existing_found)
        self.flow.delete_found.connect(self._delete_found)
        self.demo = DemoHostKeeper(self)
        self.setWindowTitle(TITLE)
        self.setWindowIcon(app_icon())
        self.setAcceptDrops(True)
        self.notifier = Notifier(app_icon(), self)
        self._build()
        self._menus()
        self.hosts = HostSteps(self.flow, self.picker, self.banner, self, ssh_config, self.demo)
        self.hosts.connected.connect(self._connected)
        self.hosts.disconnected.connect(self._disconnected)
        self.hosts.host_added.connect(self._host_added)
        self.hosts.demo_started.connect(self._demo_started)
        self._wire_core()
        added_hosts.refresh(ssh_config)
        self.reload_hosts()
        self._update_actions()

    # -- layout ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.picker = HostPicker()
        self.selection = SelectionPanel()
        self.selection.measure = self.flow.measure
        self.history = HistoryPanel()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.picker)
        left_layout.addWidget(self.selection, 3)
        left_layout.addWidget(self.history, 1)

        self.find = QPushButton("Find the fa&stest way")
        self.find.setObjectName("primary")
        self.find.setToolTip("Measure the network, the encryption, both disks and your files, race the best "
                             "methods on a sample for a few seconds each, and recommend one.")
        self.find.clicked.connect(self._find_clicked)
        self.insecure = QCheckBox("Also try unencr&ypted methods")
        self.insecure.setToolTip("Offered because this host is on your local network. tar over netcat and the "
                                 "rsync daemon skip encryption, which helps when the host's processor is slow; "
                                 "anyone on the network could read or change the files in transit.")
        self.insecure.toggled.connect(self._insecure_toggled)
        self.insecure.hide()
        self.hint = QLabel()
        self.hint.setObjectName("muted")
        self.hint.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Preferred)  # long hints never widen the window
        self.ready_text = "Ready: measure the link and race the methods on your files."
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setTextVisible(False)
        self.busy.setObjectName("busy")
        self.busy.setFixedSize(120, 6)
        self.busy.hide()
        action_row = QHBoxLayout()
        action_row.addWidget(self.find)
        action_row.addWidget(self.busy)
        action_row.addWidget(self.hint, 1)
        action_row.addWidget(self.insecure)
        self.banner = ErrorBanner()
        self.advice_view = AdviceView()
        self.card = RecommendationCard()
        self.card.copy_now.connect(self._copy_now)
        self.transfer = TransferPanel()
        self.transfer.cancel_requested.connect(self._cancel)
        right = QWidget()
        self.right_layout = right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(action_row)
        right_layout.addWidget(self.banner)
        right_layout.addWidget(self.advice_view, 5)
        right_layout.addWidget(self.card)
        right_layout.addWidget(self.transfer, 0)

        splitter = QSplitter(Qt.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([370, 910])
        splitter.setChildrenCollapsible(False)
        left.setMinimumWidth(340)
        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(10, 8, 10, 10)
        outer.addWidget(splitter)
        self.setCentralWidget(central)
        self.selection.changed.connect(self._update_actions)
        self.selection.pick_remote_dest.connect(lambda: self._browse(pick_sources=False))
        self.selection.pick_remote_sources.connect(lambda: self._browse(pick_sources=True))
        self.selection.failed.connect(lambda error: self.banner.show_error("A selected item cannot be read",
                                                                           error))

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        add = QAction("&Add host…", self, shortcut=QKeySequence.New, triggered=self.hosts_add)
        settings = QAction("&Settings…", self, shortcut=QKeySequence("Ctrl+,"), triggered=self.open_settings)
        quit_ = QAction("&Quit", self, shortcut=QKeySequence.Quit, triggered=self.close)
        for action in (add, settings):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(quit_)
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(QAction("&About Transfer Advisor", self, triggered=self._about))

    def hosts_add(self) -> None:
        self.hosts.add_host()

    def _wire_core(self) -> None:
        b = self.bridge
        b.probe.connect(self.advice_view.probe)
        b.race_sample.connect(self.advice_view.race.add_sample)
        b.race_result.connect(self.advice_view.race.add_result)
        b.progress.connect(lambda p: self.transfer.progress(p) if self.activity == "copy" else None)
        b.phase.connect(self._phase)

    # -- hosts ----------------------------------------------------------------------------------
    def reload_hosts(self) -> None:
        config = self.ssh_config
        from_config = [HostChoice(a, a, config) for a in ssh_aliases.aliases(config)]
        self.picker.set_choices(from_config, self.settings.recent, self.demo.choice)

    def start_demo(self) -> None:
        """Pick the local demo host and connect to it (`transfer-advisor --demo`)."""
        self.picker.select(self.demo.choice)
        self.hosts.test(self.demo.choice)

    def _demo_started(self, choice: DemoChoice) -> None:
        self.reload_hosts()
        self.picker.select(choice)

    def _host_added(self, choice: HostChoice) -> None:
        self.settings.remember(choice)
        self._save_settings()
        self.reload_hosts()
        self.picker.select(choice)

    def _connected(self, connected: Connected) -> None:
        demo = is_demo(connected.choice)
        if not demo:  # the demo host's address is gone when the window closes
            self.settings.remember(connected.choice)
            self._save_settings()
        self.reload_hosts()
        self.insecure.blockSignals(True)
        self.insecure.setChecked(self.settings.allow_insecure_lan)
        self.insecure.blockSignals(False)
        self.insecure.setVisible(connected.on_local_network)
        if not self.selection.destination() and not self.selection.is_download():
            self.selection.dest.setText(self.demo.destination() if demo else
                                        self.settings.destinations.get(connected.choice.label, connected.home))
        self.history.show_for(connected.choice.label, connected.profile_key)
        self.setWindowTitle(f"{TITLE} · {connected.choice.label}")
        self._update_actions()

    def _disconnected(self) -> None:
        if not (self.job is not None and self.job.running):
            self.reset_results()
        self.insecure.hide()
        choice = self.picker.current()
        self.history.show_for(choice.label if choice else None, None)
        self.setWindowTitle(TITLE)
        self._update_actions()

    def reset_results(self) -> None:
        """Measurements, advice and copy belong to one host: another host starts from scratch."""
        self.advice = None
        self.ready_text = "Ready: measure the link and race the methods on your files."
        self.card.clear()
        self.advice_view.clear()
        self.transfer.idle()
        self._set_state("empty")

    def _insecure_toggled(self, on: bool) -> None:
        self.settings.allow_insecure_lan = on
        self._save_settings()

    def allow_insecure(self) -> bool:
        c = self.flow.connected
        return bool(c and c.on_local_network and self.settings.allow_insecure_lan)

    # -- state ----------------------------------------------------------------------------------
    def _set_state(self, state: str) -> None:
        # The copy card is small until there is a copy to show; then it shares the height with the charts.
        shows_copy = state in ("copying", "done", "cancelled") or (state == "error" and self.transfer.live.isVisible())
        self.right_layout.setStretchFactor(self.transfer, 2 if shows_copy else 0)
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    def _missing(self) -> str:
        if self.flow.connected is None or self.flow.connected.choice != self.picker.current():
            return "Test the connection to a host first."
        if not self.selection.sources():
            return "Add the files or folders to copy." if not self.selection.is_download() else \
                "Add the files or folders to fetch."
        if not self.selection.destination():
            return "Choose the destination folder."
        return ""

    def _update_actions(self) -> None:
        running = self.job is not None and self.job.running
        missing = self._missing()
        self.find.setEnabled(not missing or (running and self.activity == "advise"))
        if not running:
            self.hint.setText(missing or self.ready_text)
        self.card.go.setEnabled(self.card.chosen() is not None and not running and not missing)
        self.selection.set_enabled(not running)
        self.picker.set_busy(running or self.hosts.connecting)

    # -- step 3: find the fastest way -----------------------------------------------------------
    def _find_clicked(self) -> None:
        if self.job is not None and self.job.running and self.activity == "advise":
            self.job.cancel()
            return
        self.find_fastest()

    def find_fastest(self) -> None:
        choice = self.picker.current()
        if self._missing() or choice is None:
            return
        download = self.selection.is_download()
        self.banner.hide()
        self.advice = None
        self.card.clear()
        self.advice_view.reset(download)
        request = self.flow.advice_request(self.selection.sources(), self.selection.destination(), download,
                                           self.allow_insecure(), self.settings)
        self._start("advise", self.flow.job(self.flow.advise(choice, request), "Finding the fastest way"))
        self.job.succeeded.connect(self._advised)
        self.job.failed.connect(self._advice_failed)
        self.find.setText("&Stop measuring")
        self._set_state("profiling")

    def _phase(self, event: Phase) -> None:
        if self.activity == "advise":
            self.hint.setText(f"Racing {event.detail}…" if event.name == "racing" else f"{event.detail}…")
            self.advice_view.phase(event)
            if event.name == "racing":
                self._set_state("racing")
        elif self.activity == "copy":
            self.transfer.phase(event)

    def _advised(self, advice: Advice) -> None:
        self.advice = advice
        self.advice_view.show_advice(advice)
        self.card.show_advice(advice)
        self.ready_text = advice_ready(advice.seconds)
        c = self.flow.connected
        if c is not None:
            self.history.show_for(c.choice.label, c.profile_key)
        self._set_state("recommendation")

    def _advice_failed(self, error: TransferError) -> None:
        self.advice_view.failed()
        if error.kind is ErrorKind.CANCELLED:
            self.ready_text = "Stopped. The race's scratch folder was removed."
            self._set_state("empty")
            return
        self.banner.show_error("Could not find the fastest way", error)
        self._set_state("error")

    # -- jobs -----------------------------------------------------------------------------------
    def _start(self, activity: str, job: Job) -> None:
        self.activity, self.job = activity, job
        self.busy.setVisible(activity == "advise")
        job.ended.connect(self._job_ended)
        self._update_actions()

    def _job_ended(self) -> None:
        self.busy.hide()
        self.find.setText("Find the fa&stest way")
        self.activity = ""
        self._update_actions()
        if self.closing:
            self.close()

    # -- browsing the host ----------------------------------------------------------------------
    def _browse(self, pick_sources: bool) -> None:
        c = self.flow.connected
        if c is None:
            self.banner.show_error("Not connected", not_connected("its folders can be browsed"))
            return
        start = c.home if pick_sources else (self.selection.destination() or c.home)
        dialog = RemoteBrowser(self.flow.list_remote, start, c.choice.label, pick_sources, self)
        dialog.chosen.connect(self.selection.add_remote if pick_sources else
                              (lambda paths: self.selection.dest.setText(paths[0])))
        dialog.finished.connect(lambda _r: dialog.deleteLater())
        dialog.open()
        self.browser = dialog

    # -- settings, about ------------------------------------------------------------------------
    def open_settings(self) -> None:
        dialog = SettingsDialog(self.settings, self)
        dialog.saved.connect(self._settings_saved)
        dialog.state_moved.connect(self._state_moved)
        dialog.finished.connect(lambda _r: dialog.deleteLater())
        dialog.open()
        self.settings_dialog = dialog

    def _settings_saved(self, settings: GuiSettings) -> None:
        theme_changed = settings.theme != self.settings.theme
        self.settings = settings
        self._save_settings()
        self.insecure.blockSignals(True)
        self.insecure.setChecked(settings.allow_insecure_lan)
        self.insecure.blockSignals(False)
        if theme_changed:
            self.apply_theme()

    def _state_moved(self, old_hosts_config: str, new_hosts_config: str) -> None:
        """The state lives in another folder now: follow the added hosts' ssh config there (a moved state),
        and show the hosts and history the folder holds."""
        if old_hosts_config:
            def follow(choice: HostChoice | None) -> HostChoice | None:
                moved = choice is not None and choice.ssh_config == old_hosts_config
                return dataclass_replace(choice, ssh_config=new_hosts_config) if moved else choice

            c = self.flow.connected
            if c is not None:
                self.flow.connected = dataclass_replace(c, choice=follow(c.choice))
            self.flow.passwords = {(text, new_hosts_config if config == old_hosts_config else config): password
                                   for (text, config), password in self.flow.passwords.items()}
            index = self.picker.combo.currentIndex()
            if self.picker.current() is not None:
                self.picker.model.item(index).setData(follow(self.picker.current()), CHOICE_ROLE)
        added_hosts.refresh(self.ssh_config)
        self.reload_hosts()
        self._refresh_history()
        self._update_actions()

    def apply_theme(self) -> None:
        theme.apply(QApplication.instance(), self.settings.theme)
        for plot in (self.advice_view.race.plot, self.transfer.graph):
            plot.apply_theme()

    def _save_settings(self) -> None:
        try:
            settings_store.save(self.settings)
        except OSError as exc:
            self.banner.show_error("Settings could not be saved", settings_unwritable(str(settings_store.path()),
                                                                                      str(exc)))

    def _about(self) -> None:
        box = QMessageBox(QMessageBox.Information, "About Transfer Advisor",
                          f"Transfer Advisor {__version__}\n\nMeasures the link to your NAS, explains what "
                          "limits it, races the ways to copy on your own files and copies with the fastest, "
                          "then checks the far side.", QMessageBox.Ok, self)
        box.setIconPixmap(app_icon().pixmap(64, 64))
        box.open()
        self.about_box = box

    # -- drops anywhere on the window, closing --------------------------------------------------
    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if local_paths(event.mimeData()) and not self.selection.is_download() and self.selection.list.isEnabled():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt's name
        paths = local_paths(event.mimeData())
        if paths and not self.selection.is_download() and self.selection.list.isEnabled():
            event.acceptProposedAction()
            self.selection.add_local(paths)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.job is not None and self.job.running:
            event.ignore()
            if not self.closing:
                self._ask_to_stop()
            return
        self.flow.close_now()
        self.notifier.release()
        self.demo.stop()
        event.accept()
