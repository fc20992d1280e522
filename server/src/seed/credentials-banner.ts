// The framed block a newcomer sees in the terminal on the very first start.
import { DEMO_CONTESTANT_PASSWORD } from './demo-contestants.js';
import { DEMO_COOKING_CONTEST } from './demo-cooking.js';
import type { DemoSeedResult } from './demo-seed.js';

export const DEMO_BANNER_TITLE = 'Demo administrator';

function frame(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 4)}+`;
  return [rule, ...lines.map((l) => `|  ${l.padEnd(width)}  |`), rule].join('\n');
}

/**
 * passwordShown false: the admin's password came from SEED_ADMIN_PASSWORD and is not echoed into logs. The
 * demo staff's passwords are generated, so they are always shown.
 */
export function demoCredentialsBanner(productName: string, seeded: DemoSeedResult, passwordShown: boolean): string {
  const admin = seeded.seededAdmin.user;
  const example = seeded.contestants[0]?.user.username ?? '';
  return `\n${frame([
    `${productName}: demo data created (shown once, on this first start only)`,
    '',
    DEMO_BANNER_TITLE,
    `  username  ${admin.username}`,
    `  e-mail    ${admin.email}`,
    `  password  ${passwordShown ? seeded.admin.password : '(the value of SEED_ADMIN_PASSWORD)'}`,
    '',
    ...seeded.staff.flatMap(({ user, password }) => [
      `Demo ${user.staff_role ?? 'staff'}`,
      `  username  ${user.username}`,
      `  e-mail    ${user.email}`,
      `  password  ${password}`,
      '',
    ]),
    `${seeded.contestants.length} demo contestants, for example ${example}`,
    `  password  ${DEMO_CONTESTANT_PASSWORD}  (the same for all of them)`,
    ...(seeded.cooks.length ? [`${seeded.cooks.length} demo cooks in ${DEMO_COOKING_CONTEST}, for example ${seeded.cooks[0].user.username}`] : []),
    '',
    ...(passwordShown
      ? ['Write these passwords down now: they are never printed again.']
      : [
          'Sign in as the administrator with the credentials you configured.',
          ...(seeded.staff.length ? ['Write the demo staff passwords down now: they are never printed again.'] : []),
        ]),
    'Forgot one? npm run create-admin (with --role for the demo staff) sets a new one.',
    'SEED_DEMO=false starts a new database empty.',
  ])}\n`;
}
