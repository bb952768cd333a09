"""The example plans of `plan check --explain`: for every rule id, a small plan that breaks it
(`bad`) and the same plan mended (`fixed`).

They are written with English codes; `explain.localize_codes` writes them with Russian codes
for the Russian text. Tests run every example through the checker: `bad` must break its rule
and `fixed` must pass.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Example:
    """A plan breaking one rule, and the same plan mended."""

    bad: str
    fixed: str


BASE = """\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|.  T+ .  H |
+  +  +  +  +
|T- .  .  .
+--+--+--+--+
"""

EXAMPLES: dict[str, Example] = {
    "syntax": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|.  T+ .  H |
+  +  +  +   +
|T- .  .  .
+--+--+--+--+
""", BASE),
    "cell-code": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|.  T+ W  H |
+  +  +  +  +
|T- .  .  .
+--+--+--+--+
""", BASE),
    "size": Example("""\
+--+--+--+--+--+
|A  H  T+ T- .
+--+--+--+--+--+
""", """\
+--+--+--+--+--+
|A  H  T+ .  .
+  +  +  +  +  +
|.  .  .  T- . |
+--+--+--+--+--+
"""),
    "exit": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|.  T+ .  H |
+  +  +  +  +
|T- .  .  . |
+--+--+--+--+
""", BASE),
    "arsenal": Example("""\
+--+--+--+--+
|.  .  R> O |
+  +  +--+  +
|.  T+ .  H |
+  +  +  +  +
|T- .  .  .
+--+--+--+--+
""", BASE),
    "medpost": Example("""\
+--+--+--+--+
|A  H  R> O |
+  +  +--+  +
|.  T+ .  H |
+  +  +  +  +
|T- .  .  .
+--+--+--+--+
""", BASE),
    "land": Example("""\
+--+--+--+
|A  H  X1|
+  +  +  +
|X2 X3 T+
+--+--+--+
""", """\
+--+--+--+
|A  H  X1|
+  +  +  +
|X2 T- T+
+--+--+--+
"""),
    "treasure": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|.  T+ .  H |
+  +  +  +  +
|T+ .  .  .
+--+--+--+--+
""", BASE),
    "river-flow": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|.  T+ .  H |
+  +  +  +  +
|T- Rv .  .
+--+--+--+--+
""", """\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|.  T+ .  H |
+  +  +  +  +
|T- R> O  .
+--+--+--+--+
"""),
    "river-merge": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|.  T+ H  R^|
+  +  +  +  +
|T- .  .  .
+--+--+--+--+
""", """\
+--+--+--+--+
|A  .  R> O |
+  +  +--+--+
|.  T+ H  Rv|
+  +  +  +  +
|T- .  .  O
+--+--+--+--+
"""),
    "river-blocked": Example("""\
+--+--+--+--+
|A  .  R>|O |
+  +  +--+  +
|.  T+ .  H |
+  +  +  +  +
|T- .  .  .
+--+--+--+--+
""", BASE),
    "river-wall": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|.  T+ R> O |
+  +  +--+  +
|T- .  .  H
+--+--+--+--+
""", """\
+--+--+--+--+
|A  .  R> O |
+  +  +--+--+
|.  T+ R> O |
+  +  +--+  +
|T- .  .  H
+--+--+--+--+
"""),
    "swamp": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +  +--+vv+
|.  T+ .  H |
+  +  +  +  +
|T- .  .  .
+--+--+--+--+
""", """\
+--+--+--+--+
|A  .  R> O |
+  +  +--+^^+
|.  T+ .  H |
+  +  +  +  +
|T- .  .  .
+--+--+--+--+
"""),
    "swamp-count": Example("""\
+--+--+--+--+
|A  .  .  . |
+  +  +vv+  +
|.  R>>O <. |
+  +  +^^+  +
|T- T+ H  .
+--+--+--+--+
""", """\
+--+--+--+--+
|A  .  .  . |
+  +  +vv+  +
|.  R> O <. |
+  +  +^^+  +
|T- T+ H  .
+--+--+--+--+
"""),
    "hole-cycle": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|X1 T+ .  H |
+  +  +  +  +
|T- .  X3 .
+--+--+--+--+
""", """\
+--+--+--+--+
|A  .  R> O |
+  +  +--+  +
|X1 T+ .  H |
+  +  +  +  +
|T- .  X2 .
+--+--+--+--+
"""),
    "reachability": Example("""\
+--+--+--+--+
|A  .  R> O |
+  +--+--+  +
|. |T+|.  H |
+  +--+  +  +
|T- .  .  .
+--+--+--+--+
""", """\
+--+--+--+--+
|A  .  R> O |
+  +--+--+  +
|. |T+ .  H |
+  +--+  +  +
|T- .  .  .
+--+--+--+--+
"""),
}
