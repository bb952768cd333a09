"""Markdown to blocks: headings with ids, inline markup, lists, tables, notes, code, diagrams."""

from __future__ import annotations

from generator.rulebook import parse as P

TEXT = """\
## Подготовка *игры* {#setup}

Текст с **жирным**, *курсивом* и `кодом` & <тегом>.

- один
  - вложенный
- два

3. третий
4. четвёртый

| A | B |
|:--|--:|
| 1 **x** | 2 |

> **Вариант.** Заметка.

```
+--+
|С |
```

<!--diagram {"name": "token", "kwargs": {"number": 7}}-->

### Без id
"""


def test_blocks_of_every_kind() -> None:
    issues: list[P.ParseIssue] = []
    blocks = P.parse_blocks(TEXT, issues)
    kinds = [type(b).__name__ for b in blocks]
    assert kinds == ["Heading", "Paragraph", "BulletList", "OrderedList", "Table", "Note", "Code",
                     "Diagram", "Heading"]
    heading = blocks[0]
    assert (heading.level, heading.text, heading.id, heading.markup) == (
        2, "Подготовка игры", "setup", "Подготовка <i>игры</i>")
    assert blocks[-1].explicit_id is False
    assert issues == []


def test_inline_markup_is_escaped_for_reportlab() -> None:
    para = P.parse_blocks(TEXT)[1]
    assert para.inline.markup == ("Текст с <b>жирным</b>, <i>курсивом</i> и <code>кодом</code> "
                                  "&amp; &lt;тегом&gt;.")
    assert para.inline.text == "Текст с жирным, курсивом и кодом & <тегом>."


def test_lists_nest_and_ordered_lists_keep_their_start() -> None:
    blocks = P.parse_blocks(TEXT)
    bullets, ordered = blocks[2], blocks[3]
    assert [i.paragraphs[0].text for i in bullets.items] == ["один", "два"]
    nested = bullets.items[0].children[0]
    assert isinstance(nested, P.BulletList) and nested.items[0].paragraphs[0].text == "вложенный"
    assert ordered.start == 3


def test_table_header_rows_and_alignment() -> None:
    table = P.parse_blocks(TEXT)[4]
    assert [c.text for c in table.header] == ["A", "B"]
    assert table.rows[0][0].markup == "1 <b>x</b>"
    assert table.aligns == ["left", "right"]


def test_note_code_and_diagram() -> None:
    blocks = P.parse_blocks(TEXT)
    assert blocks[5].blocks[0].inline.markup.startswith("<b>Вариант.</b>")
    assert blocks[6].text == "+--+\n|С |"
    assert (blocks[7].name, blocks[7].kwargs) == ("token", {"number": 7})


def test_raw_html_is_reported() -> None:
    issues: list[P.ParseIssue] = []
    P.parse_blocks("<div>x</div>\n", issues)
    assert issues and "raw HTML" in issues[0].message


def test_a_link_prints_its_address_after_its_text_for_paper_readers() -> None:
    issues: list[P.ParseIssue] = []
    [para] = P.parse_blocks("See [our site](https://example.org/rules), write to "
                            "[us](mailto:team@example.org), <https://example.org/faq> or "
                            "[news](www.example.org/news/).\n", issues)
    assert isinstance(para, P.Paragraph)
    assert para.inline.text == ("See our site (example.org/rules), write to us "
                                 "(team@example.org), https://example.org/faq or news "
                                 "(www.example.org/news/).")
    assert '<link href="https://www.example.org/news/">news</link> (www.example.org/news/)' \
        in para.inline.markup
    assert issues == []


def test_a_relative_link_prints_its_text_alone_with_a_warning() -> None:
    issues: list[P.ParseIssue] = []
    [para] = P.parse_blocks("Read [the set-up](#setup) first.\n", issues)
    assert isinstance(para, P.Paragraph)
    assert para.inline.text == "Read the set-up first."
    assert "<link" not in para.inline.markup
    assert [(i.line, i.message) for i in issues] == [
        (1, "a link to '#setup' cannot be followed on paper and only its text is printed: "
            "write a full address (https://…) to have it printed, or drop the link")]
