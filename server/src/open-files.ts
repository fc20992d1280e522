// The open-files limit: every socket is an open file, so a large audience needs a high one (decision 043).
import { readFileSync } from 'node:fs';

/** Files a process needs beside its sockets: the database pool, uploads, logs, the built client, Node's own. */
export const FILES_BESIDE_SOCKETS = 1024;

/** This process's soft and hard open-files limits, from /proc (Linux); null where the platform has no /proc. */
export function openFilesLimit(read: () => string = () => readFileSync('/proc/self/limits', 'utf8')): { soft: number; hard: number } | null {
  let text: string;
  try {
    text = read();
  } catch {
    return null;
  }
  const match = /^Max open files\s+(\S+)\s+(\S+)/m.exec(text);
  if (!match) return null;
  const value = (v: string) => (v === 'unlimited' ? Number.POSITIVE_INFINITY : Number(v));
  return { soft: value(match[1]), hard: value(match[2]) };
}

/**
 * One readable line when the soft limit cannot hold this start's share of the expected audience (each
 * api process holds about `audience / processes` sockets), else null. `npm start` has already raised the
 * soft limit to the hard one (package.json), so what is left is the hard limit, which only the
 * machine's administrator can raise.
 */
export function openFilesWarning(limit: { soft: number; hard: number } | null, audience: number, processes: number): string | null {
  if (!limit) return null;
  const needed = Math.ceil(audience / processes) + FILES_BESIDE_SOCKETS;
  if (limit.soft >= needed) return null;
  return (
    `open files: each process may open ${limit.soft} (hard limit ${limit.hard}), below the ${needed} that LIVE_AUDIENCE=${audience} ` +
    `watchers over ${processes} process${processes === 1 ? '' : 'es'} need; new connections will fail beyond it ` +
    `(raise it: ulimit -n, systemd LimitNOFILE=, docker --ulimit nofile=; docs/operations.md)`
  );
}
