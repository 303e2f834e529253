import { expect, test } from 'vitest';
import { config, z } from 'zod';
import { disableZodEval } from './zod-jitless';

test('zod picks up jitless from the shared global config, and still validates', () => {
  disableZodEval();
  expect(config().jitless).toBe(true);
  expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
});
