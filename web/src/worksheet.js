// The worksheet: input cells run one after another in one session; outputs in Unicode or
// ASCII, pictures inline, errors with the caret report; history with the arrow keys;
// completion with Tab; the program kept in the URL (#code=…) and in localStorage, the
// worksheet (cells, their outputs, the session's image) in IndexedDB, so that a reload
// shows it as it was and runs nothing again; saved to and opened from .cgt files.
'use strict';

const engine = new Engine();
const sheet = document.getElementById('sheet');
const history = [];
let historyAt = 0;
let queue = Promise.resolve();

function notation() {
  return document.getElementById('ascii').checked ? 'ascii' : 'unicode';
}

function element(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

// ---- cells ----

function newCell(source = '', focus = true) {
  const cell = element('div', 'cell');
  const input = element('div', 'in');
  input.append(element('span', 'prompt', '›'));
  const text = element('textarea');
  text.spellcheck = false;
  text.rows = 1;
  text.value = source;
  text.defaultValue = source; // so that the program shows in the DOM (and --dump-dom)
  text.setAttribute('aria-label', 'cgt input');
  input.append(text);
  cell.append(input, element('div', 'completions'), element('div', 'outs'));
  sheet.append(cell);
  fit(text);
  text.addEventListener('input', () => fit(text));
  text.addEventListener('keydown', (e) => onKey(e, cell));
  if (focus) text.focus();
  return cell;
}

// As tall as its lines, wrapped ones included (on a phone a long line wraps).
function fit(text) {
  text.rows = Math.max(1, text.value.split('\n').length);
  text.style.height = 'auto';
  if (text.scrollHeight > text.clientHeight) text.style.height = `${text.scrollHeight + 2}px`;
}

function cells() {
  return [...sheet.querySelectorAll('.cell')];
}

function source(cell) {
  return cell.querySelector('textarea').value;
}

function onKey(e, cell) {
  const text = e.target;
  const before = text.value.slice(0, text.selectionStart);
  const after = text.value.slice(text.selectionEnd);
  if (e.key === 'Enter' && !e.shiftKey) {
    e.preventDefault();
    history.push(text.value);
    historyAt = history.length;
    runCell(cell, true);
  } else if (e.key === 'ArrowUp' && !before.includes('\n') && history.length) {
    e.preventDefault();
    historyAt = Math.max(0, historyAt - 1);
    text.value = history[historyAt];
    fit(text);
  } else if (e.key === 'ArrowDown' && !after.includes('\n') && historyAt < history.length) {
    e.preventDefault();
    historyAt += 1;
    text.value = historyAt < history.length ? history[historyAt] : '';
    fit(text);
  } else if (e.key === 'Tab') {
    e.preventDefault();
    complete(cell);
  } else if (e.key === 'Escape') {
    cell.querySelector('.completions').replaceChildren();
  }
}

// Completes the name before the caret: at once when one name fits, else lists them.
async function complete(cell) {
  const text = cell.querySelector('textarea');
  const before = text.value.slice(0, text.selectionStart);
  const prefix = (before.match(/[A-Za-z_][A-Za-z0-9_]*$/) || [''])[0];
  const box = cell.querySelector('.completions');
  box.replaceChildren();
  if (!prefix) return;
  const reply = await engine.call('completions', prefix);
  if (!reply.ok) return;
  const insert = (name) => {
    const at = text.selectionStart;
    text.setRangeText(name.slice(prefix.length), at, at, 'end');
    box.replaceChildren();
    text.focus();
  };
  if (reply.value.length === 1) return insert(reply.value[0]);
  for (const name of reply.value.slice(0, 40)) {
    const b = element('button', 'completion', name);
    b.addEventListener('click', () => insert(name));
    box.append(b);
  }
}

// Runs a cell (after those already queued); with `advance`, moves on to the next cell,
// making one at the end.
function runCell(cell, advance) {
  const src = source(cell);
  cell.querySelector('.completions').replaceChildren();
  if (advance) {
    const next = cell.nextElementSibling || newCell('', false);
    next.querySelector('textarea').focus();
  }
  save();
  const help = src.trim().match(/^:help\s*(.*)$/);
  if (help) {
    openHelp(help[1]);
    return queue;
  }
  const outs = cell.querySelector('.outs');
  outs.replaceChildren(element('div', 'running', 'running…'));
  cell.classList.add('running');
  cell.dataset.state = 'running';
  queue = queue.then(async () => {
    const generation = engine.generation;
    const reply = await engine.run(src);
    cell.classList.remove('running');
    if (reply.ok) {
      cell.result = { ...reply.value, generation };
      cell.dataset.ran = 'done';
    } else {
      const message = reply.stopped ? 'stopped (the session and its bindings are kept)' : reply.trap;
      cell.result = { outputs: [], lines: [], error: { message, report: `error: ${message}` } };
      // Neither a stopped cell nor one that trapped runs again by itself on a reload.
      cell.dataset.ran = 'stopped';
    }
    render(cell);
    cell.dataset.state = 'done';
    keep();
  });
  return queue;
}

function render(cell) {
  const outs = cell.querySelector('.outs');
  outs.replaceChildren();
  const result = cell.result;
  if (!result) return;
  for (const line of result.lines) {
    if ('text' in line) {
      const p = element('div', 'print', line.text);
      p.dataset.cgtOutput = line.text;
      outs.append(p);
    } else {
      outs.append(renderOutput(result.outputs[line.value], result.generation));
    }
  }
  if (result.error) {
    const e = element('pre', 'error', result.error.report);
    e.dataset.cgtError = result.error.message;
    outs.append(e);
  }
}

function renderOutput(output, generation) {
  const text = output[notation()];
  const out = element('div', 'out');
  out.dataset.cgtOutput = text;
  out.dataset.kind = output.kind;
  const value = element('span', 'value', text);
  out.append(value);
  if (output.explorable) {
    value.classList.add('explorable');
    value.title = 'open in the explorer';
    value.addEventListener('click', () => openExplorer({ id: output.id, generation }));
  }
  // A number's tree is the number itself: no button for it.
  if (output.explorable && !output.svg && output.kind !== 'number') {
    const tree = element('button', 'small', 'tree');
    tree.title = 'draw the game tree';
    tree.addEventListener('click', async () => {
      tree.remove();
      if (generation !== engine.generation) return;
      const reply = await engine.call('picture', output.id);
      if (reply.ok && reply.value.svg) out.append(picture(reply.value.svg));
    });
    out.append(tree);
  }
  if (output.svg) out.append(picture(output.svg));
  return out;
}

function picture(svg) {
  const p = element('div', 'picture');
  p.innerHTML = svg;
  return p;
}

// ---- the program: cells, URL and storage ----

function program() {
  return cells().map(source).filter((s) => s.trim()).join('\n\n');
}

function save() {
  const code = program();
  localStorage.setItem('cgt-program', code);
  window.history.replaceState(null, '', `#code=${encodeURIComponent(code)}`);
}

// ---- the worksheet kept across reloads (IndexedDB) ----

// The largest image of the session kept with the worksheet.
const KEPT_IMAGE_LIMIT = 64 * 1024 * 1024;

function database() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('cgt', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('worksheet');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function stored(mode, act) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const request = act(db.transaction('worksheet', mode).objectStore('worksheet'));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// Keeps the worksheet: each cell's source, outputs and whether it ran, and the image of
// the session (when not too large) with the module it belongs to.
let keeping = Promise.resolve();
function keep() {
  const worksheet = {
    program: program(),
    cells: cells().map((c) => ({
      source: source(c),
      result: c.result ? { ...c.result, generation: undefined } : null,
      ran: c.dataset.ran || null,
    })),
    image: engine.image && engine.image.byteLength <= KEPT_IMAGE_LIMIT ? engine.image : null,
  };
  keeping = keeping.then(async () => {
    worksheet.build = await engine.build;
    await stored('readwrite', (s) => s.put(worksheet, 'current'));
  }).catch(() => {});
  return keeping;
}

async function kept() {
  try {
    return (await stored('readonly', (s) => s.get('current'))) || null;
  } catch {
    return null;
  }
}

// Shows a kept worksheet as it was. With its image the session is restored and nothing
// runs; without (another build of the module, or too large to keep), the cells that had
// run to their end run again, and a stopped cell stays stopped until run by hand.
async function reopen(worksheet) {
  sheet.replaceChildren();
  const restored = await engine.adopt(worksheet.image, worksheet.build);
  const again = [];
  for (const c of worksheet.cells) {
    if (!c.source.trim()) continue;
    const cell = newCell(c.source, false);
    if (!c.result) continue;
    cell.result = { ...c.result, generation: engine.generation };
    cell.dataset.ran = c.ran || 'done';
    cell.dataset.state = 'done';
    render(cell);
    if (!restored && cell.dataset.ran === 'done') again.push(cell);
  }
  const last = newCell('', false);
  for (const cell of again) runCell(cell, false);
  queue.then(() => last.querySelector('textarea').focus());
  save();
}

// ---- files ----

function saveFile() {
  const url = URL.createObjectURL(new Blob([`${program()}\n`], { type: 'text/plain' }));
  const link = element('a');
  link.href = url;
  link.download = 'worksheet.cgt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function openFile(input) {
  const file = input.files[0];
  input.value = '';
  if (!file) return;
  load(await file.text());
  document.getElementById('status').textContent = file.name;
}

// Replaces the worksheet by a program, a cell per paragraph, and runs it.
function load(code) {
  sheet.replaceChildren();
  const paragraphs = code.split(/\n[ \t]*\n/).map((p) => p.replace(/^\n+|\n+$/g, '')).filter((p) => p.trim());
  for (const p of paragraphs) newCell(p, false);
  const last = newCell('', false);
  for (const cell of cells().slice(0, -1)) runCell(cell, false);
  queue.then(() => last.querySelector('textarea').focus());
  save();
}

function fromFragment() {
  const m = window.location.hash.match(/^#code=(.*)$/s);
  return m ? decodeURIComponent(m[1]) : null;
}

// ---- toolbar ----

document.getElementById('stop').addEventListener('click', () => engine.restart());
document.getElementById('ascii').addEventListener('change', async () => {
  await engine.setNotation(notation());
  cells().forEach(render);
});
// A clear worksheet is a new session: no bindings are kept or replayed.
document.getElementById('clear').addEventListener('click', () => {
  engine.reset();
  sheet.replaceChildren();
  newCell();
  save();
  keep();
});
document.getElementById('save').addEventListener('click', saveFile);
document.getElementById('open').addEventListener('click', () => document.getElementById('file').click());
document.getElementById('file').addEventListener('change', (e) => openFile(e.target));
document.getElementById('share').addEventListener('click', async () => {
  save();
  try {
    await navigator.clipboard.writeText(window.location.href);
    document.getElementById('status').textContent = 'link copied';
  } catch {
    document.getElementById('status').textContent = 'the link is in the address bar';
  }
});

async function loadExamples() {
  const menu = document.getElementById('examples');
  try {
    const names = await (await fetch('examples/index.json')).json();
    for (const name of names) menu.append(new Option(name, name));
  } catch {
    menu.disabled = true;
  }
  menu.addEventListener('change', async () => {
    if (!menu.value) return;
    load(await (await fetch(`examples/${menu.value}.cgt`)).text());
    menu.value = '';
  });
}

setInterval(() => {
  document.getElementById('stop').disabled = !engine.busy();
}, 200);

window.addEventListener('hashchange', () => {
  const code = fromFragment();
  if (code !== null && code !== program()) load(code);
});

// A reload (the link is the kept worksheet's, or there is no link) shows the kept
// worksheet; a new link runs its program.
async function begin() {
  const link = fromFragment();
  // A link to another program runs at once (no need to wait for the kept worksheet).
  if (link !== null && link !== localStorage.getItem('cgt-program')) return link.trim() ? load(link) : newCell();
  const worksheet = await kept();
  if (worksheet && (link === null || link === worksheet.program)) return reopen(worksheet);
  const start = link ?? localStorage.getItem('cgt-program');
  if (start && start.trim()) load(start);
  else newCell();
}

loadExamples();
loadHelp();
begin();

if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
