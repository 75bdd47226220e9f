"""The companion page: the device's web page on the LAN (see docs/web.md).

``server`` runs aiohttp on its own thread; ``routes`` and ``pages`` make the pages from the
``snapshot`` the main loop publishes; ``commands`` are the changes the main loop makes for a
page; ``pairing`` guards them; ``part`` wires it all into the daemon.
"""
