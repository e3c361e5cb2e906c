// docs/tutorial.md opened as one #code= link shows every transcript with the answers the
// page gives (which tests/docs.rs holds equal to the command line's): each `> input` of a
// ```cgt block becomes a cell, and the cell's outputs, print lines and error (as `!! message`)
// must be the lines under it, character for character.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, launch } from './site.mjs';

const tutorial = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'tutorial.md');

// The cases of every ```cgt block, read as tests/docs.rs and tests/common read them.
function cases(markdown) {
  const out = [];
  let indent = null;
  markdown.split('\n').forEach((raw, i) => {
    const fence = raw.trim();
    if (indent === null) {
      if (fence === '```cgt') indent = raw.length - raw.trimStart().length;
      return;
    }
    if (fence === '```') {
      indent = null;
      return;
    }
    const margin = raw.length - raw.replace(/^ +/, '').length;
    const line = raw.slice(Math.min(margin, indent));
    const input = line.startsWith('> ') ? line.slice(2) : line.startsWith('>') ? line.slice(1) : null;
    if (input !== null) out.push({ line: i + 1, input, expected: [] });
    else if (line.startsWith('#') && !line.startsWith('#!')) return;
    else if (out.length) out.at(-1).expected.push(line);
  });
  for (const c of out) {
    while (c.expected.length && !c.expected.at(-1).trim()) c.expected.pop();
  }
  return out;
}

let site, browser;
before(async () => {
  site = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  site?.stop();
});

test('every transcript of docs/tutorial.md, run from a #code= link', async () => {
  const all = cases(readFileSync(tutorial, 'utf8'));
  assert.ok(all.length >= 100, `only ${all.length} inputs found`);
  const page = await browser.browser.newPage();
  const code = all.map((c) => c.input).join('\n\n');
  await page.goto(`${site.url}#code=${encodeURIComponent(code)}`);
  await page.waitForFunction((n) => {
    const done = [...document.querySelectorAll('.cell')].filter((c) => c.dataset.state === 'done');
    return done.length === n;
  }, { timeout: 600000, polling: 500 }, all.length);
  const got = await page.$$eval('.cell', (cells) => cells.filter((c) => c.dataset.state === 'done').map((c) => {
    const lines = [];
    for (const e of c.querySelector('.outs').children) {
      if (e.dataset.cgtError !== undefined) lines.push(`!! ${e.dataset.cgtError}`);
      else if (e.dataset.cgtOutput !== undefined) lines.push(...e.dataset.cgtOutput.split('\n'));
    }
    return { input: c.querySelector('textarea').value, lines };
  }));
  const failures = [];
  all.forEach((c, k) => {
    assert.equal(got[k].input, c.input);
    const lines = got[k].lines;
    if (JSON.stringify(lines) !== JSON.stringify(c.expected)) {
      failures.push(`tutorial.md:${c.line}: > ${c.input}\n  expected: ${JSON.stringify(c.expected)}\n  got:      ${JSON.stringify(lines)}`);
    }
  });
  assert.equal(failures.length, 0, failures.join('\n'));
});
