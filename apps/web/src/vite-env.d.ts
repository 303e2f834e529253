/// <reference types="vite/client" />

/** The year of the build (vite.config.ts `define`): the prerendered footer's copyright year. */
declare const __BUILD_YEAR__: number;

/** The shop's currency, the build's (vite.config.ts `define`, build/shop-currency.ts). */
declare const __SHOP_CURRENCY__: string;
