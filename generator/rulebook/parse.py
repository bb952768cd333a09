"""Turn rendered rulebook Markdown into a short list of typed blocks.

Markdown-it (CommonMark plus pipe tables) does the parsing; this module keeps only what a
rulebook uses. Inline text becomes ReportLab paragraph markup (`<b>`, `<i>`, `<code>` — the
typesetter maps `<code>` to its code face) with &, < and > escaped; every block also keeps its
plain text for the language check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from .source import parse_diagram_line

_LETTER = re.compile(r"[^\W\d_]")
HEADING_ID = re.compile(r"\s*\{#([A-Za-z0-9][A-Za-z0-9_.:-]*)\}\s*$")


@dataclass
class Inline:
    """A run of inline text: ReportLab markup and the same text without markup."""

    markup: str
    text: str
    code_only: bool = False  # the text is only code spans


@dataclass
class Heading:
    level: int  # 2 = section, 3 = subsection, 4+ = unnumbered run-in heading
    text: str
    id: str
    markup: str = ""
    line: int = 0
    explicit_id: bool = True


@dataclass
class Paragraph:
    inline: Inline
    line: int = 0


@dataclass
class ListItem:
    paragraphs: list[Inline]
    children: list[Block] = field(default_factory=list)
    line: int = 0


@dataclass
class BulletList:
    items: list[ListItem]
    line: int = 0


@dataclass
class OrderedList:
    items: list[ListItem]
    start: int = 1
    line: int = 0


@dataclass
class Table:
    header: list[Inline]
    rows: list[list[Inline]]
    aligns: list[str]  # "left", "center" or "right" per column
    line: int = 0


@dataclass
class Note:
    blocks: list[Block]
    line: int = 0


@dataclass
class Code:
    text: str
    line: int = 0


@dataclass
class Diagram:
    name: str
    kwargs: dict[str, Any]
    line: int = 0


Block = Heading | Paragraph | BulletList | OrderedList | Table | Note | Code | Diagram


@dataclass
class ParseIssue:
    """Something in the Markdown the typesetter cannot show as written (1-based line)."""

    line: int
    message: str


_MD = MarkdownIt("commonmark").enable("table")
_SCHEME = re.compile(r"(?i)(https?://|mailto:|ftp://)")


def escape(text: str) -> str:
    """Escape text for ReportLab paragraph markup."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def parse_blocks(text: str, issues: list[ParseIssue] | None = None) -> list[Block]:
    """Parse Markdown into blocks; anything unsupported is added to issues (if given)."""
    found: list[ParseIssue] = [] if issues is None else issues
    tokens = _MD.parse(text)
    blocks, _ = _blocks(tokens, 0, None, found)
    return blocks


def _line(tok: Token) -> int:
    return tok.map[0] + 1 if tok.map else 0


def _blocks(tokens: list[Token], i: int, close: str | None,
            issues: list[ParseIssue]) -> tuple[list[Block], int]:
    out: list[Block] = []
    while i < len(tokens):
        tok = tokens[i]
        if close is not None and tok.type == close:
            return out, i + 1
        kind = tok.type
        if kind == "heading_open":
            out.append(_heading(tok, tokens[i + 1], issues))
            i += 3
        elif kind == "paragraph_open":
            inline = tokens[i + 1]
            diagram = _lonely_diagram(inline)
            if diagram is not None:
                out.append(Diagram(diagram[0], diagram[1], _line(tok)))
            else:
                out.append(Paragraph(render_inline(inline, issues), _line(tok)))
            i += 3
        elif kind in ("bullet_list_open", "ordered_list_open"):
            items, i = _list_items(tokens, i + 1, kind.replace("_open", "_close"), issues)
            if kind == "bullet_list_open":
                out.append(BulletList(items, _line(tok)))
            else:
                start = tok.attrs.get("start", 1)
                out.append(OrderedList(items, int(start) if start is not None else 1, _line(tok)))
        elif kind == "table_open":
            table, i = _table(tokens, i + 1, issues)
            table.line = _line(tok)
            out.append(table)
        elif kind == "blockquote_open":
            inner, i = _blocks(tokens, i + 1, "blockquote_close", issues)
            out.append(Note(inner, _line(tok)))
        elif kind in ("fence", "code_block"):
            out.append(Code(tok.content.rstrip("\n"), _line(tok)))
            i += 1
        elif kind == "html_block":
            parsed = parse_diagram_line(tok.content)
            if parsed is not None:
                out.append(Diagram(parsed[0], parsed[1], _line(tok)))
            else:
                issues.append(ParseIssue(_line(tok), "raw HTML is not shown in the rulebook: "
                                         "write it as Markdown"))
            i += 1
        else:  # hr and anything else: nothing to show
            i += 1
    return out, i


def _heading(open_tok: Token, inline: Token, issues: list[ParseIssue]) -> Heading:
    level = int(open_tok.tag[1:])
    children = list(inline.children or [])
    hid = ""
    if children and children[-1].type == "text":
        m = HEADING_ID.search(children[-1].content)
        if m:
            hid = m.group(1)
            last = Token("text", "", 0)
            last.content = children[-1].content[: m.start()]
            children[-1] = last
    rendered = _inline_children(children, issues, _line(open_tok))
    explicit = bool(hid)
    if not hid:
        hid = slug(rendered.text)
    return Heading(level, rendered.text.strip(), hid, rendered.markup.strip(), _line(open_tok),
                   explicit)


def slug(text: str) -> str:
    """Make a fallback id from heading text."""
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-") or "section"


def _list_items(tokens: list[Token], i: int, close: str,
                issues: list[ParseIssue]) -> tuple[list[ListItem], int]:
    items: list[ListItem] = []
    while i < len(tokens) and tokens[i].type != close:
        tok = tokens[i]
        if tok.type != "list_item_open":
            i += 1
            continue
        inner, i = _blocks(tokens, i + 1, "list_item_close", issues)
        item = ListItem([], [], _line(tok))
        for block in inner:
            if isinstance(block, Paragraph):
                item.paragraphs.append(block.inline)
            else:
                item.children.append(block)
        items.append(item)
    return items, i + 1


def _table(tokens: list[Token], i: int, issues: list[ParseIssue]) -> tuple[Table, int]:
    header: list[Inline] = []
    rows: list[list[Inline]] = []
    aligns: list[str] = []
    row: list[Inline] = []
    in_head = False
    while i < len(tokens) and tokens[i].type != "table_close":
        tok = tokens[i]
        if tok.type == "thead_open":
            in_head = True
        elif tok.type == "thead_close":
            in_head = False
        elif tok.type == "tr_open":
            row = []
        elif tok.type == "tr_close":
            if in_head:
                header = row
            else:
                rows.append(row)
        elif tok.type in ("th_open", "td_open"):
            if in_head:
                style = str(tok.attrs.get("style", ""))
                aligns.append(style.split(":", 1)[1] if ":" in style else "left")
        elif tok.type == "inline":
            row.append(render_inline(tok, issues))
        i += 1
    width = len(header)
    rows = [(r + [Inline("", "")] * width)[:width] for r in rows]
    return Table(header, rows, aligns or ["left"] * width), i + 1


def _lonely_diagram(inline: Token) -> tuple[str, dict[str, Any]] | None:
    children = [c for c in inline.children or []
                if not (c.type == "text" and not c.content.strip())]
    if len(children) == 1 and children[0].type == "html_inline":
        return parse_diagram_line(children[0].content)
    return None


def web_address(href: str, issues: list[ParseIssue], line: int) -> str | None:
    """Return a link's full address (`www.x.org` gets `https://`), or None with a warning.

    A relative link (`rules.html`, `#setup`) leads nowhere in a PDF and cannot be printed as
    an address: its text is printed alone, and a warning says so.
    """
    if _SCHEME.match(href):
        return href
    if href.lower().startswith("www."):
        return "https://" + href
    issues.append(ParseIssue(line, f"a link to '{href}' cannot be followed on paper and only "
                                   "its text is printed: write a full address (https://…) to "
                                   "have it printed, or drop the link"))
    return None


def printed_address(href: str, text: str) -> str:
    """Return what follows a link's text on paper: ` (example.org/rules)`, or nothing.

    A reader of a printed book cannot click, so the address is printed after the link's text,
    without `https://` or `mailto:` (nothing more when the text is the address itself).
    """
    scheme = _SCHEME.match(href)
    shown = href[scheme.end():] if scheme else href
    shown = shown.rstrip("/") if shown.count("/") == 1 else shown
    if text.strip() in (href, shown, href.rstrip("/")):
        return ""
    return f" ({shown})"


def render_inline(inline: Token, issues: list[ParseIssue]) -> Inline:
    """Convert one inline token to markup and plain text."""
    return _inline_children(list(inline.children or []), issues, _line(inline))


def _inline_children(children: list[Token], issues: list[ParseIssue], line: int) -> Inline:
    markup: list[str] = []
    plain: list[str] = []
    codes = 0
    other = False
    link: tuple[str, int] | None = None  # the open link's address and where its text starts
    for tok in children:
        kind = tok.type
        if kind == "text":
            markup.append(escape(tok.content))
            plain.append(tok.content)
            other = other or bool(_LETTER.search(tok.content))
        elif kind == "strong_open":
            markup.append("<b>")
        elif kind == "strong_close":
            markup.append("</b>")
        elif kind == "em_open":
            markup.append("<i>")
        elif kind == "em_close":
            markup.append("</i>")
        elif kind == "code_inline":
            markup.append("<code>" + escape(tok.content) + "</code>")
            plain.append(tok.content)
            codes += 1
        elif kind == "softbreak":
            markup.append(" ")
            plain.append(" ")
        elif kind == "hardbreak":
            markup.append("<br/>")
            plain.append(" ")
        elif kind == "link_open":
            href = web_address(str(tok.attrs.get("href", "")), issues, line)
            if href is not None:
                markup.append(f'<link href="{escape(href.replace(chr(34), "%22"))}">')
                link = (href, len(plain))
        elif kind == "link_close" and link is not None:
            shown = printed_address(link[0], "".join(plain[link[1]:]))
            markup.append("</link>" + escape(shown))
            plain.append(shown)
            link = None
        elif kind == "image":
            issues.append(ParseIssue(line, "images are not supported: use a diagram"))
            alt = tok.content or ""
            markup.append(escape(alt))
            plain.append(alt)
        elif kind == "html_inline":
            if parse_diagram_line(tok.content) is not None:
                issues.append(ParseIssue(line, "a diagram must stand alone on its line"))
            else:
                markup.append(escape(tok.content))
                plain.append(tok.content)
                other = True
        else:
            markup.append(escape(tok.content))
            plain.append(tok.content)
    return Inline("".join(markup), "".join(plain), code_only=codes > 0 and not other)
