import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/*
 * The test settings live in vite.config.ts beside the build's; this adds the JSON report, from
 * which CI lists the slowest tests (test-results/ is ignored by git).
 *
 * Still one worker (Vitest's default on two cores): two finish in two thirds of the time, but then
 * login.test.tsx failed 2 runs in 5 with "HTMLElement is not defined" from SweetAlert2, whose
 * focus-restoring timer (100 ms after a dialog closes) outlived the file's jsdom. With that timer
 * cleared when a test ends (src/test/setup.ts), `maxWorkers: 2` here.
 */
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      reporters: [
        'default',
        ['json', { outputFile: fileURLToPath(new URL('../../test-results/vitest-web.json', import.meta.url)) }],
      ],
    },
  }),
);
