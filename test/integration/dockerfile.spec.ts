// The Dockerfile read as text (no image is built here): it builds and runs on a Node.js line that is
// still supported, one package.json's "engines" admits, and both stages use the same line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import semver from 'semver';

// End of life of each LTS line (the Node.js release schedule): a line past it gets no security fixes.
const LTS_END_OF_LIFE: Record<number, string> = { 20: '2026-04-30', 22: '2027-04-30', 24: '2028-04-30', 26: '2029-04-30' };

const dockerfile = readFileSync('Dockerfile', 'utf8');
const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;

describe('Dockerfile', () => {
  const major = Number(/^ARG NODE_MAJOR=(\d+)$/m.exec(dockerfile)?.[1]);
  const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);

  it('should build and run every stage on the one Node.js line NODE_MAJOR names', () => {
    expect(major).toBeGreaterThan(0);
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const image of froms) expect(image).toBe('node:${NODE_MAJOR}-bookworm-slim');
  });

  it('should pick a Node.js LTS line before its end of life', () => {
    expect(Object.keys(LTS_END_OF_LIFE)).toContain(String(major));
    expect(new Date(`${LTS_END_OF_LIFE[major]}T00:00:00Z`).getTime()).toBeGreaterThan(Date.now());
  });

  it('should pick a line the code declares it runs on, while the oldest it declares stays 20.19', () => {
    expect(semver.intersects(engines, `^${major}`)).toBe(true);
    expect(semver.minVersion(engines)?.version).toBe('20.19.0');
  });
});
