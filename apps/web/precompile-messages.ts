import { parse } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { isPlainText } from './src/lib/i18n/plain-text';

/**
 * The catalogues of `t()`: English, Kiswahili's files, and the parts the build makes of them
 * (split-catalogues.ts); not the server messages' table.
 */
const CATALOGUE =
  /[\\/]src[\\/]lib[\\/]i18n[\\/](?:en|catalogue[\\/][\w-]+|parts[\\/](?:en|sw)-(?:first|rest))\.ts$/;
const PARSER = '@formatjs/icu-messageformat-parser';

/**
 * Messages with arguments (`{count, plural, …}`) are parsed at build time, so the browser gets each
 * as intl-messageformat's syntax tree and never downloads the ICU parser (docs/web-performance.md: about 8 kB of
 * gzip on every screen). In the build, each such catalogue string becomes its tree, and the parser
 * package resolves to its `no-parser` entry, which holds the types and the formatter's helpers but
 * not the parser. `t()` (src/lib/i18n/index.ts) takes either form; tests and `npm run dev` use the
 * strings as written. A message the parser refuses fails the build, naming it.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'jamii:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: { alias: [{ find: new RegExp(`^${PARSER}$`), replacement: `${PARSER}/no-parser.js` }] },
    }),
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: ts.Node): void => {
        if (
          ts.isPropertyAssignment(node) &&
          (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
          !isPlainText(node.initializer.text)
        ) {
          const key = node.name.getText(source);
          let tree;
          try {
            tree = parse(node.initializer.text, { ignoreTag: true });
          } catch (error) {
            throw new Error(`${id}: message ${key} is not valid ICU MessageFormat`, { cause: error });
          }
          edits.push({
            start: node.initializer.getStart(source),
            end: node.initializer.end,
            text: JSON.stringify(tree),
          });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      let out = code;
      for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      return { code: out, map: null };
    },
  };
}
