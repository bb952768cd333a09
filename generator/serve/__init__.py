"""`labyrinth-pnp serve`: the tool's pages in a browser, on this computer only (docs/serve.md)."""
