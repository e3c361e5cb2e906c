// Prints how long a fresh headless Chromium takes, on 127.0.0.1, from starting to load the
// page to the first answer of a #code= link: a measurement to run by hand
// (`node first-answer.mjs`), not a test.
import { serve, launch } from './site.mjs';

const site = await serve();
const browser = await launch();
try {
  for (const visit of ['first visit (nothing cached)', 'second visit (cached)']) {
    const page = await browser.browser.newPage();
    await page.goto(`${site.url}#code=${encodeURIComponent('{1 | -1} + *')}`);
    await page.waitForSelector('[data-cgt-output]');
    const ms = await page.evaluate(() => performance.now());
    const answer = await page.$eval('[data-cgt-output]', (e) => e.dataset.cgtOutput);
    console.log(`${visit}: first answer ${answer} after ${ms.toFixed(0)} ms`);
    await page.close();
  }
} finally {
  await browser.close();
  site.stop();
}
