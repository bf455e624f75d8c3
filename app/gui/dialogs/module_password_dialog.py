"""The password of a module of the host's rsync service, asked where it takes none of those the app knows: the
question, the password (not shown), and whether to keep it in the system keyring (never in a file)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from app.core.language import Words


class ModulePasswordWords(Words):
    """The question for an rsync module's password (the translator's context)."""


class ModulePasswordDialog(QDialog):
    def __init__(self, question: str, can_keep: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(ModulePasswordWords.tr("Password"))
        self.question = QLabel(question)
        self.question.setWordWrap(True)  # a long question, as a paragraph
        self.question.setMinimumWidth(min(440, self.question.fontMetrics().horizontalAdvance(question)))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.Password)
        self.question.setBuddy(self.password)
        self.keep = QCheckBox(ModulePasswordWords.tr("&Remember it in the system keyring"))
        if can_keep:
            self.keep.setToolTip(ModulePasswordWords.tr("Once the module takes it, the password goes to your desktop's "
                                                        "keyring (never to a file), and the app does not ask again."))
        else:
            self.keep.setEnabled(False)
            self.keep.setToolTip(ModulePasswordWords.tr("This computer has no system keyring: the password is kept "
                                                        "only while the window is open."))
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (self.question, self.password, self.keep, buttons):
            layout.addWidget(widget)

    def answer(self) -> tuple[str, bool]:
        return self.password.text(), self.keep.isChecked()
