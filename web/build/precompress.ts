// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, so
// that the Go binary serves them as they are, chosen by Accept-Encoding (internal/api/spa.go),
// and never compresses a file at request time. Node's zlib does both at the highest level.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Compresses one file; a copy that is not smaller than the original is not written. */
export function precompressFile(path: string): { br?: number; gz?: number } {
  const raw = readFileSync(path);
  if (raw.length < MIN_BYTES) return {};
  const out: { br?: number; gz?: number } = {};
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  if (br.length < raw.length) {
    writeFileSync(`${path}.br`, br);
    out.br = br.length;
  }
  const gz = gzipSync(raw, { level: 9 });
  if (gz.length < raw.length) {
    writeFileSync(`${path}.gz`, gz);
    out.gz = gz.length;
  }
  return out;
}

/** Compresses every compressible file under outDir. */
export function precompressDir(outDir: string) {
  for (const path of files(outDir)) {
    if (COMPRESSIBLE.test(path)) precompressFile(path);
  }
}
