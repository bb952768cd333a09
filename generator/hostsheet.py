"""`plan print`: draw the host sheet of one plan file into a PDF."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .build import BuildOptions, Job, draw_job, write_atomically
from .content.paths import ContentRoots
from .errors import ContentError, OutputError, Problem, UsageError
from .games.paper import HOST_PART, PAPER_LABYRINTH, ExamplePlan, plan_title, read_plan_file


def default_output(plan: Path, lang: str, paper: str) -> Path:
    """Where `plan print` writes when no --out is given: beside the working folder."""
    return Path(f"{plan.stem}-host-{lang}-{paper}.pdf")


def print_host_sheet(plan_path: Path, lang: str = "ru", paper: str = "a4",
                     out: Path | None = None, force: bool = False,
                     content: Path | None = None) -> tuple[Path, list[Problem]]:
    """Check the plan, then write its host sheet; refuse an invalid plan unless force."""
    plan, problems = read_plan_file(plan_path, lang)
    errors = [p for p in problems if p.severity == "error"]
    if plan is None or (errors and not force):
        raise ContentError(problems)
    bundle, found = PAPER_LABYRINTH.load(ContentRoots.with_user(content))
    if bundle is None:
        raise ContentError(found)
    if lang not in bundle.languages:
        raise UsageError(f"no sheet wording for language '{lang}': available are "
                         f"{', '.join(bundle.languages)}")
    target = out or default_output(plan_path, lang, paper)
    if target.exists() and not target.read_bytes()[:5] == b"%PDF-":
        raise OutputError(f"{target} exists and is not a PDF: choose another --out")
    single = replace(bundle, plans=(ExamplePlan(plan_path.stem, plan,
                                                plan_title(plan, plan_path.name)),))
    job = Job(PAPER_LABYRINTH, HOST_PART, single, lang, paper)
    options = BuildOptions(paper=paper, lang=lang)
    overflows = write_atomically(target, lambda tmp: draw_job(job, options, tmp))
    warnings = [p for p in problems if p.severity == "warning"]
    return target, warnings + [Problem(str(target), 1, 1, o, "warning") for o in overflows]
