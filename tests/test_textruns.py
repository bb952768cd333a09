"""Text runs: the sheet's face where it has the characters, the symbol face for the rest."""

from __future__ import annotations

from generator.draw import textruns


def test_runs_split_by_face_and_mark_what_no_face_has():
    assert textruns.runs("Клад A1 → B2", "Sans") == [
        ("Sans", "Клад A1 "), ("PaperSymbols", "→"), ("Sans", " B2")]
    assert textruns.runs("ход\u00a0−1", "Sans") == [
        ("Sans", "ход\u00a0"), ("PaperSymbols", "−"), ("Sans", "1")]
    assert textruns.runs("A\U0001F600", "Sans") == [("Sans", "A?")]
    assert textruns.runs("", "Sans") == []


def test_text_in_the_sheet_face_is_one_run():
    for text in ("Клад", "Arsenal, medpost — 1–25 «ё»", " "):
        assert textruns.runs(text, "Sans") == [("Sans", text)]
