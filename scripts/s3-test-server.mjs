// An S3-compatible server for the tests and CI, on loopback only: @20minutes/s3rver (the maintained
// fork of s3rver, from the npm registry), keeping objects in a folder. It checks every request's
// AWS signature (keys S3RVER / S3RVER), answers ranges, HEAD, ListObjectsV2 with continuation tokens
// and S3's error codes. Run it with `node --openssl-legacy-provider` (its continuation tokens are
// DES-encrypted, which OpenSSL 3 keeps in the legacy provider):
//
//   node --openssl-legacy-provider scripts/s3-test-server.mjs --port 0 --dir /tmp/s3 [--bucket name]
//
// It prints one line, `S3 server on http://127.0.0.1:PORT`, once it answers, and stops on SIGTERM.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);

// Newer AWS SDKs sign a bucket-level request (ListObjectsV2, DeleteObjects) as `/bucket/`, as AWS S3
// accepts; s3rver signs its side as `/bucket` and refuses them all with SignatureDoesNotMatch. Until
// it follows, its check is given the path as the SDK sent it (signatures are still checked).
const authPath = require.resolve('@20minutes/s3rver/lib/middleware/authentication.js');
// eslint-disable-next-line security/detect-non-literal-require -- resolved from a literal just above
const authentication = require(authPath);
require.cache[authPath].exports = (...args) => {
  const check = authentication(...args);
  return function bucketPathAsSent(ctx, next) {
    const { bucket, key } = ctx.params;
    if (!bucket || key || !ctx.path.endsWith('/')) return check(ctx, next);
    ctx.params.bucket = `${bucket}/`;
    const restore = () => {
      ctx.params.bucket = bucket;
    };
    return check(ctx, () => {
      restore();
      return next();
    }).finally(restore);
  };
};
const S3rver = require('@20minutes/s3rver');

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    dir: { type: 'string' },
    bucket: { type: 'string', multiple: true, default: [] },
  },
});
if (!values.dir) {
  console.error('usage: node --openssl-legacy-provider scripts/s3-test-server.mjs --port N --dir FOLDER');
  process.exit(2);
}
mkdirSync(values.dir, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(values.port),
  directory: values.dir,
  silent: true,
  configureBuckets: values.bucket.map((name) => ({ name })),
});
const { port } = await server.run();
console.log(`S3 server on http://127.0.0.1:${port}`);

const stop = () => server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
