import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/*
 * The test settings live in vite.config.ts beside the build's; this adds the JSON report, from
 * which CI lists the slowest tests (test-results/ is ignored by git).
 *
 * One worker (Vitest's default on two cores): `npm test` runs this suite beside the API's serial
 * files, so the other core is busy anyway. SweetAlert2's focus timer, which could outlive a file's
 * jsdom, is waited for at the end of each file that showed a dialog (src/test/setup.ts).
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
