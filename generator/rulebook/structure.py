"""Compare the structure and text of a translation with the Russian rulebook."""

from __future__ import annotations

import re
from collections.abc import Iterator

from .parse import (
    Block,
    BulletList,
    Heading,
    Inline,
    ListItem,
    Note,
    OrderedList,
    Paragraph,
    Table,
)

_CODE_LIKE = re.compile(r"\S*\d\S*|\S*[/_=#@\\]\S*|--?\w[\w-]*")
_WORD = re.compile(r"[^\W\d_]{2,}")


def section_ids(blocks: list[Block]) -> list[str]:
    """Return the ids of numbered sections and subsections, in order."""
    return [b.id for b in blocks if isinstance(b, Heading) and b.level in (2, 3)]


def headings(blocks: list[Block]) -> list[Heading]:
    """Return the numbered headings (sections and subsections), in order."""
    return [b for b in blocks if isinstance(b, Heading) and b.level in (2, 3)]


def _inlines(blocks: list[Block]) -> Iterator[tuple[Inline, int]]:
    for block in blocks:
        if isinstance(block, Paragraph):
            yield block.inline, block.line
        elif isinstance(block, (BulletList, OrderedList)):
            yield from _item_inlines(block.items)
        elif isinstance(block, Table):
            for cell in block.header:
                yield cell, block.line
            for row in block.rows:
                for cell in row:
                    yield cell, block.line
        elif isinstance(block, Note):
            yield from _inlines(block.blocks)


def _item_inlines(items: list[ListItem]) -> Iterator[tuple[Inline, int]]:
    for item in items:
        for inline in item.paragraphs:
            yield inline, item.line
        yield from _inlines(item.children)


def paragraph_texts(blocks: list[Block]) -> list[str]:
    """Return the plain text of every paragraph, list item and table cell."""
    return [inline.text for inline, _ in _inlines(blocks)]


def paragraph_texts_with_lines(blocks: list[Block]) -> list[tuple[str, int]]:
    """Like paragraph_texts, with the (rendered) line where each text starts."""
    return [(inline.text, line) for inline, line in _inlines(blocks) if not inline.code_only]


def needs_translation(text: str) -> bool:
    """Tell whether text has words to translate (not only numbers, codes or commands)."""
    rest = _CODE_LIKE.sub(" ", text)
    return bool(_WORD.search(rest))


SAME_IS_FINE = 3  # words: a name or label this short may well read the same in a related language


def compare_languages(ref_blocks: list[Block], other_blocks: list[Block]) -> list[tuple[str, str]]:
    """List differences from the Russian text: ("missing"|"extra"|"untranslated", detail).

    detail is the section id for missing/extra sections and the text for untranslated strings.
    """
    result: list[tuple[str, str]] = []
    ref_ids = section_ids(ref_blocks)
    other_ids = section_ids(other_blocks)
    other_set, ref_set = set(other_ids), set(ref_ids)
    result += [("missing", sid) for sid in ref_ids if sid not in other_set]
    result += [("extra", sid) for sid in other_ids if sid not in ref_set]
    ref_texts = {" ".join(t.split()) for t, _ in paragraph_texts_with_lines(ref_blocks)}
    seen: set[str] = set()
    for text, _ in paragraph_texts_with_lines(other_blocks):
        norm = " ".join(text.split())
        if (norm in ref_texts and norm not in seen and needs_translation(norm)
                and len(norm.split()) > SAME_IS_FINE):
            seen.add(norm)
            result.append(("untranslated", norm))
    for ref_h in headings(ref_blocks):
        for h in headings(other_blocks):
            if (h.id == ref_h.id and h.text == ref_h.text and needs_translation(h.text)
                    and len(h.text.split()) > SAME_IS_FINE):
                result.append(("untranslated", h.text))
    return result
