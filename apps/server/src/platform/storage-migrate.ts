import { buffer } from 'node:stream/consumers';
import { contentTypeOf, type ObjectStore } from './object-store';

// `npm run storage:migrate` (docs/design.md#past-one-machine): copies what an instance kept on its disk into the bucket
// that STORAGE_URL names, so the URLs in the database keep working once every instance uses S3.
// Idempotent: an object already in the bucket with the same size is skipped, so a run that stopped
// half-way is simply run again.

export interface MigrationProgress {
  /** The objects looked at so far, and how many of them were copied, skipped or failed. */
  seen: number;
  copied: number;
  skipped: number;
  failed: number;
  /** Bytes copied. */
  bytes: number;
}

export interface MigrationReport extends MigrationProgress {
  failures: { key: string; error: string }[];
}

/** Uploads at once: enough to hide a store's latency, few enough for a small machine. */
const PARALLEL_COPIES = 4;

export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  onProgress: (progress: MigrationProgress) => void = () => {},
): Promise<MigrationReport> {
  // One listing of the target instead of a HEAD per object.
  const present = new Map<string, number>();
  for await (const item of to.list()) present.set(item.key, item.size);

  const report: MigrationReport = { seen: 0, copied: 0, skipped: 0, failed: 0, bytes: 0, failures: [] };
  const running = new Set<Promise<void>>();

  async function copy(key: string, size: number) {
    try {
      const local = from.localPath?.(key);
      if (local) await to.putFile(key, local, contentTypeOf(key));
      else {
        const read = await from.get(key);
        if (!read) throw new Error('the object went away while copying');
        await to.put(key, await buffer(read.body), contentTypeOf(key));
      }
      report.copied++;
      report.bytes += size;
    } catch (err) {
      report.failed++;
      report.failures.push({ key, error: err instanceof Error ? err.message : String(err) });
    }
    onProgress(report);
  }

  for await (const item of from.list()) {
    report.seen++;
    if (present.get(item.key) === item.size) {
      report.skipped++;
      onProgress(report);
      continue;
    }
    const task = copy(item.key, item.size).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= PARALLEL_COPIES) await Promise.race(running);
  }
  await Promise.all(running);
  return report;
}
