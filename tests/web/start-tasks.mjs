// The start's long tasks on the page's thread (issue 41.3), for comparing builds: serves
// nothing itself; BASE names a folder whose subfolders are built sites (copies of
// target/web), VARIANTS the subfolders to load, one after the other in turn, ROUNDS times
// (default 6), each load in a new context of one headless Chromium (nothing cached). For
// each load: the first frame (the loading text gone) and every long task from navigation
// to two animation frames after it (the Long Tasks API, as browser.mjs's check 1); then
// the longest task per load and the first frames, sorted, per variant. Not part of the
// browser test; run by hand from tests/web (BENCHMARKS.md, "The start without a 200 ms
// task"):
//   BASE=http://127.0.0.1:8320/ VARIANTS=before,after ROUNDS=8 node start-tasks.mjs
import { chromium } from 'playwright-core';

const variants = (process.env.VARIANTS ?? '').split(',').filter((v) => v);
if (!process.env.BASE || variants.length === 0) {
  console.error('start-tasks.mjs: set BASE (a folder of sites) and VARIANTS (its subfolders)');
  process.exit(2);
}
const results = Object.fromEntries(variants.map((v) => [v, []]));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
});
for (let round = 0; round < Number(process.env.ROUNDS ?? 6); round += 1) {
  for (const variant of variants) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.addInitScript(() => {
      window.__startTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__startTasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const start = Date.now();
    await page.goto(`${process.env.BASE}${variant}/`);
    await page.waitForSelector('#loading', { state: 'detached', timeout: 60000 });
    const firstFrame = Date.now() - start;
    await page.evaluate(() => new Promise((drawn) =>
      requestAnimationFrame(() => requestAnimationFrame(() => drawn()))));
    const tasks = await page.evaluate(() => window.__startTasks);
    results[variant].push({ firstFrame, longest: Math.max(0, ...tasks) });
    console.log(`${variant} round ${round + 1}: first frame ${firstFrame} ms, long tasks ${tasks.join(' ') || 'none'} ms`);
    await context.close();
  }
}
await browser.close();
const sorted = (values) => [...values].sort((a, b) => a - b).join(' ');
for (const variant of variants) {
  console.log(`${variant}: the longest task per load ${sorted(results[variant].map((r) => r.longest))} ms; ` +
    `first frame ${sorted(results[variant].map((r) => r.firstFrame))} ms`);
}
