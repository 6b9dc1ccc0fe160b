import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/web/public/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The engine decides; it never reads the clock, randomness, the environment or the world.
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', 'process', 'fetch', 'setTimeout', 'setInterval', 'console'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The engine takes time as an argument.' },
        { object: 'Math', property: 'random', message: 'The engine takes randomness as an argument.' },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'pg', 'ws', 'fastify', 'kysely', '@omp/*'] },
      ],
    },
  },
  {
    // The contract may use the engine (pure code, no dependencies) for the tables both need, such
    // as the kline periods; nothing else of the repo, so every client can import it.
    files: ['packages/protocol/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', '@omp/*', '!@omp/engine'] }] }],
    },
  },
  {
    // Shared widgets serve every screen: they take what they need as props or context, never from a
    // feature or the app shell, so a widget cannot drag a feature's state into another.
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }],
    },
  },
  {
    // The back office's widgets likewise serve every screen and import no page or the shell.
    files: ['apps/admin/src/ui/**/*.{ts,tsx}', 'apps/admin/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/pages/**', '**/layout/**', '**/auth/**'] }],
    },
  },
  {
    // The server's layers: services and repositories know nothing of HTTP (domain/errors.ts holds
    // their refusals), and routes reach the database only through services (the next block).
    files: [
      'apps/server/src/services/**/*.ts',
      'apps/server/src/repositories/**/*.ts',
      'apps/server/src/domain/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/http/*', '**/routes/*', 'fastify'] }],
    },
  },
  {
    files: ['apps/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/repositories/*', '**/db/*', 'kysely'] }],
    },
  },
  {
    // Above the repositories nothing reads the schema: services name the database through
    // repositories/unit-of-work.ts, and repositories hand over decoded records (db/values.ts).
    files: [
      'apps/server/src/services/**/*.ts',
      'apps/server/src/wire/**/*.ts',
      'apps/server/src/inputs/**/*.ts',
      'apps/server/src/security/**/*.ts',
      'apps/server/src/domain/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/db/*', 'kysely', '**/http/*', '**/routes/*', 'fastify'] },
      ],
    },
  },
  {
    // A request's number is read by the protocol's wholeNumber (fields.ts): digits or a JSON
    // integer. z.coerce is JavaScript's Number(), which reads null, true, [], "0x2f" and " 47 " as
    // numbers; and .optional() or .default() on wholeNumber would refuse an empty field instead of
    // reading it as absent. The server's configuration reads the environment, not a request.
    files: ['packages/protocol/src/**/*.ts', 'apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='z'][property.name='coerce']",
          message: 'Use wholeNumber, optionalWholeNumber or wholeNumberOr from fields.ts.',
        },
        {
          selector:
            "MemberExpression[object.callee.name='wholeNumber'][property.name=/^(optional|default)$/]",
          message: 'Use optionalWholeNumber or wholeNumberOr: they read an empty field as absent.',
        },
      ],
    },
  },
  {
    // A promise nobody awaits and nobody catches ends the server when it rejects: every one in the
    // server is awaited, caught, or marked \`void\` where its own code catches inside. Type-aware,
    // so only here.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
);
