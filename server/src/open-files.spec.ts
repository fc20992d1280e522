import { describe, expect, it } from '@jest/globals';
import { FILES_BESIDE_SOCKETS, openFilesLimit, openFilesWarning } from './open-files.js';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe(openFilesLimit.name, () => {
  it('should read the soft and hard limits from /proc/self/limits', () => {
    expect(openFilesLimit(() => LIMITS)).toEqual({ soft: 1024, hard: 524288 });
    expect(openFilesLimit(() => LIMITS.replace('1024                 524288', 'unlimited            unlimited'))).toEqual({
      soft: Number.POSITIVE_INFINITY,
      hard: Number.POSITIVE_INFINITY,
    });
  });

  it('should answer null where there is no /proc', () => {
    expect(
      openFilesLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBeNull();
  });

  it('should read this machine (Linux) as numbers', () => {
    const own = openFilesLimit();
    expect(own?.soft).toBeGreaterThan(0);
    expect(own!.hard).toBeGreaterThanOrEqual(own!.soft);
  });
});

describe(openFilesWarning.name, () => {
  it('should say nothing while each process can hold its share of the audience', () => {
    expect(openFilesWarning({ soft: 20_000, hard: 20_000 }, 20_000, 2)).toBeNull();
    expect(openFilesWarning({ soft: 5000 + FILES_BESIDE_SOCKETS, hard: 1e6 }, 5000, 1)).toBeNull();
    expect(openFilesWarning(null, 1e6, 1)).toBeNull();
  });

  it('should warn in one line, naming the limit, the need and the way to raise it', () => {
    const line = openFilesWarning({ soft: 1024, hard: 4096 }, 20_000, 2);
    expect(line).toContain('1024');
    expect(line).toContain('hard limit 4096');
    expect(line).toContain(`${10_000 + FILES_BESIDE_SOCKETS}`);
    expect(line).toContain('LIVE_AUDIENCE=20000');
    expect(line).toContain('docs/operations.md');
    expect(line).not.toContain('\n');
    expect(openFilesWarning({ soft: 5000, hard: 5000 }, 5000, 1)).not.toBeNull();
  });

  it('should say what is left to raise, true however the process was started', () => {
    // Soft below a sufficient hard limit: the start did not raise it (node run directly); nothing for the administrator.
    const notRaised = openFilesWarning({ soft: 1024, hard: 1e6 }, 20_000, 1)!;
    expect(notRaised).toContain('the soft limit was not raised to the hard one: start with npm start or npm run dev');
    expect(notRaised).not.toContain('hard limit is too low');
    // Raised to the hard limit already, which is too low: only the administrator can help.
    const raised = openFilesWarning({ soft: 4096, hard: 4096 }, 20_000, 1)!;
    expect(raised).toContain('the hard limit is too low too: raise it with systemd LimitNOFILE=');
    expect(raised).not.toContain('not raised');
    // Both.
    const both = openFilesWarning({ soft: 1024, hard: 4096 }, 20_000, 1)!;
    expect(both).toContain('not raised');
    expect(both).toContain('hard limit is too low');
  });
});
