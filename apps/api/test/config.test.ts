import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEMO_PROJECT_ID } from '@b2b/shared';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config.js';

const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('defaults', () => {
  test('emulator mode: loopback host, PGlite under .data, seeding on', () => {
    const config = loadConfig(emulator);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      pgliteDir: resolve(REPO_ROOT, '.data/db'),
      webDistDir: resolve(REPO_ROOT, 'apps/web/dist'),
      bodyLimitBytes: 100 * 1024,
      importMaxBytes: 200 * 1024 * 1024,
      writeRateLimitPerMinute: 120,
      readRateLimitPerMinute: 1200,
      seedOnEmpty: true,
      logLevel: 'info',
      firebase: { projectId: DEMO_PROJECT_ID, emulatorHost: '127.0.0.1:9099' },
    });
    expect(config.web).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
        projectId: DEMO_PROJECT_ID,
      },
      authEmulatorUrl: 'http://127.0.0.1:9099',
    });
  });

  test('real Firebase: all interfaces, web config from the environment, no emulator URL', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'acme-shop',
      FIREBASE_API_KEY: 'AIza-test',
      FIREBASE_APP_ID: '1:2:web:3',
      DATABASE_URL: 'postgres://u@db:5432/shop',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.seedOnEmpty).toBe(false);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/shop');
    expect(config.web).toEqual({
      firebase: {
        apiKey: 'AIza-test',
        authDomain: 'acme-shop.firebaseapp.com',
        projectId: 'acme-shop',
        appId: '1:2:web:3',
      },
      authEmulatorUrl: null,
    });
  });

  test('an explicit HOST wins even with the emulator; memory:// and flags parse', () => {
    const config = loadConfig({
      ...emulator,
      HOST: '0.0.0.0',
      PGLITE_DIR: 'memory://',
      SEED_ON_EMPTY: 'false',
      PORT: '8080',
      NODE_ENV: 'test',
      WRITE_RATE_LIMIT_PER_MINUTE: '5',
      READ_RATE_LIMIT_PER_MINUTE: '50',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      pgliteDir: 'memory://',
      seedOnEmpty: false,
      port: 8080,
      logLevel: 'silent',
      writeRateLimitPerMinute: 5,
      readRateLimitPerMinute: 50,
    });
  });

  test('empty strings count as unset', () => {
    expect(loadConfig({ ...emulator, PORT: '', DATABASE_URL: '', LOG_LEVEL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: null,
    });
  });
});

describe('the catalogue cache', () => {
  test('keeps 20,000 answers and 128 MB by default, or what CATALOGUE_CACHE_ENTRIES and CATALOGUE_CACHE_MB say', () => {
    expect(loadConfig(emulator).catalogueCacheLimits).toEqual({ entries: 20_000, bytes: 128 * 1024 * 1024 });
    expect(
      loadConfig({ ...emulator, CATALOGUE_CACHE_ENTRIES: '500', CATALOGUE_CACHE_MB: '16' }).catalogueCacheLimits,
    ).toEqual({ entries: 500, bytes: 16 * 1024 * 1024 });
    expect(
      problemsOf({ ...emulator, CATALOGUE_CACHE_ENTRIES: '0', CATALOGUE_CACHE_MB: 'lots' }).map((p) => p.split(':')[0]),
    ).toEqual(['CATALOGUE_CACHE_ENTRIES', 'CATALOGUE_CACHE_MB']);
  });
});

describe('fail fast', () => {
  test('refuses the emulator with NODE_ENV=production', () => {
    const problems = problemsOf({ ...emulator, NODE_ENV: 'production' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/FIREBASE_AUTH_EMULATOR_HOST.*NODE_ENV=production/);
  });

  test('real Firebase needs an API key', () => {
    expect(problemsOf({})).toEqual([expect.stringMatching(/^FIREBASE_API_KEY/)]);
  });

  test('lists every bad key at once', () => {
    const problems = problemsOf({
      ...emulator,
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      BODY_LIMIT_BYTES: '-1',
      SEED_ON_EMPTY: 'maybe',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
      READ_RATE_LIMIT_PER_MINUTE: '0',
    });
    const keys = problems.map((p) => p.split(':')[0]).sort();
    expect(keys).toEqual([
      'BODY_LIMIT_BYTES',
      'DATABASE_URL',
      'LOG_LEVEL',
      'NODE_ENV',
      'PORT',
      'READ_RATE_LIMIT_PER_MINUTE',
      'SEED_ON_EMPTY',
    ]);
  });

  test('the error message names the keys', () => {
    expect(() => loadConfig({ ...emulator, PORT: 'x' })).toThrow(/Invalid configuration:\n {2}- PORT:/);
  });
});

describe('production guard rails', () => {
  const production = { NODE_ENV: 'production', FIREBASE_API_KEY: 'AIza-test', FIREBASE_PROJECT_ID: 'acme-shop' };

  test.each(['', ' ', '\t', '127.0.0.1:9099'])(
    'refuses FIREBASE_AUTH_EMULATOR_HOST=%j with NODE_ENV=production (firebase-admin would see it as set)',
    (value) => {
      expect(problemsOf({ ...production, FIREBASE_AUTH_EMULATOR_HOST: value })).toEqual([
        expect.stringMatching(/^FIREBASE_AUTH_EMULATOR_HOST: .*not even blank/),
      ]);
    },
  );

  test('a blank FIREBASE_AUTH_EMULATOR_HOST outside production means real Firebase, as before', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: ' ', FIREBASE_API_KEY: 'k' }).firebase.emulatorHost).toBeNull();
  });

  test('API docs: on outside production, off in production unless API_DOCS=true', () => {
    expect(loadConfig(emulator).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ ...emulator, API_DOCS: 'false' }).apiDocs).toBe(false);
  });
});

describe('scaling out', () => {
  test('REDIS_URL and TRUST_PROXY default to in-memory limits and no trusted proxy', () => {
    expect(loadConfig(emulator)).toMatchObject({ redisUrl: null, trustProxy: false, bodyTimeoutMs: 10_000 });
  });

  test('REDIS_URL must be a redis URL', () => {
    expect(loadConfig({ ...emulator, REDIS_URL: 'rediss://cache.internal:6380/0' }).redisUrl).toBe(
      'rediss://cache.internal:6380/0',
    );
    expect(problemsOf({ ...emulator, REDIS_URL: 'http://cache' })).toEqual([expect.stringMatching(/^REDIS_URL/)]);
  });

  test.each([
    ['true', true],
    ['false', false],
    ['10.0.0.5', '10.0.0.5'],
    ['10.0.0.0/8, 192.168.1.1', '10.0.0.0/8, 192.168.1.1'],
    ['loopback,uniquelocal', 'loopback,uniquelocal'],
    ['fd00::/8', 'fd00::/8'],
  ])('TRUST_PROXY=%j', (value, expected) => {
    expect(loadConfig({ ...emulator, TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test.each(['2', 'yes please', '10.0.0.0/33', '300.1.1.1'])('refuses TRUST_PROXY=%j', (value) => {
    expect(problemsOf({ ...emulator, TRUST_PROXY: value })).toEqual([expect.stringMatching(/^TRUST_PROXY/)]);
  });
});
