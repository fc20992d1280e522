// The rules of eslint.config.js that read types, proven on probes in each TypeScript project (the server's,
// the tests', the client's): a dropped promise, a promise handed to a caller that ignores it and a switch
// missing a member fail lint; the handled forms beside them pass.
import { describe, expect, it } from '@jest/globals';
import { lint, rules } from './lint-probe.js';

const FLOATING = '@typescript-eslint/no-floating-promises';
const MISUSED = '@typescript-eslint/no-misused-promises';
const SWITCH = '@typescript-eslint/switch-exhaustiveness-check';

describe('lint of promises and switches', () => {
  it('should refuse a dropped promise, a promise where nothing waits and a switch missing a member on the server', () => {
    const source = `
const later = async (): Promise<number> => 1;
export async function probe(kind: 'a' | 'b' | 'c'): Promise<void> {
  later();
  [1].forEach(async () => {
    await later();
  });
  switch (kind) {
    case 'a':
      break;
  }
  await later();
  later().catch(() => undefined);
  switch (kind) {
    case 'a':
      break;
    default:
      break;
  }
}
`;
    expect(rules(lint('server/src/runtime.ts', source, { typed: true }))).toEqual([FLOATING, MISUSED, SWITCH]);
  });

  it('should refuse a dropped promise in the tests', () => {
    const source = 'const later = async (): Promise<number> => 1;\nexport function probe(): void {\n  later();\n}\n';
    expect(rules(lint('test/helpers/free-port.ts', source, { typed: true }))).toEqual([FLOATING]);
  });

  it('should refuse a promise handed to an event handler in the client, and allow asyncHandler, navigation and a refetch', () => {
    const source = `
import { useNavigate } from 'react-router-dom';
import { useGetSiteQuery } from '@/lib/api/site';
import { asyncHandler } from '@/lib/async-handler';
import { paths } from '@/lib/paths';

const save = async (): Promise<void> => {};

export function Probe() {
  const navigate = useNavigate();
  const { refetch } = useGetSiteQuery();
  return (
    <>
      <button onClick={save}>refused</button>
      <button onClick={asyncHandler(save)}>allowed</button>
      <button onClick={() => { navigate(paths.home()); refetch(); }}>allowed: both settle by themselves</button>
    </>
  );
}
`;
    expect(rules(lint('client/src/components/ui/button.tsx', source, { typed: true }))).toEqual([MISUSED]);
  });
});
