import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { OAuthProviderConfig } from './oauth.config.js';

/** A provider that did not answer as the protocol says; the message never carries a secret. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

interface OidcEndpoints {
  authorizationUrl: string;
  tokenUrl: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

const TIMEOUT_MS = 10_000;
/** Only asymmetric signatures: a shared-secret (HS*) token could be minted by anyone holding the client secret. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * Talks to one configured provider: discovery (cached per process; a failure is retried on the
 * next use), the authorization URL, the code exchange, and verification of ID tokens against
 * the provider's published keys (jose fetches and caches the JWKS, refetching on an unknown key).
 */
export class ProviderClient {
  private discovery: Promise<OidcEndpoints> | null = null;

  constructor(readonly config: OAuthProviderConfig) {}

  async authorizationUrl(input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
  }): Promise<string> {
    const base = this.config.kind === 'oidc' ? (await this.oidc()).authorizationUrl : this.config.authorizationUrl;
    const url = new URL(base);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: input.redirectUri,
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    };
    if (this.config.scope) params.scope = this.config.scope;
    if (this.config.kind === 'oidc') params.nonce = input.nonce;
    // WeChat's QR sign-in names the client `appid`; other providers ignore a parameter they do not know.
    if (this.config.name === 'weixin' && this.config.kind === 'oauth2') params.appid = this.config.clientId;
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  /**
   * Exchanges the code (PKCE verifier included) and returns the provider's subject of the user:
   * for OIDC the verified ID token's `sub` (and the token itself, which closing an account
   * verifies again on its own path), for plain OAuth 2 the configured JSON field.
   */
  async exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
    nonce: string;
    now: number;
  }): Promise<{ subject: string; idToken: string | null }> {
    const tokenUrl = this.config.kind === 'oidc' ? (await this.oidc()).tokenUrl : this.config.tokenUrl;
    const answer = await postForm(tokenUrl, {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
      ...(this.config.name === 'weixin' && this.config.kind === 'oauth2'
        ? { appid: this.config.clientId, secret: this.config.clientSecret }
        : {}),
    });
    if (this.config.kind === 'oidc') {
      if (typeof answer.id_token !== 'string') throw new ProviderError('token answer without an ID token');
      const claims = await this.verifyIdToken(answer.id_token, input.now);
      if (claims.nonce !== input.nonce) throw new ProviderError('ID token nonce does not match');
      return { subject: claims.sub, idToken: answer.id_token };
    }
    const fromToken = subjectIn(answer, this.config.subjectField);
    if (fromToken) return { subject: fromToken, idToken: null };
    if (!this.config.userinfoUrl || typeof answer.access_token !== 'string') {
      throw new ProviderError('no subject in the token answer and no user-info endpoint');
    }
    const info = await getJson(this.config.userinfoUrl, answer.access_token);
    const fromInfo = subjectIn(info, this.config.subjectField);
    if (!fromInfo) throw new ProviderError('no subject in the user-info answer');
    return { subject: fromInfo, idToken: null };
  }

  /** Verifies an ID token: signature by the provider's keys, issuer, audience, lifetime. */
  async verifyIdToken(idToken: string, now: number): Promise<JWTPayload & { sub: string }> {
    if (this.config.kind !== 'oidc') throw new ProviderError('not an OIDC provider');
    const { jwks } = await this.oidc();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: this.config.issuer,
        audience: this.config.clientId,
        algorithms: ALGORITHMS,
        currentDate: new Date(now * 1000),
        clockTolerance: 60,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (error) {
      throw new ProviderError(`ID token rejected: ${(error as { code?: string }).code ?? 'invalid'}`);
    }
    // With several audiences, OIDC Core 3.1.3.7 wants the authorised party to be us.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== this.config.clientId) {
      throw new ProviderError('ID token issued to another party');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 255) {
      throw new ProviderError('ID token without a usable subject');
    }
    return payload as JWTPayload & { sub: string };
  }

  private oidc(): Promise<OidcEndpoints> {
    if (this.config.kind !== 'oidc') throw new ProviderError('not an OIDC provider');
    const issuer = this.config.issuer;
    this.discovery ??= (async () => {
      const doc = (await getJson(
        `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
      )) as Partial<Discovery>;
      // OIDC Discovery 4.3: the document must name exactly the issuer it was fetched for.
      if (doc.issuer !== issuer) throw new ProviderError('discovery names another issuer');
      if (!doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri) {
        throw new ProviderError('discovery document is incomplete');
      }
      return {
        authorizationUrl: doc.authorization_endpoint,
        tokenUrl: doc.token_endpoint,
        jwks: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: TIMEOUT_MS }),
      };
    })();
    const pending = this.discovery;
    pending.catch(() => {
      if (this.discovery === pending) this.discovery = null;
    });
    return pending;
  }
}

function subjectIn(answer: Record<string, unknown>, field: string): string | null {
  const value = answer[field];
  if (typeof value === 'string' && value !== '' && value.length <= 255) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

async function postForm(url: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return readJson(response, 'token endpoint');
}

async function getJson(url: string, accessToken?: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return readJson(response, 'endpoint');
}

async function readJson(response: Response, what: string): Promise<Record<string, unknown>> {
  // The status only: a provider's error body may echo the code or the client secret.
  if (!response.ok) throw new ProviderError(`${what} answered ${response.status}`);
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProviderError(`${what} answered no JSON object`);
  }
  // WeChat and QQ report failures as 200 with `errcode`.
  if ('errcode' in body && (body as { errcode: unknown }).errcode !== 0) {
    throw new ProviderError(`${what} reported an error`);
  }
  return body as Record<string, unknown>;
}
