import { describe, expect, it } from '@jest/globals';
import { parseCreateAdminArgs } from './create-admin-args.js';

const valid = ['--username', 'site.admin', '--email', 'admin@example.com', '--password', 'longenough'];

describe('parseCreateAdminArgs', () => {
  it('should accept valid arguments, trimming the username and e-mail, and make an owner unless --role names another role', () => {
    expect(parseCreateAdminArgs(['--username', ' site.admin ', '--email', ' admin@example.com', '--password', 'longenough'])).toEqual({
      ok: true,
      args: { username: 'site.admin', email: 'admin@example.com', password: 'longenough', role: 'owner' },
    });
    for (const role of ['owner', 'organizer', 'moderator'] as const) {
      expect(parseCreateAdminArgs([...valid, '--role', role])).toEqual({ ok: true, args: expect.objectContaining({ role }) });
    }
    expect(parseCreateAdminArgs([...valid, '--role=Moderator'])).toEqual({ ok: true, args: expect.objectContaining({ role: 'moderator' }) });
  });

  it('should refuse a role that is not a staff role, naming the ones there are', () => {
    expect(parseCreateAdminArgs([...valid, '--role', 'superuser'])).toEqual({
      ok: false,
      errors: ["--role: 'superuser' is not one of owner, organizer, moderator"],
    });
    expect(parseCreateAdminArgs([...valid, '--role', ''])).toEqual({ ok: false, errors: ["--role: '' is not one of owner, organizer, moderator"] });
  });

  it('should accept the --name=value form', () => {
    expect(parseCreateAdminArgs(['--username=site_admin', '--email=a@example.com', '--password=longenough']).ok).toBe(true);
  });

  it('should list every missing argument', () => {
    expect(parseCreateAdminArgs([])).toEqual({
      ok: false,
      errors: ['--username is required', '--email is required', '--password is required'],
    });
  });

  it.each([
    [['--username', 'ab'], '--username: Username must be 3-30 letters, numbers, dots or underscores'],
    [['--email', 'admin@'], "--email: 'admin@' is not a valid e-mail address"],
    [['--password', 'seven77'], '--password: must be at least 8 characters'],
    [['--password', 'x'.repeat(129)], '--password: must be 128 characters or less'],
  ])('should refuse %j', (override, message) => {
    const args = [...valid];
    args[args.indexOf(override[0]) + 1] = override[1];
    expect(parseCreateAdminArgs(args)).toEqual({ ok: false, errors: [message] });
  });

  it('should refuse unknown options and positionals with one line', () => {
    const unknown = parseCreateAdminArgs([...valid, '--superuser']);
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.errors).toEqual([expect.stringContaining("Unknown option '--superuser'")]);
    const positional = parseCreateAdminArgs([...valid, 'extra']);
    expect(!positional.ok && positional.errors).toHaveLength(1);
  });

  it('should answer help', () => {
    expect(parseCreateAdminArgs(['--help'])).toEqual({ ok: true, help: true });
  });
});
