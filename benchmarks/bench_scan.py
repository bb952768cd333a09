"""Accuracy and speed of `plan scan` on synthetic phone photos of filled plan forms.

Each case: a random valid plan of a random size (2..12 × 2..12, any difficulty), `plan form
--fill` with a random pen (stroke width, darkness, overshoot, wobble, gaps in traced walls,
boxes filled 60-100 %), rasterised at 100-300 dpi, then photographed in software
(generator/plan/form/synth.py): tilt up to 25°, any rotation, scale, paper curl, uneven light,
a hard shadow, blur, sensor noise, JPEG quality 40-90. The reader sees only the JPEG file.

Prints per-mark accuracy (every wall slot and box of every form), whole-plan accuracy (read
with no doubt and exactly right), plans reported certain but wrong (must be 0), photos
refused, and seconds per photo (reading only: decoding the JPEG to the plan), also for the
photos of 10 megapixels and more.

    nice -n 10 .venv/bin/python benchmarks/bench_scan.py --cases 200 [--seed 1]

The yardstick (benchmarks/yardstick_reportlab.py, a bare ReportLab program) is timed before
and after the cases, so a reading of the speed on a busy machine can be told from a slow scan:
the ratio of the seconds a 10+ MP photo takes to the yardstick's seconds is printed too.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from yardstick import yardstick_seconds  # noqa: E402

from generator.plan.form.draw import Pen, write_form  # noqa: E402
from generator.plan.form.layout import layout  # noqa: E402
from generator.plan.form.marks import BOX_LEVELS, SLOT_LEVELS, is_marked, plan_key, plan_marks  # noqa: E402
from generator.plan.form.scan import ScanError, read_photo  # noqa: E402
from generator.plan.form.synth import photograph, random_camera, render  # noqa: E402
from generator.plan.making.randomplan import RandomPlanError, default_holes, random_plan  # noqa: E402


def random_pen(rng: np.random.Generator) -> Pen:
    """Return a pen drawn at random: width, darkness, fill share, overshoot, wobble, gaps."""
    return Pen(width=float(rng.uniform(0.3, 0.8)), ink=float(rng.uniform(0.7, 1.0)),
               fill=float(rng.uniform(0.6, 1.0)), overshoot=float(rng.uniform(0, 1.5)),
               wobble=float(rng.uniform(0.05, 0.35)), gap=float(rng.uniform(0, 0.4)))


def one_case(seed: int, folder: Path) -> dict:
    """Make, photograph and read one form; return the counts."""
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(2, 13)), int(rng.integers(2, 13))
    difficulty = ("easy", "normal", "hard")[int(rng.integers(0, 3))]
    lang = ("ru", "en")[int(rng.integers(0, 2))]
    holes = min(default_holes(rows, cols, difficulty), 16)
    try:
        plan = random_plan(rows, cols, seed, holes=holes, lang=lang, difficulty=difficulty)
    except RandomPlanError:  # a tiny plan cannot keep the treasure far from the exit
        plan = random_plan(rows, cols, seed, holes=holes, lang=lang, difficulty=difficulty,
                           treasure_moves=0)
    lay = layout(rows, cols, "a4" if rng.random() < 0.7 else "letter")
    pdf = folder / f"{seed}.pdf"
    write_form(pdf, lay, lang, plan, random_pen(rng))
    sheet = render(pdf, float(rng.uniform(100, 300)))
    photo = folder / f"{seed}.jpg"
    photo.write_bytes(photograph(sheet, random_camera(rng), rng))
    megapixels = 0.0
    from PIL import Image

    with Image.open(photo) as img:
        megapixels = img.size[0] * img.size[1] / 1e6
    start = time.perf_counter()
    try:
        reading = read_photo(photo, lang)
    except ScanError as exc:
        return {"refused": exc.key, "seconds": time.perf_counter() - start, "mp": megapixels,
                "marks": 0, "wrong": 0, "doubts": 0, "ok": False, "certain_wrong": False}
    seconds = time.perf_counter() - start
    walls, marks, swamps = plan_marks(plan, lay)
    truth_slots, truth_marks, truth_swamps = set(walls), set(marks), set(swamps)
    wrong = total = 0
    scores: dict[str, list[float]] = {"slot on": [], "slot off": [], "box on": [],
                                      "box off": []}
    for kind, truth in (("slots", truth_slots), ("marks", truth_marks),
                        ("swamps", truth_swamps)):
        for key, score in reading.scores[kind].items():
            total += 1
            levels = SLOT_LEVELS if kind == "slots" else BOX_LEVELS
            wrong += is_marked(score, levels) != (key in truth)
            name = ("slot " if kind == "slots" else "box ") + ("on" if key in truth else "off")
            scores[name].append(score)
    same = plan_key(reading.plan) == plan_key(plan)
    doubts = len(reading.doubts)
    return {"refused": None, "seconds": seconds, "mp": megapixels, "marks": total,
            "wrong": wrong, "doubts": doubts, "ok": same and not doubts,
            "certain_wrong": not same and not doubts, "seed": seed, "scores": scores}


def main() -> None:
    """Run the cases and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        yardstick = [yardstick_seconds(Path(tmp))]
        for i in range(args.cases):
            results.append(one_case(args.seed * 100_000 + i, Path(tmp)))
            r = results[-1]
            if r["refused"] or r["wrong"] or r["doubts"]:
                print(f"  case {i}: refused={r['refused']} wrong marks={r['wrong']} "
                      f"doubts={r['doubts']} certain-but-wrong={r['certain_wrong']}", flush=True)
        yardstick.append(yardstick_seconds(Path(tmp)))
    marks = sum(r["marks"] for r in results)
    wrong = sum(r["wrong"] for r in results)
    print(f"photos: {len(results)} (seed {args.seed}); marks read: {marks}")
    print(f"per mark: {100 * (1 - wrong / max(marks, 1)):.3f} % right ({wrong} wrong)")
    print(f"whole plans read exactly, with no doubt: "
          f"{100 * sum(r['ok'] for r in results) / len(results):.1f} %")
    print(f"plans with doubts reported: {sum(bool(r['doubts']) for r in results)}; photos "
          f"refused: {sum(bool(r['refused']) for r in results)}")
    print(f"certain but wrong: {sum(r['certain_wrong'] for r in results)}")
    for name in ("slot on", "slot off", "box on", "box off"):
        values = np.concatenate([r["scores"][name] for r in results if "scores" in r])
        q = np.quantile(values, [0, 0.001, 0.01, 0.5, 0.99, 0.999, 1])
        print(f"scores, {name:8}: " + " ".join(f"{v:.2f}" for v in q)
              + f"  (min, 0.1 %, 1 %, median, 99 %, 99.9 %, max of {len(values)})")
    seconds = [r["seconds"] for r in results]
    big = [r["seconds"] for r in results if r["mp"] >= 10]
    print(f"seconds a photo: mean {np.mean(seconds):.3f}, max {max(seconds):.3f} "
          f"(photos {min(r['mp'] for r in results):.1f}-{max(r['mp'] for r in results):.1f} MP)")
    if big:
        print(f"seconds a photo of 10 MP or more: mean {np.mean(big):.3f} ({len(big)} photos)")
    mean_yard = float(np.mean(yardstick))
    print(f"yardstick (ReportLab): {' '.join(f'{y:.2f}' for y in yardstick)} s; a 10+ MP photo "
          f"takes {np.mean(big or seconds) / mean_yard:.2f} yardsticks")


if __name__ == "__main__":
    main()
