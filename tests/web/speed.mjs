// Opens the web build's bench.html in Chromium and prints the engine's speed there as
// JSON (scripts/web-bench.sh compares it with the native run).
import { chromium } from 'playwright-core';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8080/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
await page.goto(BASE + 'bench.html?repeats=' + (process.env.REPEATS ?? '5'));
await page.waitForFunction(() => document.getElementById('speed').textContent.startsWith('['),
  null, { timeout: 600000 });
console.log(await page.evaluate(() => document.getElementById('speed').textContent));
await browser.close();
