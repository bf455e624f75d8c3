"""The window's dialogs: add a host, trust a host key, settings, files already there, a mirror's
deletions, stopping to quit, about, and this computer's file pickers."""
