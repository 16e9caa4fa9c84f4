// zod compiles each object parser with `new Function`, after probing once whether eval works. The
// server's CSP forbids eval (`script-src 'self'`, no 'unsafe-eval'), and Chromium reports even the
// caught probe as a `securitypolicyviolation`. Jitless parsing is zod's interpreted path: the same
// answers, no eval. zod reads the setting as each object schema is built.
//
// zod keeps its settings on `globalThis.__zod_globalConfig` (what its `config()` writes; the object
// is shared by every copy of zod on the page) and takes an object already there as its own. Setting
// it here, instead of calling `config()`, keeps zod out of the first download: the first screens
// build no schema, and the forms that do load zod later, after main.tsx has run this module.
// zod-jitless.test.ts checks that zod, loaded before or after, reads it.
export interface ZodSettings {
  jitless?: boolean;
}
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: ZodSettings };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
