// ESLint (flat config). Besides the usual checks it holds the shape of the code (docs/architecture.md):
// where an import may point, and that no import climbs more than one folder. Prettier owns formatting.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const dirsIn = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const features = dirsIn('client/src/features');
const modules = dirsIn('server/src/modules');

/**
 * What a server module offers the others: its Nest module (to import), its services, its entities
 * (relations and types), its `*.types.ts` files and its `*.queues.ts` (queues other modules' jobs may
 * run on), at its top or in one of its parts (a module cut in parts, as votes/intake and votes/review).
 * Repositories, controllers, handlers, its jobs and helpers stay inside.
 */
const PUBLIC_MODULE_FILES = ['*.module.ts', '{,*/}*.service.ts', 'entities/*.entity.ts', '{,*/}*.types.ts', '*.queues.ts'];

const boundaries = [
  // Client (bulletproof-react): features stand alone; shared layers never reach up.
  ...features.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need down to components/, lib/ or hooks/.',
  })),
  {
    target: './client/src/features',
    from: './client/src/app',
    message: 'Features never import app/ (the router, store and shells import the features).',
  },
  {
    target: ['./client/src/components', './client/src/lib', './client/src/hooks', './client/src/testing'],
    from: ['./client/src/features', './client/src/app'],
    message: 'Shared layers (components/, lib/, hooks/, testing/) never import features/ or app/.',
    forAppCodeOnly: true,
  },
  // Server: infrastructure and common pieces know nothing of the domains.
  {
    target: ['./server/src/common', './server/src/infra', './server/src/config'],
    from: './server/src/modules',
    message: 'common/, infra/ and config/ never import modules/: put the type behind an interface here, or the code in the module.',
  },
  // Server: the job queue runs the jobs others declare (infra/mail, the modules) and names none of them.
  {
    target: './server/src/infra/queue',
    from: './server/src/infra',
    except: ['./queue', './database'],
    message: 'infra/queue names no job and no queue: whoever declares them imports infra/queue, never the other way round.',
  },
  // Server: a module reaches another only through what it offers.
  ...modules.map((name) => ({
    target: `./server/src/modules/${name}/**`,
    from: `${root}/server/src/modules/!(${name})/**`,
    except: modules.filter((m) => m !== name).flatMap((m) => PUBLIC_MODULE_FILES.map((f) => `${root}/server/src/modules/${m}/${f}`)),
    message:
      'Another module is used only through what it offers (its module, services, entities, *.types.ts and *.queues.ts), never its repositories, jobs or internals.',
    forAppCodeOnly: true,
  })),
  // Nothing in the app imports the tests.
  {
    target: ['./server/src', './client/src', './contract'],
    from: './test',
    message: 'Application code never imports test code.',
    forAppCodeOnly: true,
  },
];

const climbsTwoFolders = {
  regex: '^(\\.\\./){2,}',
  message: 'No import climbs more than one folder: use @/… (client), #server/… or #contract/… (package.json "imports").',
};

/**
 * The server's own folders, which a relative import never leaves: each folder of modules/, infra/ and
 * common/, the other folders of server/src (config/, seed/, cli/, …) and server/src itself. A file directly
 * in one of them may not climb at all; one folder deeper, `../` stays inside and two are refused anyway.
 * Globs, not a list, so a new module or folder is covered without editing this file.
 */
const SERVER_FOLDER_ROOTS = ['server/src/*.ts', 'server/src/*/*.ts', 'server/src/{modules,infra,common}/*/*.ts'];
const leavesItsFolder = {
  regex: '^\\.\\./',
  message: 'A relative import never leaves its own server folder (a module, an infra/ or common/ folder, config/ …): use #server/….',
};

/**
 * A page path written as text: a string or template literal that starts with '/' (the home page, '/#…',
 * '/login', '/admin/…'), unless it names what is not a page: the API ('/api/…'), uploaded and static
 * files ('/uploads/', '/media/', '/assets/', '/fonts/', '/favicon…'), the live socket ('/socket.io') or
 * another host ('//…'). Text of that shape that is no page address: an RTK Query endpoint's `query`, an
 * API request's `url` and an endpoint's `path` (relative to the API's base), the separator handed to split, join and replace, and a lone '/'
 * searched for as a character (startsWith, endsWith, includes, indexOf).
 */
const PAGE_PATH = String.raw`/^\/(?!\/|(api|uploads|media|assets|fonts)\/|favicon|socket\.io)/`;
const NOT_AN_ADDRESS = [
  ":not(Property[key.name='query'] *)",
  // An API request's `url` and an endpoint's `path` (an object with a `method`) are API addresses.
  ":not(Property[key.name='url'] > *)",
  ":not(ObjectExpression:has(> Property[key.name='method']) > Property[key.name='path'] > *)",
  ':not(CallExpression[callee.property.name=/^(split|join|replace|replaceAll)$/] > *)',
  ":not(CallExpression[callee.property.name=/^(startsWith|endsWith|includes|indexOf|lastIndexOf)$/] > Literal[value='/'])",
].join('');
const pagePathLiterals = [`Literal[value=${PAGE_PATH}]${NOT_AN_ADDRESS}`, `TemplateLiteral[quasis.0.value.cooked=${PAGE_PATH}]${NOT_AN_ADDRESS}`].map(
  (selector) => ({
    selector,
    message: "A page's address comes from its builder in @/lib/paths (`paths.login()`, `paths.admin.contest(id)`), never from text.",
  }),
);

/** An API request written by hand in an RTK Query endpoint: its URL and method come from the endpoint table (`request()`). */
const handWrittenRequests = [
  "CallExpression[callee.property.name='injectEndpoints'] Property[key.name=/^(url|method)$/]",
  "CallExpression[callee.property.name='injectEndpoints'] Property[key.name='query'] > ArrowFunctionExpression[body.type=/^(Literal|TemplateLiteral)$/]",
].map((selector) => ({
  selector,
  message:
    "An endpoint's request is `request(<domain>Endpoints.<call>, …)` from '@/lib/api/request': its URL and method come from the contract's endpoint table.",
}));

const TYPED_FILES = ['server/**/*.ts', 'contract/**/*.ts', 'client/src/**/*.{ts,tsx}', 'test/**/*.{ts,mts,cts}', 'scripts/**/*.ts'];

export default tseslint.config(
  // client/src/locales/*/messages.ts, contract/locales/*/messages.ts and server/src/locales/*/messages.ts:
  // the catalogs `npm run i18n:compile` writes (from the .po files).
  {
    ignores: [
      'dist/**',
      'data/**',
      'coverage/**',
      'node_modules/**',
      'client/public/**',
      'test-results/**',
      'client/src/locales/*/messages.ts',
      'contract/locales/*/messages.ts',
      'server/src/locales/*/messages.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'test/tsconfig.json', 'client/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          // '#server/*' and '#contract/*' resolve to the sources, as TypeScript and Jest see them.
          conditionNames: ['source', 'types', 'import', 'node', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries.map(({ forAppCodeOnly: _, ...zone }) => zone) }],
      // An import the resolver cannot follow would slip past the boundaries: every import must resolve.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(url|raw|inline)$'] }],
      'import-x/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
      'no-restricted-imports': ['error', { patterns: [climbsTwoFolders] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or handled, never dropped or handed to a caller that
    // ignores it, and a switch over a union names every member. Types come from the nearest tsconfig.json
    // (the project service): the server, contract and scripts from the root one, the tests from test/'s,
    // the client from client/'s.
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // Promises that never reject may be left to run: Redux Toolkit's (a query, a refetch, a cache
          // update) settle into the store, where the page shows a failure as the query's error.
          allowForKnownSafePromises: [{ from: 'package', name: ['SafePromise', 'QueryActionCreatorResult'], package: '@reduxjs/toolkit' }],
          // So may React Router's navigate: a failed navigation shows in the route's error element, and it
          // rejects only for a target outside the site, which the app never builds.
          allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      // A `default` answers for the members a switch leaves out on purpose (a payment webhook's other event
      // types); a switch without one has a case for every member.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: SERVER_FOLDER_ROOTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [climbsTwoFolders, leavesItsFolder] }] },
  },
  {
    // Every public repository method is in the SQL snapshots (npm run db:sql), so a change to the SQL it
    // sends shows in review: it carries @GenerateSql with sample arguments.
    files: ['server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ClassDeclaration[superClass.name='BaseRepository'] > ClassBody > MethodDefinition[kind='method'][static=false]:not([accessibility='private']):not([accessibility='protected']):not(:has(Decorator[expression.callee.name='GenerateSql']))",
          message: 'A public repository method carries @GenerateSql({ params: [...] }) so that its SQL is in the snapshots (npm run db:sql).',
        },
      ],
    },
  },
  {
    // Nest's dependency injection reads constructor parameter types at run time: an injected class must
    // stay a value import, so the type-import rule would break it in these files.
    files: ['server/src/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The answers' zod schemas (and the API document's examples), each domain's contract/<domain>/answers.ts,
      // are the server's: the browser takes their types only, so they never reach its bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A regex: in a gitignore-style group a leading '#' would make the pattern a comment.
              regex: '^#contract/[^/]+/answers(\\.js)?$',
              allowTypeImports: true,
              message: 'The client imports the answers as types only: `import type { … }`.',
            },
          ],
        },
      ],
    },
  },
  {
    // Page addresses are built by the paths module alone (its own test reads the addresses it builds), so a
    // renamed or mistyped page fails to compile.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/lib/paths.ts', 'client/src/lib/paths.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...pagePathLiterals, ...handWrittenRequests] },
  },
  {
    // Every route is mounted from the contract's endpoint table with `@Route(endpoint)`, in a controller
    // without a path of its own, so what the server serves at a path is what the client is typed to send;
    // and who may make a staff call is said there too, never by a guard a controller adds.
    files: ['server/src/**/*.controller.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Options', 'Head', 'Search', 'RequestMapping'],
              message: "A route is mounted with `@Route(<domain>Endpoints.<call>)` from '#server/common/http/route.js'.",
            },
            {
              name: '#server/common/auth/staff.guard.js',
              message: "A staff call names its permission in the endpoint table (`staff: '<permission>'`); `@Route` guards it from there.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Decorator > CallExpression[callee.name='Controller'][arguments.length>0]",
          message: "A controller has no path of its own: `@Controller()`; each route's path is its endpoint's.",
        },
      ],
    },
  },
  {
    // Tests may set a page up through the whole app (store, router) and a module's spec may arrange rows
    // through another module's repository; the application code itself keeps to the boundaries.
    files: ['**/*.spec.ts', '**/*.test.{ts,tsx}', 'client/src/testing/**/*.{ts,tsx}', 'test/**/*.{ts,mts,js,mjs,cjs}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries.filter((zone) => !zone.forAppCodeOnly) }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
