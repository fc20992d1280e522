// Real-browser end-to-end tests: the built app on embedded PostgreSQL, driven by Debian's Chromium.
import base from './jest.config.js';
const server = base.projects[0];
export default {
  rootDir: '.',
  extensionsToTreatAsEsm: server.extensionsToTreatAsEsm,
  moduleNameMapper: server.moduleNameMapper,
  transform: server.transform,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
  globalSetup: '<rootDir>/test/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 1,
};
