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
 * api process holds about `audience / processes` sockets), else null. It says what is left to do,
 * whichever way the process was started: a soft limit below the hard one was not raised (`npm start`
 * and `npm run dev` raise it in their shell; `node` run directly does not, Node having no call for it),
 * and a hard limit below the need is the machine administrator's to raise.
 */
export function openFilesWarning(limit: { soft: number; hard: number } | null, audience: number, processes: number): string | null {
  if (!limit) return null;
  const needed = Math.ceil(audience / processes) + FILES_BESIDE_SOCKETS;
  if (limit.soft >= needed) return null;
  const todo: string[] = [];
  if (limit.soft < limit.hard)
    todo.push('the soft limit was not raised to the hard one: start with npm start or npm run dev, or run ulimit -n "$(ulimit -Hn)" first');
  if (limit.hard < needed) todo.push('the hard limit is too low too: raise it with systemd LimitNOFILE=, docker --ulimit nofile=, /etc/security/limits.conf');
  return (
    `open files: each process may open ${limit.soft} (hard limit ${limit.hard}), below the ${needed} that LIVE_AUDIENCE=${audience} ` +
    `watchers over ${processes} process${processes === 1 ? '' : 'es'} need; new connections will fail beyond it ` +
    `(${todo.join('; ')}; docs/operations.md)`
  );
}
