import type { KyselyPlugin } from 'kysely';

/** Counts the SQL statements the app sends while `on` is true (pass `plugin` to buildTestApp). */
export function createQueryCounter() {
  const counter = {
    on: false,
    count: 0,
    plugin: {
      transformQuery(args) {
        if (counter.on) counter.count++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    } satisfies KyselyPlugin,
  };
  return counter;
}
