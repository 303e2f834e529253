import type { Plugin } from 'vite';
import { CURRENCIES, DEFAULT_CURRENCY, type CurrencyCode } from '../../../packages/shared/src/money.ts';

/*
 * The shop's currency (`CURRENCY`, as the API reads it) is the build's: the app formats every
 * price in it from its first frame, before it could ask the API anything (vite.config.ts defines
 * `__SHOP_CURRENCY__`). The build records it in `shop.json`, and the API refuses to serve a
 * build made for another currency (apps/api/src/plugins/web.ts); `npm start` rebuilds when they
 * differ (scripts/lib/web-build.ts).
 */

export const SHOP_FILE = 'shop.json';

/** CURRENCY from the environment (USD when unset); an unknown code stops the build. */
export function buildCurrency(env: NodeJS.ProcessEnv = process.env): CurrencyCode {
  const code = env.CURRENCY?.trim() || DEFAULT_CURRENCY;
  if (!Object.hasOwn(CURRENCIES, code))
    throw new Error(`CURRENCY=${code}: must be one of ${Object.keys(CURRENCIES).join(', ')} (ISO 4217).`);
  return code as CurrencyCode;
}

/** Writes `shop.json` (`{"currency": "…"}`) into the client build. */
export function shopFile(currency: CurrencyCode): Plugin {
  return {
    name: 'b2b-shop-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SHOP_FILE, source: `${JSON.stringify({ currency })}\n` });
    },
  };
}
