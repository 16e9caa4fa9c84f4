import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent.
 *
 * The server keeps ~40 MiB alive. Under load, V8's own rule grows the limit to up to 4× that while
 * collections are cheap, so what requests leave behind piles up unswept. With it, RSS on the
 * PostgreSQL M data reached 261–295 MiB (bench/rss-under-load.mjs), over the 250 MiB (docs/web-performance.md).
 * At 50%, full collections come every ~20 MiB of garbage. Each takes ~10 ms over a 40 MiB heap.
 * Peak RSS then stayed at 193–195 MiB, with the same throughput within noise.
 */
export const HEAP_GROWING_PERCENT = 50;
const FLAG = '--heap-growing-percent';

/**
 * Sets V8's heap growing factor for this process, unless its command line sets one (an operator's
 * `node --heap-growing-percent=N dist/main.js` wins). V8 reads the flag at each full collection, so
 * setting it at start-up takes effect; NODE_OPTIONS cannot carry it. Answers whether it set it.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`))) return false;
  setFlagsFromString(`${FLAG}=${HEAP_GROWING_PERCENT}`);
  return true;
}
