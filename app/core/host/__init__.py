"""The host: what the user typed, the control connection, what each side can do, its files.
Also the helpers the app starts there and how they end, passwords and key login, and this computer's files."""
