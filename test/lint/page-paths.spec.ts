// The page-path rule of eslint.config.js, proven on probe files: a page address written as text in the
// client fails lint wherever it stands (a link, a redirect, a navigation, a test), and the text of the
// same shape that is no page address (the API, static files, an endpoint's URL, a separator) passes.
import { describe, expect, it } from '@jest/globals';
import { lint, rules } from './lint-probe.js';

const RULE = 'no-restricted-syntax';

describe('lint of page paths', () => {
  it('should refuse page paths written as text in links, redirects and navigation', () => {
    const source = `
import { Link, Navigate, useNavigate } from 'react-router-dom';

export function Probe({ id, signedIn }: { id: number; signedIn: boolean }) {
  const navigate = useNavigate();
  if (!signedIn) return <Navigate to="/login" replace />;
  return (
    <>
      <Link to="/">home</Link>
      <Link to="/#how-it-works">how it works</Link>
      <Link to={\`/admin/contests/\${id}/edit\`}>edit</Link>
      <button onClick={() => navigate('/dashboard?tab=1')}>go</button>
    </>
  );
}
`;
    expect(rules(lint('client/src/features/contests/components/probe.tsx', source))).toEqual([RULE, RULE, RULE, RULE, RULE]);
  });

  it('should refuse a page path in a client test and a page check with startsWith', () => {
    expect(rules(lint('client/src/features/auth/pages/probe.test.tsx', "export const at = (path: string) => path === '/login';\n"))).toEqual([RULE]);
    expect(rules(lint('client/src/lib/probe.ts', "export const inAdmin = (path: string) => path.startsWith('/admin');\n"))).toEqual([RULE]);
  });

  it('should allow the API, static files, other hosts, an endpoint URL and the separator', () => {
    const source = `
export const SOCKET = { path: '/socket.io' };
export const FILES = ['/api/v1/site', '/uploads/a.jpg', '/media/promo.mp4', '/assets/app.js', '/fonts/a.woff2', '/favicon.ico', '//cdn.example.com/x'];
export const endpoint = { query: (id: number) => ({ url: \`/admin/contests/\${id}\` }) };
export const settings = { query: () => '/users/me' };
export const absolute = (path: string) => path.startsWith('/') && path.split('/').join('/') !== path.replace(/_/g, '/');
`;
    expect(lint('client/src/features/contests/api/probe.ts', source)).toEqual([]);
  });

  it("should allow an API request's url and an endpoint's path, and still refuse a route's path", () => {
    const source = `
export const sent = { url: '/admin/jobs/mail/7/retry', method: 'POST' };
export const endpoint = { method: 'PATCH', path: '/admin/things/:id' };
export const route = { path: '/admin/things' };
`;
    expect(rules(lint('client/src/lib/api/probe.test.ts', source))).toEqual([RULE]);
  });

  it('should leave the paths module itself, and code outside the client, alone', () => {
    expect(lint('client/src/lib/paths.ts', "export const home = '/';\n")).toEqual([]);
    expect(lint('server/src/probe.ts', "export const login = '/login';\n")).toEqual([]);
  });
});
