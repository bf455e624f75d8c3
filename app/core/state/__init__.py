"""What the app keeps between runs, under one state folder: settings, added hosts, profiles per
host, the copies' log. Used by the command line and the window alike."""
