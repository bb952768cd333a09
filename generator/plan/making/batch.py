"""`plan random --count N --out DIR`: several random plans, each written to its own file.

Plan k (from 0) uses seed `seed + k`, so a batch is reproducible from its first seed; without
a seed, each plan gets a random one. Files are named after size, difficulty and seed
(`random-4x5-seed12.txt`, `random-6x6-hard-seed7.txt`), written atomically; nothing is
replaced unless asked, and nothing is written when one of the names is taken.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from ..checker.stats import plan_stats, summary_line
from ..text.gridtext import write_grid
from ..text.model import Plan
from ..text.output import write_atomic
from .randomplan import Request, make_plan


@dataclass(frozen=True)
class MadePlan:
    """A random plan, its seed and its one-line summary."""

    plan: Plan
    seed: int
    summary: str
    name: str


def file_name(request: Request, seed: int) -> str:
    """Return the file name of the plan made from request and seed."""
    level = "" if request.difficulty == "normal" else f"-{request.difficulty}"
    return f"random-{request.rows}x{request.cols}{level}-seed{seed}.txt"


def random_plans(request: Request, seed: int | None, count: int) -> list[MadePlan]:
    """Make count plans for request, from seed on (or from random seeds)."""
    if seed is None:
        draw = random.SystemRandom()
        seeds = [draw.randrange(1_000_000_000) for _ in range(count)]
    else:
        seeds = [seed + k for k in range(count)]
    out = []
    for one in seeds:
        plan = make_plan(request, one)
        out.append(MadePlan(plan, one, summary_line(plan_stats(plan), request.lang),
                            file_name(request, one)))
    return out


def write_plans(plans: list[MadePlan], folder: Path, force: bool = False) -> list[Path]:
    """Write each plan to folder; raise FileExistsError (naming the file) before writing any."""
    targets = [folder / p.name for p in plans]
    if not force:
        for target in targets:
            if target.exists():
                raise FileExistsError(17, "File exists", str(target))
    for target, made in zip(targets, plans):
        write_atomic(target, write_grid(made.plan), force)
    return targets


__all__ = ["MadePlan", "file_name", "random_plans", "write_plans"]
