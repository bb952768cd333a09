"""Load one content file (user folder first) as a located YAML document, or say why not."""

from __future__ import annotations

from ..errors import Problem
from ..sourceyaml import SourceDoc, load_yaml_file
from .paths import ContentRoots, display_path


def load_doc(roots: ContentRoots, relative: str, problems: list[Problem]) -> SourceDoc | None:
    """Load one content file (user folder first); a missing, refused or broken file is a problem.

    Files refused since the last load (links out of a content folder) are reported here too.
    """
    path = roots.find(relative)
    problems.extend(roots.take_refusals())
    if path is None:
        if not roots.is_refused(relative):
            problems.append(Problem(relative, 1, 1, f"content file '{relative}' is missing"))
        return None
    doc, found = load_yaml_file(path, display_path(path))
    problems.extend(found)
    if found:
        return None
    if not isinstance(doc.data, dict):
        problems.append(doc.problem((), "expected 'key: value' lines at the top of the file"))
        return None
    return doc
