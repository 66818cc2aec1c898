// The web build in real headless Chromium: the page is served from target/web on localhost,
// scenarios are opened through share links and through `?url=`, and what the page shows is
// checked: the tab's title (the scenario and its problem count, as `megahex validate` counts
// errors and warnings), a painted map, a sight overlay that changes the picture, and a download
// after one edit that differs from the file in that edit's line alone.
//
// Usage: node tests/web/browser.mjs MEGAHEX_BINARY [SCREENSHOT_FOLDER]   (from the repository's
// root, after .ci/web-build.sh). Needs playwright-core (target/web-test) and Chromium.
import { readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { initSync, share_fragment } from "../../target/web/megahex_web.js";
import { serveSite, launchOptions } from "./site.mjs";

const require = createRequire(import.meta.url);
const { chromium } = require(join(process.cwd(), "target/web-test/node_modules/playwright-core"));
const binary = process.argv[2];
const shots = process.argv[3] || "target/web-test/screenshots";
mkdirSync(shots, { recursive: true });
initSync({ module: readFileSync("target/web/megahex_web_bg.wasm") });

// The site at /, the repository's scenarios and fixtures under /repo/.
const { site, close } = await serveSite();

/** Errors and warnings `megahex validate` finds in `file`. */
function nativeProblems(file) {
  let out;
  try {
    out = execFileSync(binary, ["validate", "--format", "json", file], { encoding: "utf8" });
  } catch (error) {
    out = error.stdout;
  }
  return JSON.parse(out).files[0].diagnostics.filter((d) => d.severity !== "info").length;
}

function expectedTitle(file) {
  const written = readFileSync(file, "utf8").match(/^title: *"?(.*?)"?\s*$/m);
  const title = written ? written[1] : file.split("/").pop();
  const n = nativeProblems(file);
  const count = n === 0 ? "no problems" : n === 1 ? "1 problem" : `${n} problems`;
  return `${title} — ${count} — Megahex`;
}

const browser = await chromium.launch(launchOptions());
let failures = 0;
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
}

/** A fresh page (no storage left by another) at `url`, once its title has settled on a
 * checked scenario other than the sample the page starts with. `prepare(page)` runs before
 * the page loads. */
async function open(url, sample = false, prepare = () => {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  prepare(page);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && !m.text().includes("favicon") && errors.push(m.text()));
  await page.goto(url);
  let title = "";
  for (let i = 0; i < 120; i++) {
    title = await page.title();
    if (/ — .*problem.* — Megahex$/.test(title) && (sample || !title.startsWith("Editor sample"))) break;
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(300);
  // The page marks the end of its first frame, the first with the map.
  const firstMap = await page.evaluate(() =>
    Math.round(performance.getEntriesByName("megahex-first-frame")[0]?.startTime ?? -1));
  return { page, context, errors, title: await page.title(), firstMap };
}

/** How many colours the canvas shows: a blank or failed page shows one or two. */
async function colours(page) {
  const png = (await page.screenshot()).toString("base64");
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let i = 0; i < pixels.length; i += 4) seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    return seen.size;
  }, png);
}

/** How many check reports came from the page's worker, and whether the page checks itself. */
function checkedWhere(page) {
  return page.evaluate(() => ["megahex-worker-answer", "megahex-checks-on-page"]
    .map((name) => performance.getEntriesByName(name).length));
}

function shareLink(file) {
  const name = file.split("/").pop();
  return `${site}#${share_fragment(name, readFileSync(file, "utf8"))}`;
}

// Each game's bundled scenario, through a share link: titled, painted, no errors.
const timings = [];
for (const file of ["scenarios/city-blades-gambit.yaml", "scenarios/skirmish-rooftop-town.yaml",
  "scenarios/solar-first-light.yaml"]) {
  const { page, context, errors, title, firstMap } = await open(shareLink(file));
  timings.push(firstMap);
  check(title === expectedTitle(file), `share link ${file}: title "${title}"`);
  const n = await colours(page);
  check(n > 50, `share link ${file}: the map is painted (${n} colours)`);
  check(errors.length === 0, `share link ${file}: no errors in the console ${errors.join("; ")}`);
  const [inWorker, onPage] = await checkedWhere(page);
  check(inWorker > 0 && onPage === 0, `share link ${file}: checked in the page's worker (${inWorker} answers)`);
  await page.screenshot({ path: join(shots, `shared-${file.split("/").pop()}.png`) });
  await context.close();
}

// `?url=`: a bundled scenario, a broken one (its problems counted), and a missing file.
for (const file of ["scenarios/convention-dawn-over-megalopolis.yaml",
  "tests/fixtures/invalid/tile-overlap.yaml", "tests/fixtures/invalid/assertion-failed.yaml"]) {
  const { page, context, title } = await open(`${site}?url=/repo/${file}`);
  check(title === expectedTitle(file), `?url= ${file}: title "${title}"`);
  await page.screenshot({ path: join(shots, `url-${file.split("/").pop()}.png`) });
  await context.close();
}
{
  const { page, context } = await open(`${site}?url=/repo/no-such-file.yaml`, true);
  await page.waitForTimeout(1000);
  check((await page.title()).startsWith("Editor sample"), "?url= of a missing file keeps the sample open");
  await page.screenshot({ path: join(shots, "url-missing.png") });
  await context.close();
}

// A page whose worker cannot load checks on its own thread, with the same verdict.
{
  const file = "tests/fixtures/invalid/assertion-failed.yaml";
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.route("**/worker.js", (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${site}?url=/repo/${file}`);
  let title = "";
  for (let i = 0; i < 120 && !/^assertion-failed.yaml — .*problem/.test(title); i++) {
    await page.waitForTimeout(100);
    title = await page.title();
  }
  const [inWorker, onPage] = await checkedWhere(page);
  check(title === expectedTitle(file) && inWorker === 0 && onPage > 0,
    `without its worker the page checks itself: title "${title}"`);
  await context.close();
}

// A browser without WebAssembly SIMD cannot compile the editor: the page says what it needs.
// Chromium has SIMD, so the page is made to see a browser without it: validating a SIMD
// module fails, and so does compiling the editor. Its twin, the same page with SIMD, starts
// (every other test here).
{
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.addInitScript(() => {
    const refuse = () => Promise.reject(new WebAssembly.CompileError("unknown opcode 0xfd"));
    WebAssembly.validate = () => false;
    WebAssembly.instantiateStreaming = refuse;
    WebAssembly.instantiate = refuse;
  });
  const page = await context.newPage();
  await page.goto(site);
  await page.waitForSelector("#loading.failed", { timeout: 20000 });
  const said = await page.textContent("#loading");
  check(/needs a browser that runs WebAssembly SIMD/.test(said),
    `a browser without WebAssembly SIMD is told what Megahex needs: "${said}"`);
  await context.close();
}

// An overlay: select the hex in the middle of the map, then Sight (L) from it.
{
  const file = "scenarios/city-blades-gambit.yaml";
  const { page, context } = await open(`${site}?url=/repo/${file}`);
  const middle = { x: 600, y: 450 };
  await page.mouse.click(middle.x, middle.y);
  await page.mouse.click(middle.x, middle.y);
  await page.mouse.move(900, 300);
  await page.waitForTimeout(300);
  const plain = await page.screenshot();
  await page.keyboard.press("l");
  await page.waitForTimeout(800);
  const sight = await page.screenshot({ path: join(shots, "sight-overlay.png") });
  check(!plain.equals(sight), "the sight overlay changes the picture");

  // One edit (rotate the selection), then Save: the download is the file with one line changed.
  await page.keyboard.press("Escape");
  await page.mouse.click(middle.x, middle.y);
  await page.keyboard.press("r");
  await page.waitForTimeout(300);
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Control+s")]);
  const saved = readFileSync(await download.path(), "utf8").split("\n");
  const original = readFileSync(file, "utf8").split("\n");
  const differing = original.map((line, i) => (line === saved[i] ? null : i + 1)).filter((i) => i !== null);
  check(download.suggestedFilename() === "city-blades-gambit.yaml", `the download is named ${download.suggestedFilename()}`);
  check(saved.length === original.length && differing.length === 1,
    `the download differs from the file in one line (lines ${differing.join(", ")})`);
  await page.screenshot({ path: join(shots, "after-edit.png") });
  await context.close();
}

// A share link opens as a view: an edit is refused (the download is the file unchanged) until
// Edit a copy, after which the same edit is made.
{
  const file = "scenarios/city-blades-gambit.yaml";
  const { page, context } = await open(shareLink(file));
  const original = readFileSync(file, "utf8");
  const middle = { x: 600, y: 450 };
  async function rotateAndSave() {
    await page.mouse.click(middle.x, middle.y);
    await page.keyboard.press("r");
    await page.waitForTimeout(300);
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Control+s")]);
    return readFileSync(await download.path(), "utf8");
  }
  check((await rotateAndSave()) === original, "a shared view refuses the edit");
  await page.screenshot({ path: join(shots, "shared-view.png") });
  const editACopy = { x: 450, y: 12 };
  await page.mouse.click(editACopy.x, editACopy.y);
  const saved = (await rotateAndSave()).split("\n");
  const differing = original.split("\n").filter((line, i) => line !== saved[i]).length;
  check(differing === 1, `after Edit a copy the edit is made (${differing} line differs)`);
  await context.close();
}

// Open file…: the browser's file picker, and the chosen file opens.
{
  // Playwright turns on catching the picker when a `filechooser` listener is added, and does
  // not wait for the browser to confirm it: a click sent at once can open the picker before it
  // is caught, and the test never sees it. The listener is added before the page loads, so
  // the one click below meets a browser that catches the picker.
  let chosen;
  const picked = new Promise((resolve) => (chosen = resolve));
  const { page, context } = await open(site, true, (page) => page.on("filechooser", chosen));
  const openFile = { x: 110, y: 12 };
  await page.mouse.click(openFile.x, openFile.y);
  // A timer of Node's own, unref'd: it cannot fail when the page closes, nor hold the test open.
  const noPicker = new Promise((resolve) => setTimeout(() => resolve(null), 10000).unref());
  const chooser = await Promise.race([picked, noPicker]);
  check(chooser !== null, "Open file… shows the file picker at the first click");
  if (!chooser) throw new Error("no file picker after a click on Open file…");
  const file = "scenarios/skirmish-drowned-arena.yaml";
  await chooser.setFiles(file);
  let title = "";
  for (let i = 0; i < 50 && !/^The Drowned Arena — .*problem/.test(title); i++) {
    await page.waitForTimeout(100);
    title = await page.title();
  }
  check(title === expectedTitle(file), `Open file… opens the chosen file: title "${title}"`);
  await context.close();
}

// Export: the dialog's Export button downloads the picture, PNG and then SVG.
{
  const { page, context } = await open(`${site}?url=/repo/scenarios/city-blades-gambit.yaml`);
  const exportButton = { x: 557, y: 559 };
  const svgChoice = { x: 642, y: 398 };
  async function exported() {
    await page.keyboard.press("Control+e");
    await page.waitForTimeout(400);
    return page;
  }
  await exported();
  await page.screenshot({ path: join(shots, "export-dialog.png") });
  let [download] = await Promise.all([page.waitForEvent("download"), page.mouse.click(exportButton.x, exportButton.y)]);
  const png = readFileSync(await download.path());
  check(download.suggestedFilename() === "city-blades-gambit.png" && png.subarray(1, 4).toString() === "PNG",
    `Export downloads a PNG (${download.suggestedFilename()}, ${png.length} bytes)`);
  const jobs = await page.evaluate(() => performance.getEntriesByName("megahex-job-answer").length);
  check(jobs === 1, `the PNG was drawn in the page's job worker (${jobs} answers)`);
  await exported();
  await page.mouse.click(svgChoice.x, svgChoice.y);
  [download] = await Promise.all([page.waitForEvent("download"), page.mouse.click(exportButton.x, exportButton.y)]);
  const svg = readFileSync(await download.path(), "utf8");
  check(download.suggestedFilename().endsWith(".svg") && svg.includes("<svg"),
    `Export downloads an SVG (${download.suggestedFilename()}, ${svg.length} bytes)`);
  await context.close();
}

// Recovery: an edit left unsaved is kept in the browser's storage and offered after a reload;
// restored and saved, it is the file with that edit.
{
  const file = "scenarios/city-blades-gambit.yaml";
  const { page, context } = await open(`${site}?url=/repo/${file}`);
  await page.mouse.click(600, 450);
  await page.keyboard.press("r");
  await page.waitForTimeout(3000); // the copy is written two seconds after the last edit
  await page.goto(site);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: join(shots, "recovery-offered.png") });
  const restore = { x: 770, y: 93 };
  await page.mouse.click(restore.x, restore.y);
  await page.waitForTimeout(300);
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Control+s")]);
  const saved = readFileSync(await download.path(), "utf8").split("\n");
  const differing = readFileSync(file, "utf8").split("\n").filter((line, i) => line !== saved[i]).length;
  check(differing === 1, `after a reload the unsaved edit is offered and restored (${differing} line differs)`);
  await context.close();
}

console.log(`share links: first frame (the map), ms from navigation: ${timings.join(", ")}`);
await browser.close();
close();
process.exit(failures === 0 ? 0 : 1);
