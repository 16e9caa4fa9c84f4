// Which messages of the catalogue a built chunk may show: the catalogue's first part
// (apps/web/src/lib/i18n/first-screen-keys.json) must hold every one the first screens name, since
// they draw before its second part has arrived (docs/web-performance.md). Read by scripts/bundle-size.mjs.

/** Every way a built chunk writes a whole string: the three quotes. */
const QUOTES = ['"', "'", '`'];

/**
 * The keys of `keys` that `code` (minified JavaScript) may pass to `t()`. A key counts when the code
 * holds it as a whole string (`"feed.title"`), or a string that starts a key at one of its dots and
 * is finished at run time (`"jobs.form.salaryPeriod."+p`, `` `outbox.kind.${kind}` ``), or one that
 * ends a key from one of its dots (`` `${feature}.created` ``, `x+".created"`). It errs towards more:
 * a key counted that is never shown costs bytes; one missed would show as its key.
 */
export function keysNamedIn(code, keys) {
  const named = new Set();
  for (const key of keys) {
    if (QUOTES.some((q) => code.includes(q + key + q))) {
      named.add(key);
      continue;
    }
    for (let dot = key.indexOf('.'); dot !== -1; dot = key.indexOf('.', dot + 1)) {
      const head = key.slice(0, dot + 1);
      const tail = key.slice(dot);
      const isBuilt =
        QUOTES.some((q) => code.includes(q + head + q) || code.includes(q + tail + q)) ||
        code.includes('`' + head + '${') ||
        code.includes('}' + tail + '`');
      if (isBuilt) {
        named.add(key);
        break;
      }
    }
  }
  return named;
}
