"""The patience on screen: its session state, screen, views and key bindings."""
