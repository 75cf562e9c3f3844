// Shared helpers of the web tests: paths, a static server on a free loopback
// port, headless Chromium through playwright-core, one browser test's frame.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE = path.join(ROOT, 'build/site');
export const SHOTS = path.join(ROOT, 'build/screenshots');
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.end(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server on port ${port} did not start`);
}

// Serves build/site (or `dir`) with scripts/serve.py (python3's http.server
// with the cross-origin isolation headers, as scripts/play.sh serves it;
// isolation: false sends none, as a plain static host); returns {url, stop()}.
export async function serveSite(dir = SITE, { isolation = true } = {}) {
  const port = await freePort();
  const proc = spawn('python3', [path.join(ROOT, 'scripts/serve.py'), '--port', String(port), '--bind', '127.0.0.1',
    '--directory', dir, ...(isolation ? [] : ['--no-isolation'])], { stdio: 'ignore' });
  const stop = () => { if (proc.exitCode === null) proc.kill(); };
  process.on('exit', stop);  // also when a test dies half-way
  await waitForPort(port, 10000);
  return { url: `http://127.0.0.1:${port}/`, stop };
}

// Headless Chromium. Its new contexts and pages block service workers unless
// a test asks for them ({serviceWorkers: 'allow'}: the offline and isolation
// tests): on a first visit the page's service worker downloads the whole
// site, work that every other test would pay for and none looks at.
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return new Proxy(browser, {
    get(target, prop) {
      if (prop === 'newContext' || prop === 'newPage') {
        return (options = {}) => target[prop]({ serviceWorkers: 'block', ...options });
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

// Registers one browser test (node:test): serves `dir` (build/site by
// default; isolation: false without the isolation headers), launches
// Chromium, awaits body({browser, url, server}), then closes both whether the
// body passed or threw.
export function runBrowserTest(name, body, { dir, isolation = true } = {}) {
  return test(name, async () => {
    const server = await serveSite(dir, { isolation });
    const browser = await launchChromium();
    try {
      await body({ browser, url: server.url, server });
    } finally {
      await browser.close();
      server.stop();
    }
  });
}
