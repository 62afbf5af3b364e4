// Precompresses the client build (brotli at maximum quality and gzip level 9)
// so static assets are served compressed without spending CPU per request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const ROOT = "build/client";
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/;
let count = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const input = fs.readFileSync(file);
      if (input.length < 512) continue;
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(input, { level: 9 }));
      count++;
    }
  }
}

if (fs.existsSync(ROOT)) walk(ROOT);
console.log(`Precompressed ${count} static files (br, gz).`);
