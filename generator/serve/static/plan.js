// The plan editor (/plan): draws the grid text as buttons, edits the text through the pure
// functions of plantext.js, and asks the server for the verdict after every change.
import { blank, cellAt, cellName, cycleSwamp, edgeAt, onFrame, setCell, setExit, shape,
         swampMark, toggleWall } from "./plantext.js";
import { drawCell, edgeArrow, ravineOrder } from "./planicons.js";

const root = document.querySelector('[data-page="plan"]');
const $ = sel => root.querySelector(sel);
const STORE = "labyrinth-pnp.plan";
const UNCLEAR = "labyrinth-pnp.plan.unclear";  // what the last photo left unclear
const MAX_PHOTO = 25 * 1024 * 1024;  // bytes; the server's limit (serve/guard.py MAX_UPLOAD)
const SWAMP_ANGLE = { ">": 0, "v": 90, "<": 180, "^": 270 };
const OUT_ANGLE = { right: 0, bottom: 90, left: 180, top: 270 };
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
let unclear = JSON.parse(localStorage.getItem(UNCLEAR) || "[]");

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
  const exit = kind === "open" && onFrame(shape(text), r, c, side);
  const b = button({ "data-edge": `${cellName(r, c)}-${side}`,
                     class: `edge ${horizontal ? "h" : "v"} ${kind}${exit ? " exit" : ""}`,
                     "data-kind": kind, "aria-label": `${cellName(r, c)} ${side}: ${kind}` }, "");
  if (kind === "swamp") b.append(edgeArrow("swamp", SWAMP_ANGLE[swampMark(text, r, c, side)] ?? 0));
  if (exit) b.append(edgeArrow("exit", OUT_ANGLE[side]));
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
  const codes = [];
  for (let r = 0; r < grid.rows; r++) for (let c = 0; c < grid.cols; c++) codes.push(cellAt(text, r, c));
  const ravines = ravineOrder(codes);
  for (let R = 0; R <= 2 * grid.rows; R++) {
    for (let C = 0; C <= 2 * grid.cols; C++) {
      const r = Math.floor(R / 2), c = Math.floor(C / 2);
      if (R % 2 === 0 && C % 2 === 0) board.append(Object.assign(document.createElement("span"), { className: "corner" }));
      else if (R % 2 === 0) board.append(R === 0 ? edgeButton(0, c, "top", true) : edgeButton(r - 1, c, "bottom", true));
      else if (C % 2 === 0) board.append(C === 0 ? edgeButton(r, 0, "left", false) : edgeButton(r, c - 1, "right", false));
      else {
        const b = button({ "data-cell": cellName(r, c), class: "cell" }, "");
        drawCell(b, codes[r * grid.cols + c], ravines);
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

function pin(focus = null, doubt = null) {  // highlight problems and unclear marks; focus one
  const board = $('[data-role="board"]');
  for (const node of board.querySelectorAll(".bad, .focus, [data-uncertain]")) {
    node.classList.remove("bad", "focus", "uncertain");
    delete node.dataset.uncertain;
  }
  const at = place => board.querySelector(`[data-cell="${place}"], [data-edge="${place}"]`);
  problems.forEach((p, i) => {
    for (const place of p.places) at(place)?.classList.add("bad", ...(i === focus ? ["focus"] : []));
  });
  unclear.forEach((u, i) => {
    for (const place of u.places) {
      const node = at(place);
      if (!node) continue;
      node.dataset.uncertain = "true";
      node.classList.add("uncertain", ...(i === doubt ? ["focus"] : []));
    }
  });
}

function listUnclear() {  // the photo's unclear marks, each with a button saying it was seen to
  localStorage.setItem(UNCLEAR, JSON.stringify(unclear));
  const list = $('[data-role="unclear"]');
  list.hidden = !unclear.length;
  list.querySelector("ul").replaceChildren(...unclear.map((u, i) => {
    const item = document.createElement("li");
    Object.assign(item.dataset, { role: "unclear-mark", places: u.places.join(" ") });
    item.tabIndex = 0;
    const done = button({ "data-action": "dismiss-unclear", class: "explain" }, root.dataset.seen);
    done.tabIndex = 0;
    done.addEventListener("click", event => {
      event.stopPropagation();
      unclear.splice(i, 1);
      listUnclear();
      pin();
    });
    item.append(Object.assign(document.createElement("span"), { className: "message", textContent: u.message }), " ", done);
    item.addEventListener("click", () => pin(null, i));
    item.addEventListener("keydown", e => { if (e.key === "Enter") pin(null, i); });
    return item;
  }));
}

function forget() { unclear = []; listUnclear(); }  // a plan from elsewhere: no photo's doubts

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

function load(next) { forget(); change(next.replace(/^\ufeff/, "")); pin(); }

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
  if (reply.text) { forget(); change(reply.text); pin(); }
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
  if (file && file.type.startsWith("image/")) return scanPhoto(file);  // a photo of a form
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
  forget();
  change(blank(size("rows"), size("cols"), codesOf("") === CODES.ru ? "С" : "."));
  pin();
});
$('[data-role="board"]').addEventListener("keydown", onKey);

async function scanPhoto(file) {  // read a photo of a filled plan form on the server
  const status = $('[data-role="photo-status"]');
  if (!file) return;
  if (file.size > MAX_PHOTO) {
    Object.assign(status, { textContent: root.dataset.photoBig }).dataset.ok = "false";
    return;
  }
  delete status.dataset.ok;
  delete status.dataset.unclear;
  status.textContent = root.dataset.photoReading;
  status.setAttribute("aria-busy", "true");
  busy();
  let answer;
  try {
    const reply = await fetch(`/api/plan/scan?ui=${root.dataset.lang}`, { method: "POST", body: file,
      headers: { "X-Token": root.dataset.token, "Content-Type": "application/octet-stream" } });
    answer = reply.status === 413 ? { error: root.dataset.photoBig } : await reply.json();
  } catch {
    answer = { error: root.dataset.photoFailed };
  }
  status.removeAttribute("aria-busy");
  if (answer.error) { status.textContent = answer.error; status.dataset.ok = "false"; settle(); return; }
  unclear = answer.unclear;
  listUnclear();
  status.dataset.ok = String(!unclear.length);
  status.dataset.unclear = String(unclear.length > 0);
  status.textContent = unclear.length ? root.dataset.photoUnclear.replace("{n}", unclear.length)
    : root.dataset.photoRead;
  if (answer.plan === text) { settle(); pin(); } else change(answer.plan);
}

const photoZone = $('[data-role="photo-drop"]');
for (const input of root.querySelectorAll('[data-action="import-photo"], [data-action="take-photo"]')) {
  input.addEventListener("change", e => { scanPhoto(e.target.files[0]); e.target.value = ""; });
}
photoZone.addEventListener("dragover", e => { e.preventDefault(); photoZone.classList.add("over"); });
photoZone.addEventListener("dragleave", () => photoZone.classList.remove("over"));
photoZone.addEventListener("drop", e => {
  e.preventDefault();
  photoZone.classList.remove("over");
  scanPhoto(e.dataTransfer.files[0]);
});
const showCodes = $('[data-action="show-codes"]');
showCodes.checked = localStorage.getItem("labyrinth-pnp.plan.codes") === "true";
$('[data-role="board"]').classList.toggle("codes", showCodes.checked);
showCodes.addEventListener("change", () => {
  localStorage.setItem("labyrinth-pnp.plan.codes", String(showCodes.checked));
  $('[data-role="board"]').classList.toggle("codes", showCodes.checked);
});
listUnclear();
draw();
check();
