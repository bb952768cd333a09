// The pages' script: the Print page's preview and the pages that follow saved files.
// Plain ES module, no library: every rule stays in the Python code, this only asks and shows.

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("data-") || key === "class" || key === "alt" || key === "src" ||
             key === "lang" || key === "role" || key === "loading" ||
             key === "width" || key === "height") node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function fmt(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
}

function problemList(problems) {
  const list = el("ul", { class: "problems" });
  for (const p of problems) {
    list.append(el("li", { "data-role": "problem", class: p.severity },
      el("code", { class: "where", text: p.where }), " " + p.message,
      p.line ? el("pre", { text: p.line }) : null));
  }
  return list;
}

function failureBox(failure) {
  return el("div", { class: "failure", role: "alert", "data-role": "failure" },
    el("h3", { text: failure.title }), failure.message ? el("p", { text: failure.message }) : null,
    failure.problems.length ? problemList(failure.problems) : null);
}

// ---- following saved files -------------------------------------------------------------
let version = Number(document.body.dataset.version);
const onChange = [];
async function poll() {  // the server answers as soon as a file changes, or after a second
  let wait = 0;
  try {
    const answer = await (await fetch(`/api/version?since=${version}`, { cache: "no-store" })).json();
    if (answer.version !== version) {
      version = answer.version;
      for (const callback of onChange) await callback(version);
    }
  } catch (_) { wait = 2000; /* the server stopped: keep the page as it is, ask again later */ }
  setTimeout(poll, wait);
}

// ---- the Print page --------------------------------------------------------------------
function printPage(root) {
  const form = $("#choice");
  const game = root.dataset.game;
  const status = $("#status");
  const download = $('[data-action="download"]');
  const boxes = () => $$('input[name="piece"]');
  let asked = 0;

  function query() {
    return new URLSearchParams(new FormData(form)).toString();
  }

  function restore() {  // the choices in the address, so a reload keeps them
    const params = new URLSearchParams(location.search);
    const pieces = new Set(params.getAll("piece"));
    for (const box of boxes()) box.checked = pieces.has(box.value);
    for (const [name, value] of params) {
      const field = form.elements[name];
      if (!field || name === "piece" || name === "lang") continue;
      if (field instanceof RadioNodeList) field.value = value;
      else if (field.type === "checkbox") field.checked = value === "on";
      else field.value = value;
    }
  }

  function sheetFigure(page, number) {
    const side = page.side === "back" ? root.dataset.back : root.dataset.front;
    return el("figure", { "data-side": page.side },
      el("img", { src: page.url, alt: `${fmt(root.dataset.sheet, { n: number })}, ${side}`,
                  loading: "lazy", width: page.size[0], height: page.size[1] }),
      el("figcaption", { text: `${fmt(root.dataset.sheet, { n: number })} · ${side}` }),
      el("div", { class: "sheet-text", "data-role": "sheet-text", text: page.text }));
  }

  async function refresh() {
    const n = boxes().filter((b) => b.checked).length;
    $("#chosen").textContent = n ? fmt(root.dataset.chosen, { n }) : "";
    const mine = ++asked;
    const q = query();
    history.replaceState(null, "", `?${q}`);
    const switchUi = $('[data-action="switch-ui"]');  // switching keeps the choices
    switchUi.href = `?${q}&ui=${switchUi.getAttribute("lang")}`;
    status.textContent = root.dataset.wait;
    root.setAttribute("aria-busy", "true");
    const answer = await (await fetch(`/api/preview/${game}?${q}`, { cache: "no-store" })).json();
    if (mine !== asked) return;
    root.removeAttribute("aria-busy");
    const sheets = $("#sheets");
    $("#failure").replaceChildren();
    if (answer.failure) {
      sheets.replaceChildren();
      download.hidden = true;
      $(".command").hidden = true;
      // nothing chosen yet is not a failure, unless there is nothing to choose from
      const real = n || form.elements.what.value !== "pieces" || !boxes().length;
      status.textContent = real ? "" : root.dataset.pick;
      if (real) $("#failure").append(failureBox(answer.failure));
      return;
    }
    const figures = answer.sheets.map((sheet, i) =>
      el("div", { class: "sheet", "data-role": "sheet" }, ...sheet.map((p) => sheetFigure(p, i + 1))));
    sheets.replaceChildren(...figures);
    status.textContent = fmt(root.dataset.sheets,
      { n: answer.sheets.length, pages: answer.pages, file: answer.file });
    download.href = answer.download;
    download.setAttribute("download", answer.file);
    download.hidden = false;
    $("#command").textContent = answer.command;
    $(".command").hidden = false;
  }

  async function guide() {
    const params = new URLSearchParams(new FormData(form));
    const q = new URLSearchParams({ lang: params.get("lang"), paper: params.get("paper"),
      duplex: params.get("duplex"), what: "part", part: "print-guide" });
    const answer = await (await fetch(`/api/preview/${game}?${q}`, { cache: "no-store" })).json();
    const box = $("#guide");
    if (answer.failure) { box.replaceChildren(); return; }
    box.replaceChildren(...answer.sheets.flat().map((p) =>
      el("figure", {}, el("img", { src: p.url, alt: p.text.slice(0, 300), width: p.size[0],
                                   height: p.size[1] }))));
  }

  document.addEventListener("change", (event) => {  // pieces belong to the form from outside it
    const target = event.target;
    if (target.form !== form) return;
    if (target.name === "lang") {  // the pictures are in another language: a new page
      location.search = `?${query()}`;
      return;
    }
    if (target.name === "piece" && target.checked) form.elements.what.value = "pieces";
    if (target.name === "part") form.elements.what.value = "part";
    refresh();
    if (["paper", "duplex", "lang"].includes(target.name)) guide();
  });
  for (const button of $$("[data-action=select-kind], [data-action=clear-kind]")) {
    button.addEventListener("click", () => {
      const on = button.dataset.action === "select-kind";
      const group = button.closest(".group");
      for (const box of $$('input[name="piece"]', group)) box.checked = on;
      if (on) form.elements.what.value = "pieces";
      refresh();
    });
  }
  for (const group of $$(".catalogue .group")) {  // one Tab stop a kind; arrows inside it
    const items = $$('input[name="piece"]', group);
    items.forEach((box, i) => { box.tabIndex = i === 0 ? 0 : -1; });
    group.addEventListener("keydown", (event) => {
      const i = items.indexOf(document.activeElement);
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1,
        Home: -i, End: items.length - 1 - i }[event.key];
      if (i < 0 || step === undefined) return;
      event.preventDefault();
      const next = items[Math.max(0, Math.min(items.length - 1, i + step))];
      items[i].tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    });
  }
  onChange.push(async (v) => {  // the sheets first: they are what the player looks at
    await refresh();
    await guide();
    for (const img of $$(".catalogue img")) {
      img.src = img.src.replace(/\/\d+\/([^/]+)\/(front|back)\.png$/, `/${v}/$1/$2.png`);
    }
  });
  restore();
  refresh();
  guide();
}

// ---- the Check page --------------------------------------------------------------------
function checkPage(root) {
  onChange.push(async () => {
    root.setAttribute("aria-busy", "true");
    const answer = await (await fetch("/api/check", { cache: "no-store" })).json();
    root.removeAttribute("aria-busy");
    const count = answer.problems.length;
    const verdict = answer.ok
      ? root.dataset.ok + (count ? " " + fmt(root.dataset.warnings, { n: count }) : "")
      : fmt(root.dataset.count, { n: count });
    const parts = [el("p", { class: "verdict", "data-role": "verdict", text: verdict })];
    if (answer.message) parts.push(el("p", { text: answer.message }));
    root.replaceChildren(...parts, problemList(answer.problems));
  });
}

const print = $('[data-page="print"]');
if (print) printPage(print);
const check = $('[data-page="check"]');
if (check) checkPage(check);
poll();
