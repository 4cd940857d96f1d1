"""Page entry point (PyScript): hand the app controller to the page script."""

from star_web.bridge import start

start()
