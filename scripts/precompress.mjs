// Writes .br and .gz beside every text file of a build, so the server sends compressed files
// without compressing per request. Usage: node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;
const dir = path.resolve(process.argv[2] ?? 'dist');

const walk = (p) => (statSync(p).isDirectory() ? readdirSync(p).flatMap((e) => walk(path.join(p, e))) : [p]);

for (const file of walk(dir).filter((f) => TEXT.test(f))) {
  const data = readFileSync(file);
  if (data.length < 512) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}
