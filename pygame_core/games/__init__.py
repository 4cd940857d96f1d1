"""One folder per game; each exposes GAME, registered in pygame_core.registry."""
