"""What a build may skip: jobs whose file is up to date, checks already run on the same inputs.

The keys are digests of everything a job or check reads (see manifest.py for what that is and
why); nothing is skipped with `--force` or when an input folder cannot be trusted.
"""

from __future__ import annotations

import os
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Problem
from .manifest import (
    Inputs,
    Manifest,
    Unkeyable,
    Untrusted,
    canonical,
    digest_of,
    problem_data,
    problems_from,
)
from .options import BuildOptions, BuildReport

if TYPE_CHECKING:
    from .load import Loaded
    from .plan import Job

# The options that can change a file's bytes (the selection of games, parts and languages
# only decides which files are made; --jobs, --out and --strict change no byte).
BYTE_OPTIONS = ("paper", "duplex", "bleed", "ink_saver", "gutter", "back_offset", "one_up",
                "pieces", "pack", "cutter")


def _books(guide: Job) -> list[Job]:
    """The rulebook jobs whose pages a print guide counts (pipeline/impose.py)."""
    from .plan import Job

    return [Job(guide.game, part, guide.content, guide.lang, guide.paper, guide.roots,
                guide.draft) for part in guide.game.parts.values()
            if part.render is not None and not part.special]


class Skipper:
    """The manifest of a build's output folder and the digests of its inputs."""

    def __init__(self, options: BuildOptions) -> None:
        self.options = options
        self.manifest = Manifest(options.out)
        self.inputs = Inputs(options.content, options.templates)
        # The cut files of --cutter are not in the manifest: such a build redraws everything
        self._forced = options.force or bool(options.cutter)
        self.keys: dict[str, str] = {}  # file (relative to out) -> its inputs' digest
        self.cheap: dict[str, str | None] = {}  # the same with its game's whole content
        self.prefixes: dict[str, str] = {}  # the inputs' digest but the data drawn from
        self._contents: dict[str, str | None] = {}  # game -> digest of its loaded content

    def _digest(self, *parts: Any) -> str | None:
        """A digest of parts; None when an input folder holds a link or an unreadable file."""
        try:
            return digest_of([value() if callable(value) else value for value in parts])
        except (Untrusted, Unkeyable):
            return None

    def _bytes_options(self) -> dict[str, Any]:
        return {name: getattr(self.options, name) for name in BYTE_OPTIONS}

    def replay(self) -> BuildReport | None:
        """The report of the same build recorded earlier, if every file it wrote is intact."""
        if self._forced or not self.manifest.records:
            return None
        key = self._record_key()
        record = self.manifest.records.get(key or "")
        if record is None:
            return None
        files: dict[str, str] = record.get("files", {})
        if any(self.manifest.intact(rel, inputs) is None for rel, inputs in files.items()):
            return None
        return BuildReport(skipped=[self.options.out / rel for rel in files],
                           warnings=problems_from(record.get("warnings", [])))

    def _record_key(self) -> str | None:
        # every option but those that change no file and no message (the warnings repeated
        # name files in the output folder, so it counts)
        chosen = {k: v for k, v in asdict(self.options).items() if k not in ("jobs", "force")}
        return self._digest(self.inputs.everything, chosen, os.getcwd())

    def fresh(self, job: Job) -> list[str] | None:
        """The texts shrunk in a job's file when it is up to date (None: draw it).

        Two keys: the cheap one has the game's whole loaded content where the exact one has
        the data the job is drawn from (which is made from that content, so an unchanged
        content means unchanged data); only when the cheap one differs from the file's is the
        exact one worked out (imposing the pages, rendering the rulebook's context). A file
        with no entry to compare with is drawn, and its exact key is worked out by the
        process that draws it, from what the drawing worked out anyway (data_key)."""
        relative = job.relative.as_posix()
        prefix = self._digest(lambda: self.inputs.files(job.game.id), relative, job.game.id,
                              job.part.name, job.lang, job.paper, job.draft,
                              self._bytes_options())
        if prefix is None:
            return None
        self.prefixes[relative] = prefix
        cheap = self._digest(prefix, "content", lambda: self._content(job))
        self.cheap[relative] = cheap
        entry = (None if self._forced or cheap is None
                 else self.manifest.intact(relative, cheap, "content"))
        if entry is not None:
            self.keys[relative] = entry["inputs"]
            return list(entry.get("shrunk", []))
        if self._forced or not isinstance(self.manifest.files.get(relative), dict):
            return None  # nothing to compare with: keyed when drawn
        data = self.data_key(job)
        if data is None:
            return None
        self.keys[relative] = key = digest_of([prefix, data])
        entry = self.manifest.intact(relative, key)
        if entry is None:
            return None
        self.manifest.written[relative] = {**entry, "content": cheap}  # cheap next time
        return list(entry.get("shrunk", []))

    def data_key(self, job: Job) -> str | None:
        """The digest of the data a job is drawn from (None: it has no canonical form)."""
        try:
            return digest_of(self._drawn_from(job))
        except Unkeyable:
            return None

    def _content(self, job: Job) -> str:
        """The digest of a job's game's whole loaded content and pictures, once per game."""
        game_id = job.game.id
        if game_id not in self._contents:
            from ..content.art import registry_of

            try:
                self._contents[game_id] = digest_of(canonical([job.content,
                                                               registry_of(game_id)]))
            except Unkeyable:
                self._contents[game_id] = None
        found = self._contents[game_id]
        if found is None:
            raise Unkeyable(game_id)
        return found

    def _drawn_from(self, job: Job) -> Any:
        """The loaded data a job is drawn from, in canonical form (see docs/architecture.md):
        a sheet's SheetInput, a rulebook's Jinja context and book words; with the pictures
        its game's content named. Unkeyable when it cannot be worked out (then drawn)."""
        from ..content.art import registry_of

        pictures = canonical(registry_of(job.game.id))
        try:
            if job.part.render is None:
                from .impose import sheet_input

                drawn = [pictures, canonical(sheet_input(job, self.options))]
                if job.part.special == "guide":  # it counts its rulebooks' pages when drawn:
                    drawn += [self._drawn_from(book) for book in _books(job)]  # their keys
                return drawn
            if job.part.name != "rules" or job.game.rules_context is None:
                raise Unkeyable(job.part.name)  # a part drawn by code of its own: always drawn
            from ..games.rules import rules_context

            words = getattr(job.content, "sheet_texts", {}).get(job.lang)
            context = rules_context(job.roots, job.game.id, job.content,
                                    job.game.rules_context, job.lang)
            return [pictures, canonical(words), canonical(context)]
        except Unkeyable:
            raise
        except Exception as exc:  # noqa: BLE001 - the drawing reports it; never skip on it
            raise Unkeyable(repr(exc)) from exc

    def _check_key(self, loaded: Loaded, game_id: str) -> str | None:
        langs = (sorted(loaded.building.get(game_id, set())) if loaded.building is not None
                 else None)
        return self._digest(lambda: self.inputs.game(game_id), "check", game_id, langs,
                            loaded.with_rules, os.getcwd())

    def cached_checks(self, loaded: Loaded) -> dict[str, list[Problem]]:
        """The slow checks of loaded already run on the same inputs, by game."""
        found: dict[str, list[Problem]] = {}
        for game_id in [] if self._forced else loaded.slow:
            key = self._check_key(loaded, game_id)
            if key is not None and key in self.manifest.checks:
                found[game_id] = problems_from(self.manifest.checks.pop(key))
                self.manifest.checks[key] = problem_data(found[game_id])  # now most recent
        return found

    def keep_checks(self, loaded: Loaded, found: dict[str, list[Problem]]) -> None:
        """Remember the slow checks' findings (not when a file was refused on the way)."""
        if loaded.roots.refused:
            return
        for game_id, problems in found.items():
            key = self._check_key(loaded, game_id)
            if key is not None:
                self.manifest.checks[key] = problem_data(problems)

    def wrote(self, job: Job, temp: Path, shrunk: list[str], data: str | None = None) -> None:
        """Note a file drawn to temp (recorded when the build finishes); data: its data_key
        from the process that drew it, when fresh did not work it out."""
        relative = job.relative.as_posix()
        if relative not in self.keys and data is not None and relative in self.prefixes:
            self.keys[relative] = digest_of([self.prefixes[relative], data])
        if relative in self.keys:
            self.manifest.wrote(relative, self.keys[relative], temp, shrunk,
                                self.cheap.get(relative))

    def finish(self, jobs: list[Job], report: BuildReport) -> None:
        """Write the manifest: the files written and this whole build's record."""
        files = {job.relative.as_posix(): self.keys.get(job.relative.as_posix()) for job in jobs}
        key = self._record_key()
        if key is not None and all(files.values()):
            self.manifest.records.pop(key, None)
            self.manifest.records[key] = {"files": files,
                                          "warnings": problem_data(report.warnings)}
        self.manifest.save()
