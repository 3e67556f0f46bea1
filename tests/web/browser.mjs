// The browser test of the web build (issue 29.7), run by scripts/web-test.sh against the
// site served on BASE (default http://127.0.0.1:8080/). Drives Debian's Chromium with
// playwright-core and checks, on the real page:
//   1. the first frame comes within 5 s (the loading text is replaced by the canvas), and
//      no task on the page's main thread from navigation to the first frame takes 200 ms
//      or more (the Long Tasks API; the best of up to 3 page loads, the machine being
//      shared);
//   2. a link to a position with the computer to move: its reply appears in the address;
//   3. a click on the board plays a move (the address gains it);
//   4. while the computer thinks on a 15x15 board with 20 stones, no task on the page's
//      main thread takes 200 ms or more (the Long Tasks API);
//   5. a reload offers Continue, and Continue brings the game back;
//   6. Game > Save as downloads a .ron file, and Game > Open reads it back;
//   7. with the browser's storage full, a move says the autosave failed, and the
//      autosave stored before is still there;
//   8. links opened since, with no move of the person's in them (a 5x5 board,
//      tic-tac-toe, Othello), cost nothing: the bare address still offers the unfinished
//      queens game for Continue (issue 38.2);
//   9. a position put in the address while the page is open is opened (hashchange);
//  10. a dark, Vietnamese browser starts dark and in Vietnamese;
//  11. a module that cannot be downloaded says so and offers Retry, which then starts;
//  12. the page is installable and, once visited, starts offline, where Continue works;
//  13. a phone upright and on its side, by touch: cells of 24 px or more, the board in
//      view, a 4x4 game played to its end by taps; press and hold previews;
//  14. a browser that keeps no site data says what to do instead;
// and takes screenshots at 1280x800 and 800x600 into target/web-shots/.
// Each check waits on the page's state (its address, its DOM), never on a fixed sleep.
import { chromium } from 'playwright-core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8080/';
const SHOTS = process.env.SHOTS ?? 'target/web-shots';
mkdirSync(SHOTS, { recursive: true });

const LAUNCH_ARGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: LAUNCH_ARGS,
});

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures += 1;
}

/** The moves in the page's address (its game string's `moves=`). */
async function movesInAddress(page) {
  const hash = decodeURIComponent(new URL(page.url()).hash.slice(1));
  const moves = /moves=([^ ]*)/.exec(hash);
  return moves ? moves[1].split(',').filter((m) => m) : [];
}

/**
 * Clicks the word `word` drawn on the page's canvas: egui draws text into a canvas, so
 * the page is read like a screen, by OCR (tesseract's word boxes). Waits until the word
 * is on screen (a state), up to `tries` looks.
 */
async function clickWord(page, word, tries = 40) {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const png = `${SHOTS}/ocr.png`;
    await page.screenshot({ path: png });
    const tsv = execFileSync('tesseract', [png, '-', 'tsv'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    for (const line of tsv.split('\n')) {
      const f = line.split('\t');
      if (f.length === 12 && f[11].trim().replace(/[.…]+$/, '') === word) {
        const [left, top, width, height] = f.slice(6, 10).map(Number);
        await page.mouse.click(left + width / 2, top + height / 2);
        return true;
      }
    }
    await page.waitForTimeout(250);
  }
  return false;
}

/** Opens `fragment` in a new page of `size`; resolves once the first frame is drawn. */
async function open(context, fragment) {
  const page = await context.newPage();
  // Every search worker (worker.js) the page starts, counted; not the page's short-lived
  // worker that readies the GPU at start (index.html's warmGpu, a blob: address).
  page.workersStarted = 0;
  page.on('worker', (worker) => {
    if (new URL(worker.url()).pathname.endsWith('/worker.js')) page.workersStarted += 1;
  });
  page.on('console', (m) => { if (m.type() === 'error') console.log(`  console: ${m.text()}`); });
  page.on('pageerror', (e) => console.log(`  page error: ${e}`));
  const start = Date.now();
  await page.goto(BASE + (fragment ? '#' + encodeURIComponent(fragment) : ''));
  // start_page removes #loading once eframe has started in the canvas.
  await page.waitForSelector('#loading', { state: 'detached', timeout: 60000 });
  await page.waitForTimeout(0);
  return { page, firstFrameMs: Date.now() - start };
}

const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });

// 1. First frame, and the start's long tasks (issue 41.3: none of 200 ms or more from
// the first byte to the first frame). Each load is a new context (nothing cached); the
// first is the browser's first WebGL context too. The machine is shared with builds, so
// one load whose longest task stays under 200 ms passes, out of up to 3 loads.
{
  const loads = [];
  for (let load = 0; load < 3; load += 1) {
    const measured = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await measured.addInitScript(() => {
      window.__startTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__startTasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    const { page, firstFrameMs } = await open(measured, '');
    // eframe draws its first frame in the page's next rendering update after #loading
    // goes: two animation frames later it has been drawn, and any long task of it has
    // been reported to the observer.
    await page.evaluate(() => new Promise((drawn) =>
      requestAnimationFrame(() => requestAnimationFrame(() => drawn()))));
    const tasks = await page.evaluate(() => window.__startTasks);
    const download = await page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('queens_bg.wasm'));
      return entry ? { ms: Math.round(entry.duration), bytes: entry.decodedBodySize } : null;
    });
    const longest = Math.max(0, ...tasks);
    loads.push({ firstFrameMs, tasks, longest });
    console.log(`info load ${load + 1}: first frame ${firstFrameMs} ms; the module: ` +
      `${download ? `${download.bytes} bytes in ${download.ms} ms` : 'not seen'}; long tasks to the ` +
      `first frame: ${tasks.length ? tasks.join(', ') + ' ms' : 'none'}`);
    await page.close();
    await measured.close();
    if (longest < 200) break;
  }
  check(loads[0].firstFrameMs < 5000, `first frame in ${loads[0].firstFrameMs} ms (under 5000)`);
  const best = loads.reduce((a, b) => (b.longest < a.longest ? b : a));
  check(best.longest < 200, `no main-thread task of 200 ms or more from navigation to the first frame ` +
    `(the best of ${loads.length} load${loads.length > 1 ? 's' : ''}: longest ${best.longest} ms; ` +
    `longest per load ${loads.map((l) => l.longest).join(', ')} ms)`);
}
// CHECKS=start runs check 1 alone (the start's timing, repeated by hand on a busy machine).
if (process.env.CHECKS === 'start') {
  await browser.close();
  console.log(failures === 0 ? 'browser test (start only): passed' : `browser test (start only): ${failures} failed`);
  process.exit(failures === 0 ? 0 : 1);
}
{
  const { page } = await open(context, '');
  await page.screenshot({ path: `${SHOTS}/start-1280x800.png` });
  await page.close();
}

// The unfinished queens game of step 2, as Continue must bring it back in step 8.
let queensGame = [];

// 2. A link to a position with the computer to move (it plays P2 by default): its reply
// appears in the address bar.
{
  const { page } = await open(context, 'size=8 stones=b2,d5 moves=c3');
  await page.waitForFunction(() => /moves=[^ ]*%2C/.test(location.hash) || /moves=[^ ]*,/.test(decodeURIComponent(location.hash)), null, { timeout: 60000 });
  const moves = await movesInAddress(page);
  check(moves.length === 2 && moves[0] === 'c3', `the computer replied to the linked position: moves=${moves.join(',')}`);
  await page.screenshot({ path: `${SHOTS}/linked-1280x800.png` });

  // 3. A click on the board plays a move: the board is the square in the central panel,
  // left of the side panel. Most cells are claimed (a click there does nothing), so the
  // clicks walk a grid over the board until one lands on a free cell and the address
  // gains a move.
  const before = moves.length;
  const box = await page.locator('canvas#queens').boundingBox();
  const sideWidth = Math.min(360, Math.max(230, box.width * 0.34));
  const panelWidth = box.width - sideWidth;
  const side = Math.min(panelWidth, box.height - 60) * 0.8;
  const left = box.x + (panelWidth - side) / 2;
  const top = box.y + (box.height - side) / 2;
  let played = false;
  const points = [];
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      points.push([left + (col + 0.5) * side / 8, top + (row + 0.5) * side / 8]);
    }
  }
  for (const [x, y] of points) {
    await page.mouse.click(x, y);
    try {
      await page.waitForFunction((n) => {
        const m = /moves=([^ ]*)/.exec(decodeURIComponent(location.hash));
        return m && m[1].split(',').length > n;
      }, before, { timeout: 700 });
      played = true;
      break;
    } catch { /* that cell was claimed: try the next */ }
  }
  const after = await movesInAddress(page);
  check(played, `a click on the board played a move: moves=${after.join(',')}`);
  // The computer's reply comes (it may already have, by the time the address was read):
  // the game then has before + 2 moves.
  await page.waitForFunction((n) => {
    const m = /moves=([^ ]*)/.exec(decodeURIComponent(location.hash));
    return m && m[1].split(',').length >= n;
  }, before + 2, { timeout: 60000 });
  const game = await movesInAddress(page);
  queensGame = game;
  // The computer's two searches ran in one worker, kept with its engine between them.
  check(page.workersStarted === 1,
    `the computer's two moves were searched in ${page.workersStarted} Web Worker(s) (one, kept between moves)`);

  // 5. Reload the page without its link: Continue is offered and brings the game back.
  await page.goto(BASE);
  await page.reload();
  await page.waitForSelector('#loading', { state: 'detached', timeout: 60000 });
  const offered = await clickWord(page, 'Continue');
  check(offered, 'a reload offers Continue');
  if (offered) {
    await page.waitForFunction((moves) => decodeURIComponent(location.hash).includes(`moves=${moves}`),
      game.join(','), { timeout: 10000 }).catch(() => {});
  }
  const continued = await movesInAddress(page);
  check(continued.join(',') === game.join(','), `Continue brought the game back: moves=${continued.join(',')}`);
  await page.screenshot({ path: `${SHOTS}/continued-1280x800.png` });

  // 6. Game > Save as downloads the game; Game > Open reads the file back.
  const downloaded = page.waitForEvent('download', { timeout: 20000 }).catch(() => null);
  const saveClicked = (await clickWord(page, 'Game')) && (await clickWord(page, 'as'));
  const download = await downloaded;
  const savedPath = download ? await download.path() : null;
  check(saveClicked && savedPath !== null && download.suggestedFilename().endsWith('.ron'),
    `Save as downloaded ${download ? download.suggestedFilename() : 'nothing'}`);
  if (savedPath) {
    // A fresh game on screen, then the saved one opened.
    await page.goto(BASE + '#' + encodeURIComponent('size=5'));
    await page.reload();
    await page.waitForSelector('#loading', { state: 'detached', timeout: 60000 });
    await clickWord(page, 'Discard', 8);
    const chooser = page.waitForEvent('filechooser', { timeout: 20000 }).catch(() => null);
    const openClicked = (await clickWord(page, 'Game')) && (await clickWord(page, 'Open'));
    const fileChooser = await chooser;
    if (openClicked && fileChooser) {
      await fileChooser.setFiles(savedPath);
      await page.waitForFunction((moves) => decodeURIComponent(location.hash).includes(`moves=${moves}`),
        game.join(','), { timeout: 20000 }).catch(() => {});
    }
    const opened = await movesInAddress(page);
    check(opened.join(',') === game.join(','), `Open read the downloaded save back: moves=${opened.join(',')}`);
    await page.screenshot({ path: `${SHOTS}/opened-1280x800.png` });
  }
  await page.close();
}

// 7. The browser's storage full: the window says so, and the stored autosave stays.
// Two people play (no computer's move message follows the failure's).
{
  const twoPlayers = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await twoPlayers.addInitScript(() => {
    localStorage.setItem('queens-settings', JSON.stringify({ setup: { mode: 'HumanVsHuman' } }));
  });
  const { page } = await open(twoPlayers, 'size=8 stones=b2,d5 moves=c3,g6');
  // One move, autosaved.
  await playSomeMove(page);
  await page.waitForFunction(() => localStorage.getItem('queens.autosave.ron') !== null, null, { timeout: 20000 }).catch(() => {});
  const before = await page.evaluate(() => localStorage.getItem('queens.autosave.ron'));
  // Fill the page's storage until the browser refuses.
  const filled = await page.evaluate(() => {
    const block = 'x'.repeat(256 * 1024);
    let n = 0;
    try {
      for (;;) { localStorage.setItem(`filler.${n}`, block); n += 1; }
    } catch (e) {
      // Then ever smaller pieces, so not even one more byte fits.
      for (const size of [4096, 256, 16, 1]) {
        try { for (let m = 0; ; m += 1) localStorage.setItem(`filler.${size}.${m}`, 'x'.repeat(size)); } catch (f) { /* full at this size */ }
      }
      return `${n} blocks, then ${e.name}`;
    }
  });
  // Another move, whose autosave the browser refuses.
  await playSomeMove(page);
  const said = await clickWord(page, 'Autosave', 20);
  check(said, `with the storage full (${filled}), a move says the autosave failed`);
  const after = await page.evaluate(() => localStorage.getItem('queens.autosave.ron'));
  const movesOf = (text) => [...(text ?? '').matchAll(/cell: "(\w+)"/g)].map((m) => m[1]).join(',') || 'none';
  check(before !== null && after === before,
    `the autosave stored before the storage filled is still there, unchanged (before: ${movesOf(before)}; after: ${movesOf(after)})`);
  await page.screenshot({ path: `${SHOTS}/storage-full-1280x800.png` });
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('filler.')) localStorage.removeItem(key);
  });
  await twoPlayers.close();
}

// A link to a tic-tac-toe position with the computer to move: its reply appears in the
// address too (every game's game string is a link).
{
  const page = (await open(context, 'game=tictactoe moves=b2')).page;
  const replied = await page.waitForFunction(
    () => /^game=tictactoe moves=b2,[a-c][1-3]$/.test(decodeURIComponent(location.hash.slice(1))),
    null, { timeout: 60000 }).then(() => true).catch(() => false);
  const address = await page.evaluate(() => decodeURIComponent(location.hash.slice(1)));
  check(replied, `the computer replied to the linked tic-tac-toe position: ${address}`);
  await page.screenshot({ path: `${SHOTS}/tictactoe-linked-1280x800.png` });
  await page.close();
}

// The same for Othello (a games-table game drawn by the window's general grid case): the
// computer's answer is searched in a worker and lands in the address.
{
  const page = (await open(context, 'game=othello size=6 moves=c2')).page;
  const replied = await page.waitForFunction(
    () => /^game=othello size=6 moves=c2,[a-f][1-6]$/.test(decodeURIComponent(location.hash.slice(1))),
    null, { timeout: 60000 }).then(() => true).catch(() => false);
  const address = await page.evaluate(() => decodeURIComponent(location.hash.slice(1)));
  check(replied, `the computer replied to the linked Othello position: ${address}`);
  await page.screenshot({ path: `${SHOTS}/othello-linked-1280x800.png` });
  await page.close();
}

// 8. The links opened since in this browser (a 5x5 board with a save opened on it, the
// tic-tac-toe and Othello positions, where only the computer moved) replaced nothing: the
// bare address offers the unfinished queens game of step 2 for Continue.
{
  const { page } = await open(context, '');
  const offered = await clickWord(page, 'Continue');
  check(offered, 'after three links with no move of ours, the bare address offers Continue');
  if (offered) {
    await page.waitForFunction((moves) => decodeURIComponent(location.hash).includes(`moves=${moves}`),
      queensGame.join(','), { timeout: 10000 }).catch(() => {});
  }
  const kept = await movesInAddress(page);
  check(queensGame.length > 0 && kept.join(',') === queensGame.join(','),
    `Continue brought back the unfinished queens game, not a link's: moves=${kept.join(',')}`);
  await page.close();
}

// 4. The page's main thread stays free while the computer thinks on 15x15 with 20 stones:
// with the Easy preset (alpha-beta, the default), and with Hard (the strong engine, its
// table and solver) while every legal move's value is searched for the board (move values
// on), the heaviest work the window starts at once.
for (const [label, settings] of [
  ['Easy', null],
  ['Hard, move values on', {
    heat_map: true,
    setup: { engines: [1, 2].map(() => ({ algorithm: 'pvs', depth: 10, time_ms: 3000 })) },
  }],
]) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  if (settings) {
    await page.addInitScript((json) => localStorage.setItem('queens-settings', json), JSON.stringify(settings));
  }
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  const stones = 'a2,b7,c11,d4,e14,f9,g2,g13,h5,i10,j1,j12,k7,l3,l14,m9,n5,n12,o2,o8';
  await page.goto(BASE + '#' + encodeURIComponent(`size=15 stones=${stones} moves=h8`));
  await page.waitForSelector('#loading', { state: 'detached', timeout: 60000 });
  // From the first frame on (the module's compile before it is the page's load).
  await page.evaluate(() => { window.__longTasks = []; });
  await page.waitForFunction(() => /moves=[^ ]*,/.test(decodeURIComponent(location.hash)), null, { timeout: 120000 });
  // With move values on, the person's move is then valued (a worker per move): the
  // page is watched for 8 s more of that work.
  if (settings) await page.waitForTimeout(8000);
  const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks));
  const count = await page.evaluate(() => window.__longTasks.length);
  check(longest < 200, `while the computer thought on 15x15 (${label}): ${count} long tasks, the longest ${Math.round(longest)} ms (under 200)`);
  const tag = settings ? 'hard-values' : 'easy';
  await page.screenshot({ path: `${SHOTS}/15x15-${tag}-1280x800.png` });
  await ctx.close();
}

/**
 * `measure(data, width, height)` run in the page on the RGBA pixels of a screenshot of
 * it (decoded by the browser itself: Node has no PNG decoder).
 */
async function withScreenPixels(page, measure) {
  const png = await page.screenshot();
  return page.evaluate(async ([base64, source]) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + base64;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const g = canvas.getContext('2d');
    g.drawImage(image, 0, 0);
    const { data } = g.getImageData(0, 0, image.width, image.height);
    return (0, eval)(`(${source})`)(data, image.width, image.height);
  }, [png.toString('base64'), measure.toString()]);
}

/** The words OCR reads on the page, joined by spaces. */
async function wordsOnPage(page) {
  const png = `${SHOTS}/ocr.png`;
  await page.screenshot({ path: png });
  const tsv = execFileSync('tesseract', [png, '-', 'tsv'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  return tsv.split('\n').map((line) => line.split('\t')).filter((f) => f.length === 12)
    .map((f) => f[11].trim()).filter((w) => w).join(' ');
}

// 9. Issue 41.4: a position put in the address while the page is open (hashchange) is
// opened, as a link is: the computer (P2) answers its move on a 5x5 board.
{
  const { page } = await open(context, 'size=6');
  await page.evaluate(() => { location.hash = encodeURIComponent('size=5 moves=a1'); });
  const followed = await page.waitForFunction(
    () => /^size=5 moves=a1,[a-e][1-5]$/.test(decodeURIComponent(location.hash.slice(1))),
    null, { timeout: 60000 }).then(() => true).catch(() => false);
  const address = await page.evaluate(() => decodeURIComponent(location.hash.slice(1)));
  check(followed, `a new position in the address opened and the computer answered it: ${address}`);
  await page.close();
}

// 10. Issue 41.7: a dark, Vietnamese browser starts dark and in Vietnamese (nothing
// stored yet: the first run follows the browser).
{
  const local = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark', locale: 'vi-VN' });
  const { page } = await open(local, 'size=8');
  await page.waitForTimeout(0);
  // The darkness of the page: the mean of a row of pixels across the middle.
  const mean = await withScreenPixels(page, (data, width, height) => {
    const y = Math.floor(height / 2);
    let sum = 0;
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
    }
    return sum / width;
  });
  check(mean < 100, `a dark browser's first frame is dark (mean brightness ${Math.round(mean)} of 255)`);
  const words = await wordsOnPage(page);
  // "Trò chơi", "Hiển thị" (Game, View); OCR without Vietnamese data drops some marks.
  check(/Tr\S\s*ch/.test(words) && /Hi\S+n\s+th/.test(words) && !/\b(Game|View|Learn)\b/.test(words),
    `a Vietnamese browser's window speaks Vietnamese (OCR: ${words.slice(0, 80)}...)`);
  await page.screenshot({ path: `${SHOTS}/dark-vietnamese-browser-1280x800.png` });
  await local.close();
}

// 11. Issue 41.2: a module that cannot be downloaded says so and offers Retry, which
// starts the window once the network is back.
{
  const blocked = await browser.newContext({ viewport: { width: 800, height: 600 }, serviceWorkers: 'block' });
  await blocked.route('**/queens_bg.wasm', (route) => route.abort('internetdisconnected'));
  const page = await blocked.newPage();
  await page.goto(BASE);
  const retry = page.locator('#loading-retry');
  const offered = await retry.waitFor({ state: 'visible', timeout: 30000 }).then(() => true).catch(() => false);
  const said = await page.locator('#loading-text').textContent();
  check(offered && /could not be downloaded/.test(said), `a failed download says so and offers Retry: ${said}`);
  await page.screenshot({ path: `${SHOTS}/retry-800x600.png` });
  await blocked.unroute('**/queens_bg.wasm');
  await retry.click().catch(() => {});
  const started = await page.waitForSelector('#loading', { state: 'detached', timeout: 60000 })
    .then(() => true).catch(() => false);
  check(started, 'Retry with the network back starts the window');
  await blocked.close();
}

// 12. Issue 41.2: the installable, offline page. A first visit keeps the site (the
// service worker); the manifest passes Chromium's installability check; with the
// network gone, a new tab and a reload start the window and Continue brings the game.
{
  // A profile of its own on disk: Chromium never offers to install from an incognito
  // context, which every browser.newContext is.
  const profile = mkdtempSync(join(tmpdir(), 'queens-web-profile-'));
  const offline = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: LAUNCH_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  await offline.addInitScript(() => {
    if (!localStorage.getItem('queens-settings')) {
      localStorage.setItem('queens-settings', JSON.stringify({ setup: { mode: 'HumanVsHuman' } }));
    }
  });
  const { page } = await open(offline, 'size=8 stones=b2,d5 moves=c3,g6');
  for (const other of offline.pages()) if (other !== page) await other.close();
  const kept = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active !== null;
  }).catch(() => false);
  check(kept, 'the first visit installed the service worker');
  const cdp = await offline.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  check(installabilityErrors.length === 0,
    `the page is installable (Chromium's installability errors: ${JSON.stringify(installabilityErrors)})`);
  const manifest = await cdp.send('Page.getAppManifest');
  check(manifest.errors.length === 0, `the manifest reads without errors: ${JSON.stringify(manifest.errors)}`);
  // One move of ours, so there is an unfinished game to continue.
  await playSomeMove(page);
  const game = await movesInAddress(page);
  await page.waitForFunction(() => localStorage.getItem('queens.autosave.ron') !== null, null, { timeout: 20000 }).catch(() => {});
  await page.close();
  await offline.setOffline(true);
  const again = await offline.newPage();
  const reached = await again.goto(BASE).then(() => true).catch(() => false);
  await again.reload().catch(() => {});
  const started = reached && await again.waitForSelector('#loading', { state: 'detached', timeout: 60000 })
    .then(() => true).catch(() => false);
  check(started, 'offline, a new tab and a reload start the window from the kept site');
  const offered = started && await clickWord(again, 'Continue');
  if (offered) {
    await again.waitForFunction((moves) => decodeURIComponent(location.hash).includes(`moves=${moves}`),
      game.join(','), { timeout: 10000 }).catch(() => {});
  }
  const continued = await movesInAddress(again);
  check(game.length === 3 && continued.join(',') === game.join(','),
    `offline, Continue brought the game back: moves=${continued.join(',')} (played ${game.join(',')})`);
  await again.screenshot({ path: `${SHOTS}/offline-1280x800.png` });
  await offline.close();
  rmSync(profile, { recursive: true, force: true });
}

/**
 * Clicks the 8x8 board's cells in turn, from the board's box on the page ([`boardBox`]),
 * until the address gains a move.
 */
async function playSomeMove(page) {
  const box = await boardBox(page);
  const count = (await movesInAddress(page)).length;
  for (let i = 0; i < 64 && (await movesInAddress(page)).length === count; i += 1) {
    await page.mouse.click(box.x + ((i % 8) + 0.5) * box.w / 8, box.y + (Math.floor(i / 8) + 0.5) * box.h / 8);
    await page.waitForTimeout(150);
  }
}

/**
 * The board's box on the page, read from a screenshot: the bounding box of the board
 * frame's colour (the light theme's (120, 100, 80)), found by the browser itself.
 */
async function boardBox(page) {
  return withScreenPixels(page, (data, width, height) => {
    let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        if (Math.abs(data[i] - 120) < 8 && Math.abs(data[i + 1] - 100) < 8 && Math.abs(data[i + 2] - 80) < 8) {
          left = Math.min(left, x); right = Math.max(right, x);
          top = Math.min(top, y); bottom = Math.max(bottom, y);
        }
      }
    }
    return { x: left, y: top, w: right - left + 1, h: bottom - top + 1 };
  });
}

// 13. Issue 41.1: a phone upright (390x844) and on its side (844x390), with touch: the
// 8x8 board's cells are at least 24 px and the whole board is in view; a game on 4x4 is
// played to its end by taps alone.
for (const [width, height] of [[390, 844], [844, 390]]) {
  const phone = await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });
  await phone.addInitScript(() => {
    if (!localStorage.getItem('queens-settings')) {
      localStorage.setItem('queens-settings', JSON.stringify({ setup: { mode: 'HumanVsHuman' } }));
    }
  });
  const { page } = await open(phone, 'size=8');
  const box = await boardBox(page);
  // The frame holds 8 cells and, with coordinates shown, a margin for them.
  const cell = Math.min(box.w, box.h) / 8.6;
  const inView = box.x >= 0 && box.y >= 0 && box.x + box.w <= width && box.y + box.h <= height;
  check(cell >= 24 && inView,
    `${width}x${height}: 8x8 cells of about ${cell.toFixed(1)} px (at least 24), the board ${box.w}x${box.h} at ${box.x},${box.y} in view`);
  await page.screenshot({ path: `${SHOTS}/phone-${width}x${height}.png` });
  await page.evaluate(() => { location.hash = encodeURIComponent('size=4'); });
  await page.waitForFunction(() => decodeURIComponent(location.hash) === '#size=4', null, { timeout: 20000 }).catch(() => {});
  const small = await boardBox(page);
  // Taps on each cell in turn, pass after pass, until the game is over (the game-over
  // window, read by OCR after each move, which then covers the board: no tap after it)
  // or a whole pass plays nothing.
  let played = 0;
  let words = '';
  let over = false;
  for (let pass = 0; pass < 6 && !over; pass += 1) {
    const before = played;
    for (let cell = 0; cell < 16 && !over; cell += 1) {
      const [col, row] = [cell % 4, Math.floor(cell / 4)];
      await page.touchscreen.tap(small.x + (col + 0.5) * small.w / 4, small.y + (row + 0.5) * small.h / 4);
      await page.waitForTimeout(100);
      const now = (await movesInAddress(page)).length;
      if (now > played) {
        played = now;
        // The game-over window opens a frame or two after the move.
        for (let look = 0; look < 3 && !over; look += 1) {
          await page.waitForTimeout(200);
          words = await wordsOnPage(page);
          over = /Game over/.test(words);
        }
      }
    }
    if (played === before) break;
  }
  // The game-over window: "Game over", "Won by Player 1, 11 : 5" (or a draw).
  check(played >= 2 && /Game over/.test(words) && /Won by|draw/i.test(words),
    `${width}x${height}: a 4x4 game played to its end by taps (${played} moves; OCR: ${(words.match(/(Won by|draw)( [^ ]*){0,4}/i) ?? ['none'])[0]})`);
  if (width < height) {
    // Press and hold shows the preview of the cell under the finger; sliding off the
    // board before lifting it plays nothing (the preview by touch: docs/guide.md).
    await page.evaluate(() => { location.hash = encodeURIComponent('size=6'); });
    await page.waitForFunction(() => decodeURIComponent(location.hash) === '#size=6', null, { timeout: 20000 }).catch(() => {});
    await clickWord(page, 'Close', 4);
    const six = await boardBox(page);
    const cdp = await phone.newCDPSession(page);
    const at = (x, y) => [{ x, y, id: 1 }];
    const [x, y] = [six.x + six.w * 0.45, six.y + six.h * 0.45];
    const idle = await page.screenshot();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x, y) });
    await page.waitForTimeout(300);
    const held = await page.screenshot({ path: `${SHOTS}/phone-press-and-hold-${width}x${height}.png` });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x, six.y + six.h + 120) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(300);
    const moves = await movesInAddress(page);
    check(!idle.equals(held) && moves.length === 0,
      `${width}x${height}: press and hold previews (the screen changed), sliding off plays nothing (moves: ${moves.length})`);
  }
  await page.screenshot({ path: `${SHOTS}/phone-4x4-over-${width}x${height}.png` });
  await phone.close();
}

// 14. Issue 41.5: a browser that keeps no site data (localStorage refused with a
// SecurityError, as with site data blocked) says so once a move is to be kept, with
// what to do instead, rather than "Autosave failed ... could not be written".
{
  const blocked = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await blocked.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
    });
  });
  // On 3x3 the first queen in the centre claims every cell: the game ends with the
  // person's move, so no reply of the computer's speaks over the status line, and the
  // autosave and the history are both to be written.
  const { page } = await open(blocked, 'size=3');
  const box = await boardBox(page);
  await page.mouse.click(box.x + box.w / 2, box.y + box.h / 2);
  let words = '';
  for (let i = 0; i < 20 && !/keeps no site data/.test(words); i += 1) {
    words = await wordsOnPage(page);
  }
  const said = (words.match(/This browser keeps no site data( [^ ]*){0,16}/) ?? ['nothing'])[0];
  check(/keeps no site data/.test(words) && /download/.test(words) && !/Autosave failed/.test(words),
    `with the site's storage blocked the window says what to do: ${said}`);
  await page.screenshot({ path: `${SHOTS}/storage-blocked-1280x800.png` });
  await blocked.close();
}

// Screenshots at 800x600 and 1280x800, in English and in Vietnamese (the settings are
// the page's storage: the language set there before the page loads is the window's).
for (const [language, tag] of [['English', 'en'], ['Vietnamese', 'vi']]) {
  for (const [width, height] of [[800, 600], [1280, 800]]) {
    const sized = await browser.newContext({ viewport: { width, height } });
    await sized.addInitScript((lang) => {
      localStorage.setItem('queens-settings', JSON.stringify({ language: lang }));
    }, language);
    const { page } = await open(sized, 'size=8 stones=b2,d5 moves=c3');
    await page.waitForFunction(() => /moves=[^ ]*,/.test(decodeURIComponent(location.hash)), null, { timeout: 60000 });
    await page.screenshot({ path: `${SHOTS}/linked-${width}x${height}-${tag}.png` });
    await sized.close();
  }
}

await browser.close();
console.log(failures === 0 ? 'browser test: every check passed' : `browser test: ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
