/**
 * The Content-Security-Policy forbids eval, so zod must not even probe for it: the browser
 * reports the probe (`new Function('')`) as a violation although zod catches the error. zod
 * reads its settings from `globalThis.__zod_globalConfig` (one object shared by every copy of
 * zod), so `jitless` can be set here, before the validation chunks are downloaded, without
 * putting zod itself on every page. lib/zod-jitless.test.ts checks that zod sees it.
 */
export function disableZodEval(): void {
  const global = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  global.__zod_globalConfig ??= {};
  global.__zod_globalConfig.jitless = true;
}
