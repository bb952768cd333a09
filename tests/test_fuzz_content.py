"""Mutated user content never crashes check or build, and what check passes, build builds.

The cases come from tests/fuzz_content.py, in ten fixed-seed chunks of 50 (so the test
workers share them), the same 500 every run, the attack families of tests/fuzz_attacks.py
among them. FUZZ_CASES sets the total count (`make fuzz`
runs 10,000 with a random seed through benchmarks/fuzz.py); FUZZ_TIMEOUT bounds each step
in seconds.
"""

from __future__ import annotations

import os

import pytest
from fuzz_content import run_fuzz

CI_CASES = 500
CHUNKS = 10


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_content_fails_cleanly(chunk: int) -> None:
    """Run one chunk of the fuzz cases; report every failure class with its smallest case."""
    wanted = max(1, int(os.environ.get("FUZZ_CASES", CI_CASES)) // CHUNKS)
    report = run_fuzz(wanted, seed=None if chunk == 0 else 7919 * chunk)
    print(report.summary())
    assert report.cases >= wanted, f"only {report.cases} of {wanted} cases ran"
    assert not report.classes, report.summary()
