// What the browser tests stand on: web/dist served on 127.0.0.1 by Python's static server,
// and Debian's Chromium, headless, with a fresh profile, driven by puppeteer-core.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

export const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
export const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
export const chromiumFlags = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

// Starts `python3 -m http.server` on a free port; resolves with its address and a stop.
export function serve() {
  return new Promise((resolve, reject) => {
    const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '-d', dist],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = seen.match(/port (\d+)/);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}/`, stop: () => stop(server) });
    });
    server.on('exit', (code) => reject(new Error(`http.server exited (${code}): ${seen}`)));
  });
}

// Ends the server; resolves once it has exited (its port is closed).
function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill();
  });
}

export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'cgt-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: [...chromiumFlags.slice(1), `--user-data-dir=${profile}`],
    userDataDir: profile,
  });
  return {
    browser,
    profile,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
