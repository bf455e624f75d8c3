"""How the program ends (app.cli.leave): at once, but with everything an ending owes done first: the exit
code kept, every byte of output out through a pipe, the atexit handlers run (the demo host's stop is one)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from tests.helpers import cli


def _program(body: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(body)], capture_output=True, text=True,
                          timeout=120)


def test_the_output_and_the_exit_code_come_out_whole():
    done = _program("""
        import atexit, sys
        from app.cli import leave
        atexit.register(lambda: print("handler ran", file=sys.stderr))
        print("x" * 1_000_000, end="")   # more than a pipe holds: written while the reader reads
        sys.stderr.write("said")
        leave(3)
    """)
    assert done.returncode == 3
    assert done.stdout == "x" * 1_000_000
    assert done.stderr == "saidhandler ran\n"


def test_a_thread_still_running_is_left_to_python_to_end():
    done = _program("""
        import threading, time
        from app.cli import leave
        def late():
            time.sleep(0.5)
            print("the thread finished")
        threading.Thread(target=late).start()
        leave(0)
    """)
    assert (done.returncode, done.stdout) == (0, "the thread finished\n")


def test_a_command_run_as_the_program_says_its_error_and_its_code(tmp_path):
    done = cli("copy", "--demo", str(tmp_path / "not-there"), "--dest", "x", "--method", "tar-ssh", "--json")
    assert done.returncode == 1
    assert "not-there" in json.loads(done.stdout)["error"]
    assert "Traceback" not in done.stderr
