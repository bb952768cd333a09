// Pure functions over a plan's grid text (the format `plan check` reads, docs/plan-format.md).
// They only move characters: whether the plan is valid is always asked of the server.

export const LETTERS = "ABCDEFGHIJKL";

export function cellName(r, c) {
  return LETTERS[c] + String(r + 1);
}

// The grid of a text: its lines, the first grid line, the cell width, rows and columns.
export function shape(text) {
  const lines = text.split("\n");
  const top = lines.findIndex(line => line.startsWith("+") && line.indexOf("+", 1) > 0);
  if (top < 0) return null;
  const width = lines[top].indexOf("+", 1) - 1;
  const cols = (lines[top].replace(/\r$/, "").length - 1) / (width + 1);
  let rows = 0;
  while (top + 2 * rows + 2 < lines.length && lines[top + 2 * rows + 2].startsWith("+")) rows++;
  if (!rows || !Number.isInteger(cols) || width < 1) return null;
  return { lines, top, width, rows, cols };
}

// An empty plan: walls all round, land everywhere (no exit yet).
export function blank(rows, cols, land = ".") {
  const border = "+" + "--+".repeat(cols);
  const cells = "|" + Array(cols).fill(land.padEnd(2)).join(" ") + "|";
  const lines = [border];
  for (let r = 0; r < rows; r++) lines.push(cells, border);
  return lines.join("\n") + "\n";
}

function replaceAt(grid, index, column, piece) {
  const lines = grid.lines.slice();
  let line = lines[index];
  const cr = line.endsWith("\r") ? "\r" : "";
  if (cr) line = line.slice(0, -1);
  line = line.padEnd(grid.cols * (grid.width + 1) + 1);
  line = (line.slice(0, column) + piece + line.slice(column + piece.length)).replace(/ +$/, "");
  lines[index] = line + cr;
  return lines.join("\n");
}

function padded(grid, index) {
  return grid.lines[index].replace(/\r$/, "").padEnd(grid.cols * (grid.width + 1) + 1);
}

// The code in cell (r, c), without its padding.
export function cellAt(text, r, c) {
  const grid = shape(text);
  const start = c * (grid.width + 1) + 1;
  return padded(grid, grid.top + 2 * r + 1).slice(start, start + grid.width).trim();
}

// The text with code written in cell (r, c); null when the code does not fit the cell.
export function setCell(text, r, c, code) {
  const grid = shape(text);
  if ([...code].length > grid.width) return null;
  return replaceAt(grid, grid.top + 2 * r + 1, c * (grid.width + 1) + 1, code.padEnd(grid.width));
}

// Where the edge `side` of cell (r, c) is: its line, first column and length.
function edgeSpot(grid, r, c, side) {
  const step = grid.width + 1;
  if (side === "left" || side === "right") {
    return { index: grid.top + 2 * r + 1, column: (side === "left" ? c : c + 1) * step, length: 1 };
  }
  return { index: grid.top + 2 * r + (side === "top" ? 0 : 2), column: c * step + 1,
           length: grid.width };
}

export function onFrame(grid, r, c, side) {
  return (side === "left" && c === 0) || (side === "top" && r === 0) ||
         (side === "right" && c === grid.cols - 1) || (side === "bottom" && r === grid.rows - 1);
}

// What stands on an edge: "wall", "open" or "swamp".
export function edgeAt(text, r, c, side) {
  const grid = shape(text);
  const spot = edgeSpot(grid, r, c, side);
  const mark = padded(grid, spot.index).slice(spot.column, spot.column + spot.length);
  if (/^[-=|‖]+$/.test(mark)) return "wall";
  if (/^ +$/.test(mark)) return "open";
  return "swamp";
}

function setEdge(text, r, c, side, kind) {
  const grid = shape(text);
  const spot = edgeSpot(grid, r, c, side);
  const across = spot.length === 1;
  const mark = { wall: across ? "|" : "-", open: " ", into: across ? ">" : "v",
                 back: across ? "<" : "^" }[kind];
  return replaceAt(grid, spot.index, spot.column, mark.repeat(spot.length));
}

// The text with the wall on an edge put up or taken away (an open frame edge is an exit).
export function toggleWall(text, r, c, side) {
  return setEdge(text, r, c, side, edgeAt(text, r, c, side) === "wall" ? "open" : "wall");
}

// The text with this frame edge the only opening of the frame.
export function setExit(text, r, c, side) {
  const grid = shape(text);
  if (!onFrame(grid, r, c, side)) return text;
  let out = text;
  for (let i = 0; i < grid.rows; i++) {
    for (let j = 0; j < grid.cols; j++) {
      for (const s of ["left", "right", "top", "bottom"]) {
        if (onFrame(grid, i, j, s) && edgeAt(out, i, j, s) === "open") out = setEdge(out, i, j, s, "wall");
      }
    }
  }
  return setEdge(out, r, c, side, "open");
}

// The text with the swamp on an inner edge turned: none → into the next cell → back → none.
export function cycleSwamp(text, r, c, side) {
  const grid = shape(text);
  if (onFrame(grid, r, c, side)) return text;
  if (side === "left") return cycleSwamp(text, r, c - 1, "right");
  if (side === "top") return cycleSwamp(text, r - 1, c, "bottom");
  const spot = edgeSpot(grid, r, c, side);
  const mark = padded(grid, spot.index)[spot.column];
  const next = { ">": "back", "v": "back", "<": "open", "^": "open" }[mark] || "into";
  return setEdge(text, r, c, side, next);
}

// The character of a swamp's arrow on an edge: `>` `<` across a side, `v` `^` across a top or
// bottom (the direction it flows in, into the mouth).
export function swampMark(text, r, c, side) {
  const grid = shape(text);
  const spot = edgeSpot(grid, r, c, side);
  return padded(grid, spot.index)[spot.column];
}
