import { ESLint } from 'eslint';
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
    ['apps/web/src/app/probe.tsx', "import { PostCard } from '../features/posts/post-card';"],
  ])('%s may say %s', async (filePath, code) => {
    expect(await rulesBroken(filePath, `${code}\nexport const probe = 1;\n`)).toEqual([]);
  });
});
