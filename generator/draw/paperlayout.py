"""Where everything goes on the «Лабиринт» player and host sheets: pure geometry, no ReportLab.

Millimetres, origin at the top-left corner of the sheet's box, y growing downwards. Tests read
these numbers (cell sizes, rows of the move log) without rendering anything; the drawing code
in `papersheets.py` turns them into points.

Player sheets, per player: a notes page (the tracker, the host's answers, the symbols and as
many draft grids of the plan's size as fit), a second page of drafts when fewer than
`MIN_PAGE_DRAFTS` fit on the first, and the move log: a column per player, at least
`LOG_ROWS` rows of at least `LOG_ROW_MIN` mm, on one page or, when they do not fit, two.

The host sheet (`host_layout`): the QR code beside the title, the legend under it, the plan
filling the rest of the top, and below it the players' tracker, their positions round by
round and the host's answers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SHEET_W, SHEET_H = 185.0, 245.0
DRAFT_CELLS = (14.0, 13.0, 12.0, 11.0, 10.0, 9.0, 8.0)  # tried largest first
MIN_CELL = DRAFT_CELLS[-1]
MIN_DRAFTS = 4  # the cell is the largest that fits this many grids (when 8 mm cells do)
MIN_PAGE_DRAFTS = 2  # fewer on the notes page: a page of drafts follows it
GRID_LABELS = (5.0, 4.5)  # room for row numbers (left) and column letters (above)
GRID_GAP = 5.0
HEADER_H = 13.0
TRACKER_ROW, TRACKER_HEAD, BLOCK_TITLE = 6.5, 6.0, 6.0
ANSWER_ROWS, ANSWER_ROW = 5, 7.2
LEGEND_ROWS, LEGEND_ROW = 4, 6.3
SECTION_GAP = 3.0
LOG_ROWS, LOG_ROW_MIN = 40, 5.4
LOG_HEAD = (7.0, 5.0)  # the players' row, then the direction / answer row
LOG_ROUND_W = 9.0
LOG_DIRECTION = 0.36  # of a player's column, the direction's part
MAX_PLAYERS = 8  # players besides the host the sheets have room for


@dataclass(frozen=True)
class Rect:
    """A rectangle in mm: top-left corner, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Drafts:
    """Blank grids of the plan's size: their cell side and the top-left of each cell area."""

    rows: int
    cols: int
    cell: float
    origins: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class LogTable:
    """One page of the move log: rows numbered from `first`, a column pair per player."""

    box: Rect
    first: int
    rows: int
    row_h: float
    columns: tuple[float, ...]  # x of every column border, left to right

    @property
    def body_top(self) -> float:
        return self.box.y + sum(LOG_HEAD)


@dataclass(frozen=True)
class PlayerPage:
    """One page of a player's sheets; the parts it does not have are None."""

    kind: str  # "notes", "drafts" or "log"
    header: Rect
    tracker: Rect | None = None
    answers: Rect | None = None
    legend: Rect | None = None
    drafts: Drafts | None = None
    log: LogTable | None = None


def tracker_height(players: int) -> float:
    """Return the height of the players' tracker for this many players."""
    return BLOCK_TITLE + TRACKER_HEAD + players * TRACKER_ROW


def fit_drafts(rows: int, cols: int, area: Rect, minimum: int = MIN_DRAFTS) -> Drafts:
    """Return draft grids for area: the largest cell (≥ 8 mm) that still fits `minimum` grids.

    When fewer than `minimum` grids of 8 mm fit, the largest cell that fits as many grids as
    8 mm cells do is used (possibly no grid at all).
    """
    target = min(minimum, len(_place(rows, cols, MIN_CELL, area).origins))
    for cell in DRAFT_CELLS:
        grids = _place(rows, cols, cell, area)
        if len(grids.origins) >= target:
            return grids
    return Drafts(rows, cols, MIN_CELL, ())


def _place(rows: int, cols: int, cell: float, area: Rect) -> Drafts:
    w = GRID_LABELS[0] + cols * cell
    h = GRID_LABELS[1] + rows * cell
    across = int((area.w + GRID_GAP) // (w + GRID_GAP))
    down = int((area.h + GRID_GAP) // (h + GRID_GAP))
    if across < 1 or down < 1:
        return Drafts(rows, cols, cell, ())
    used_w = across * w + (across - 1) * GRID_GAP
    used_h = down * h + (down - 1) * GRID_GAP
    x0 = area.x + (area.w - used_w) / 2 + GRID_LABELS[0]
    y0 = area.y + (area.h - used_h) / 2 + GRID_LABELS[1]
    origins = tuple((x0 + i * (w + GRID_GAP), y0 + j * (h + GRID_GAP))
                    for j in range(down) for i in range(across))
    return Drafts(rows, cols, cell, origins)


def log_tables(players: int, width: float = SHEET_W, height: float = SHEET_H) -> list[LogTable]:
    """Return the move log's pages: LOG_ROWS rows or more, on one page if they fit, else two."""
    box = Rect(0.0, HEADER_H, width, height - HEADER_H)
    room = box.h - sum(LOG_HEAD)
    per_page = int(room // LOG_ROW_MIN)
    pages = 1 if per_page >= LOG_ROWS else 2
    rows = per_page
    if pages == 2:
        rows = max(per_page, math.ceil(LOG_ROWS / 2))
    row_h = room / rows
    columns = _log_columns(players, width)
    return [LogTable(box, 1 + k * rows, rows, row_h, columns) for k in range(pages)]


def _log_columns(players: int, width: float) -> tuple[float, ...]:
    xs = [0.0, LOG_ROUND_W]
    each = (width - LOG_ROUND_W) / players
    for k in range(players):
        left = LOG_ROUND_W + k * each
        xs += [left + each * LOG_DIRECTION, left + each]
    return tuple(xs)


def player_pages(rows: int, cols: int, players: int, width: float = SHEET_W,
                 height: float = SHEET_H) -> list[PlayerPage]:
    """Return the pages of one player's sheets for a rows × cols plan and this many players."""
    header = Rect(0.0, 0.0, width, HEADER_H)
    y = HEADER_H
    tracker = Rect(0.0, y, width, tracker_height(players))
    y = tracker.bottom + SECTION_GAP
    answers = Rect(0.0, y, width, BLOCK_TITLE + ANSWER_ROWS * ANSWER_ROW)
    y = answers.bottom + SECTION_GAP
    legend = Rect(0.0, y, width, BLOCK_TITLE + LEGEND_ROWS * LEGEND_ROW)
    y = legend.bottom + SECTION_GAP
    area = Rect(0.0, y + BLOCK_TITLE, width, height - y - BLOCK_TITLE)
    drafts = fit_drafts(rows, cols, area)
    pages = [PlayerPage("notes", header, tracker, answers, legend, drafts)]
    if len(drafts.origins) < MIN_PAGE_DRAFTS:
        more = Rect(0.0, HEADER_H + BLOCK_TITLE, width, height - HEADER_H - BLOCK_TITLE)
        pages.append(PlayerPage("drafts", header, drafts=fit_drafts(rows, cols, more)))
    pages += [PlayerPage("log", header, log=table) for table in log_tables(players, width,
                                                                           height)]
    return pages


@dataclass(frozen=True)
class HostLayout:
    """The host sheet: header, the plan with its cell size, legend, QR code and the trackers."""

    header: Rect
    plan: Rect  # the frame of the plan itself
    cell: float
    legend: Rect
    qr: Rect
    caption: Rect
    players: Rect
    positions: Rect
    answers: Rect


HOST_RIGHT = 62.0  # the column of the QR code and the legend
HOST_CELL_MAX = 17.0
HOST_LEGEND_ROW = 5.4
HOST_LOWER_MIN = 100.0
POSITION_ROW, POSITION_ROUND_W, POSITION_CELL_W = 4.6, 7.0, 9.0
TREASURES_NOW = 7.0  # the host's line of where the treasures lie now
POSITION_GAP = 3.0
MIN_HOST_ROUNDS = 24  # fewer on the host sheet's first page: a second page of positions
NOTE_LINE = 3.6  # a line of the plan's comments under the host sheet's title


def host_right(qr: float) -> float:
    """Return the width of the host sheet's right column for a QR code of side qr mm."""
    return max(HOST_RIGHT, qr + 4.0)


def host_layout(rows: int, cols: int, margins: dict[str, float], players: int,
                notes: int, legend_entries: int, qr: float, width: float = SHEET_W,
                height: float = SHEET_H) -> HostLayout:
    """Return where the host sheet's parts go.

    The QR code stands at the top right beside the title, the legend under it; the plan fills
    the rest of the top, at most HOST_CELL_MAX a cell, leaving HOST_LOWER_MIN mm at least for
    the players' tracker, their positions and the host's answers. margins: the room
    draw_plan needs outside the frame on each side, in cells; notes: lines of comment under
    the title (wrapped to the header's width); qr: the QR code's side in mm.
    """
    right_w = host_right(qr)
    header = Rect(0.0, 0.0, width - right_w - 4.0, 15.0 + notes * NOTE_LINE)
    qr_box = Rect(width - right_w + (right_w - qr) / 2, 0.0, qr, qr)
    caption = Rect(width - right_w, qr_box.bottom + 1.0, right_w, 8.0)
    legend = Rect(width - right_w, caption.bottom + 1.0, right_w,
                  BLOCK_TITLE + legend_entries * HOST_LEGEND_ROW)
    top = header.bottom + 2.0
    room_w = width - right_w - 6.0
    room_h = height - top - HOST_LOWER_MIN
    span_w = cols + margins["left"] + margins["right"]
    span_h = rows + margins["top"] + margins["bottom"]
    cell = min(HOST_CELL_MAX, room_w / span_w, room_h / span_h)
    plan_x = (room_w - cell * span_w) / 2 + margins["left"] * cell
    plan = Rect(plan_x, top + margins["top"] * cell, cols * cell, rows * cell)
    lower = max(legend.bottom, plan.bottom + margins["bottom"] * cell) + SECTION_GAP
    left_w = width * 0.6
    players_box = Rect(0.0, lower, left_w, tracker_height(players) + TREASURES_NOW)
    positions = Rect(0.0, players_box.bottom + 2.0, left_w, height - players_box.bottom - 2.0)
    answers = Rect(left_w + 5.0, lower, width - left_w - 5.0, height - lower)
    return HostLayout(header, plan, cell, legend, qr_box, caption, players_box, positions,
                      answers)


def position_blocks(players: int, box: Rect) -> tuple[int, int, float]:
    """Return (blocks side by side, rounds per block, block width) of the positions table."""
    block_w = POSITION_ROUND_W + players * POSITION_CELL_W
    blocks = max(1, int((box.w + POSITION_GAP) // (block_w + POSITION_GAP)))
    rounds = max(0, int((box.h - BLOCK_TITLE - POSITION_ROW) // POSITION_ROW))
    return blocks, rounds, block_w
