// The pictures of the plan editor's grid: the host sheet's symbols (generator/draw/plan.py),
// as inline SVG that uses the symbols of the page's sprite (templates/plan.html). The code of a
// cell is only looked up in the table of exact codes below to choose a picture; a code not in
// it (a look-alike or a mistake) is shown as text, and the checker says what it is.

const SVG = "http://www.w3.org/2000/svg";
const FLOWS = { ">": 0, "→": 0, "v": 90, "↓": 90, "<": 180, "←": 180, "^": 270, "↑": 270 };
const KINDS = { "": "land", ".": "land", L: "land", "С": "land", A: "arsenal", "Ар": "arsenal",
                "А": "arsenal", H: "medpost", "М": "medpost", O: "mouth", "У": "mouth",
                "Ус": "mouth", "T+": "real", "Кн": "real", "T-": "false", "Кл": "false" };
const NOT_HOLES = "САМУРКLAHORT";
// one colour per ravine, in the order the ravines are met row by row (as on the host sheet)
export const RAVINE_COLOURS = ["#7a5230", "#7b3f9e", "#0f7c7c", "#c25e00", "#55702a", "#b0306a"];

// What a code shows: {kind, angle} for a river, {kind, letter} for a hole, {kind} otherwise;
// kind "text" for a code that has no picture.
export function pictureOf(code) {
  if (code in KINDS) return { kind: KINDS[code] };
  const chars = [...code];
  if (chars.length === 2 && (chars[0] === "R" || chars[0] === "Р") && chars[1] in FLOWS) {
    return { kind: "river", angle: FLOWS[chars[1]] };
  }
  if (/^\p{L}\d{1,3}$/u.test(code) && !NOT_HOLES.includes(chars[0].toUpperCase())) {
    return { kind: "hole", letter: chars[0].toUpperCase() };
  }
  return { kind: "text" };
}

function use(symbol, transform = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "pic");
  svg.setAttribute("aria-hidden", "true");
  const link = document.createElementNS(SVG, "use");
  link.setAttribute("href", `#pic-${symbol}`);
  if (transform) link.setAttribute("transform", transform);
  svg.append(link);
  return svg;
}

// Fill a cell's button with the picture of code (its colour for a hole: its ravine's).
export function drawCell(button, code, ravines) {
  const seen = pictureOf(code);
  const label = Object.assign(document.createElement("span"), { className: "code", textContent: code });
  button.dataset.kind = seen.kind;
  button.title = code;
  button.setAttribute("aria-label", code || "·");
  if (seen.kind === "river") button.append(use("river", `rotate(${seen.angle} 50 50)`));
  else if (seen.kind === "hole") {
    button.style.setProperty("--ravine",
      RAVINE_COLOURS[Math.max(0, ravines.indexOf(seen.letter)) % RAVINE_COLOURS.length]);
    button.append(use("hole"));
  } else if (seen.kind !== "land" && seen.kind !== "text") button.append(use(seen.kind));
  button.append(label);
}

// The ravines' letters in the order they are first met, row by row.
export function ravineOrder(codes) {
  const seen = [];
  for (const code of codes) {
    const picture = pictureOf(code);
    if (picture.kind === "hole" && !seen.includes(picture.letter)) seen.push(picture.letter);
  }
  return seen;
}

// An arrow over an edge: a swamp's double arrow into its mouth, or the exit's arrow outwards.
export function edgeArrow(kind, angle) {
  return use(kind === "swamp" ? "swamp" : "exit", `rotate(${angle} 50 50)`);
}
