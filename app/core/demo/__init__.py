"""The local demo host: an SSH host on 127.0.0.1 that the app starts and owns, for trying the
whole flow without a NAS (the system's sshd, or an embedded server where there is none)."""
