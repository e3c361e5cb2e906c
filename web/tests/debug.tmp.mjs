import { serve, launch } from './site.mjs';
const site = await serve(); const b = await launch();
const page = await b.browser.newPage();
await page.goto(`${site.url}#code=`);
await page.waitForSelector('.cell textarea');
const r = await page.evaluate(async () => {
  const out = [];
  const bodies = {
    down: (f) => `def ${f}(n) = if n == 0 then 0 else ${f}(n - 1)`,
    sumto: (f) => `def ${f}(n) = if n == 0 then 0 else n + ${f}(n - 1)`,
    heavy: (f) => `def ${f}(n) = if n == 0 then 0 else {${f}(n - 1) + 1 | [${f}(n-1) for k in 0..1][0] - 1}`,
    lam: (f) => `let ${f} = n -> if n == 0 then 0 else ${f}(n - 1)`,
  };
  for (const [kind, body] of Object.entries(bodies)) {
    for (const n of (kind === "heavy" ? [100, 150, 200, 250] : [300, 400, 500, 600, 700, 800, 900])) {
      const f = `${kind}${n}`;
      await engine.run(body(f));
      const rep = await engine.run(`${f}(${n})`); if (rep.ok && !rep.value.error) out.push(`${kind} ok ${n}`);
      if (!rep.ok) { out.push(`${kind}: trap at ${n}: ${rep.trap}`); break; }
      if (rep.value.error) { out.push(`${kind}: error at ${n}: ${rep.value.error.message}`); break; }
    }
  }
  return out;
});
console.log(r.join('\n'));
await b.close(); site.stop();
