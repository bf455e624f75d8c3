"""Transfer Advisor: finds and uses the fastest way to copy files to a NAS or another Linux box."""

import sys

__version__ = "0.1.0"

if sys.version_info < (3, 11):  # pragma: no cover - Python 3.10 (Ubuntu 22.04 LTS)
    # From 3.11 asyncio.TimeoutError is the built-in TimeoutError, and the app catches that one: a time-out
    # in asyncio.wait_for or asyncssh is then the one sentence it should be, not a traceback. On 3.10 the two
    # differ; make them one, as 3.11 does (asyncio raises it by looking the name up in asyncio.exceptions).
    import asyncio
    import asyncio.exceptions
    import builtins

    asyncio.exceptions.TimeoutError = asyncio.TimeoutError = builtins.TimeoutError
