"""The title page's vignette for a hex game: a small cave of 19 hexes, the same for the same
seed text (crc32, not hash()). The two labyrinth games keep their square maze
(`flowables.MazeOrnament`)."""

from __future__ import annotations

import math
import random
import zlib

from reportlab.lib import colors
from reportlab.platypus import Flowable

from .typestyle import ACCENT

FAINT = colors.HexColor("#d8c8b8")
RING = 2  # hexes from the centre to the rim: 19 hexes in all
# the neighbour across each side k, the side from corner k-1 to corner k (corner k at
# -30° + 60°·k): lower right, right, upper right, upper left, left, lower left
SIDES = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))


class HexOrnament(Flowable):
    """A cave of pointy-top hexes: a thick rim with one opening at the bottom, a few thick
    inner walls chosen by the seed, the other sides drawn faintly."""

    def __init__(self, seed: str, size: float) -> None:
        super().__init__()
        self.seed = zlib.crc32(seed.encode("utf-8"))
        self.size = size
        self.hAlign = "CENTER"

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = min(self.size, availWidth)
        self.height = self.width * (3 * RING + 2) / (math.sqrt(3) * (2 * RING + 1))
        return self.width, self.height

    def draw(self) -> None:
        r = self.width / (math.sqrt(3) * (2 * RING + 1))  # a hex's corner radius
        cells = [(q, s) for q in range(-RING, RING + 1) for s in range(-RING, RING + 1)
                 if abs(q + s) <= RING]
        inside = set(cells)
        rng = random.Random(self.seed)
        faint, thick = self.canv.beginPath(), self.canv.beginPath()
        for q, s in cells:
            cx = self.width / 2 + r * math.sqrt(3) * (q + s / 2)
            cy = self.height / 2 - r * 1.5 * s
            corners = [(cx + r * math.cos(math.radians(-30 + 60 * k)),
                        cy + r * math.sin(math.radians(-30 + 60 * k))) for k in range(6)]
            for k, (dq, ds) in enumerate(SIDES):
                other = (q + dq, s + ds)
                if other in inside and other < (q, s):
                    continue  # an inner side is drawn once, from its first hex
                rim = other not in inside
                if rim and (q, s) == (-RING // 2, RING) and k == 5:
                    continue  # the opening: the middle bottom hex's lower left side
                wall = rim or rng.random() < 0.22
                path = thick if wall else faint
                (x0, y0), (x1, y1) = corners[(k - 1) % 6], corners[k]
                path.moveTo(x0, y0)
                path.lineTo(x1, y1)
        c = self.canv
        c.saveState()
        c.setLineCap(1)
        c.setStrokeColor(FAINT)
        c.setLineWidth(max(0.5, r * 0.05))
        c.drawPath(faint, stroke=1, fill=0)
        c.setStrokeColor(ACCENT)
        c.setLineWidth(max(0.8, r * 0.16))
        c.drawPath(thick, stroke=1, fill=0)
        c.restoreState()
