"""Mutated user content never crashes check or build, and what check passes, build builds.

The cases come from tests/fuzz_content.py, derandomized so CI sees the same 500 every run.
FUZZ_CASES sets the count (`make fuzz` runs 10,000 with a random seed through
benchmarks/fuzz.py); FUZZ_TIMEOUT bounds each step in seconds.
"""

from __future__ import annotations

import os

from fuzz_content import run_fuzz

CI_CASES = 500


def test_mutated_content_fails_cleanly() -> None:
    """Run the fuzz cases; report every distinct failure class with its smallest case."""
    wanted = int(os.environ.get("FUZZ_CASES", CI_CASES))
    report = run_fuzz(wanted)
    print(report.summary())
    assert report.cases >= wanted, f"only {report.cases} of {wanted} cases ran"
    assert not report.classes, report.summary()
