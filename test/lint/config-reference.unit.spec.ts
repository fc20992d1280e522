// `.env.example` and the variables' tables of docs/configuration.md are drawn from the configuration
// schema's descriptions (`npm run docs:config`): each fails here when it differs from the drawing, and
// every variable docker-compose.yml reads is either the app's or listed as compose's own.
// Runs in the unit tier (`npm run test:unit`, part of `npm test`).
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { envSchema } from '#server/config/config.js';
import { COMPOSE_ONLY, envExample, settingsTables, variables, withTables } from '#server/config/config-reference.js';
import { REPO_ROOT } from '../helpers/repo-files.js';

const read = (rel: string) => readFileSync(path.join(REPO_ROOT, rel), 'utf8');
const FIX = 'run `npm run docs:config` and commit the result';

describe('the configuration reference', () => {
  it('should give every variable of the schema a section and a description', () => {
    const described = variables();
    expect(described.map((v) => v.name)).toEqual(Object.keys(envSchema.shape));
    for (const v of described) expect(v.info.doc.trim().length).toBeGreaterThan(10);
  });

  it(`should have .env.example exactly as the schema draws it (${FIX})`, () => {
    expect(read('.env.example')).toBe(envExample());
  });

  it(`should have the tables of docs/configuration.md exactly as the schema draws them (${FIX})`, () => {
    const guide = read('docs/configuration.md');
    expect(guide).toBe(withTables(guide, settingsTables()));
  });

  it('should list every variable docker-compose.yml reads, and none it does not', () => {
    const compose = read('docker-compose.yml');
    const read_ = new Set([...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
    const app = new Set(Object.keys(envSchema.shape));
    expect([...read_].filter((name) => !app.has(name) && !(name in COMPOSE_ONLY))).toEqual([]);
    expect(Object.keys(COMPOSE_ONLY).filter((name) => !read_.has(name))).toEqual([]);
  });

  it('should draw a line per variable in .env.example, its default as the environment spells it', () => {
    const example = envExample();
    expect(example).toMatch(/^PORT=3000$/m);
    expect(example).toMatch(/^DASHBOARD_VIDEO_URLS=\/media\/promo\.mp4,\/media\/promo\.mp4,\/media\/promo\.mp4$/m);
    expect(example).toMatch(/^REDIS_URL=$/m);
    for (const name of [...Object.keys(envSchema.shape), ...Object.keys(COMPOSE_ONLY)]) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});
