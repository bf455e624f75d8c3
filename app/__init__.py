"""Transfer Advisor: finds and uses the fastest way to copy files to a NAS or another Linux box."""

__version__ = "0.1.0"
