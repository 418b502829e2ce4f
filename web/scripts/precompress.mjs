// Writes brotli (.br) and gzip (.gz) copies of the built assets at the highest levels; the
// server sends them to browsers that accept them instead of compressing on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ASSETS = path.resolve(import.meta.dirname, '../dist/assets');
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

let saved = 0;
for (const name of await readdir(ASSETS)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(ASSETS, name);
  const bytes = await readFile(file);
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  saved += bytes.length - brotli.length;
}
console.log(`precompressed assets (brotli saves ${Math.round(saved / 1024)} KiB)`);
