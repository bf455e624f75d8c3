"""The recommendation: the fastest secure method and, when allowed and faster, the fastest overall
with a plain warning; the one-sentence reason; the shell command with a copy button; "Copy now"."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QButtonGroup, QFrame, QHBoxLayout, QLabel, QLineEdit, QPushButton, QRadioButton,
                               QVBoxLayout, QWidget)

from app.core.advice.recommendation import Advice, Recommendation
from app.core.language import Words
from app.gui.dialogs.left_out_dialog import LeftOutDialog
from app.gui.panels.card import Card, muted
from app.core.wording.transfer import insecure_warning, method_tip
from app.core.wording.advice import streams
from app.core.wording.advice_card import in_quotes, spoken
from app.core.wording.profile import cipher_name
from app.core.profile.link_profile import cipher_key
from app.core.wording.window import copies_then_checks, headline, method_words, others_words, speed_words


class RecommendationWords(Words):
    """The recommendation card (the translator's context)."""


def show_commands() -> str:
    """A toggle: pressed while the commands show."""
    return RecommendationWords.tr("&View the commands")


def copy_now_tip() -> str:
    return RecommendationWords.tr("Copy the whole selection with the chosen method, then check the far side.")


def copy_next_tip() -> str:
    return RecommendationWords.tr("Add the selection as it is now to the queue: it is copied with the chosen method "
                                  "when the copies before it are done.")


class Choice(QWidget):
    """One recommended method: badge and what the user gets ("Encrypted copy — about 2 s"), the method in plain
    words, speed, reason; the tool with its cipher and the command (with a copy button) one click away."""

    def __init__(self, secure: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.recommendation: Recommendation | None = None
        self.secure = secure
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        top = QHBoxLayout()
        self.radio = QRadioButton()
        badge = QLabel(RecommendationWords.tr("SECURE") if secure else RecommendationWords.tr("UNENCRYPTED"))
        badge.setObjectName("badgeSecure" if secure else "badgeInsecure")
        self.name = QLabel()
        self.name.setObjectName("big")
        self.how = QLabel()
        self.speed = muted(wrap=False)
        top.addWidget(self.radio)
        top.addWidget(badge)
        top.addWidget(self.name)
        top.addStretch(1)
        layout.addLayout(top)
        line = QHBoxLayout()
        line.addWidget(self.how)
        line.addSpacing(8)
        line.addWidget(self.speed)
        line.addStretch(1)
        layout.addLayout(line)
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.reason.setTextInteractionFlags(Qt.TextSelectableByMouse)
        layout.addWidget(self.reason)
        row = QHBoxLayout()
        self.command = QLineEdit()
        self.command.setObjectName("command")
        self.command.setReadOnly(True)
        self.command.setAccessibleName(RecommendationWords.tr("Shell command"))
        # Each choice's button has a mnemonic of its own (both may show at once).
        self.copy_button = QPushButton(RecommendationWords.tr("Copy co&mmand") if secure else
                                       RecommendationWords.tr("Co&py command"))
        self.copy_button.setToolTip(RecommendationWords.tr("Put this command on the clipboard, to run the same copy "
                                                           "in a terminal or a script."))
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.command.text()))
        self.tool = QLabel()  # the tool, its cipher and streams: what the plain words above stand for
        self.tool.setTextInteractionFlags(Qt.TextSelectableByMouse)
        row.addWidget(self.tool)
        row.addWidget(self.command, 1)
        row.addWidget(self.copy_button)
        self.command_row = QWidget()
        self.command_row.setLayout(row)
        row.setContentsMargins(0, 0, 0, 0)
        self.command_row.hide()  # one click away: the card's "View the commands"
        layout.addWidget(self.command_row)

    def show_recommendation(self, rec: Recommendation, total_bytes: int, whole: bool = False) -> None:
        """`whole`: laps copied the whole selection, so every rate quoted is a whole copy's (as the reason's)."""
        self.recommendation = rec
        label, o = rec.ranked.candidate.label, rec.ranked.candidate.options
        extra = [x for x in (o.cipher and cipher_name(cipher_key(o.cipher, o.mac)), o.streams > 1 and streams(o.streams))
                 if x]
        self.name.setText(headline(rec.ranked))
        # An unencrypted method's label ends in "(insecure)" in some words or other: the words before it say so.
        tool = label if rec.ranked.candidate.secure else label.rsplit(" (", 1)[0]
        self.how.setText(method_words(rec.ranked, ", ".join([tool, *extra])))
        self.tool.setText(", ".join([tool, *extra]) + ":")
        self.command.setAccessibleDescription(self.tool.text().rstrip(":"))
        self.speed.setText(speed_words(rec.ranked, total_bytes, whole))
        self.reason.setText(rec.card_reason)
        self.command.setText(rec.command)
        self.command.setCursorPosition(0)
        tip = method_tip(rec.ranked.candidate.method_id)
        for widget in (self.name, self.how, self.radio):
            widget.setToolTip(tip)
        # A screen reader says what the picture beside the button says: the badge, what you get, how, how fast.
        if self.secure:
            said = RecommendationWords.tr("Secure: {what}, {how}", what=self.name.text(), how=self.how.text())
        else:
            said = RecommendationWords.tr("Unencrypted: {what}, {how}", what=self.name.text(), how=self.how.text())
        self.radio.setAccessibleName(said)
        self.radio.setAccessibleDescription(f"{self.speed.text()}. {rec.card_reason}")


def left_out_rows(advice: Advice) -> list[str]:
    """The methods this host cannot run, each with why (a NAS without a shell, rsync or netcat says so here), those
    with the same reason on one row; the unencrypted ones that are only switched off are left out of it: the
    settings say that."""
    from app.core.transfer import methods
    allowed = advice.request is not None and advice.request.allow_insecure
    by_reason: dict[str, list[str]] = {}
    for method_id, why in advice.left_out.items():
        method = methods.get(method_id)
        if method.secure or allowed:  # an unencrypted one not allowed: only switched off
            by_reason.setdefault(why, []).append(method.label)
    return [RecommendationWords.tr("{methods} and {last}: {why}", methods=", ".join(labels[:-1]), last=labels[-1],
                                   why=why) if len(labels) > 1 else f"{labels[0]}: {why}"
            for why, labels in by_reason.items()]


def left_out_text(advice: Advice) -> str:
    """left_out_rows in one sentence."""
    rows = left_out_rows(advice)
    return RecommendationWords.tr("Not possible here: {reasons}.", reasons="; ".join(rows)) if rows else ""


def left_out_count(advice: Advice) -> int:
    """How many methods left_out_text names."""
    from app.core.transfer import methods
    allowed = advice.request is not None and advice.request.allow_insecure
    return sum(1 for method_id in advice.left_out if methods.get(method_id).secure or allowed)


class RecommendationCard(Card):
    copy_now = Signal(object)  # the Recommendation chosen

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(RecommendationWords.tr("Recommendation"), parent)
        self.advice: Advice | None = None
        self.placeholder = muted(RecommendationWords.tr("The fastest secure way to copy your files appears here, with "
                                                        "the reason and the command to do the same by hand."))
        self.secure = Choice(True)
        self.insecure_frame = QFrame()
        self.insecure_frame.setObjectName("insecure")
        frame_layout = QVBoxLayout(self.insecure_frame)
        frame_layout.setContentsMargins(10, 8, 10, 8)
        self.overall = Choice(False)
        self.warning = QLabel(insecure_warning())
        self.warning.setWordWrap(True)
        frame_layout.addWidget(self.overall)
        frame_layout.addWidget(self.warning)
        self.group = QButtonGroup(self)
        self.group.addButton(self.secure.radio)
        self.group.addButton(self.overall.radio)
        self.others = muted()
        # Which methods cannot run here, and why: a button of its own, the reasons in a list of their own when asked
        # (a NAS that serves several services has a reason for each, which would crowd out the choices above on a
        # small screen); `left_out` holds them in one sentence.
        self.left_out = muted()
        self.left_out.setObjectName("leftOut")
        self.left_out.setParent(self)
        self.left_out.hide()
        self.why_not = QPushButton()
        self.why_not.setFlat(True)
        self.why_not.setToolTip(RecommendationWords.tr("Why each of the other methods cannot run with this host and "
                                                       "these files"))
        self.why_not.clicked.connect(self._show_left_out)
        self.left_out_dialog: LeftOutDialog | None = None
        self.why_row = QWidget()
        why_layout = QHBoxLayout(self.why_row)
        why_layout.setContentsMargins(0, 0, 0, 0)
        why_layout.addWidget(self.why_not)
        why_layout.addStretch(1)
        bottom = QHBoxLayout()
        self.go = QPushButton(RecommendationWords.tr("Copy &now"))
        self.go.setObjectName("primary")
        self.go.setToolTip(copy_now_tip())
        self.go.clicked.connect(self._go)
        self.go_note = muted(wrap=False)
        self.details = QPushButton(show_commands())
        self.details.setCheckable(True)
        self.details.setToolTip(RecommendationWords.tr("The shell command of each recommendation: the same copy by "
                                                       "hand, in a terminal or a script."))
        self.details.toggled.connect(self._toggle_commands)
        bottom.addWidget(self.go_note, 1)
        bottom.addWidget(self.details)
        bottom.addWidget(self.go)
        for w in (self.placeholder, self.secure, self.insecure_frame, self.others, self.why_row):
            self.body.addWidget(w)
        self.body.addLayout(bottom)
        self.group.buttonToggled.connect(self._update_note)
        self.clear()

    def clear(self) -> None:
        self.advice = None
        self.placeholder.show()
        self.secure.hide()
        self.insecure_frame.hide()
        self.others.hide()
        self.why_row.hide()
        self.left_out.setText("")
        self.go.setEnabled(False)
        self.go_note.setText("")
        self._fit()

    def show_advice(self, advice: Advice) -> None:
        self.advice = advice
        self.placeholder.hide()
        total = advice.stats.bytes
        if advice.secure:
            self.secure.show_recommendation(advice.secure, total, any(r.timed for r in advice.ranking))
            self.secure.show()
        else:
            self.secure.hide()
        faster = advice.overall is not None and advice.overall is not advice.secure
        if faster:
            self.overall.show_recommendation(advice.overall, total, any(r.timed for r in advice.ranking))
        self.insecure_frame.setVisible(faster)
        self.secure.radio.setVisible(faster and advice.secure is not None)
        self.overall.radio.setVisible(faster and advice.secure is not None)
        (self.secure if advice.secure else self.overall).radio.setChecked(True)
        self.others.setText(self._others_text(advice))
        self.others.setVisible(bool(self.others.text()))
        self.left_out.setText(left_out_text(advice))
        count = left_out_count(advice)
        self.why_not.setText(RecommendationWords.tr("Why not the other %n method(s)?", "", count))
        self.why_row.setVisible(bool(self.left_out.text()))
        self.go.setEnabled(self.chosen() is not None)
        self._update_note()
        self._fit()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.LayoutRequest:  # a line shown or hidden inside (the commands, a choice)
            self._fit()
        return handled

    def _fit(self) -> None:
        """At least the height its wrapped lines need at its width: the window's column gives a card of a fixed
        share only its size hint, which knows no width, so on a small screen the lines were drawn over each other;
        the charts above give way instead."""
        self.layout().activate()
        needed = self.layout().totalHeightForWidth(self.width()) if self.layout().hasHeightForWidth() else -1
        self.setMinimumHeight(max(0, needed))

    def _show_left_out(self) -> None:
        if self.advice is None:
            return
        self.left_out_dialog = LeftOutDialog(left_out_rows(self.advice), self.window())
        self.left_out_dialog.open()

    def _toggle_commands(self, shown: bool) -> None:
        for choice in (self.secure, self.overall):
            choice.command_row.setVisible(shown)
        self._fit()

    def allow_copy(self, allowed: bool, queueing: bool = False) -> None:
        """"Copy now" works when there is a recommendation and the window allows it (nothing is missing, and
        nothing runs, or a copy does and this one can wait for its turn: `queueing`, "Copy next")."""
        self.go.setEnabled(allowed and self.chosen() is not None)
        self.go.setText(RecommendationWords.tr("Copy &next") if queueing else RecommendationWords.tr("Copy &now"))
        self.go.setToolTip(copy_next_tip() if queueing else copy_now_tip())

    def chosen(self) -> Recommendation | None:
        if self.advice is None:
            return None
        if self.overall.radio.isChecked() and self.insecure_frame.isVisible():
            return self.overall.recommendation
        return self.advice.secure or self.advice.overall

    def _update_note(self, *_args) -> None:
        rec = self.chosen()
        self.go_note.setText(copies_then_checks(in_quotes(spoken(rec.ranked.candidate))) if rec else "")

    def _others_text(self, advice: Advice) -> str:
        """The next best of the other methods, one each, so the choice does not look arbitrary."""
        seen = {rec.ranked.candidate.method_id for rec in (advice.secure, advice.overall) if rec}
        rest = []
        for r in advice.ranking:
            if r.candidate.method_id not in seen:
                seen.add(r.candidate.method_id)
                rest.append(r)
        return others_words(rest[:4], advice.stats.bytes, any(r.timed for r in advice.ranking))

    def _go(self) -> None:
        rec = self.chosen()
        if rec is not None:
            self.copy_now.emit(rec)
