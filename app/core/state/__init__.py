"""What the app keeps between runs, under one state folder: settings, added hosts, the copies' log
(profiles per host are the profile step's: app.core.profile.kept). Used by the command line and the window alike."""
