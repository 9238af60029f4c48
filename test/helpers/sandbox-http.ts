// The sandbox spoken to directly over real HTTP, with its built-in app credentials: the helpers of
// promo-sandbox's own tests (packages/sandbox/test/helpers/sandbox-http.ts), which start it through
// its public entry only, each answer checked against the vendor's description.
export * from '../../packages/sandbox/test/helpers/sandbox-http.js';
