"""Step 3 in motion: find the fastest way. Runs the core's advice as the flow's one job, shows its phases
in the Find row and the charts, and the advice it ends with on the charts and the recommendation card;
keeps that advice (`advice`) for the copy; offers the unencrypted methods for a host on the local network."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.core.advice.recommendation import Advice
from app.core.errors import ErrorKind, TransferError
from app.core.events import Phase
from app.core.language import Words
from app.core.state.settings import HostChoice
from app.core.wording.window import advice_ready
from app.gui.panels.advice_view import AdviceView
from app.gui.panels.error_banner import ErrorBanner
from app.gui.panels.find_bar import FindBar
from app.gui.panels.history_panel import HistoryPanel
from app.gui.panels.recommendation_card import RecommendationCard
from app.gui.shell.flow import Connected, Flow, Measured
from app.gui.shell.preferences import Preferences


class AdviceStepWords(Words):
    """Step 3's lines while it finds the fastest way (the translator's context)."""


class AdviceStep(QObject):
    state_changed = Signal(str)  # profiling, racing, recommendation; empty when stopped; error

    def __init__(self, flow: Flow, prefs: Preferences, find_bar: FindBar, advice_view: AdviceView,
                 card: RecommendationCard, banner: ErrorBanner, history: HistoryPanel,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.flow, self.prefs, self.find_bar, self.advice_view, self.card = flow, prefs, find_bar, advice_view, card
        self.banner, self.history = banner, history
        self.advice: Advice | None = None
        find_bar.insecure_toggled.connect(prefs.allow_insecure_lan)
        prefs.edited.connect(lambda: find_bar.set_insecure(prefs.settings.allow_insecure_lan))

    def allow_insecure(self) -> bool:
        """Unencrypted methods race and copy only for a host on the local network, and only when allowed."""
        c = self.flow.connected
        return bool(c and c.on_local_network and self.prefs.settings.allow_insecure_lan)

    def offer_insecure(self, connected: Connected | None) -> None:
        """The box that allows them is shown for a connected host on the local network, ticked as last chosen."""
        if connected is not None:
            self.find_bar.set_insecure(self.prefs.settings.allow_insecure_lan)
        self.find_bar.offer_insecure(connected is not None and connected.on_local_network)

    def start(self, choice: HostChoice, sources: list[str], dest: str, download: bool,
              measured: list[Measured] | None = None) -> None:
        """Find the fastest way for `sources`; `measured`: the files panel's measurements of them (the
        selection the advice then takes instead of reading it again, when they still hold)."""
        self.banner.hide()
        self.advice = None
        self.card.clear()
        self.advice_view.reset(download)
        request = self.flow.advice_request(sources, dest, download, self.allow_insecure(), self.prefs.settings)
        job = self.flow.start("advise", self.flow.job(self.flow.advise(choice, request, measured),
                                                       AdviceStepWords.tr("Finding the fastest way")))
        job.succeeded.connect(self._advised)
        job.failed.connect(self._failed)
        self.state_changed.emit("profiling")

    def clear(self) -> None:
        """Measurements and advice belong to one host: another host starts from scratch."""
        self.advice = None
        self.find_bar.set_ready_text(AdviceStepWords.tr("Ready: measure the link and race the methods on your files."))
        self.card.clear()
        self.advice_view.clear()

    def phase(self, event: Phase) -> None:
        if self.flow.activity != "advise":
            return
        self.find_bar.show_hint(AdviceStepWords.tr("Racing {method}…", method=event.detail) if event.name == "racing"
                                else f"{event.detail}…")
        self.advice_view.phase(event)
        if event.name == "racing":
            self.state_changed.emit("racing")

    def _advised(self, advice: Advice) -> None:
        self.advice = advice
        self.advice_view.show_advice(advice)
        self.card.show_advice(advice)
        self.find_bar.set_ready_text(advice_ready(advice.seconds))
        c = self.flow.connected
        if c is not None:
            self.history.show_for(c.choice.label, c.profile_key)
        self.state_changed.emit("recommendation")

    def _failed(self, error: TransferError) -> None:
        self.advice_view.failed()
        if error.kind is ErrorKind.CANCELLED:
            self.find_bar.set_ready_text(AdviceStepWords.tr("Stopped. The race's scratch folder was removed."))
            self.state_changed.emit("empty")
            return
        self.banner.show_error(AdviceStepWords.tr("Could not find the fastest way"), error)
        self.state_changed.emit("error")
