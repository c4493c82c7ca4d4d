import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
/** The web app's features (web/src/features/*): each may import only itself and the shared layers. */
const webFeatures = fs
  .readdirSync(path.join(rootDir, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's domain modules (server/src/modules/*): each shows others only its index.ts. */
const serverModules = fs
  .readdirSync(path.join(rootDir, 'server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['server/**/*.ts', 'common/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.{js,mjs}', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // bulletproof-react's rule: features do not import each other; shared pieces live in lib/ or components/.
    files: ['web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*'], message: 'Features do not import each other; inside a feature use relative imports.' },
            { group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // Import graph rules for the web app, on resolved paths (so `@/...` and relative imports alike):
    // no import cycles, and the one-way layers of bulletproof-react: shared (components, hooks,
    // lib) <- features <- app. A relative path out of a feature (`../../landing/...`) is caught too.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x follows imports only into files with these extensions (its default is JavaScript only).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(rootDir, 'tsconfig.web.json') })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: rootDir,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to web/src/lib or web/src/components, or compose them in web/src/app.',
            })),
            {
              // Tests may render the whole app (see web/src/test/render.tsx).
              target: './web/src/features/**/!(*.test).{ts,tsx}',
              from: './web/src/app',
              message: 'Features do not import the app layer: app/ composes features, not the other way round.',
            },
            {
              target: ['./web/src/components', './web/src/hooks', './web/src/lib'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code (components, hooks, lib) does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's module boundary: another module (and app.ts, plugins/, main.ts) imports a
    // module only through its public surface, modules/<name>/index.ts, never its repositories or
    // services' internals; and no import cycles. Test support may reach inside (it builds fixtures).
    files: ['server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(rootDir, 'tsconfig.server.json') })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: rootDir,
          zones: serverModules.flatMap((module) =>
            [
              ...serverModules.filter((other) => other !== module).map((other) => `./server/src/modules/${other}/**/!(*.test).ts`),
              './server/src/!(modules)/**/!(*.test).ts',
              './server/src/*.ts',
            ].map((target) => ({
              target,
              from: `./server/src/modules/${module}`,
              except: ['./index.ts'],
              message: `Import the ${module} module through its index.ts (its public surface), not its internals.`,
            })),
          ),
        },
      ],
    },
  },
  {
    // Texts come from the catalogues (common/src/i18n/*.json, decision 049), never written in the
    // markup: JSX text, text-bearing attributes, strings shown through {...}, toasts and document
    // titles. Scoped to what has been converted so far; the rest joins as it is converted.
    files: [
      'web/src/app/layouts/**/*.tsx',
      // The app's shell: route guards, screens and the providers around the routes.
      'web/src/app/{app,follow,purchase,providers,route-guards,router}.tsx',
      'web/src/app/screens/**/*.tsx',
      'web/src/components/language-switch.tsx',
      'web/src/components/report-{link,dialog}.tsx',
      // The public pages' shared pieces (once lib/catalog-ui.tsx).
      'web/src/components/{relative-date,cover-image,price-badge,play-pause-button,artist-avatar,copy-link-button,embed-code}.tsx',
      'web/src/components/{download-link,back-to-artist-link,item-hero,catalog-item-page,preview-badge,track-list-row}.tsx',
      'web/src/features/profile/components/profile-{page,track-row,albums}.tsx',
      'web/src/features/track/**/*.tsx',
      'web/src/features/album/**/*.tsx',
      'web/src/features/not-found/**/*.tsx',
      'web/src/features/follow/**/*.tsx',
      'web/src/features/search/**/*.tsx',
      'web/src/components/{genre-links,email-field,status-card,form-dialog}.tsx',
      'web/src/components/ui/{dialog,sheet,toast,spinner}.tsx',
      'web/src/features/landing/**/*.tsx',
      'web/src/features/purchase/**/*.tsx',
      'web/src/features/library/**/*.tsx',
      'web/src/features/receipt/**/*.tsx',
      'web/src/features/codes/components/redeem-page.tsx',
      // The artist side: its texts are in common/src/i18n/app.{en,sw}.json (decision 055).
      'web/src/app/dashboard/**/*.tsx',
      'web/src/features/my-music/**/*.tsx',
      'web/src/features/auth/**/*.tsx',
      'web/src/features/payouts/**/*.tsx',
      'web/src/features/analytics/**/*.tsx',
      'web/src/features/codes/components/codes-section.tsx',
      'web/src/features/profile/components/{profile-section,profile-editor/*}.tsx',
      'web/src/features/admin/**/*.tsx',
      'web/src/features/player/**/*.tsx',
      'web/src/app/player.tsx',
      'web/src/components/image-{cropper,crop-dialog}.tsx',
      // The marketing pages: their own catalogue, common/src/i18n/marketing.{en,sw}.json (decision 063).
      'web/src/features/marketing/**/*.tsx',
    ],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'JSXText[value=/[A-Za-z]/]',
          'JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt|label|description|accessibleName|failureTitle|failureFallback)$/] > Literal[value=/[A-Za-z]/]',
          'JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt|label|description|accessibleName|failureTitle|failureFallback)$/] > JSXExpressionContainer > TemplateLiteral',
          ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)',
          ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=/[A-Za-z]/]',
          'CallExpression[callee.name="useDocumentTitle"] > Literal[value=/[A-Za-z]/]',
          'CallExpression[callee.name="toast"] Property[key.name=/^(title|description)$/] > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)',
        ].map((selector) => ({ selector, message: 'Write texts in the catalogues (common/src/i18n/*.json) and show them with t() (decision 049).' })),
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', '@/*'], message: 'common/ stands alone.' }] }],
    },
  },
);
