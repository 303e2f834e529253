import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/*
 * How the API's answers are compressed: one rule for the answers compressed as they are sent
 * (plugins/external/compression.ts) and for the catalogue's cached answers, which are compressed
 * once and sent as they are (capabilities/catalogue/cache.plugin.ts).
 */

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Preferred first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Brotli at a light quality: most of its gain at a fraction of its top qualities' time. */
export const BROTLI_QUALITY = 4;

/**
 * The encoding to answer a request with, from its Accept-Encoding, as @fastify/compress chooses
 * it ("*" and "x-gzip" count as gzip), or null for none.
 */
export function negotiatedEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip');
  const chosen = negotiate(header, [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

export function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body);
}
