"""The window's shell: the application and its loop, the main window that wires the panels, the
bridge from core events to Qt signals, the flow's background jobs, theme, icon, notifications."""
