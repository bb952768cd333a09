"""The print guide's words for `--cutter cricut`: each Print Then Cut image's size to type in
Design Space, by the PDF pages its files are named after, and the sheets the backs take."""

from __future__ import annotations

from typing import Any

from ..content.placeholders import fill
from ..layout.cutter import cricut_box, cricut_size
from ..layout.imposition import Page


def cricut_words(texts: Any, pages: list[Page], lang: str, head: int = 0) -> str:
    """The size to give each Cricut image in Design Space, after the PDF pages (and so the
    image files) of that size: "p. 1–2: 145.1 × 145.1 mm (5.71 × 5.71 in)" (head: the pages
    before these in the file, a pack's guide)."""
    groups: dict[str, list[int]] = {}
    for page in pages:
        size = cricut_size(page) if page.cutter == "cricut" else None
        if size is None:
            continue
        w, h = size
        text = f"{w:.1f} × {h:.1f} mm ({w / 25.4:.2f} × {h / 25.4:.2f} in)"
        if lang in ("ru", "uk"):  # a decimal comma; inches keep Design Space's "in"
            text = text.replace(".", ",").replace(" mm ", " мм ")
        groups.setdefault(text, []).append(head + page.number)
    if not texts.page_label:
        sizes = "; ".join(groups)
    else:
        sizes = "; ".join(f"{fill(texts.page_label, pages=_pages_text(numbers))}: {text}"
                          for text, numbers in groups.items())
    return fill(texts.cricut_cut, sizes=sizes)


def cricut_backs(pages: list[Page]) -> int:
    """The back pages that are Cricut images: Design Space prints each on a sheet of its own."""
    return sum(1 for p in pages if p.side == "back" and p.cutter == "cricut"
               and cricut_box(p) is not None)


def _pages_text(numbers: list[int]) -> str:
    """Page numbers as runs: "1–3, 5"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(_span(run) for run in runs)


def _span(numbers: list[int]) -> str:
    return f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
