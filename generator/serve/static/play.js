// A player's page of a hosted game (/p/TOKEN): shows what the server tells this player and
// sends his moves. The server decides everything; this page only holds the player's draft
// (in localStorage, under the token) and never receives the plan.
const root = document.querySelector('[data-page="play-player"]');
const $ = sel => root.querySelector(sel);
const W = JSON.parse(root.dataset.words);
const token = location.pathname.split("/").pop();
const api = `/api/p/${token}`;
const DRAFT = `labyrinth-pnp.draft.${token}`;
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => k in values ? values[k] : m);
let version = 0, view = null, draft = JSON.parse(localStorage.getItem(DRAFT) || "{}");

function el(tag, props = {}, text = "") {
  const node = Object.assign(document.createElement(tag), props);
  if (text) node.textContent = text;
  return node;
}

function letters(n) { return Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i)); }

function render(v) {
  view = v;
  $('[data-role="turn"]').textContent = !v.started ? W["play.waitstart"] : v.over ? W["play.over"]
    : v.turn === v.name ? fill(W["play.yourturn"], { name: v.name }) : fill(W["play.turn"], { name: v.turn });
  $('[data-role="turn"]').dataset.mine = String(v.started && !v.over && v.turn === v.name);
  const ending = $('[data-role="ending"]');
  ending.hidden = !v.ending;
  ending.textContent = v.ending || "";
  const choice = $('[data-role="start-choice"]');
  choice.hidden = v.started || v.ready;
  const select = $('[data-role="start-cell"]');
  if (!select.options.length) {
    select.append(el("option", { value: "" }, W["play.random"]));
    for (let r = 1; r <= v.rows; r++) for (const c of letters(v.cols)) select.append(el("option", { value: c + r }, c + r));
  }
  $('[data-role="waiting"]').textContent = !v.started && v.waiting.length
    ? fill(W["play.waiting"], { names: v.waiting.join(", ") }) : "";
  $('[data-role="moves"]').hidden = Boolean(v.over) || !v.started;
  const actions = $('[data-role="actions"]');
  actions.replaceChildren();
  for (const a of v.actions || []) {
    const b = el("button", { type: "button" }, a.label);
    Object.assign(b.dataset, { action: "act", kind: a.kind, direction: a.direction || "" });
    b.addEventListener("click", () => send({ kind: a.kind, direction: a.direction }));
    actions.append(b);
  }
  if (v.started && !(v.actions || []).length && !v.over) actions.append(el("p", {}, W["play.nomoves"]));
  const me = v.me;
  $('[data-role="me"]').textContent = [
    v.start ? fill(W["play.start"], { cell: v.start }) : "",
    me ? fill(W["play.bullets"], { n: me.bullets }) : "", me ? fill(W["play.bombs"], { n: me.bombs }) : "",
    me ? (me.dead ? W["play.you.dead"] : me.wounded ? W["play.you.wounded"] : W["play.healthy"]) : "",
    me ? (me.treasure ? W["play.you.treasure"] : W["play.you.notreasure"]) : "",
  ].filter(Boolean).join(" · ");
  if (me) Object.assign($('[data-role="me"]').dataset, { bullets: me.bullets, bombs: me.bombs,
    wounded: me.wounded, dead: me.dead, treasure: me.treasure });
  const log = $('[data-role="log"]');
  log.replaceChildren(...(v.log || []).slice().reverse().map(line => el("li", {}, line)));
  drawDraft(v.rows, v.cols);
}

async function send(body) {
  $('[data-role="refusal"]').textContent = "";
  const answer = await fetch(`${api}/act`, { method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" } });
  const data = await answer.json();
  if (!answer.ok) $('[data-role="refusal"]').textContent = data.error || "";
  await poll(false);
}

async function poll(wait) {
  const answer = await fetch(wait ? `${api}?since=${version}` : api, { cache: "no-store" });
  const data = await answer.json();
  if (!answer.ok) {
    $('[data-role="refusal"]').textContent = data.error || "";
    return false;
  }
  version = data.version;
  render(data);
  return true;
}

async function loop() {
  for (;;) {
    try {
      if (!(await poll(true))) await new Promise(r => setTimeout(r, 3000));
    } catch (e) {
      await new Promise(r => setTimeout(r, 1000));  // the server restarts, the phone sleeps
    }
  }
}

// The draft: a grid of the plan's size; a cell holds a short note, an edge a drawn wall.
let drawn = "";
function drawDraft(rows, cols) {
  if (drawn === `${rows}x${cols}`) return;
  drawn = `${rows}x${cols}`;
  const grid = $('[data-role="draft"]');
  grid.style.gridTemplateColumns = `repeat(${cols}, .5rem 1fr) .5rem`;
  const items = [];
  for (let y = 0; y <= 2 * rows; y++) for (let x = 0; x <= 2 * cols; x++) {
    const r = y >> 1, c = x >> 1, name = letters(cols)[Math.min(c, cols - 1)] + (Math.min(r, rows - 1) + 1);
    if (y % 2 && x % 2) {
      const input = el("input", { maxLength: 4, value: draft[name] || "", ariaLabel: name });
      input.dataset.draftCell = name;
      input.addEventListener("input", () => { draft[name] = input.value; save(); });
      items.push(input);
    } else if (y % 2 || x % 2) {
      const key = `${x},${y}`;
      const edge = el("span", { className: "edge" + (draft[key] ? " wall" : "") });
      edge.dataset.draftEdge = key;
      edge.addEventListener("click", () => { draft[key] = !draft[key]; edge.classList.toggle("wall"); save(); });
      items.push(edge);
    } else items.push(el("span", { className: "corner" }));
  }
  grid.replaceChildren(...items);
}
function save() { localStorage.setItem(DRAFT, JSON.stringify(draft)); }

$('[data-action="choose-start"]').addEventListener("click",
  () => send({ start: $('[data-role="start-cell"]').value }));
$('[data-action="clear-draft"]').addEventListener("click", () => {
  if (!confirm(W["play.draft.sure"])) return;
  draft = {}; save(); drawn = ""; if (view) drawDraft(view.rows, view.cols);
});
poll(false).then(loop);
