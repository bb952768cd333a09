// The host's page of a hosted game (/play): the new-game form, then the whole game — the
// plan, every position, the full log, the join links, undo and the downloads. It answers on
// the host's computer only (under --lan, guard.py refuses it to other computers).
const root = document.querySelector('[data-page="play-host"]');
const $ = sel => root.querySelector(sel);
const W = JSON.parse(root.dataset.words);
const EDITOR = "labyrinth-pnp.plan";  // where the plan editor (/plan) keeps its plan
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => k in values ? values[k] : m);
let version = -1, starting = false, seats = "";  // starting: the host pressed "New game"

function el(tag, props = {}, text = "") {
  const node = Object.assign(document.createElement(tag), props);
  if (text) node.textContent = text;
  return node;
}

async function post(path, body = {}) {
  const answer = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, token: root.dataset.token }) });
  return [answer.ok, await answer.json()];
}

function render(v) {
  $('[data-role="play-form"]').hidden = v.game && !starting;
  $('[data-role="play-game"]').hidden = !v.game || starting;
  if (!v.game) return;
  $('[data-role="turn"]').textContent = !v.started ? W["play.waitstart"] : v.over ? W["play.over"]
    : fill(W["play.turn"], { name: v.turn });
  const ending = $('[data-role="ending"]');
  ending.hidden = !v.ending;
  ending.textContent = v.ending || "";
  if (seats !== JSON.stringify(v.seats)) drawSeats(v.seats);
  $('[data-action="play-begin"]').hidden = v.started;
  $('[data-role="host-layout"]').hidden = !v.started;
  drawPlan(v.plan, v.players || []);
  $('[data-role="positions"] tbody').replaceChildren(...(v.players || []).map(p => {
    const row = el("tr");
    row.dataset.player = p.name;
    const state = [p.dead ? W["play.dead"] : p.wounded ? W["play.wounded"] : "",
                   p.treasure ? W[`play.treasure.${p.treasure}`] : ""].filter(Boolean).join(", ");
    for (const text of [p.name, p.start, p.pos, p.bullets, p.bombs, state]) row.append(el("td", {}, String(text)));
    return row;
  }));
  $('[data-role="treasures"]').textContent = (v.treasures || []).length
    ? `${W["play.treasures"]}: ` + v.treasures.map(([w, at]) => `${W["play.kind." + w]} ${at}`).join(", ") : "";
  $('[data-role="destroyed"]').textContent = (v.destroyed || []).length
    ? `${W["play.destroyed"]}: ${v.destroyed.join(", ")}` : "";
  $('[data-role="host-log"]').replaceChildren(...(v.log || []).map(line => el("li", {}, line)));
  $('[data-action="undo"]').disabled = !v.undo;
  $('[data-role="downloads"]').hidden = !v.started;
  root.dataset.over = String(Boolean(v.over));
}

function drawSeats(list) {
  seats = JSON.stringify(list);
  $('[data-role="seats"]').replaceChildren(...list.map(s => {
    const item = el("li", { className: "seat" });
    item.dataset.role = "seat";
    item.dataset.player = s.name;
    const link = el("a", { href: s.link, target: "_blank" }, s.link);
    link.dataset.role = "join-link";
    item.append(el("strong", {}, s.name), " ", el("span", {}, s.ready ? W["play.ready"] : W["play.notready"]),
                el("br"), link, el("img", { src: s.qr, alt: s.link, className: "qr", width: 148, height: 148 }));
    return item;
  }));
}

// The plan's text with each player's cell marked (a cell named as the plan editor names it).
function drawPlan(text, players) {
  const lines = text.split("\n"), top = lines.findIndex(l => l.startsWith("+") && l.indexOf("+", 1) > 0);
  const pre = $('[data-role="host-plan"]');
  if (top < 0) { pre.textContent = text; return; }
  const width = lines[top].indexOf("+", 1) - 1, cols = (lines[top].match(/\+/g) || []).length - 1;
  const here = {};
  for (const p of players) if (!p.dead) (here[p.pos] = here[p.pos] || []).push(p.name);
  pre.replaceChildren(...lines.map((line, i) => {
    const rel = i - top, row = document.createElement("span");
    if (rel < 0 || rel % 2 === 0) { row.textContent = line + "\n"; return row; }
    let at = 0;
    for (let c = 0; c < cols; c++) {
      const start = c * (width + 1) + 1, name = String.fromCharCode(65 + c) + ((rel + 1) / 2);
      row.append(line.slice(at, start));
      const cell = el("span", {}, line.slice(start, start + width).padEnd(width));
      cell.dataset.cell = name;
      if (here[name]) { cell.className = "here"; cell.title = here[name].join(", "); }
      row.append(cell);
      at = start + width;
    }
    row.append(line.slice(at) + "\n");
    return row;
  }));
}

async function poll(wait) {
  const answer = await fetch(wait ? `/api/play/host?since=${version}` : "/api/play/host", { cache: "no-store" });
  const data = await answer.json();
  version = data.version;
  render(data);
}

async function loop() {
  for (;;) {
    try { await poll(true); } catch (e) { await new Promise(r => setTimeout(r, 1000)); }
  }
}

function fromEditor() { $('[data-role="play-plan"]').value = localStorage.getItem(EDITOR) || ""; }

$('[data-action="from-editor"]').addEventListener("click", fromEditor);
$('[data-action="plan-file"]').addEventListener("change", async event => {
  const file = event.target.files[0];
  if (file) $('[data-role="play-plan"]').value = await file.text();
});
$('[data-action="play-new"]').addEventListener("click", async () => {
  const errors = $('[data-role="play-error"]');
  errors.replaceChildren();
  const [ok, data] = await post("/api/play/new", {
    text: $('[data-role="play-plan"]').value, players: $('[data-role="play-players"]').value,
    lang: $('[data-role="play-lang"]').value, seed: $('[data-role="play-seed"]').value });
  if (!ok) errors.replaceChildren(...(data.errors || [data.error]).map(m => el("li", {}, m)));
  else starting = false;
  await poll(false);
});
$('[data-action="play-begin"]').addEventListener("click", () => post("/api/play/begin"));
$('[data-action="undo"]').addEventListener("click", () => post("/api/play/undo"));
$('[data-action="play-reset"]').addEventListener("click", () => {
  if (!confirm(W["play.newgame.sure"])) return;
  starting = true;
  $('[data-role="play-form"]').hidden = false;
  $('[data-role="play-game"]').hidden = true;
});
if (new URLSearchParams(location.search).get("from") === "editor") fromEditor();
poll(false).then(loop);
