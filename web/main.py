"""Page entry point (PyScript): hand the app controller to the page script."""

from star_web import devgame  # TEMPORARY until the Spacehole engine lands

devgame.install()

from star_web.bridge import start  # noqa: E402

start()
