// Every package the lock file installs runs on the oldest Node.js package.json's "engines" admits: npm
// would otherwise warn EBADENGINE at every install on that Node, and the package may use what it lacks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import semver from 'semver';

interface Manifest {
  engines?: { node?: string };
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Manifest & { version?: string }> };

describe('Node.js engines', () => {
  const oldest = semver.minVersion(manifest.engines?.node ?? '')?.version;

  it('should name the oldest supported Node.js in package.json', () => {
    expect(oldest).toBe('20.19.0');
  });

  it('should install no package that refuses that Node.js', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([where, pkg]) => where !== '' && pkg.engines?.node && !semver.satisfies(oldest!, pkg.engines.node))
      .map(([where, pkg]) => `${where.replace(/^.*node_modules\//, '')}@${pkg.version} (node ${pkg.engines!.node})`);
    expect(refusing).toEqual([]);
  });
});
