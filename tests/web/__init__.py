"""The front end's Python (the controller, saves, links), in CPython: no browser."""
