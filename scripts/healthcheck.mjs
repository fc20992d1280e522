// Container health: the api is ready (/api/v1/health/ready: database, Redis, migrations, not stopping);
// a worker refreshes a heartbeat file.
import { statSync } from 'node:fs';

const role = process.env.APP_ROLE ?? 'all';
try {
  if (role === 'worker') {
    const age = Date.now() - statSync(process.env.WORKER_HEARTBEAT_FILE ?? '/tmp/screamstage-worker-heartbeat').mtimeMs;
    process.exit(age < 30_000 ? 0 : 1);
  }
  const res = await fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/api/v1/health/ready`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
