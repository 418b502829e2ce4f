// Prints the JavaScript a first visit to the home page downloads, gzip-compressed as the server
// sends it: the entry chunk and everything it imports or index.html preloads, plus the home page's
// own chunk and imports if it has one. Run after `npm run build`; the budget is 200 KB (issue 5).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../dist');
const HOME_PAGE = 'src/features/home/routes/HomePage.tsx';

const manifest = JSON.parse(await readFile(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
// router.tsx bundles the home page into the entry, so it has no chunk of its own; count one if it ever does.
const homeKey = manifest[HOME_PAGE] ? HOME_PAGE : entryKey;

/** A chunk's file and, transitively, the files of its static imports (what the browser fetches before running it). */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

// index.html may preload more than the entry's imports; whatever it names is fetched too.
const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
const namedByHtml = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);

const files = new Set([...staticClosure(entryKey), ...staticClosure(homeKey), ...namedByHtml]);
const sizes = await Promise.all(
  [...files].map(async (file) => ({
    file,
    gzip: gzipSync(await readFile(path.join(DIST, file)), { level: 9 }).length,
  })),
);
sizes.sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
for (const { file, gzip } of sizes) console.log(`${kb(gzip)} KiB  ${file}`);
const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
console.log(`${kb(total)} KiB  initial JavaScript of the home page (gzip), ${sizes.length} files`);
