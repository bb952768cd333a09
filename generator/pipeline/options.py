"""The build's options and its result: the plain data a caller hands in and gets back."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Problem


@dataclass(frozen=True)
class BuildOptions:
    """Everything `labyrinth-pnp build` can be told."""

    games: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()
    lang: str = "all"
    paper: str = "a4"
    out: Path = Path("output")
    content: Path | None = None
    templates: Path | None = None
    duplex: str = "long"
    bleed: float = 0.0
    ink_saver: bool = False
    strict: bool = False
    jobs: int = 0  # worker processes; 0 = one per core (at most four)
    gutter: float = 0.0  # mm between pieces for scissors users
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm; what `calibrate` reads off a printer
    one_up: bool = False  # one piece a page with TrimBox and BleedBox, for print shops
    pieces: tuple[str, ...] = ()  # --pieces selectors (see generator/pieces.py)
    pack: bool = False  # every cut-out piece of each game in one file, on the fewest sheets
    cutter: str | None = None  # a cutting machine: its marks on the sheets, cut files beside
    force: bool = False  # redraw every file, even those the manifest says are up to date

    @property
    def languages(self) -> tuple[str, ...]:
        """Return the codes in the comma list `lang`, each once; empty means every language."""
        codes = tuple(dict.fromkeys(c.strip() for c in self.lang.split(",") if c.strip()))
        return () if "all" in codes else codes


@dataclass
class BuildReport:
    """What `run_build` did: the files it wrote, those already up to date, every warning.

    Errors are raised instead: ContentError (with every problem), UsageError, OutputError.
    """

    written: list[Path] = field(default_factory=list)  # drawn and renamed into place
    warnings: list[Problem] = field(default_factory=list)  # in report order
    skipped: list[Path] = field(default_factory=list)  # up to date: left as they were
