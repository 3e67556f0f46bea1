// Where the page's start spends its time (issue 41.3): Chromium's sampling CPU profile
// from navigation until the first frame (#loading removed) and 300 ms after, summed per
// function, self time and total, the 30 largest of each. Not part of the browser test;
// run by hand against a served site (a module that keeps its name section names the
// Rust functions: wasm-bindgen's output before wasm-opt strips it):
//   BASE=http://127.0.0.1:8080/ node tests/web/profile-start.mjs
import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(process.env.BASE ?? 'http://127.0.0.1:8080/');
await page.waitForSelector('#loading', { state: 'detached', timeout: 60000 });
await page.waitForTimeout(300);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
const total = new Map();
const dt = profile.timeDeltas;
profile.samples.forEach((id, i) => {
  const ms = (dt[i + 1] ?? 0) / 1000;
  const name = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}`;
  const node = byId.get(id);
  self.set(name(node), (self.get(name(node)) ?? 0) + ms);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const nm = name(byId.get(cur));
    if (!seen.has(nm)) { seen.add(nm); total.set(nm, (total.get(nm) ?? 0) + ms); }
  }
});
const top = (m) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n');
console.log('SELF\n' + top(self));
console.log('TOTAL\n' + top(total));
await browser.close();
