// The worksheet and the explorer in a real browser: headless Chromium over the DevTools
// protocol against web/dist served on 127.0.0.1 (build it first: web/build.sh). Everything
// is read from the DOM contract: data-cgt-output, inline <svg>, data-cgt-error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, chromium, chromiumFlags } from './site.mjs';

let site, browser, page;
const shots = process.env.SCREENSHOTS || null;

async function shoot(name, fullPage = true) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage });
}

// Types into the last (empty) cell and runs it; resolves with that cell's element handle
// once it has finished (its outputs are in).
async function run(source) {
  const cells = await page.$$('.cell');
  const cell = cells[cells.length - 1];
  const input = await cell.$('textarea');
  await input.click();
  await input.evaluate((t) => { t.value = ''; });
  const lines = source.split('\n');
  for (const [k, line] of lines.entries()) {
    if (k > 0) {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Enter');
      await page.keyboard.up('Shift');
    }
    await page.keyboard.type(line);
  }
  await page.keyboard.press('Enter');
  await page.waitForFunction((c) => c.dataset.state === 'done', {}, cell);
  return cell;
}

function outputsOf(cell) {
  return cell.$$eval('[data-cgt-output]', (es) => es.map((e) => e.dataset.cgtOutput));
}

function errorOf(cell) {
  return cell.$eval('[data-cgt-error]', (e) => ({ message: e.dataset.cgtError, report: e.textContent }));
}

// A new page load with an empty worksheet (an empty #code= wins over localStorage).
async function fresh() {
  await page.goto('about:blank');
  await page.goto(`${site.url}#code=`);
  await page.waitForSelector('.cell textarea');
}

before(async () => {
  site = await serve();
  browser = await launch();
  page = await browser.browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
});

after(async () => {
  await browser?.close();
  site?.stop();
});

test('a cell prints its values in Unicode, or ASCII when asked, and bindings carry over', async () => {
  await fresh();
  const first = await run('let g = {1 | -1}\ng\n^ + *\noutcome(g)');
  assert.deepEqual(await outputsOf(first), ['±1', '↑*', 'N']);
  const second = await run('g + g');
  assert.deepEqual(await outputsOf(second), ['0']);
  await page.click('#ascii');
  await page.waitForFunction(() => document.querySelector('.out').dataset.cgtOutput === '+-1');
  assert.deepEqual(await outputsOf(first), ['+-1', '^*', 'N']);
  await page.click('#ascii');
  await shoot('worksheet');
});

test('Clear starts a new session: the old bindings are gone', async () => {
  await fresh();
  await run('let gone = 1');
  await page.click('#clear');
  await page.waitForFunction(() => document.querySelectorAll('.cell').length === 1);
  assert.equal((await errorOf(await run('gone'))).message, 'unknown name `gone`');
});

test('a board is an inline SVG picture and an error carries the caret report', async () => {
  await fresh();
  const board = await run('domineering("..|..")');
  assert.equal(await board.$eval('.picture svg', (s) => s.tagName.toLowerCase()), 'svg');
  const tree = await run('{2 | *}');
  await tree.$eval('button.small', (b) => b.click());
  await page.waitForFunction((c) => c.querySelector('.picture svg'), {}, tree);
  const failed = await run('1 + nope');
  const error = await errorOf(failed);
  assert.equal(error.message, 'unknown name `nope`');
  assert.match(error.report, /\^|─/);
  assert.match(error.report, /nope/);
  await shoot('pictures-and-error');
});

test('the arrow keys recall history and Tab completes a built-in name', async () => {
  await fresh();
  await run('3/4');
  const cells = await page.$$('.cell');
  const input = await cells[cells.length - 1].$('textarea');
  await input.click();
  await page.keyboard.press('ArrowUp');
  assert.equal(await input.evaluate((t) => t.value), '3/4');
  await page.keyboard.press('ArrowDown');
  assert.equal(await input.evaluate((t) => t.value), '');
  await page.keyboard.type('temperat');
  await page.keyboard.press('Tab');
  await page.waitForFunction((t) => t.value === 'temperature', {}, input);
  await page.keyboard.type('({3|-1})');
  await page.keyboard.press('Enter');
  await page.waitForFunction((c) => c.querySelector('[data-cgt-output]'), {}, cells[cells.length - 1]);
  assert.deepEqual(await outputsOf(cells[cells.length - 1]), ['2']);
});

test(':help opens the side panel, searched', async () => {
  await fresh();
  const cells = await page.$$('.cell');
  await (await cells[0].$('textarea')).click();
  await page.keyboard.type(':help thermograph');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#help:not([hidden]) .doc');
  const names = await page.$$eval('#help .doc', (ds) => ds.map((d) => d.dataset.name));
  assert.ok(names.includes('thermograph'), names.join(' '));
  assert.ok(!names.includes('outcome'), names.join(' '));
  await shoot('help');
});

test('a #code= link runs its program, a cell per paragraph', async () => {
  const code = 'let h = 3\nh + 1\n\n[h, h * 2]';
  await page.goto('about:blank');
  await page.goto(`${site.url}#code=${encodeURIComponent(code)}`);
  await page.waitForFunction(() => document.querySelectorAll('[data-cgt-output]').length === 2);
  const outputs = await page.$$eval('[data-cgt-output]', (es) => es.map((e) => e.dataset.cgtOutput));
  assert.deepEqual(outputs, ['4', '[3,6]']);
  assert.equal(await page.evaluate(() => localStorage.getItem('cgt-program')), code);
});

test('Stop ends domineering(6,6); every binding is kept, nothing is replayed', async () => {
  await fresh();
  await run('let keep = {1 | -1}\ndef twice(g) = g + g\nlet f = x -> x * 3');
  const cells = await page.$$('.cell');
  const long = cells[cells.length - 1];
  await (await long.$('textarea')).click();
  await page.keyboard.type('domineering(6,6)');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('stop').disabled);
  await shoot('running');
  await page.click('#stop');
  await page.waitForFunction((c) => c.querySelector('[data-cgt-error]'), {}, long);
  assert.match((await errorOf(long)).message, /stopped/);
  assert.deepEqual(await outputsOf(await run('keep + 1\ntwice(^)\nf(4)')), ['{2|0}', '⇑', '12']);
  // The fresh worker started from the session's image: no cell ran again.
  assert.equal(await page.evaluate(() => engine.replays), 0);
});

test('a reload shows the worksheet as it was and runs nothing again', async () => {
  await fresh();
  await run('let kept = *3');
  await run('kept + *');
  const cells = await page.$$('.cell');
  const long = cells[cells.length - 1];
  await (await long.$('textarea')).click();
  await page.keyboard.type('domineering(6,6)');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !document.getElementById('stop').disabled);
  await page.click('#stop');
  await page.waitForFunction((c) => c.dataset.ran === 'stopped', {}, long);
  // Kept in IndexedDB once the cell is done; then reload (the link is the worksheet's).
  await page.evaluate(() => keep());
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('.cell').length === 4);
  const states = await page.$$eval('.cell', (cs) => cs.map((c) => [c.querySelector('textarea').value, c.dataset.state, c.dataset.ran]));
  assert.deepEqual(states, [
    ['let kept = *3', 'done', 'done'],
    ['kept + *', 'done', 'done'],
    ['domineering(6,6)', 'done', 'stopped'],
    ['', null, null],
  ]);
  assert.deepEqual(await page.$$eval('[data-cgt-output]', (es) => es.map((e) => e.dataset.cgtOutput)), ['*2']);
  assert.equal(await page.evaluate(() => engine.busy()), false, 'nothing runs after the reload');
  // The session came back too: the binding is there and the value opens in the explorer.
  assert.deepEqual(await outputsOf(await run('kept + *2')), ['*']);
  const second = (await page.$$('.cell'))[1];
  await second.$eval('.value.explorable', (v) => v.click());
  await page.waitForSelector('#explorer:not([hidden]) .node.root .summary');
  await shoot('reloaded');
});

test('at phone width (360 px) nothing is cut off and the page does not scroll sideways', async () => {
  await page.setViewport({ width: 360, height: 740 });
  try {
    await fresh();
    await run('[*n for n in 0..60]');
    await run('{1 | -1} + nope + "a long line that goes on and on and on"');
    await run('domineering(4, 4)');
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.body.scrollWidth]);
    assert.ok(widths.every((w) => w <= 360), `page width ${widths}`);
    const cut = await page.$$eval('header > *:not([hidden])', (es) => es
      .filter((e) => e.type !== 'file')
      .filter((e) => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > 360; })
      .map((e) => e.id || e.tagName));
    assert.deepEqual(cut, []);
    // The caret report keeps its columns: it scrolls inside its own box.
    const report = await page.$eval('.error', (e) => [getComputedStyle(e).whiteSpace, e.getBoundingClientRect().right]);
    assert.equal(report[0], 'pre');
    assert.ok(report[1] <= 360, `report ends at ${report[1]}`);
    await shoot('phone-360', false);
    await page.click('#help-open');
    await page.waitForSelector('#help:not([hidden]) .doc');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
    await page.$eval('#help', (h) => h.scrollIntoView());
    await shoot('phone-360-help', false);
  } finally {
    await page.setViewport({ width: 1200, height: 900 });
  }
});

test('Save writes the worksheet to a .cgt file and Open runs one', async () => {
  await fresh();
  await run('let a = {1 | 0}');
  await run('a + a');
  const downloads = mkdtempSync(join(tmpdir(), 'cgt-save-'));
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await page.click('#save');
    const file = join(downloads, 'worksheet.cgt');
    for (let i = 0; i < 100 && !existsSync(file); i += 1) await new Promise((r) => setTimeout(r, 50));
    assert.equal(readFileSync(file, 'utf8'), 'let a = {1 | 0}\n\na + a\n');
    const other = join(downloads, 'other.cgt');
    writeFileSync(other, 'let b = ^\n\nb + b + *\n\n# a comment\noutcome(b)\n');
    await fresh();
    const [chooser] = await Promise.all([page.waitForFileChooser(), page.click('#open')]);
    await chooser.accept([other]);
    await page.waitForFunction(() => {
      const cs = [...document.querySelectorAll('.cell')];
      return cs.length === 4 && cs.slice(0, 3).every((c) => c.dataset.state === 'done');
    });
    const outputs = await page.$$eval('[data-cgt-output]', (es) => es.map((e) => e.dataset.cgtOutput));
    assert.deepEqual(outputs, ['⇑*', 'L']);
    assert.equal(await page.$eval('#status', (e) => e.textContent), 'other.cgt');
  } finally {
    rmSync(downloads, { recursive: true, force: true });
  }
});

test('an engine abort (too large) is an error, the engine restarts and keeps the bindings', async () => {
  await fresh();
  await run('let kept = 7');
  const huge = await run('left_options(*(pow(2, 40)))');
  assert.match((await errorOf(huge)).message, /^too large: /);
  assert.deepEqual(await outputsOf(await run('kept * 2')), ['14']);
});

test('the examples menu loads and runs an example', async () => {
  await fresh();
  await page.select('#examples', 'intro');
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('.cell')];
    return cells.length > 3 && cells.slice(0, -1).every((c) => c.dataset.state === 'done');
  });
  const first = await page.$eval('.cell textarea', (t) => t.value);
  assert.match(first, /^#!\/usr\/bin\/env cgt/);
  const outputs = await page.$$eval('[data-cgt-output]', (es) => es.map((e) => e.dataset.cgtOutput));
  assert.deepEqual(outputs.slice(0, 4), ['±1', '0', 'N', '*']);
  await shoot('example-intro');
});

test('10,000-deep recursion is an error and the next cell works', async () => {
  await fresh();
  await run('def down(n) = if n == 0 then 0 else down(n - 1)');
  const deep = await run('down(10000)');
  assert.match((await errorOf(deep)).message, /recursion too deep/);
  assert.deepEqual(await outputsOf(await run('down(150)')), ['0']);
  await shoot('deep-recursion');
});

test('the explorer opens a value, expands an option, and plays against cgt', async () => {
  await fresh();
  const cell = await run('{2 | -1}');
  await cell.$eval('.value.explorable', (v) => v.click());
  await page.waitForSelector('#explorer:not([hidden]) .node.root .summary');
  const facts = await page.$eval('.node.root .facts', (f) => f.textContent);
  assert.equal(facts, 'outcome N · temperature 3/2');
  await page.click('.node.root .moves.left .expand');
  await page.waitForSelector('.node.child .summary');
  assert.equal(await page.$eval('.node.child .summary', (s) => s.dataset.cgtOutput), '2');
  await shoot('explorer');
  const [play] = await page.$$('.play-start button');
  await play.click(); // Left, first
  await page.waitForSelector('.choice');
  await page.click('.choice');
  await page.waitForSelector('.play-log .end');
  assert.equal(await page.$eval('.play-log .end', (e) => e.textContent), 'cgt has no move: you win!');
  const board = await run('domineering(3, 2)');
  await board.$eval('.value.explorable', (v) => v.click());
  await page.waitForSelector('.node.root .picture svg');
  await page.waitForSelector('.node.root .move .picture.thumb svg');
  await shoot('explorer-board');
});

test('playing, a losing move is called a blunder; on a board the moves are drawn', async () => {
  await fresh();
  const cell = await run('{0, * | 0}');
  await cell.$eval('.value.explorable', (v) => v.click());
  await page.waitForSelector('.play-start button');
  await (await page.$$('.play-start button'))[0].click(); // Left, first
  await page.waitForSelector('.choice');
  const choices = await page.$$('.choice');
  const texts = await Promise.all(choices.map((c) => c.evaluate((b) => b.textContent)));
  const losing = texts.findIndex((t) => t.endsWith('→ *'));
  assert.ok(losing >= 0, texts.join(' / '));
  await choices[losing].click();
  await page.waitForSelector('.play-log .end');
  const blunder = await page.$eval('.play-log .blunder', (e) => e.textContent);
  assert.match(blunder, /^That was a blunder: you could have won with ↑\* → 0\./);
  assert.equal(await page.$eval('.play-log .end', (e) => e.textContent), 'You have no move: cgt wins.');
  const board = await run('domineering(3, 2)');
  await board.$eval('.value.explorable', (v) => v.click());
  await page.waitForSelector('.play-start button');
  await (await page.$$('.play-start button'))[0].click();
  await page.waitForSelector('.choice .picture.thumb svg');
  // The board is played by clicking it: the middle square of the left column lies in two
  // of Left's (vertical) moves, which are the two left offered; the top one in one only.
  const squares = await page.$$('.play-log .picture.clickable svg rect[x]');
  assert.equal(squares.length, 6);
  await squares[2].click();
  const offered = await page.$$eval('.choice', (bs) => bs.filter((b) => !b.hidden).map((b) => b.textContent));
  assert.deepEqual(offered.map((t) => t.split('→ ')[1]).sort(), ['domineering("#.|#.|..")', 'domineering("..|#.|#.")']);
  await squares[0].click();
  await page.waitForFunction(() => [...document.querySelectorAll('.play-log p')].some((p) => p.textContent.startsWith('cgt: ')));
  const said = await page.$$eval('.play-log p', (ps) => ps.map((p) => p.textContent));
  assert.ok(said.includes('You: domineering("..|..|..") → domineering("#.|#.|..")'), said.join('\n'));
  await shoot('play-board');
});

// The answers come from a worker that --dump-dom does not wait for: the dump shows the
// program laid out in cells, a cell per paragraph, as the page made it.
test('chromium --dump-dom of a #code= link shows its program in cells', () => {
  const profile = mkdtempSync(join(tmpdir(), 'cgt-dump-'));
  const url = `${site.url}#code=${encodeURIComponent('{0 | *}\n\n*3 + *5')}`;
  let dom;
  try {
    dom = execFileSync(chromium, [...chromiumFlags, `--user-data-dir=${profile}`,
      '--virtual-time-budget=5000', '--dump-dom', url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  const cells = [...dom.matchAll(/<textarea[^>]*>([^<]*)<\/textarea>/g)].map((m) => m[1]);
  assert.deepEqual(cells, ['{0 | *}', '*3 + *5', '']);
});
