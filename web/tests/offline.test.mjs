// Once loaded, the site works offline: its service worker keeps every file, so with the
// server gone a #code= link still opens and answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch } from './site.mjs';

test('after one visit the page works with the server stopped', async () => {
  const site = await serve();
  const browser = await launch();
  try {
    const page = await browser.browser.newPage();
    await page.goto(`${site.url}#code=`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await site.stop();
    await page.goto('about:blank');
    await page.goto(`${site.url}#code=${encodeURIComponent('{0 | *}')}`);
    await page.waitForSelector('[data-cgt-output]');
    assert.equal(await page.$eval('[data-cgt-output]', (e) => e.dataset.cgtOutput), '↑');
    assert.ok((await page.$$('#examples option')).length > 1, 'the examples menu is kept too');
  } finally {
    await browser.close();
    await site.stop();
  }
});
