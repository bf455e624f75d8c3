"""The program: `transfer-advisor`, `python -m app` and the frozen bundle all start here.

Two things come before the app is loaded (about 0.23 s): answering ssh as its SSH_ASKPASS helper, and the
head start of the host's shared OpenSSH connection (app.core.host.head_start), which logs in while the rest
loads. Then app.cli runs the command and ends the process (app.cli.run).
"""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:2] == ["--askpass"]:
        # ssh runs the frozen app as its SSH_ASKPASS helper: answer before loading anything else.
        from app.core.host.askpass import main as askpass

        raise SystemExit(askpass(sys.argv[2:]))
    from app.core.host import head_start

    head_start.begin(sys.argv[1:])
    from app.cli import run

    run()
