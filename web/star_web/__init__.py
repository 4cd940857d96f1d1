"""Star Table's front end in Python: the app controller, saves and the browser bridge."""
