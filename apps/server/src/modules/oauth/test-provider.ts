import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { identityProviderServer } from './sandbox.js';

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for the API tests: one confidential
 * client whose redirect URI is our callback, and accounts whose subject is the login name
 * typed into its development login form.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUris: string[]): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'account-centre';
  const clientSecret = randomBytes(24).toString('base64url');
  const serve = await identityProviderServer(issuer, { clientId, clientSecret, redirectUris });
  server.on('request', serve);
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Drives the provider's authorization-code flow the way a browser would: follows redirects,
 * keeps cookies, fills its login form with `login` and accepts its consent form. Returns the
 * URL the provider finally sends the browser to (our callback, with code and state).
 */
export async function authorizeAt(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      // Back at a client's callback: on another origin, or on this one for a provider served
      // inside the account centre (the development sandbox).
      const leaving = next.origin !== url.origin && !next.pathname.startsWith('/interaction');
      if (leaving || next.pathname.endsWith('/callback')) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`provider answered ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form?.[1] || !form[2]) throw new Error('provider page without a form');
    const fields = new URLSearchParams();
    for (const [input] of form[2].matchAll(/<input[^>]*>/g)) {
      const name = /\bname="([^"]+)"/.exec(input)?.[1];
      if (name) fields.set(name, /\bvalue="([^"]*)"/.exec(input)?.[1] ?? '');
    }
    if (fields.has('login')) fields.set('login', login);
    if (fields.has('password')) fields.set('password', 'any');
    url = new URL(form[1].replace(/&amp;/g, '&'), url);
    init = {
      method: 'POST',
      body: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('the provider flow did not end');
}

/** Signs in at the provider as a client would on its own (no account centre involved) and returns an ID token. */
export async function idTokenFor(provider: TestProvider, redirectUri: string, login: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${provider.issuer}/auth`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const back = await authorizeAt(url.toString(), login);
  const response = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }),
  });
  const body = (await response.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no ID token (${response.status})`);
  return body.id_token;
}
