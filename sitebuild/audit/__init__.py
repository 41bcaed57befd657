"""Browser and Lighthouse checks of the built site, used by the tests only."""
