import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The part modules of src/lib/i18n/parts: `en-first.ts`, `sw-rest.ts`, … */
const PART = /[\\/]src[\\/]lib[\\/]i18n[\\/]parts[\\/](en|sw)-(first|rest)\.ts$/;
const i18n = (file: string) => fileURLToPath(new URL(`./src/lib/i18n/${file}`, import.meta.url));
/**
 * Each language's catalogue files and the name each exports: every feature's file in catalogue/
 * exports `en` and `sw` (en.ts and sw/index.ts only spread them).
 */
function sources(language: string): { file: string; name: string }[] {
  return readdirSync(i18n('catalogue'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
    .map((file) => ({ file: `catalogue/${file}`, name: language }));
}
const FIRST_KEYS = i18n('first-screen-keys.json');

/** A catalogue file's messages, read by running it (its imports are types only). */
async function messagesOf(file: string, name: string): Promise<Record<string, string>> {
  const source = readFileSync(i18n(file), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  if (/^\s*import\s/m.test(outputText)) throw new Error(`${file}: a catalogue may import types only`);
  const module = (await import(
    `data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`
  )) as Record<string, Record<string, string>>;
  const messages = module[name];
  if (!messages) throw new Error(`${file} exports no ${name}`);
  return messages;
}

/**
 * The catalogue in two parts (src/lib/i18n/parts/split.ts): in the build, each part module is only
 * the messages it holds, so the first screens download their part alone. The source of a part
 * module picks from the whole catalogue, for the tests and the dev server; here it is replaced by
 * its messages, written out, before precompile-messages.ts parses them.
 */
export function splitCatalogues(): Plugin {
  return {
    name: 'jamii:split-catalogues',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const [, language, part] = match as unknown as [string, string, 'first' | 'rest'];
      this.addWatchFile(FIRST_KEYS);
      const first = new Set(JSON.parse(readFileSync(FIRST_KEYS, 'utf8')) as string[]);
      const catalogue: Record<string, string> = {};
      for (const { file, name } of sources(language)) {
        this.addWatchFile(i18n(file));
        Object.assign(catalogue, await messagesOf(file, name));
      }
      const held = Object.entries(catalogue).filter(([key]) => first.has(key) === (part === 'first'));
      const lines = held.map(([key, text]) => `  ${JSON.stringify(key)}: ${JSON.stringify(text)},`);
      let code = `export const messages = {\n${lines.join('\n')}\n};\n`;
      // Kiswahili's table of validation and server messages comes with its first part.
      if (language === 'sw' && part === 'first')
        code += "export { SW_MESSAGES as swMessages } from '@jamii/shared';\n";
      return { code, map: null };
    },
  };
}
