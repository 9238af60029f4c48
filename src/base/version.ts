// Set by the build (scripts/build.mjs) and by vitest.config.ts from package.json.
declare const __PROMO_VERSION__: string | undefined;

export const VERSION = typeof __PROMO_VERSION__ === 'string' ? __PROMO_VERSION__ : '0.0.0-dev';
