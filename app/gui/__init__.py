"""The desktop window over the core (PySide6, pyqtgraph, asyncio through qasync).

Nothing here moves files: every transfer, probe and race is the core's. `shell/bridge.py` is the
only place core events become Qt signals; `shell/application.py` starts the window.
"""
