"""Mutation families of the security reviews, for the content fuzzer (tests/fuzz_content.py).

Each mutation takes a file's text and a Random and returns (new text, what it did), or None
when it does not apply. The families: `~` chains and other growing operations, huge and
non-finite number literals, filter arguments at their edges (rulebooks and templates); SVG
numbers, nesting, encodings, embedded images and font names (pictures); lone surrogates in
YAML texts. `fuzz_content` adds them to its tables and fuzzes a few bundled pictures too.
"""

from __future__ import annotations

import re
from random import Random

Result = tuple[str, str] | None

BIG = '{% set a = "x" * 1000000 %}'
GROWING_SNIPPETS = [
    BIG + "{% set a = a ~ a %}" * 3 + "{{ a|length }}",
    '{% set a = "xy" %}' + "{% set a = a ~ a %}" * 25 + "{{ a|length }}",
    "{{ '%(a)3000000000s' % dict(a=1) }}", '{{ "%(a)99999s"|format(a=1) }}',
    BIG + "{{ ([a] * 4000)|tojson|length }}", BIG + "{{ ([[a]] * 4000)|join|length }}",
    BIG + "{{ ([a] * 100000)|map('upper')|list|length }}", BIG + "{{ ([a] * 10)|sort|length }}",
    BIG + "{{ ('%s' * 40)|format(*([a] * 40)) }}", BIG + "{% set l = [a, a, a] %}{{ l }}",
    "{{ range(100000)|list|tojson(indent=100000)|length }}", BIG + "{{ [a, a]|pprint }}",
    BIG + "{{ [a, a]|string|length }}", BIG + "{{ a + a }}", BIG + "{{ a[::-1]|length }}",
    "{% for i in range(100000) %}{% for j in range(1000) %}{% endfor %}{% endfor %}",
    "{% for i in range(3) %}{{ loop.index }}{% endfor %}", BIG + "{{ a.upper()|length }}",
]
LITERAL_SNIPPETS = [
    "{{ " + "1" * 4301 + " }}", "{{ " + "9" * 19 + " }}", "{{ 1e999 * 0 }}", "{{ 1e308 * 10 }}",
    "{{ -1e999 }}", "{{ 1e-999 }}", "{{ 2 ** 64 }}", "{{ 10 ** 18 + 1 }}", "{{ 0.1 + 0.2 }}",
    '{{ "\\ud800" }}', '{{ "a\\udfffb"|upper }}', '{{ "\\x1b]0;T\\x07" }}',
    "{{ " + "(" * 5000 + "1" + ")" * 5000 + " }}", "{{ 1" + "+1" * 3000 + " }}",
    "{% if 1 %}" * 2000 + "{% endif %}" * 2000, "{{ " + "[" * 300 + "]" * 300 + " }}",
]
FILTER_SNIPPETS = [
    '{{ "hello world"|truncate(2) }}', '{{ "hello world"|truncate(0, end="") }}',
    '{{ "hello world"|truncate(-5) }}', '{{ "hello"|truncate(3) }}',
    "{{ [1, 2]|tojson(indent=9) }}",
    "{{ [1, 2]|tojson(indent=8) }}", '{{ "x"|replace("", "yy") }}', "{{ range(5)|batch(0)|list }}",
    "{{ range(5)|slice(0)|list }}", '{{ "%5.1f"|format(3.14159) }}', "{{ [3, 1]|sum(start=[]) }}",
    '{{ "abc"|wordwrap(99999) }}', "{{ [1]|random }}", '{{ "x"|center(100000) }}',
    "{{ 5|round(99999) }}", '{{ "a b"|split(" ", 99999) }}',
]
JINJA_FAMILIES = GROWING_SNIPPETS + LITERAL_SNIPPETS + FILTER_SNIPPETS


def _insert(text: str, rnd: Random, piece: str) -> Result:
    lines = text.split("\n")
    i = rnd.randrange(len(lines) + 1)
    lines.insert(i, piece)
    return "\n".join(lines), f"new line {i + 1}: {piece[:60]!r}"


def jinja_family(text: str, rnd: Random) -> Result:
    """Insert a growing operation, a number literal or a filter at its edge."""
    return _insert(text, rnd, rnd.choice(JINJA_FAMILIES))


def template_family(text: str, rnd: Random) -> Result:
    """Add a growing operation, literal or edge filter to a footer or title template."""
    piece = rnd.choice(JINJA_FAMILIES)
    at = rnd.randint(0, len(text))
    return text[:at] + piece + text[at:], f"insert {piece[:60]!r} at {at}"


# --- YAML texts ---------------------------------------------------------------------------

_TEXT_VALUE = re.compile(r'^(\s+[\w-]+: )"?([^"\n#]+)"?\s*$', re.MULTILINE)
ESCAPES = ["\\ud800", "\\udfff", "\\ud83d", "\\u0000", "\\x1b[2J", "\\x1b]0;T\\x07", "\\u202e",
           "\\U0001F642", "\\ufeff", "\\x85"]


def yaml_surrogate(text: str, rnd: Random) -> Result:
    """Put a lone surrogate or a control character into a quoted YAML text, as an escape."""
    found = list(_TEXT_VALUE.finditer(text))
    if not found:
        return None
    match = rnd.choice(found)
    value = match.group(2).replace("\\", "")
    at = rnd.randint(0, len(value))
    escape = rnd.choice(ESCAPES)
    new = f'{match.group(1)}"{value[:at]}{escape}{value[at:]}"'
    return text[:match.start()] + new + text[match.end():], f"{escape} in {match.group(1)!r}"


# --- SVG pictures -------------------------------------------------------------------------

SVG_NUMBERS = ["0", "-0", "nan", "NaN", "inf", "-inf", "1e400", "1e308", "-1e308", "1e-300",
               "1000000", "1000001", "1e6", "1e7", "0.0001", "-5", "99999999999999999999"]
_SVG_NUMBER = re.compile(r"(?<![#\w])-?\d+(?:\.\d+)?")
ENCODINGS = ["UTF-7", "x-nonsense", "UTF-16", "utf-8", "ISO-8859-1", "us-ascii", "cp1252",
             "EBCDIC-CP-US", "UTF-32", ""]
FAMILIES = ["/usr/share/fonts/truetype/dejavu/DejaVuSans", "-v :file=/etc/passwd",
            "../../../../etc/passwd", "serif", "Noto Sans", "Comic Sans MS", "'Times New Roman'",
            "monospace", "x" * 300]


def svg_number(text: str, rnd: Random) -> Result:
    """Replace a number of the picture (a size, a coordinate, a width) by an edge value."""
    found = list(_SVG_NUMBER.finditer(text))
    if not found:
        return None
    match = rnd.choice(found)
    value = rnd.choice(SVG_NUMBERS)
    return (text[:match.start()] + value + text[match.end():],
            f"number {match.group()} at {match.start()} -> {value}")


def svg_nesting(text: str, rnd: Random) -> Result:
    """Wrap the picture's content in many groups."""
    start = text.find(">", text.find("<svg")) + 1
    end = text.rfind("</svg>")
    if start <= 0 or end < start:
        return None
    depth = rnd.choice([10, 99, 100, 101, 1000, 5000])
    return (text[:start] + "<g>" * depth + text[start:end] + "</g>" * depth + text[end:],
            f"{depth} nested groups")


def svg_encoding(text: str, rnd: Random) -> Result:
    """Declare an encoding in the XML declaration (the bytes stay UTF-8)."""
    body = re.sub(r"^\s*<\?xml[^>]*\?>", "", text)
    name = rnd.choice(ENCODINGS)
    declaration = f'<?xml version="1.0" encoding="{name}"?>' if name else '<?xml version="1.0"?>'
    return declaration + body, f"encoding {name!r}"


def svg_insert(text: str, rnd: Random) -> Result:
    """Insert an element at the edges: text in a font, an image, a huge transform."""
    end = text.rfind("</svg>")
    if end < 0:
        return None
    piece = rnd.choice([
        f'<text x="5" y="5" font-family="{rnd.choice(FAMILIES)}">Hi</text>',
        '<image width="10" height="10" xlink:href="&#35;x" '
        'xmlns:xlink="http://www.w3.org/1999/xlink"/>',
        '<image width="10" height="10" href="data:image/png;base64,AAAA"/>',
        '<g transform="scale(1e308)"><rect width="1" height="1"/></g>',
        '<path d="M10 10 L90 90" stroke="#000" stroke-width="nan"/>',
        '<path d="M10 10 L90 90" style="stroke:#000;stroke-width:1e400"/>',
        '<rect width="1" height="1" transform="' + "scale(1000000) " * 30 + '"/>',
        '<text x="5" y="5">\udcff</text>',
    ])
    return text[:end] + piece + text[end:], f"insert {piece[:60]!r}"


MUTATIONS = {
    "markdown": {"md-families": (jinja_family, 3)},
    "template": {"tpl-families": (template_family, 4)},
    "text-yaml": {"yaml-surrogate": (yaml_surrogate, 2)},
    "svg": {"svg-number": (svg_number, 4), "svg-nesting": (svg_nesting, 2),
            "svg-encoding": (svg_encoding, 2), "svg-insert": (svg_insert, 3)},
}
# Pictures fuzzed (one or two per folder, so the cases stay spread over every kind of file).
SVG_USES = [
    (r"magic-labyrinth/art/ingredients/0[12]-[^/]*\.svg", {"*": ("tokens",)}),
    (r"magic-labyrinth/art/counters/[^/]*\.svg", {"*": ("counters",)}),
    (r"goblin-slayer/art/counters/[^/]*\.svg", {"*": ("counters",)}),
    (r"goblin-slayer/art/locations/[^/]*\.svg", {"*": ("locations",)}),
]
SVG_PER_FOLDER = 2  # pictures fuzzed from each folder above
