import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the
 * highest settings, once: the API serves them as they are (@fastify/static `preCompressed`),
 * so no request pays for compression. Source maps are left alone (only developer tools load
 * them); a copy that would not be smaller is not written.
 */

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/i;
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function compressFile(file: string): { br: number; gz: number } | null {
  const source = readFileSync(file);
  if (source.length < MIN_BYTES) return null;
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < source.length) writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
  return { br: br.length, gz: gz.length };
}

export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'b2b-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        let count = 0;
        let before = 0;
        let after = 0;
        for (const file of files(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const sizes = compressFile(file);
          if (!sizes) continue;
          count++;
          before += statSync(file).size;
          after += sizes.br;
        }
        log(`precompressed ${count} files: ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB brotli`);
      },
    },
  };
}
