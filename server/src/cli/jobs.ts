// `npm run jobs -- list|retry|discard`: the admin Jobs page for the terminal. It reads and changes
// the queue the app runs: BullMQ on REDIS_URL in scaled mode, else the jobs table of the database
// (DATABASE_URL or the embedded one, running or not). Exit codes: 0 done, 1 no such failed job
// (or the queue was unreachable), 2 bad arguments or configuration. Unlike the page, it writes no
// audit entry: there is no signed-in admin to name.
import 'reflect-metadata';
import { ADMIN_JOB_MESSAGES } from '#contract/jobs/messages.js';
import { FAILED_JOBS_SHOWN, JOB_KIND_LABELS } from '#contract/jobs/constants.js';
import type { AppConfig } from '#server/config/config.js';
import { BullMqJobQueue } from '#server/infra/queue/bullmq-job-queue.js';
import { JobQueue, type FailedJob, type FailedJobs, type QueueStats } from '#server/infra/queue/jobs.js';
import { PgJobQueue } from '#server/infra/queue/pg-job-queue.js';
import { failFastRedisOptions, patientRedisOptions } from '#server/infra/redis/redis-clients.js';
// Every queue must be known here, as in the app.
import '#server/jobs.js';
import { loadCliConfig, withCliDataSource } from './cli-database.js';

const USAGE = `usage: npm run jobs -- list [--json]
       npm run jobs -- retry QUEUE ID
       npm run jobs -- discard QUEUE ID`;

const HELP = `${USAGE}
list     each queue's waiting, scheduled, running and failed jobs, and the newest ${FAILED_JOBS_SHOWN} failed jobs with their errors
retry    runs a failed job again from its first attempt (the running app takes it within a second or two)
discard  removes a failed job for good
QUEUE and ID are as list prints them (queue/id).`;

type Command = { kind: 'list'; json: boolean } | { kind: 'retry' | 'discard'; queue: string; id: string };

function parse(argv: string[]): Command | string {
  const [verb, ...rest] = argv;
  if (verb === 'list') {
    const unknown = rest.filter((a) => a !== '--json');
    return unknown.length ? `unknown option '${unknown[0]}'` : { kind: 'list', json: rest.includes('--json') };
  }
  if (verb === 'retry' || verb === 'discard') {
    // `list` prints queue/id; both that and two words are taken.
    const [queue, id, extra] = rest.length === 1 && rest[0].includes('/') ? [...rest[0].split('/', 2), undefined] : rest;
    if (!queue || !id || extra !== undefined) return `${verb} takes a queue and a job id`;
    return { kind: verb, queue, id };
  }
  return verb ? `unknown command '${verb}'` : 'a command is needed';
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const command = parse(argv);
  if (typeof command === 'string') {
    console.error(`jobs: ${command}`);
    console.error(USAGE);
    return 2;
  }
  const config = loadCliConfig();
  if (!config) return 2;
  const { result, where } = await withQueue(config, async (queue) => {
    if (command.kind === 'list') {
      const [stats, failed] = await Promise.all([queue.stats(), queue.failed(FAILED_JOBS_SHOWN)]);
      return { code: 0, text: command.json ? JSON.stringify({ queues: stats, ...failed }, null, 2) : describe(stats, failed) };
    }
    const job = command.kind === 'retry' ? await queue.retryFailed(command.queue, command.id) : await queue.discardFailed(command.queue, command.id);
    if (!job) return { code: 1, text: `jobs: ${command.queue}/${command.id}: ${ADMIN_JOB_MESSAGES.gone}` };
    return { code: 0, text: `${command.kind === 'retry' ? 'Queued again' : 'Discarded'}: ${line(job)}` };
  });
  (result.code ? console.error : console.log)(result.text);
  if (!(command.kind === 'list' && command.json)) console.log(`(in ${where})`);
  return result.code;
}

/** The queue the app runs, for the length of `work`. */
async function withQueue<T>(config: AppConfig, work: (queue: JobQueue) => Promise<T>): Promise<{ result: T; where: string }> {
  if (config.REDIS_URL) {
    // It only reads and changes jobs: an unreachable Redis ends the command with an error, not a wait.
    const queue = new BullMqJobQueue(
      { producer: { url: config.REDIS_URL, ...failFastRedisOptions }, worker: { url: config.REDIS_URL, ...patientRedisOptions } },
      `${config.REDIS_PREFIX}:bull`,
    );
    try {
      return { result: await work(queue), where: `the BullMQ queues on REDIS_URL (prefix ${config.REDIS_PREFIX})` };
    } finally {
      await queue.close();
    }
  }
  const { result, where } = await withCliDataSource(config, (ds) => work(new PgJobQueue(ds)));
  return { result, where: `the jobs table of ${where}` };
}

const kind = (name: string) => `${name}${JOB_KIND_LABELS[name] ? ` (${JOB_KIND_LABELS[name]})` : ''}`;

function line(job: FailedJob): string {
  const when = job.failedAt ? job.failedAt.toISOString() : 'unknown time';
  return `${job.queue}/${job.id}  ${kind(job.name)}${job.key ? `  key=${job.key}` : ''}  ${job.attempts} attempts  failed ${when}\n    ${job.error ?? 'no error recorded'}`;
}

function describe(stats: QueueStats[], failed: FailedJobs): string {
  const pad = (v: string | number, n: number) => String(v).padStart(n);
  const lines = [`${'queue'.padEnd(10)}${pad('waiting', 9)}${pad('scheduled', 11)}${pad('running', 9)}${pad('failed', 8)}${pad('oldest wait', 13)}`];
  for (const s of stats) {
    const wait = s.oldestWaitingSeconds > 0 ? `${s.oldestWaitingSeconds.toFixed(1)}s` : '-';
    lines.push(`${s.queue.padEnd(10)}${pad(s.waiting, 9)}${pad(s.delayed, 11)}${pad(s.running, 9)}${pad(s.failed, 8)}${pad(wait, 13)}`);
  }
  lines.push('');
  if (!failed.total) lines.push('No failed jobs.');
  else {
    lines.push(failed.total > failed.jobs.length ? `Failed jobs: the newest ${failed.jobs.length} of ${failed.total}` : `Failed jobs: ${failed.total}`);
    for (const job of failed.jobs) lines.push(line(job));
  }
  return lines.join('\n');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`jobs: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
