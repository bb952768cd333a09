"""The imposition's plain data: papers, pieces, placed pieces, marks, pages, sheet options.

Millimetres, the origin at the page's top-left corner, y growing downwards (see imposition.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Shape = Literal["circle", "rect", "hex"]
Duplex = Literal["long", "short", "none", "fold"]
Side = Literal["front", "back", "fold"]
Face = Literal["front", "back"]
Band = Literal["bottom", "top", "right", "left", "none"]

MIN_MARGIN = 5.0


@dataclass(frozen=True)
class Paper:
    """A sheet size in millimetres."""

    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}


@dataclass(frozen=True)
class PieceSpec:
    """A piece to impose: its cut shape's bounding box, and what to draw on each side."""

    kind: str
    id: str
    shape: Shape
    width: float
    height: float
    front: Any = None
    back: Any = None
    cut: bool = True  # False for a whole-page form (score sheet): no crop marks
    alone: bool = False  # True: this piece gets a page of its own
    corner: float = 0.0  # a rectangle's corner radius, for a cutting machine's cut file (mm)


@dataclass(frozen=True)
class Placed:
    """A piece placed on a page; (x, y) is the top-left of its cut shape's bounding box."""

    spec: PieceSpec
    x: float
    y: float
    face: Face = "front"  # which side of the piece is drawn here

    @property
    def width(self) -> float:
        return self.spec.width

    @property
    def height(self) -> float:
        return self.spec.height


@dataclass(frozen=True)
class Mark:
    """A crop mark: a line segment from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class Page:
    """One side of one sheet with its pieces and marks."""

    number: int
    side: Side
    width: float
    height: float
    pieces: list[Placed] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    band: Band = "bottom"  # where the ruler, print note and footer go
    fold: tuple[float, float, float, float] | None = None  # a fold page's fold line (mm)
    flip: Duplex | None = None  # a back page: the duplex flip it was mirrored for
    cutter: str | None = None  # the cutting machine whose marks a front page carries

    def trim_box(self) -> tuple[float, float, float, float] | None:
        """Return (left, top, right, bottom) around all cut shapes, or None for no pieces."""
        if not self.pieces:
            return None
        return (min(p.x for p in self.pieces), min(p.y for p in self.pieces),
                max(p.x + p.width for p in self.pieces), max(p.y + p.height for p in self.pieces))


@dataclass(frozen=True)
class SheetOptions:
    """How to impose: paper, margin, bleed and duplex mode."""

    paper: Paper
    margin: float = 10.0
    bleed: float = 0.0
    duplex: Duplex = "long"
    gutter: float = 0.0  # extra space between pieces, for scissors
    back_offset: tuple[float, float] = (0.0, 0.0)  # moves every back page's art (mm)
    one_up: bool = False  # one piece a page, the page its size plus bleed (for print shops)
    cutter: str | None = None  # a cutting machine's marks and room (see cutter.py)

    def __post_init__(self) -> None:
        if self.margin < MIN_MARGIN:
            raise ValueError(f"margin {self.margin:g} mm is below the {MIN_MARGIN:g} mm minimum")
