import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers on the fly (brotli at a light quality, else gzip) when the client
 * accepts it and the body is JSON or text of at least COMPRESSION_THRESHOLD_BYTES. The SPA's
 * files are compressed once, at build time, and served as they are by the web plugin
 * (`preCompressed`); a response that already has a Content-Encoding is left alone. Request
 * bodies are not decompressed: the API takes plain JSON only, so a body limit always means
 * the same number of bytes.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
