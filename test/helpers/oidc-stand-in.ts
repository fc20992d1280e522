// A loopback stand-in OpenID Connect provider for the server's real openid-client (pointed here by
// OIDC_<PROVIDER>_ISSUER): a discovery document, a JWKS, an authorize page that sends the browser back
// with a code for the person the test chose, and a token endpoint that checks the client's secret, the
// redirect address and the PKCE verifier (S256), spends each code once, and issues an RS256 id token
// signed with `jose` (openid-client's own dependency) carrying the nonce, email and email_verified. With
// response_mode=form_post (Apple's way) the authorize page is a form that posts the answer back instead.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/** Who signs in at the provider's page next. */
export interface StandInPerson {
  sub: string;
  email: string;
  email_verified: boolean;
}

export interface OidcStandIn {
  /** The issuer: OIDC_<PROVIDER>_ISSUER. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The person the authorize page signs in from now on. */
  signInAs(person: StandInPerson): void;
  /** Token requests answered, and those refused with their reason. */
  tokenRequests(): { ok: boolean; error?: string }[];
  close(): Promise<void>;
}

interface Grant {
  person: StandInPerson;
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  used: boolean;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startOidcStandIn(clientId = 'screamstage-test', clientSecret = 'stand-in-secret'): Promise<OidcStandIn> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'stand-in-1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const tokenLog: { ok: boolean; error?: string }[] = [];
  let person: StandInPerson = { sub: 'person-1', email: 'person@example.com', email_verified: true };
  let issuer = '';

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, error: string) => {
    tokenLog.push({ ok: false, error });
    json(res, 400, { error });
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['openid', 'email'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      grants.set(code, { person, clientId, redirectUri, challenge: q.get('code_challenge')!, nonce: q.get('nonce') ?? undefined, used: false });
      const answer: Record<string, string> = { code, ...(q.get('state') ? { state: q.get('state')! } : {}), iss: issuer };
      // As Apple does for response_mode=form_post: a page whose form posts the answer to the redirect address.
      if (q.get('response_mode') === 'form_post') {
        const fields = Object.entries(answer)
          .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`)
          .join('');
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<form method="post" action="${redirectUri}">${fields}</form><script>document.forms[0].submit()</script>`);
        return;
      }
      const back = new URL(redirectUri);
      for (const [k, v] of Object.entries(answer)) back.searchParams.set(k, v);
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        void (async () => {
          const form = new URLSearchParams(body);
          const basic = req.headers.authorization?.startsWith('Basic ')
            ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
            : [form.get('client_id'), form.get('client_secret')];
          if (basic[0] !== clientId || basic[1] !== clientSecret) return refuse(res, 'invalid_client');
          const grant = grants.get(form.get('code') ?? '');
          if (!grant || form.get('grant_type') !== 'authorization_code') return refuse(res, 'invalid_grant');
          // A code is spent by its first exchange, right or wrong.
          if (grant.used) return refuse(res, 'invalid_grant');
          grant.used = true;
          if (form.get('redirect_uri') !== grant.redirectUri) return refuse(res, 'invalid_grant');
          if (s256(form.get('code_verifier') ?? '') !== grant.challenge) return refuse(res, 'invalid_grant');
          const idToken = await new SignJWT({
            email: grant.person.email,
            email_verified: grant.person.email_verified,
            ...(grant.nonce ? { nonce: grant.nonce } : {}),
          })
            .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
            .setIssuer(issuer)
            .setAudience(grant.clientId)
            .setSubject(grant.person.sub)
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(privateKey);
          tokenLog.push({ ok: true });
          json(res, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
        })();
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: issuer,
    clientId,
    clientSecret,
    signInAs: (p) => {
      person = p;
    },
    tokenRequests: () => [...tokenLog],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
