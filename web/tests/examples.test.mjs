// Every examples/*.cgt loaded from the page's Examples menu, in ASCII, prints its .out file
// (which tests/examples.rs holds equal to `cgt --ascii FILE`'s standard output), line for line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, launch } from './site.mjs';

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples');
const names = readdirSync(examples).filter((f) => f.endsWith('.cgt')).map((f) => f.slice(0, -4)).sort();

let site, browser;
before(async () => {
  site = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

for (const name of names) {
  test(`examples/${name}.cgt in the page prints examples/${name}.out`, async () => {
    const page = await browser.browser.newPage();
    await page.goto(`${site.url}#code=`);
    await page.waitForSelector('#examples option[value="intro"]');
    await page.click('#ascii');
    await page.select('#examples', name);
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('.cell')];
      return cells.length > 1 && cells.slice(0, -1).every((c) => c.dataset.state === 'done');
    }, { timeout: 300000, polling: 200 });
    let lines = await page.$$eval('.outs > *', (es) => es.flatMap((e) => {
      if (e.dataset.cgtError !== undefined) return [`!! ${e.dataset.cgtError}`];
      return e.dataset.cgtOutput !== undefined ? e.dataset.cgtOutput.split('\n') : [];
    }));
    // The page shows the language's one-time notes among the lines; `cgt FILE` writes them
    // to standard error, which the .out files do not hold.
    lines = lines.filter((l) => !l.startsWith('note: '));
    const expected = readFileSync(join(examples, `${name}.out`), 'utf8').replace(/\n$/, '').split('\n');
    assert.deepEqual(lines, expected);
    await page.close();
  });
}
