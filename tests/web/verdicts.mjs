// The browser build's verdicts against the native binary's: every fixture and bundled scenario
// is checked by the WebAssembly checker (target/web, loaded in Node) and by
// `megahex validate --format json`, and the two reports must be the same, finding for finding:
// code, severity, message, help, line, column, pointer and hexes.
//
// Usage: node tests/web/verdicts.mjs MEGAHEX_BINARY   (from the repository's root)
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { initSync, check_json } from "../../target/web/megahex_web.js";

const binary = process.argv[2];
if (!binary) {
  console.error("usage: node tests/web/verdicts.mjs MEGAHEX_BINARY");
  process.exit(2);
}
initSync({ module: readFileSync("target/web/megahex_web_bg.wasm") });

function yamlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

// Catalogs and the fixtures' support files are read by the scenarios that name them.
const files = [...yamlFiles("tests/fixtures"), ...yamlFiles("scenarios")].filter(
  (f) => !f.includes("/support/") && !f.includes("/queries/"),
);

let failed = 0;
let compared = 0;
let skipped = 0;
const timings = [];
for (const file of files) {
  const bytes = readFileSync(file);
  const text = bytes.toString("utf8");
  if (!Buffer.from(text, "utf8").equals(bytes)) {
    // Not UTF-8: a page reads files as text, so it never sees these bytes.
    skipped++;
    continue;
  }
  let native;
  try {
    native = execFileSync(binary, ["validate", "--format", "json", file], { encoding: "utf8" });
  } catch (error) {
    // Exit 1 means findings; the report is on stdout all the same.
    native = error.stdout;
  }
  const started = performance.now();
  const web = check_json(file, text, (path) => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return null;
    }
  });
  timings.push([performance.now() - started, file]);
  const nativeFile = JSON.parse(native).files[0];
  const webFile = JSON.parse(web).files[0];
  // A catalog file that is missing is reported with the system's words natively ("No such
  // file or directory (os error 2)") and the page's own on the web: the reason is not compared.
  for (const [index, finding] of nativeFile.diagnostics.entries()) {
    const other = webFile.diagnostics[index];
    if (finding.code === "catalog-invalid" && /\(os error \d+\)$/.test(finding.message) && other) {
      finding.message = finding.message.replace(/cannot be used: .*$/, "cannot be used: (unread)");
      other.message = other.message.replace(/cannot be used: cannot read .*$/, "cannot be used: (unread)");
    }
  }
  compared++;
  if (JSON.stringify(nativeFile) !== JSON.stringify(webFile)) {
    failed++;
    console.log(`DIFFERENT ${file}`);
    console.log(`  native: ${JSON.stringify(nativeFile).slice(0, 600)}`);
    console.log(`  web:    ${JSON.stringify(webFile).slice(0, 600)}`);
  }
}
timings.sort((a, b) => b[0] - a[0]);
const median = timings[Math.floor(timings.length / 2)][0];
console.log(`check times in wasm: median ${median.toFixed(2)} ms; slowest ${timings
  .slice(0, 3)
  .map(([ms, file]) => `${ms.toFixed(0)} ms ${file}`)
  .join(", ")}`);
console.log(`${compared} files compared, ${failed} different, ${skipped} not UTF-8 (skipped)`);
process.exit(failed === 0 && compared > 100 ? 0 : 1);
