import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on a two-core CI machine.
    maxWorkers: 2,
    // The JSON report lets CI list the slowest tests (test-results/ is ignored by git).
    reporters: [
      'default',
      ['json', { outputFile: fileURLToPath(new URL('../../test-results/vitest-shared.json', import.meta.url)) }],
    ],
  },
});
