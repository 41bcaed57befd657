"""Running example code once per content: the runner, the fork server, cache files."""
