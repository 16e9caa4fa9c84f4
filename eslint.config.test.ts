import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer and import rules of eslint.config.js, tried on small made-up files. Type information is
// switched off for these texts (they are not on disk); the import rules need only the resolver.
const eslint = new ESLint({
  cwd: import.meta.dirname,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      // The cycle rule walks the whole import graph; it is not what these probes are about.
      'import-x/no-cycle': 'off',
    },
  },
});

async function rulesBroken(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const restricted = 'import-x/no-restricted-paths';

describe('import boundaries', { timeout: 30_000 }, () => {
  // Loading the config and its plugins takes seconds on a busy machine; do it once, up front.
  beforeAll(() => eslint.calculateConfigForFile('apps/server/src/app.ts'), 60_000);

  it.each([
    ['apps/server/src/platform/probe.ts', "import { features } from '../features';"],
    ['apps/server/src/db/probe.ts', "import { createUsersService } from '../features/users/users.service';"],
    ['apps/server/src/features/follows/probe.ts', "import { findUserById } from '../users/users.repo';"],
    ['apps/web/src/lib/probe.ts', "import { LoginPage } from '../features/auth/login-page';"],
    ['apps/web/src/components/probe.tsx', "import { router } from '../app/router';"],
    ['apps/web/src/lib/toast/probe.tsx', "import { CloseIcon } from '../../components/icons';"],
    ['apps/server/src/db/probe.ts', "import { hashPassword } from '../platform/passwords';"],
    ['apps/server/src/db/migrations/probe.ts', "import { hashPassword } from '../../platform/passwords';"],
    ['apps/server/src/db/probe.ts', "import { seedIfEmpty } from '../seed/seed';"],
    [
      'apps/server/src/features/jobs/probe.ts',
      "import { listApplicants } from '../applications/applications.repo';",
    ],
    ['apps/web/src/features/jobs/probe.tsx', "import { PostCard } from '../posts/post-card';"],
    ['apps/web/src/features/jobs/probe.tsx', "import { router } from '../../app/router';"],
  ])('%s may not say %s', async (filePath, code) => {
    expect(await rulesBroken(filePath, `${code}\nexport const probe = 1;\n`)).toContain(restricted);
  });

  it.each([
    ['apps/server/src/features/users/probe.ts', "import { findUserById } from './users.repo';"],
    ['apps/server/src/features/auth/probe.ts', "import { accounts } from '../users/users.service';"],
    ['apps/server/src/features/probe.ts', "import { exploreRoutes } from './explore/explore.routes';"],
    ['apps/web/src/features/jobs/probe.tsx', "import { t } from '../../lib/i18n';"],
    ['apps/web/src/components/toast/probe.tsx', "import { useToast } from '../../lib/toast';"],
    ['apps/server/src/platform/probe.ts', "import type { Kdb } from '../db/database';"],
    ['apps/server/src/seed/probe.ts', "import { hashPassword } from '../platform/passwords';"],
    ['apps/web/src/app/probe.tsx', "import { PostCard } from '../features/posts/post-card';"],
  ])('%s may say %s', async (filePath, code) => {
    expect(await rulesBroken(filePath, `${code}\nexport const probe = 1;\n`)).toEqual([]);
  });
});

// Every text a member reads goes through t() (issue 13): the rule catches words in the markup and in
// the attributes a person reads or hears, and lets symbols, class names and field names be.
describe('no literal text in the web app', { timeout: 30_000 }, () => {
  const literal = 'i18next/no-literal-string';
  const component = (jsx: string) =>
    `import { t } from '../lib/i18n';\nexport function Probe({ on }: { on: boolean }) {\n  return ${jsx};\n}\n`;

  beforeAll(() => eslint.calculateConfigForFile('apps/web/src/components/probe.tsx'), 60_000);

  it.each([
    '<p>Hello</p>',
    "<p>{on ? 'Yes' : t('common.cancel')}</p>",
    '<button aria-label="Close" />',
    '<img alt="A photo" src="/a.png" />',
    '<input placeholder="Search" />',
    '<span title="Verified">{t(\'common.cancel\')}</span>',
    "<p>{t('common.cancel')} now</p>",
    '<Field label="Your name" hint={t(\'common.cancel\')} />',
  ])('refuses %s', async (jsx) => {
    expect(await rulesBroken('apps/web/src/components/probe.tsx', component(jsx))).toContain(literal);
  });

  it.each([
    '<p className="mt-2 text-sm">{t(\'common.cancel\')}</p>',
    "<p>{t('common.cancel')} · ★ ← “{String(on)}” (3)</p>",
    '<input type="text" autoComplete="name" name="q" />',
    '<a href="/feed" rel="noopener">{t(\'common.cancel\')}</a>',
    "<p>{on && 'OK'}</p>",
  ])('accepts %s', async (jsx) => {
    expect(await rulesBroken('apps/web/src/components/probe.tsx', component(jsx))).not.toContain(literal);
  });

  it('leaves tests alone', async () => {
    expect(await rulesBroken('apps/web/src/components/probe.test.tsx', component('<p>Hello</p>'))).toEqual(
      [],
    );
  });
});

// import-x/no-cycle skips `import type`; a circle made of type imports still ties two files together,
// so this walk counts every import, type-only and dynamic ones included.
describe('no file circles, type imports included', () => {
  const roots = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'e2e'];

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  }

  // It reads every source file: seconds on a machine busy with other test runs (the 5 s default ran
  // out once), so a minute; it checks imports, not time.
  it('finds none', () => {
    const files = new Set(roots.flatMap((root) => sourceFiles(path.join(import.meta.dirname, root))));
    const resolve = (from: string, specifier: string) => {
      if (!specifier.startsWith('.')) return undefined;
      const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
      return [
        base,
        `${base}.ts`,
        `${base}.tsx`,
        path.join(base, 'index.ts'),
        path.join(base, 'index.tsx'),
      ].find((candidate) => files.has(candidate));
    };
    const imports = new Map<string, string[]>();
    for (const file of files) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      imports.set(
        file,
        importedFiles.map((i) => resolve(file, i.fileName)).filter((f): f is string => f !== undefined),
      );
    }

    // Tarjan's strongly connected components: any component of two or more files is a circle.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    const visit = (file: string) => {
      index.set(file, index.size);
      low.set(file, index.get(file)!);
      stack.push(file);
      onStack.add(file);
      for (const next of imports.get(file) ?? []) {
        if (!index.has(next)) {
          visit(next);
          low.set(file, Math.min(low.get(file)!, low.get(next)!));
        } else if (onStack.has(next)) {
          low.set(file, Math.min(low.get(file)!, index.get(next)!));
        }
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(path.relative(import.meta.dirname, member));
        } while (member !== file);
        if (component.length > 1) circles.push(component.sort());
      }
    };
    for (const file of files) if (!index.has(file)) visit(file);

    expect(files.size).toBeGreaterThan(100);
    expect(circles).toEqual([]);
  }, 60_000);
});

describe('security rules', { timeout: 30_000 }, () => {
  beforeAll(() => eslint.calculateConfigForFile('packages/shared/src/auth.ts'), 60_000);

  it.each([
    // The shape of the bio check that once froze the server for a minute (issue 9).
    [
      'packages/shared/src/probe.ts',
      'export const URL_LIKE = /(\\w+\\.?)+\\.(com|ke)$/;',
      'regexp/no-super-linear-backtracking',
    ],
    [
      'apps/server/src/platform/probe.ts',
      'export const probe = (s: string) => new RegExp(s);',
      'security/detect-non-literal-regexp',
    ],
    [
      'apps/server/src/platform/probe.ts',
      "export const probe = (s: string) => eval('1' + s);",
      'security/detect-eval-with-expression',
    ],
  ])('%s may not say %s', async (filePath, code, rule) => {
    expect(await rulesBroken(filePath, `${code}\n`)).toContain(rule);
  });

  it('lets a linear pattern and test code pass', async () => {
    expect(
      await rulesBroken('packages/shared/src/probe.ts', 'export const ROUTE = /^\\/jobs(\\/[^/]+)?$/;\n'),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'apps/server/src/platform/probe.test.ts',
        'export const probe = (s: string) => new RegExp(s);\n',
      ),
    ).toEqual([]);
  });
});
