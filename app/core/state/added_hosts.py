"""Hosts added in the window with their own key file.

HostSpec has no place for a key, and OpenSSH must resolve the host exactly as the control
connection does, so such a host becomes an alias in an ssh config file of our own
(config folder/ssh_config). That file ends by including the user's own config, so its
defaults (known_hosts, agent, proxies) still apply. It is rebuilt from added-hosts.json.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from app.core.errors import key_file_missing, not_for_ssh_config
from app.core.host.hosts import HostSpec
from app.core import atomic
from app.core.paths import config_dir
from app.core.state.settings import HostChoice
from app.core.host.ssh_aliases import default_config

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_WORD = re.compile(r'^[^"\s\\]+$')      # host and user: one word
_PATH = re.compile(r'^[^"\n\r\\]+$')      # a path may hold spaces: it is written in double quotes


@dataclass(frozen=True)
class AddedHost:
    name: str
    hostname: str
    user: str
    port: int
    key_file: str


def _store() -> Path:
    return config_dir() / "added-hosts.json"


def config_path() -> Path:
    return config_dir() / "ssh_config"


def load() -> list[AddedHost]:
    try:
        return [AddedHost(**row) for row in json.loads(_store().read_text())]
    except (OSError, ValueError, TypeError):
        return []


def choice_for(hostname: str, user: str = "", port: int = 22, key_file: str = "", name: str = "",
               user_config: str | None = None) -> HostChoice:
    """The picker entry for what the user typed; hosts with a key file get an alias of ours."""
    hostname, user, key_file, name = hostname.strip(), user.strip(), key_file.strip(), name.strip()
    text = f"{user + '@' if user else ''}{hostname}{f':{port}' if port != 22 else ''}"
    HostSpec(text).parts()  # raises a worded TransferError for what is not a host
    if not key_file:
        return HostChoice(name or text, text, user_config)
    if not os.path.isfile(key_file):
        raise key_file_missing(key_file)
    name = name or hostname
    for value, what in ((name, "name"), (hostname, "host"), (user or "x", "user name"), (key_file, "key path")):
        pattern = _NAME if what == "name" else _PATH if what == "key path" else _WORD
        if not pattern.match(value):
            raise not_for_ssh_config(what, value)
    hosts = [h for h in load() if h.name != name] + [AddedHost(name, hostname, user, port, key_file)]
    _write(hosts, user_config)
    return HostChoice(name, name, str(config_path()))


def added(choice: HostChoice) -> AddedHost | None:
    """The host behind a picker entry that is an alias of ours (added with a key file), else None."""
    if choice.ssh_config != str(config_path()):
        return None
    return next((h for h in load() if h.name == choice.text), None)


def forget(choice: HostChoice, user_config: str | None) -> None:
    """Drop the alias of ours behind `choice`, if it is one (the key file itself is the user's: kept)."""
    host = added(choice)
    if host is not None:
        _write([h for h in load() if h.name != host.name], user_config)


def refresh(user_config: str | None) -> None:
    """Rewrite our ssh config so it includes the config the window was started with."""
    if load():
        _write(load(), user_config)


def _write(hosts: list[AddedHost], user_config: str | None) -> None:
    folder = config_dir()
    atomic.write_json(_store(), [asdict(h) for h in hosts])
    lines = ["# Written by Transfer Advisor for the hosts added in its window; edits are overwritten."]
    for h in hosts:
        lines += [f"Host {h.name}", f"  HostName {h.hostname}", f"  Port {h.port}"]
        if h.user:
            lines.append(f"  User {h.user}")
        lines += [f'  IdentityFile "{h.key_file}"', ""]
    include = user_config or default_config()
    if os.path.isfile(include) and _PATH.match(include):
        lines += ["Match all", f'  Include "{os.path.abspath(include)}"', ""]
    atomic.write(folder / "ssh_config", "\n".join(lines))

