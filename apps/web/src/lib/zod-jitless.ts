import { config } from 'zod/v4/core';

// zod compiles each object parser with `new Function`, after probing once whether eval works. The
// server's CSP forbids eval (`script-src 'self'`, no 'unsafe-eval'), and Chromium reports even the
// caught probe as a `securitypolicyviolation`. Jitless parsing is zod's interpreted path: the same
// answers, no eval. zod reads the setting as each object schema is built, so main.tsx imports this
// module before anything that builds one (packages/shared's schemas).
config({ jitless: true });
