"""The code's shape: no import cycle in generator/, no module over 450 lines.

Imports are read statically (ast), every one of them: at the top, inside functions (imported
on first use) and under TYPE_CHECKING, since each is a dependency of the design.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "generator"
MAX_LINES = 450
EXEMPT: tuple[str, ...] = ()  # no known exception


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The generator modules path imports (a name imported from a package counts as its
    module when it is one)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (
                node.module or "")
            subs = {f"{target}.{alias.name}" for alias in node.names}
            found.update(subs & modules or {target})
    return {m for m in found if m in modules and m != name}


def graph() -> dict[str, set[str]]:
    files = [p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts]
    modules = {module_name(p) for p in files}
    return {module_name(p): imports_of(p, modules) for p in files}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def test_generator_has_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_is_over_450_lines() -> None:
    long = {p.relative_to(PACKAGE).as_posix(): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert {name: n for name, n in long.items() if not name.startswith(EXEMPT)} == {}


def test_build_py_reads_on_one_screen() -> None:
    assert len((PACKAGE / "build.py").read_text(encoding="utf-8").splitlines()) <= 200


# The build's stages in pipeline order, then the manifest and what it lets a build skip:
# each may import only the ones before it (docs/architecture.md).
STAGES = ["options", "select", "load", "plan", "impose", "workers", "draw", "write", "manifest",
          "skip"]


def test_the_stages_import_only_the_stages_before_them() -> None:
    edges = graph()
    for i, stage in enumerate(STAGES):
        own = {m for m in edges[f"generator.pipeline.{stage}"]
               if m.startswith("generator.pipeline.")}
        assert own <= {f"generator.pipeline.{s}" for s in STAGES[:i]}, stage
    assert sorted(m for m in edges if m.startswith("generator.pipeline.")) == sorted(
        f"generator.pipeline.{s}" for s in STAGES)


def test_only_the_front_ends_import_the_orchestrator() -> None:
    """run_build is the library's entry point: the command line and the browser app call it;
    everything else takes what it needs from the stages."""
    assert sorted(m for m, deps in graph().items() if "generator.build" in deps) == [
        "generator.cli", "generator.serve.engine"]
