import time, asyncio
from app.core.host.hosts import HostSpec
from app.core.host.session import Session
from app.core.transfer import preflight
async def test_debug(nas_services):
    sshd, address, root = nas_services
    dest = str(root / "rsyncd" / "backup" / "x")
    session = await Session.open(HostSpec("nas", str(sshd.ssh_config)))
    async def ask(user, module=None):
        print("ASKED", user, module, flush=True); return "wrong-one"
    async def ftpask(user):
        print("FTP ASKED", user, flush=True); return None
    session.modules.ask = ask; session.smb.ask = ask; session.ftp.ask = ftpask
    t = time.monotonic()
    try:
        shares = await asyncio.wait_for(preflight.shares_for(session, [dest], True, True), 60)
        print("TOOK", time.monotonic() - t, shares)
    finally:
        await session.close()
