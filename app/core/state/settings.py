"""The window's settings and recent hosts, kept as JSON in the config folder (written atomically).

Everything lives under `paths.config_dir()`, so the one switch (TRANSFER_ADVISOR_HOME)
moves it with the rest of the state.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path

from app.core.advice.advisor import AdviceRequest
from app.core.host.hosts import HostSpec
from app.core import atomic
from app.core.language import Words
from app.core.paths import config_dir
from app.core.host.link_loss import STALL_MAX_SECONDS, STALL_MIN_SECONDS, STALL_TIMEOUT

FILE_NAME = "gui-settings.json"
RECENT_KEEP = 8
VERIFY_LEVELS = ("sizes", "hashes")  # the stored values; verify_levels() words them
THEMES = ("system", "light", "dark")


class VerifyLevelWords(Words):
    """The settings' verification levels as the settings dialog lists them (the translator's context)."""


def verify_levels() -> dict[str, str]:
    """Each verification level (the value kept in the settings) with its words."""
    return {"sizes": VerifyLevelWords.tr("Sizes: every file, folder and link is there with the right size"),
            "hashes": VerifyLevelWords.tr("Hashes: also compare the contents (slower; reads every file again)")}


@dataclass(frozen=True)
class HostChoice:
    """One entry of the host picker: what it shows and how the core is told about it."""

    label: str
    text: str                       # HostSpec.text: an alias or [user@]host[:port]
    ssh_config: str | None = None   # like ssh -F; None means ~/.ssh/config

    def spec(self) -> HostSpec:
        return HostSpec(self.text, self.ssh_config)


@dataclass
class GuiSettings:
    allow_insecure_lan: bool = False  # offer unencrypted methods, and only for hosts on the local network
    verify: str = "sizes"
    race_seconds: float = AdviceRequest.race_seconds  # the core's defaults, unless the user changes them
    race_count: int = AdviceRequest.race_count
    probe_budget: float = AdviceRequest.probe_budget  # seconds per throughput probe
    stall_timeout: float = STALL_TIMEOUT  # seconds without data before a copy stops as link-lost
    theme: str = "system"
    recent: list[HostChoice] = field(default_factory=list)
    destinations: dict[str, str] = field(default_factory=dict)  # host label → last destination

    def remember(self, choice: HostChoice) -> None:
        self.recent = [choice] + [c for c in self.recent if (c.text, c.ssh_config) != (choice.text, choice.ssh_config)]
        del self.recent[RECENT_KEEP:]

    def forget(self, choice: HostChoice) -> None:
        """Off the recent list, with the destination last used there."""
        self.recent = [c for c in self.recent if (c.text, c.ssh_config) != (choice.text, choice.ssh_config)]
        self.destinations.pop(choice.label, None)

    def edited(self, old: HostChoice, new: HostChoice) -> None:
        """`old` edited into `new`: in its place on the recent list, its destination kept under its new name."""
        at = next((i for i, c in enumerate(self.recent) if (c.text, c.ssh_config) == (old.text, old.ssh_config)), 0)
        dest = self.destinations.pop(old.label, None)
        self.recent = [c for c in self.recent if (c.text, c.ssh_config) not in
                       ((old.text, old.ssh_config), (new.text, new.ssh_config))]
        self.recent.insert(at, new)
        if dest is not None:
            self.destinations[new.label] = dest

    def clamped(self) -> "GuiSettings":
        return replace(self, verify=self.verify if self.verify in VERIFY_LEVELS else "sizes",
                       race_seconds=min(max(float(self.race_seconds), 0.5), 30.0),
                       race_count=min(max(int(self.race_count), 1), 7),
                       probe_budget=min(max(float(self.probe_budget), 0.2), 5.0),
                       stall_timeout=min(max(float(self.stall_timeout), STALL_MIN_SECONDS), STALL_MAX_SECONDS),
                       theme=self.theme if self.theme in THEMES else "system")


def path() -> Path:
    return config_dir() / FILE_NAME


def load() -> GuiSettings:
    try:
        data = json.loads(path().read_text())
    except (OSError, ValueError):
        return GuiSettings()
    if not isinstance(data, dict):
        return GuiSettings()
    known = {f.name for f in fields(GuiSettings)}
    values = {k: v for k, v in data.items() if k in known}
    try:
        values["recent"] = [HostChoice(**c) for c in values.get("recent", [])]
        return GuiSettings(**values).clamped()
    except (TypeError, ValueError):
        return GuiSettings()


def save(settings: GuiSettings) -> None:
    atomic.write_json(path(), asdict(settings))
