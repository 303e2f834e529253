import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD_BYTES, ENCODINGS } from '../../lib/content-encoding.js';

export { COMPRESSION_THRESHOLD_BYTES };

/**
 * Compresses API answers on the fly (brotli at a light quality, else gzip) when the client
 * accepts it and the body is JSON or text of at least COMPRESSION_THRESHOLD_BYTES. The SPA's
 * files are compressed once, at build time, and served as they are by the web plugin
 * (`preCompressed`), and the catalogue's cached answers once, when first asked for so
 * (capabilities/catalogue/cache.plugin.ts); a response that already has a Content-Encoding is
 * left alone. Request bodies are not decompressed: the API takes plain JSON only, so a body limit
 * always means the same number of bytes.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: [...ENCODINGS],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    });
  },
  { name: 'compression' },
);
