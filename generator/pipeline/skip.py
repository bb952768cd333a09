"""What a build may skip: jobs whose file is up to date, checks already run on the same inputs.

The keys are digests of everything a job or check reads (see manifest.py for what that is and
why); nothing is skipped with `--force` or when an input folder cannot be trusted.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
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


@dataclass
class GameRecord:
    """What a build that succeeded made of one game: its files (each with its inputs' key, in
    job order) and what it reported of it. A later build with the same options, while
    nothing the game reads has changed and its files are intact, keeps the game without
    loading it, checking it or even importing its code, and reports the same."""

    files: dict[str, str]
    problems: list[Problem]  # in report order, those of the languages built
    skipped: list[Problem]  # languages left out, and why
    offered: list[str]  # the game's languages
    parts: list[str]  # the names of its parts (for spelling --part)
    lang: str  # --lang as the content spelled it: kept only when the user spells it so too

    def data(self) -> dict[str, Any]:
        return {"files": self.files, "problems": problem_data(self.problems),
                "skipped": problem_data(self.skipped), "offered": self.offered,
                "parts": self.parts, "lang": self.lang}

    @classmethod
    def read(cls, data: Any) -> GameRecord | None:
        try:
            return cls(dict(data["files"]), problems_from(data["problems"]),
                       problems_from(data["skipped"]), list(data["offered"]),
                       list(data["parts"]), str(data["lang"]))
        except (KeyError, TypeError, ValueError):
            return None


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
        self._pictures_of: dict[str, Any] = {}  # game -> its pictures, canonical

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

    def kept_games(self) -> dict[str, GameRecord]:
        """The games asked for that a build with these options made from the same inputs,
        every file of which is still as written (see GameRecord)."""
        from ..errors import UsageError
        from .select import selected_ids

        if self._forced or not self.manifest.records:
            return {}
        try:
            ids = selected_ids(self.options.games)
        except UsageError:  # plan_content says so, in its turn
            return {}
        kept: dict[str, GameRecord] = {}
        for game_id in ids:
            record = GameRecord.read(self.manifest.records.get(self._game_key(game_id) or ""))
            if (record is not None and record.lang == self.options.lang
                    and all(self.manifest.intact(rel, key) is not None
                            for rel, key in record.files.items())):
                kept[game_id] = record
                self.keys.update(record.files)
        return kept

    def _game_key(self, game_id: str) -> str | None:
        # every option but those that change no file and no message; whether games were
        # named changes messages (a language a named game lacks is an error, else a warning)
        chosen = {k: v for k, v in asdict(self.options).items()
                  if k not in ("jobs", "force", "games")}
        return self._digest(lambda: self.inputs.game(game_id), "game", game_id,
                            bool(self.options.games), chosen, os.getcwd())

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

    def shrunk(self, relative: str) -> list[str]:
        """The texts shrunk in a file of a game kept (see kept_games), as recorded."""
        entry = self.manifest.files.get(relative)
        return list(entry.get("shrunk", [])) if isinstance(entry, dict) else []

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
            try:  # the same as canonical([content, registry]), the pictures read once
                self._contents[game_id] = digest_of([canonical(job.content),
                                                     self._pictures(game_id)])
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
        pictures = self._pictures(job.game.id)
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

    def _pictures(self, game_id: str) -> Any:
        """The pictures a game's content named, in canonical form (their files read once a
        build: every job of the game has them in its key)."""
        if game_id not in self._pictures_of:
            from ..content.art import registry_of

            self._pictures_of[game_id] = canonical(registry_of(game_id))
        return self._pictures_of[game_id]

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

    def finish(self, loaded: Loaded, listed: list[tuple[str, Job | None]],
               found: dict[str, list[Problem]], report: BuildReport) -> None:
        """Write the manifest: the files written, each game's record and this whole build's.
        listed: every file of the build, in_report_order."""
        files = {rel: self.keys.get(rel) for rel, _ in listed}
        for game_id in loaded.order or [game.id for game in loaded.games]:
            self._remember(self._game_key(game_id),
                           _game_record(loaded, listed, found, game_id, self.keys))
        self._remember(self._record_key(), {"files": files,
                                            "warnings": problem_data(report.warnings)}
                       if all(files.values()) else None)
        self.manifest.save()

    def _remember(self, key: str | None, record: dict[str, Any] | None) -> None:
        if key is not None and record is not None:
            self.manifest.records.pop(key, None)  # the most recent last
            self.manifest.records[key] = record


def _game_record(loaded: Loaded, listed: list[tuple[str, Job | None]],
                 found: dict[str, list[Problem]], game_id: str, keys: dict[str, str]
                 ) -> dict[str, Any] | None:
    """A game's record (GameRecord) after a build that succeeded; None when a file of it
    has no key (it is then never kept)."""
    if game_id in loaded.kept:
        return loaded.kept[game_id].data()  # type: ignore[no-any-return]
    game = next(g for g in loaded.games if g.id == game_id)
    files = {rel: keys.get(rel) for rel, job in listed
             if job is not None and job.game.id == game_id}
    if not all(files.values()) or loaded.roots.refused:
        return None
    return GameRecord(files, loaded.game_problems(game_id, found),  # type: ignore[arg-type]
                      loaded.skipped_by.get(game_id, []), sorted(loaded.offered.get(game_id, ())),
                      list(game.parts), loaded.lang).data()


def in_report_order(loaded: Loaded, jobs: list[Job]) -> list[tuple[str, Job | None]]:
    """Every file of the build (relative to its folder) in the order the report lists them,
    game by game: the jobs, and the files of the games kept (no job: None)."""
    out: list[tuple[str, Job | None]] = []
    for game_id in loaded.order or [game.id for game in loaded.games]:
        if game_id in loaded.kept:
            out += [(rel, None) for rel in loaded.kept[game_id].files]
        else:
            out += [(job.relative.as_posix(), job) for job in jobs if job.game.id == game_id]
    return out
