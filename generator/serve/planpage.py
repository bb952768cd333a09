"""What the plan editor's page shows besides the grid text: pictures and the photo's words.

The pictures are the host sheet's symbols, as an SVG sprite the grid's cells and edges use.

The arsenal, the medpost and the two treasures are the bundled files the host sheet draws
(content/paper-labyrinth/art/icons/, a 100 × 100 viewBox that is the cell); the river's arrow,
the mouth, the hole's pit, the swamp's double arrow and the exit's arrow are drawn here in SVG
with the shapes and colours of generator/draw/plan.py. Only the bundled icons are used, never a
`--content` folder's: a picture from a stranger's folder is not put into the page as markup.
"""

from __future__ import annotations

import re
from functools import lru_cache

from markupsafe import Markup

from .guard import MAX_UPLOAD

ICON_FILES = {"arsenal": "arsenal.svg", "medpost": "medpost.svg", "real": "treasure-real.svg",
              "false": "treasure-false.svg"}
DRAWN = {
    # a river cell: the current's arrow (pointing right; the page turns it)
    "river": '<path d="M19 50H66" stroke="#2f6fa8" stroke-width="7" stroke-linecap="round"/>'
             '<path d="M81 50L59 62V38Z" fill="#2f6fa8"/>',
    # the mouth: a deep-blue disc with three white waves
    "mouth": '<circle cx="50" cy="50" r="30" fill="#2f6fa8"/><g fill="none" stroke="#fff" '
             'stroke-width="3.5"><path d="M32 40C44 35 56 45 68 40"/>'
             '<path d="M32 50C44 45 56 55 68 50"/><path d="M32 60C44 55 56 65 68 60"/></g>',
    # a hole: a pit in its ravine's colour (currentColor), its label goes above it
    "hole": '<ellipse cx="50" cy="65" rx="28" ry="12" fill="currentColor"/>'
            '<ellipse cx="50" cy="65" rx="18" ry="7" fill="#2a1a0e"/>',
    # a swamp: two heads one behind the other, across the edge into the mouth
    "swamp": '<path d="M25 50H60" stroke="#4b8a3a" stroke-width="8" stroke-linecap="round"/>'
             '<path d="M80 50L60 61V39Z M64 50L44 61V39Z" fill="#4b8a3a"/>',
    # the exit: a red arrow pointing out of the frame
    "exit": '<path d="M10 50H60" stroke="#c8102e" stroke-width="9" stroke-linecap="round"/>'
            '<path d="M92 50L56 70V30Z" fill="#c8102e"/>',
}


def _icon_body(name: str) -> str:
    """The inside of a bundled icon file: its <svg> wrapper and comments taken away."""
    from ..content.paper_game import GAME
    from ..content.paths import bundled_dir

    path = bundled_dir("content") / GAME / "art" / "icons" / ICON_FILES[name]
    text = re.sub(r"<!--.*?-->", "", path.read_text(encoding="utf-8"), flags=re.S)
    body = re.search(r"<svg[^>]*>(.*)</svg>", text, flags=re.S)
    return body.group(1).strip() if body else ""


@lru_cache(maxsize=1)
def sprite() -> Markup:
    """The <symbol> elements of every picture, `pic-NAME`, for a hidden <svg> on the page."""
    bodies = {name: _icon_body(name) for name in ICON_FILES} | DRAWN
    return Markup("".join(f'<symbol id="pic-{name}" viewBox="0 0 100 100">{body}</symbol>'
                          for name, body in bodies.items()))


PAGE = {  # the editor page's words for the photo and the pictures
    "en": {"legend": "A photo of a filled plan form",
           "choose": "Open a photo", "take": "Take a photo",
           "drop": "…or drop a photo here. Forms are printed by labyrinth-pnp plan form. The "
                   "photo is read on this computer and not kept.",
           "reading": "Reading the photo…", "read": "The plan was read from the photo.",
           "unclear": "The plan was read; {n} mark(s) are unclear: they are outlined in "
                      "orange. Compare them with the form.",
           "failed": "The photo could not be sent to the server: is it still running?",
           "unclear.title": "Unclear marks on the photo", "seen": "Checked",
           "codes": "Show the text codes"},
    "ru": {"legend": "Фото заполненного бланка плана",
           "choose": "Открыть фото", "take": "Сфотографировать",
           "drop": "…или перетащите фото сюда. Бланк печатает команда labyrinth-pnp plan "
                   "form. Фото читается на этом компьютере и не сохраняется.",
           "reading": "Читаю фото…", "read": "План прочитан с фото.",
           "unclear": "План прочитан; неясных отметок: {n}, они обведены оранжевым. Сверьте "
                      "их с бланком.",
           "failed": "Фото не удалось отправить серверу: он ещё работает?",
           "unclear.title": "Неясные отметки на фото", "seen": "Проверено",
           "codes": "Показать текстовые коды"},
}
BIG = {"ru": "фото больше {mb} МБ: уменьшите его или снимите с меньшим разрешением",
       "en": "the photo is larger than {mb} MB: scale it down or take it at a lower resolution"}

def photo_too_big(lang: str) -> str:
    """The message for a photo over the upload limit."""
    return BIG[lang].format(mb=MAX_UPLOAD // (1024 * 1024))
