// The built site (target/web) served on localhost as a static host serves it, with the
// repository's own files under /repo/ for `?url=` to fetch. Shared by the browser test and
// the frame-time measure.
import { createServer } from "node:http";
import { readFileSync, existsSync } from "node:fs";
import { join, normalize, extname } from "node:path";

const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
  ".yaml": "application/yaml" };

/** Starts the server; resolves to its address (ending in /) and a way to stop it. */
export async function serveSite() {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const file = path.startsWith("/repo/")
      ? normalize(path.slice("/repo/".length))
      : join("target/web", normalize(path === "/" ? "index.html" : path.slice(1)));
    if (file.startsWith("..") || !existsSync(file) || !/\.\w+$/.test(file)) {
      response.writeHead(404).end("not found");
      return;
    }
    const headers = { "content-type": types[extname(file)] || "application/octet-stream" };
    // The compressed copy the build writes, as a static host serves it.
    if (/\bgzip\b/.test(request.headers["accept-encoding"] || "") && existsSync(`${file}.gz`)) {
      headers["content-encoding"] = "gzip";
      response.writeHead(200, headers);
      response.end(readFileSync(`${file}.gz`));
      return;
    }
    response.writeHead(200, headers);
    response.end(readFileSync(file));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return { site: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** Chromium as the tests start it: headless, no GPU, no network of its own. */
export function launchOptions() {
  return {
    executablePath: process.env.MEGAHEX_CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  };
}
