"""labyrinth-pnp: print-and-play PDFs, rulebooks and a plan checker for three labyrinth games."""

__version__ = "0.1.0"
