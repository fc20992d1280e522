import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { OidcProvider } from '#contract/auth/constants.js';
import { OIDC_PROVIDERS } from '#contract/auth/constants.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';

/** What a sign-in under way keeps between its start and its callback (server-side, never in the browser). */
export interface OidcSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The person a provider vouched for: its id token's subject, e-mail and whether it verified that e-mail. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * The configured sign-in providers through openid-client: discovery (once per process, again after a
 * failure), the authorization address with PKCE (S256), state and nonce, and the code's exchange, whose
 * id token openid-client validates (signature from the provider's JWKS, issuer, audience, expiry, nonce).
 */
@Injectable()
export class OidcProviders {
  private readonly discovered = new Map<OidcProvider, Promise<oidc.Configuration>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The providers the site has a client id and secret for, in the buttons' order. */
  offered(): OidcProvider[] {
    return OIDC_PROVIDERS.filter((p) => this.config.oidc[p]);
  }

  isOffered(provider: string): provider is OidcProvider {
    return (OIDC_PROVIDERS as readonly string[]).includes(provider) && Boolean(this.config.oidc[provider as OidcProvider]);
  }

  /** Where the provider sends the browser back: the site's own callback address for it. */
  redirectUri(provider: OidcProvider): string {
    return `${this.config.publicUrl}/api/v1/auth/oidc/${provider}/callback`;
  }

  /** Whether the provider sends the browser back by a form post (POST callback) rather than a redirect. */
  static answersByFormPost(provider: OidcProvider): boolean {
    return provider === 'apple';
  }

  static secrets(): OidcSecrets {
    return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  }

  async authorizationUrl(provider: OidcProvider, secrets: OidcSecrets): Promise<string> {
    const configuration = await this.configuration(provider);
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(provider),
      scope: 'openid email',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
      state: secrets.state,
      nonce: secrets.nonce,
      // Apple sends its answer as a form post whenever the e-mail is asked for.
      ...(OidcProviders.answersByFormPost(provider) ? { response_mode: 'form_post' } : {}),
    }).href;
  }

  /**
   * The callback's code for tokens (with the PKCE verifier), and the id token's claims once openid-client
   * has validated it and checked the state and the nonce. Throws on any refusal (a used code included).
   */
  async exchange(provider: OidcProvider, query: Record<string, string>, secrets: OidcSecrets): Promise<ProviderIdentity> {
    const configuration = await this.configuration(provider);
    const callback = new URL(this.redirectUri(provider));
    for (const [k, v] of Object.entries(query)) callback.searchParams.set(k, v);
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedState: secrets.state,
      expectedNonce: secrets.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const email = typeof claims.email === 'string' ? claims.email.trim() : null;
    // Apple has sent email_verified as the text "true".
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    return { subject: claims.sub, email: email || null, emailVerified: verified && Boolean(email) };
  }

  private configuration(provider: OidcProvider): Promise<oidc.Configuration> {
    let found = this.discovered.get(provider);
    if (!found) {
      const settings = this.config.oidc[provider]!;
      const issuer = new URL(settings.issuer);
      // Plain http only for a stand-in provider on this machine (tests); a real issuer is https.
      const insecure = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      found = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, insecure ? { execute: [oidc.allowInsecureRequests] } : undefined);
      found.catch(() => this.discovered.delete(provider));
      this.discovered.set(provider, found);
    }
    return found;
  }
}
