// Scaled-mode tests: several real server processes (api and worker roles) on the machine's
// PostgreSQL and Redis (127.0.0.1:5432 and :6379). Run with `npm run test:scaled`.
import base from './jest.config.js';
const server = base.projects[0];
export default {
  rootDir: '.',
  displayName: 'scaled',
  extensionsToTreatAsEsm: server.extensionsToTreatAsEsm,
  moduleNameMapper: server.moduleNameMapper,
  transform: server.transform,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/scaled/**/*.scaled.ts'],
  globalSetup: '<rootDir>/test/scaled/setup/global-setup.ts',
  // Each file starts several server processes on a 2-core machine: one file at a time.
  maxWorkers: 1,
  testTimeout: 180_000,
};
