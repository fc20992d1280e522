// Jest runs in native ESM mode (Nest 12 packages are ESM only); @swc/jest compiles
// TypeScript with decorator metadata, which Nest's dependency injection needs.
const swc = (react) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: react },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        ...(react ? { react: { runtime: 'automatic' } } : {}),
      },
      // The client's Lingui macros, as the Vite build transforms them (vite.config.ts: linguiMacros).
      // The plugin is tied to the @swc/core version (@lingui/swc-plugin 6.7.0 for @swc/core 1.16;
      // docs/i18n.md); its v5 ids match the catalogs `lingui extract` (v5) writes.
      ...(react ? { experimental: { plugins: [['@lingui/swc-plugin', { useLinguiV5IdGeneration: true, descriptorFields: 'message' }]] } } : {}),
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    // The package.json "imports" entries and the client's @/ alias, mapped to the sources.
    '^#contract/(.*?)(\\.js)?$': '<rootDir>/contract/$1',
    '^#server/(.*)\\.js$': '<rootDir>/server/src/$1',
    '^#test/(.*)\\.js$': '<rootDir>/test/$1',
    '^@/(.*)$': '<rootDir>/client/src/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};

export default {
  rootDir: '.',
  // Hooks start real server processes; on a busy 2-core machine that can pass Jest's default 5 s.
  // (A global option: Jest ignores testTimeout inside a project.)
  testTimeout: 30_000,
  projects: [
    // The tiers (each its own command, docs/testing.md): unit (no database, no build: seconds; with the
    // source checks of test/lint/*.unit.spec.ts), db (the embedded PostgreSQL: *.db.spec.ts beside the
    // code), integration (the compiled server as a process, and the lint boundaries), client (components in jsdom).
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc(false) },
      testMatch: [
        '<rootDir>/server/src/**/*.spec.ts',
        '<rootDir>/contract/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
        '<rootDir>/test/lint/**/*.unit.spec.ts',
      ],
      testPathIgnorePatterns: ['\\.db\\.spec\\.ts$'],
    },
    {
      ...common,
      displayName: 'db',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc(false) },
      testMatch: ['<rootDir>/server/src/**/*.db.spec.ts'],
      globalSetup: '<rootDir>/test/helpers/global-setup.ts',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc(false) },
      testMatch: ['<rootDir>/test/integration/**/*.spec.ts', '<rootDir>/test/lint/**/*.spec.ts'],
      testPathIgnorePatterns: ['\\.unit\\.spec\\.ts$'],
      globalSetup: '<rootDir>/test/helpers/global-setup.ts',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper: {
        ...common.moduleNameMapper,
        '\\.(css|svg|png|jpg|mp4|webm)(\\?.*)?$': '<rootDir>/test/helpers/file-stub.cjs',
      },
      testMatch: ['<rootDir>/client/src/**/*.test.tsx', '<rootDir>/client/src/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/helpers/client-setup.ts', '<rootDir>/client/src/testing/compile-texts.ts'],
    },
  ],
};
