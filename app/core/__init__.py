"""The asyncio core: hosts, selection, methods, runner, transfer, verification. No Qt here."""
