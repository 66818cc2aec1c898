// A measure, not a test: how long the page is held when the designer points at the map, when
// an overlay is turned on, when a tile is turned (an edit, checked in the page's worker) and
// while the map is exported as a PNG (drawn in the page's job worker), on the bundled
// eight-tile map (or the scenario given). The page's
// own requestAnimationFrame ticks are timed: a gap longer than a frame (17 ms) is time the page
// spent in one task (the editor's frame, its rules answers included) and could not draw.
// Prints the gaps over 50 ms for each step; docs/architecture.md ("The web target") records them.
//
// Usage: node tests/web/frames.mjs [SCENARIO]   (from the repository's root, after
// .ci/web-build.sh and .ci/web-test.sh have installed Playwright). With MEGAHEX_NO_WORKER=1
// the workers are not served, so the page does that work on its own thread: the figures to
// compare.
import { join } from "node:path";
import { createRequire } from "node:module";
import { serveSite, launchOptions } from "./site.mjs";

const require = createRequire(import.meta.url);
const { chromium } = require(join(process.cwd(), "target/web-test/node_modules/playwright-core"));
const scenario = process.argv[2] || "scenarios/convention-dawn-over-megalopolis.yaml";

const { site, close } = await serveSite();
const browser = await chromium.launch(launchOptions());
const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
if (process.env.MEGAHEX_NO_WORKER) await context.route("**/worker.js", (route) => route.abort());
const page = await context.newPage();
await page.goto(`${site}?url=/repo/${scenario}`);
for (let i = 0; i < 120; i++) {
  const title = await page.title();
  if (/ — .*problem.* — Megahex$/.test(title) && !title.startsWith("Editor sample")) break;
  await page.waitForTimeout(100);
}
await page.waitForTimeout(1000);
console.log(await page.title());

/** The gaps between the page's frames while `action` runs and for 1.5 s after it. */
async function gapsAround(action) {
  await page.evaluate(() => {
    window.megahexGaps = [];
    window.megahexTiming = true;
    let last = performance.now();
    const tick = (now) => {
      window.megahexGaps.push(now - last);
      last = now;
      if (window.megahexTiming) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.waitForTimeout(200);
  await action();
  await page.waitForTimeout(1500);
  return page.evaluate(() => {
    window.megahexTiming = false;
    const gaps = window.megahexGaps.slice(1);
    const long = gaps.filter((g) => g > 50).map(Math.round);
    return `${gaps.length} frames, longest ${Math.round(Math.max(...gaps))} ms, over 50 ms: [${long.join(", ")}]`;
  });
}

const middle = { x: 600, y: 450 };
console.log("still:        ", await gapsAround(async () => {}));
console.log("pointer moves:", await gapsAround(async () => {
  for (let i = 0; i < 6; i++) {
    await page.mouse.move(500 + 20 * i, 400);
    await page.waitForTimeout(120);
  }
}));
await page.mouse.click(middle.x, middle.y);
await page.mouse.click(middle.x, middle.y);
await page.mouse.move(1000, 200);
await page.waitForTimeout(500);
console.log("Sight on:     ", await gapsAround(() => page.keyboard.press("l")));
console.log("Range on:     ", await gapsAround(() => page.keyboard.press("g")));
// The tile under the pointer, selected and turned: one edit, checked as the page checks.
await page.mouse.click(middle.x, middle.y);
await page.waitForTimeout(300);
console.log("tile turned:  ", await gapsAround(() => page.keyboard.press("r")));
console.log(await page.title());
// Export… (Ctrl+E), then its Export button: the PNG at print scale, until it downloads.
await page.keyboard.press("Control+e");
await page.waitForTimeout(600);
const exportButton = { x: 557, y: 559 };
console.log("export PNG:   ", await gapsAround(() =>
  Promise.all([page.waitForEvent("download"), page.mouse.click(exportButton.x, exportButton.y)])));
await browser.close();
close();
