import sys

if sys.argv[1:2] == ["--askpass"]:
    # ssh runs the frozen app as its SSH_ASKPASS helper: answer before loading anything else.
    from app.core.host.askpass import main as askpass

    raise SystemExit(askpass(sys.argv[2:]))

from app.cli import run  # noqa: E402

run()
