// The plan editor (/plan): draws the grid text as buttons, edits the text through the pure
// functions of plantext.js, and asks the server for the verdict after every change.
import { blank, cellAt, cellName, cycleSwamp, edgeAt, onFrame, setCell, setExit, shape,
         toggleWall } from "./plantext.js";

const root = document.querySelector('[data-page="plan"]');
const $ = sel => root.querySelector(sel);
const STORE = "labyrinth-pnp.plan";
const CODES = {
  en: { land: ".", arsenal: "A", medpost: "H", mouth: "O", "river>": "R>", "river<": "R<",
        "river^": "R^", riverv: "Rv", real: "T+", false: "T-" },
  ru: { land: "С", arsenal: "Ар", medpost: "М", mouth: "У", "river>": "Р>", "river<": "Р<",
        "river^": "Р^", riverv: "Рv", real: "Кн", false: "Кл" },
};
const KEYS = { l: "land", ".": "land", a: "arsenal", h: "medpost", o: "mouth", ">": "river>",
               "<": "river<", "^": "river^", v: "riverv", t: "real", f: "false" };
const SIDES = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "top", ArrowDown: "bottom" };
const MOVES = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

let text = localStorage.getItem(STORE) || blank(4, 5, root.dataset.lang === "ru" ? "С" : ".");
let past = [], future = [], cursor = { r: 0, c: 0, side: "right" }, problems = [];
let asked = 0, answered = 0;  // checks asked for and the last one shown

function codesOf(plan) {  // the codes of the plan's language (Cyrillic codes: Russian)
  return /[А-яЁё]/.test(plan) ? CODES.ru : /[A-Za-z]/.test(plan) ? CODES.en
    : CODES[root.dataset.lang] || CODES.en;
}

function change(next, remember = true) {
  if (next === null || next === text) return;
  if (remember) { past.push(text); future = []; }
  text = next;
  localStorage.setItem(STORE, text);
  draw();
  check();
}

function tool() { return root.querySelector('input[name="tool"]:checked').value; }

function paint(r, c, name = tool()) {
  if (name === "swamp") return;
  let code = codesOf(text)[name];
  if (name === "hole") {
    let letter = $('input[name="hole-letter"]').value || "X";
    if (codesOf(text) === CODES.ru && letter === "X") letter = "Я";  // the default, in the plan's language
    if (codesOf(text) === CODES.en && letter === "Я") letter = "X";
    code = letter + ($('input[name="hole-number"]').value || "1");
  }
  change(setCell(text, r, c, code));
}

function edge(r, c, side, how) {
  const grid = shape(text);
  if (how === "swamp") change(cycleSwamp(text, r, c, side));
  else if (how === "exit") change(setExit(text, r, c, side));
  else if (onFrame(grid, r, c, side) && edgeAt(text, r, c, side) === "wall") change(setExit(text, r, c, side));
  else change(toggleWall(text, r, c, side));
}

function button(attrs, label) {
  const b = document.createElement("button");
  b.type = "button";
  b.tabIndex = -1;
  for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
  b.textContent = label;
  return b;
}

function edgeButton(r, c, side, horizontal) {
  const kind = edgeAt(text, r, c, side);
  const b = button({ "data-edge": `${cellName(r, c)}-${side}`, class: `edge ${horizontal ? "h" : "v"} ${kind}`,
                     "data-kind": kind, "aria-label": `${cellName(r, c)} ${side}: ${kind}` }, "");
  b.addEventListener("click", () => {
    $('[data-role="board"]').focus();
    edge(r, c, side, tool() === "swamp" ? "swamp" : "");
  });
  return b;
}

function draw() {
  const board = $('[data-role="board"]');
  const grid = shape(text);
  const focused = board.contains(document.activeElement);
  board.replaceChildren();
  if (focused) board.focus();
  if (!grid) return;
  board.style.gridTemplateColumns = `repeat(${grid.cols}, 0.4em 3em) 0.4em`;
  for (let R = 0; R <= 2 * grid.rows; R++) {
    for (let C = 0; C <= 2 * grid.cols; C++) {
      const r = Math.floor(R / 2), c = Math.floor(C / 2);
      if (R % 2 === 0 && C % 2 === 0) board.append(Object.assign(document.createElement("span"), { className: "corner" }));
      else if (R % 2 === 0) board.append(R === 0 ? edgeButton(0, c, "top", true) : edgeButton(r - 1, c, "bottom", true));
      else if (C % 2 === 0) board.append(C === 0 ? edgeButton(r, 0, "left", false) : edgeButton(r, c - 1, "right", false));
      else {
        const b = button({ "data-cell": cellName(r, c), class: "cell" }, cellAt(text, r, c));
        if (r === cursor.r && c === cursor.c) b.classList.add("cursor");
        b.addEventListener("click", () => { cursor = { ...cursor, r, c }; board.focus(); paint(r, c); });
        board.append(b);
      }
    }
  }
  const mark = board.querySelector(`[data-edge="${edgeName(cursor)}"]`);
  if (mark) mark.classList.add("cursor");
  pin();
}

function edgeName({ r, c, side }) {  // the hook name of a cell's edge (as planviews.place_at)
  if (side === "right" || side === "bottom") return `${cellName(r, c)}-${side}`;
  if (side === "left") return c === 0 ? `${cellName(r, 0)}-left` : `${cellName(r, c - 1)}-right`;
  return r === 0 ? `${cellName(0, c)}-top` : `${cellName(r - 1, c)}-bottom`;
}

function pin(focus = null) {  // highlight the places of every problem; focus one of them
  const board = $('[data-role="board"]');
  for (const node of board.querySelectorAll(".bad, .focus")) node.classList.remove("bad", "focus");
  problems.forEach((p, i) => {
    for (const place of p.places) {
      const node = board.querySelector(`[data-cell="${place}"], [data-edge="${place}"]`);
      if (node) node.classList.add("bad", ...(i === focus ? ["focus"] : []));
    }
  });
}

async function check() {
  const mine = ++asked;
  const verdict = $('[data-role="verdict"]');
  verdict.setAttribute("aria-busy", "true");
  const reply = await fetch("/api/plan/check", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text, token: root.dataset.token }) });
  const report = await reply.json();
  if (mine !== asked) return;  // a later change is being checked
  answered = mine;
  verdict.removeAttribute("aria-busy");
  if (report.error) { verdict.textContent = report.error; verdict.dataset.ok = "false"; return; }
  problems = report.problems;
  const errors = problems.filter(p => p.severity === "error").length;
  const warnings = problems.length - errors;
  verdict.dataset.ok = String(report.valid);
  verdict.textContent = (report.valid ? root.dataset.ok : root.dataset.bad.replace("{n}", errors)) +
    (warnings ? " " + root.dataset.warnings.replace("{n}", warnings) : "");
  const list = $('[data-role="problems"]');
  list.replaceChildren(...problems.map((p, i) => {
    const item = document.createElement("li");
    Object.assign(item.dataset, { role: "problem", rule: p.rule, places: p.places.join(" ") });
    item.className = p.severity;
    const where = Object.assign(document.createElement("code"), { textContent: `${p.line}:${p.column} ${p.severity}[${p.rule}]` });
    const message = Object.assign(document.createElement("span"), { className: "message", textContent: p.message });
    const why = button({ "data-action": "explain", class: "explain" }, root.dataset.explain);
    why.tabIndex = 0;
    why.addEventListener("click", async event => {
      event.stopPropagation();
      const box = $('[data-role="explanation"]');
      box.textContent = (await (await fetch(`/api/plan/explain/${p.rule}`)).json()).text;
      box.hidden = false;
    });
    item.append(where, " ", message, " ", why);
    item.tabIndex = 0;
    item.addEventListener("click", () => pin(i));
    item.addEventListener("keydown", e => { if (e.key === "Enter") pin(i); });
    return item;
  }));
  $('[data-role="explanation"]').hidden = true;
  pin();
}

function onKey(event) {
  const grid = shape(text);
  if (!grid) return;
  const key = event.key;
  if ((event.ctrlKey || event.metaKey) && (key === "z" || key === "y")) {
    event.preventDefault();
    return key === "z" ? undo() : redo();
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (MOVES[key]) {
    event.preventDefault();
    if (event.shiftKey) cursor = { ...cursor, side: SIDES[key] };
    else {
      const [dr, dc] = MOVES[key];
      cursor = { r: Math.min(grid.rows - 1, Math.max(0, cursor.r + dr)),
                 c: Math.min(grid.cols - 1, Math.max(0, cursor.c + dc)), side: SIDES[key] };
    }
    return draw();
  }
  const { r, c, side } = cursor;
  // letters by their place on the keyboard, so that they work in a Russian layout too
  const lower = /^Key[A-Z]$/.test(event.code || "") ? event.code.slice(3).toLowerCase()
    : key.toLowerCase();
  if (key === " ") { event.preventDefault(); return edge(r, c, side, ""); }
  if (lower === "e") return edge(r, c, side, "exit");
  if (lower === "s") return edge(r, c, side, "swamp");
  if (/^[1-9]$/.test(key)) {
    $('input[name="hole-number"]').value = key;
    return paint(r, c, "hole");
  }
  const name = KEYS[key] || KEYS[lower];  // > < ^ by the character they type
  if (name) { event.preventDefault(); paint(r, c, name); }
}

function undo() { if (past.length) { future.push(text); change(past.pop(), false); } }
function redo() { if (future.length) { past.push(text); change(future.pop(), false); } }

function load(next) { change(next.replace(/^\ufeff/, "")); }

function download(blob = new Blob([text], { type: "text/plain;charset=utf-8" }), name = "plan.txt") {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function random() {
  busy();
  const query = new URLSearchParams();
  for (const name of ["rows", "cols", "seed", "rivers", "holes", "difficulty"]) {
    const value = root.querySelector(`[name="${name}"]`).value;
    if (value !== "") query.set(name, value);
  }
  const reply = await (await fetch(`/api/plan/random?${query}`)).json();
  $('[data-role="random-error"]').textContent = reply.error || "";
  if (reply.text) change(reply.text);
  settle();
}

const importBox = $('[data-role="plan-import"]');
$('[data-action="import"]').addEventListener("click", () => load(importBox.value));
function busy() { $('[data-role="verdict"]').setAttribute("aria-busy", "true"); }

function settle() {  // no check is under way (nothing changed after all): the verdict stands
  if (answered === asked) $('[data-role="verdict"]').removeAttribute("aria-busy");
}

$('[data-action="import-file"]').addEventListener("change", async e => {
  if (!e.target.files[0]) return;
  busy();
  load(await e.target.files[0].text());
  settle();
});
importBox.addEventListener("dragover", e => e.preventDefault());
importBox.addEventListener("drop", async e => {
  e.preventDefault();
  const file = e.dataTransfer.files[0];
  if (file) { busy(); importBox.value = await file.text(); load(importBox.value); settle(); }
});
$('[data-action="export-text"]').addEventListener("click", () => download());
for (const kind of ["host", "players"]) {
  $(`[data-action="print-${kind}"]`).addEventListener("click", async () => {
    const paper = $('[name="paper"]').value, box = $('[data-role="print-error"]');
    box.textContent = "";
    const reply = await fetch("/api/plan/print", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text, token: root.dataset.token, kind, paper }) });
    if (reply.ok) return download(await reply.blob(), `plan-${kind}-${root.dataset.lang}-${paper}.pdf`);
    const answer = await reply.json();
    box.textContent = [answer.error, ...(answer.problems || [])].join(" ");
  });
}
$('[data-action="copy-text"]').addEventListener("click", () => navigator.clipboard.writeText(text));
$('[data-action="undo"]').addEventListener("click", undo);
$('[data-action="redo"]').addEventListener("click", redo);
$('[data-action="random"]').addEventListener("click", random);
$('[data-action="new"]').addEventListener("click", () => {
  const size = name => Math.min(12, Math.max(2, Number(root.querySelector(`[name="${name}"]`).value) || 4));
  change(blank(size("rows"), size("cols"), codesOf("") === CODES.ru ? "С" : "."));
});
$('[data-role="board"]').addEventListener("keydown", onKey);
draw();
check();
