import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type LazyResolver<Fields extends FieldValues, Values> = Resolver<Fields, unknown, Values> & {
  /** Starts the download, e.g. once the form is on screen, so the first check does not wait for it. */
  preload: () => Promise<unknown>;
};

/** zod and react-hook-form's adapter for it, one download (the router starts it beside the login screen). */
export const loadZodAdapter = () => import('@hookform/resolvers/zod');

/**
 * A react-hook-form resolver for a shared zod schema that downloads zod, the schema and the adapter
 * only when first needed (docs/web-performance.md): a form on a first screen (login) then paints without them.
 * `load` imports the schema: `() => import('./login-schema').then((m) => m.LoginInput)`.
 */
export function lazyZodResolver<Fields extends FieldValues, Values>(
  load: () => Promise<z.ZodType<Values, Fields>>,
): LazyResolver<Fields, Values> {
  let ready: Promise<Resolver<Fields, unknown, Values>> | undefined;
  const preload = () =>
    (ready ??= Promise.all([load(), loadZodAdapter()]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<Fields, unknown, Values>,
    ));
  const resolver: Resolver<Fields, unknown, Values> = async (values, context, options) =>
    (await preload())(values, context, options);
  return Object.assign(resolver, { preload });
}
