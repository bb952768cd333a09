"""The yardstick every benchmark compares with, timed: one run of yardstick_reportlab.py (the
two sheets of case (a) drawn with bare ReportLab canvas calls) in a fresh process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "yardstick_reportlab.py"


def yardstick_seconds(out: Path) -> float:
    """Wall seconds of one yardstick run writing into the folder out."""
    start = time.perf_counter()
    subprocess.run([sys.executable, str(SCRIPT), str(out)], check=True, capture_output=True)
    return time.perf_counter() - start
