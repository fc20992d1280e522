// Where the machine's CPU went during a phase (Linux /proc; the figures are left out elsewhere).
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sleep } from './settings.mjs';

/** Share of CPU time the whole machine spent idle over `ms` (Linux /proc/stat; null elsewhere). */
export async function idleShare(ms = 2000) {
  const read = async () => {
    try {
      const f = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return { idle: f[3] + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = await read();
  await sleep(ms);
  const b = await read();
  return a && b && b.total > a.total ? (b.idle - a.idle) / (b.total - a.total) : null;
}

/**
 * CPU ticks (1/100 s) of every process, and whether it belongs to this benchmark (this process,
 * the bench's `processes` — the app's and the socket crowd's — and their descendants, Redis, the
 * system PostgreSQL cluster) or is other work on the machine. A descendant of a listed process (the
 * embedded PostgreSQL of the one-process app) counts as `<name>/children`. Linux only; null elsewhere.
 */
async function cpuTicks(processes) {
  try {
    const names = new Map([[process.pid, 'generator'], ...processes().map((p) => [p.child.pid, p.name])]);
    const all = new Map();
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cmd = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
        all.set(Number(pid), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), cmd });
      } catch {
        // the process ended meanwhile
      }
    }
    /** The name of the nearest listed ancestor (a few levels up at most), or null. */
    const ancestor = (pid) => {
      for (let p = all.get(pid)?.ppid, depth = 0; p && depth < 8; p = all.get(p)?.ppid, depth++) if (names.has(p)) return names.get(p);
      return null;
    };
    const procs = new Map();
    for (const [pid, p] of all) {
      const parent = names.has(pid) ? null : ancestor(pid);
      const label =
        names.get(pid) ??
        (parent !== null ? `${parent}/children` : null) ??
        (p.cmd.startsWith('redis-server') ? 'redis' : /^postgres: \d+\/main/.test(p.cmd) || p.cmd.includes('/postgresql/') ? 'postgres' : null);
      procs.set(String(pid), { ticks: p.ticks, mine: label !== null, label });
    }
    return { procs, at: performance.now() };
  } catch {
    return null;
  }
}

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status), or null (ended, or not Linux). */
export async function rssOf(pid) {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resident memory of each of `processes` ({ name, child }) still running: { name: bytes }. */
export async function memoryOf(processes) {
  const out = {};
  for (const p of processes) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
    const rss = await rssOf(p.child.pid);
    if (rss !== null) out[p.name] = rss;
  }
  return out;
}

/** The machine's CPU time so far (/proc/stat, 1/100 s): all of it, and the share a hypervisor took (steal). */
async function machineTicks() {
  try {
    const f = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: f.slice(0, 8).reduce((a, b) => a + b, 0), steal: f[7] ?? 0 };
  } catch {
    return null;
  }
}

/**
 * Runs a phase and adds the share of the machine's CPU used meanwhile by the benchmark's processes
 * (benchLoad) and by other work (otherLoad), and this process's event-loop lag (generatorLag).
 * `processes()` lists the bench's child processes ({ name, child }).
 */
export async function phase(run, processes) {
  const machineBefore = await machineTicks();
  const before = await cpuTicks(processes);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const result = await run();
  lag.disable();
  result.generatorLag = { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 };
  const after = await cpuTicks(processes);
  const machineAfter = await machineTicks();
  // Time the virtual machine's cores spent waiting for the host: none of the processes got it.
  if (machineBefore && machineAfter && machineAfter.total > machineBefore.total)
    result.steal = (machineAfter.steal - machineBefore.steal) / (machineAfter.total - machineBefore.total);
  if (before && after) {
    let mine = 0;
    let others = 0;
    const byLabel = {};
    for (const [pid, p] of after.procs) {
      const used = p.ticks - (before.procs.get(pid)?.ticks ?? 0);
      if (p.mine) mine += used;
      else others += used;
      if (p.label) byLabel[p.label] = (byLabel[p.label] ?? 0) + used;
    }
    const capacity = ((after.at - before.at) / 1000) * 100 * os.cpus().length;
    result.benchLoad = mine / capacity;
    result.otherLoad = others / capacity;
    // Per process, in cores (1.0 = one core busy all along): where the machine's time went.
    const seconds = (after.at - before.at) / 1000;
    result.cores = Object.fromEntries(Object.entries(byLabel).map(([k, v]) => [k, v / 100 / seconds]));
  }
  return result;
}
