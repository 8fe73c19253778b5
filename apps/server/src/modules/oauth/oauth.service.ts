import { createHash } from 'node:crypto';
import { AccountMsg, type IdentityProvider, OAuthMsg, ServerMsg } from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import { eraseAccount } from '../account/close.service.js';
import type { Actor } from '../account/account.service.js';
import { lockOpenUser } from '../account/account.repository.js';
import { insertAuditEvent } from '../auth/auth.repository.js';
import { createTicket } from '../auth/auth.service.js';
import type { AuthDeps } from '../auth/deps.js';
import { ProviderClient, ProviderError } from './provider-client.js';

/** A started flow lives 10 minutes: time to sign in at the provider, not to keep a state around. */
export const FLOW_TTL_SECONDS = 600;
/** Closing by third-party sign-in needs a sign-in at most this old (spec 01 §7). */
export const CLOSE_ID_TOKEN_MAX_AGE = 600;

export type FlowPurpose = 'bind' | 'sign-in';

export interface FlowOutcome {
  purpose: FlowPurpose | null;
  status: 'success' | 'error';
  msg: string;
  ticket?: string;
}

/** The configured providers of this server, by the API's name. */
export class OAuthProviders {
  private readonly clients = new Map<IdentityProvider, ProviderClient>();

  constructor(readonly deps: AuthDeps) {
    for (const provider of deps.config.oauth.providers) this.clients.set(provider.name, new ProviderClient(provider));
  }

  client(provider: IdentityProvider): ProviderClient {
    const client = this.clients.get(provider);
    if (!client) throw notFound(OAuthMsg.notConfigured);
    return client;
  }

  redirectUri(provider: IdentityProvider): string {
    return `${this.deps.config.oauth.publicUrl ?? ''}/api/auth/oauth/${provider}/callback`;
  }

  /**
   * Starts a flow: a random state (stored hashed), a PKCE verifier and a nonce stay on the
   * server for 10 minutes; the browser gets the provider's URL and `browserSecret` in a cookie.
   */
  async start(provider: IdentityProvider, purpose: FlowPurpose, userId: number | null, browserSecret: string) {
    const client = this.client(provider);
    const state = randomToken();
    const codeVerifier = randomToken(48);
    const nonce = randomToken();
    const now = this.deps.clock.now();
    const url = await client
      .authorizationUrl({
        redirectUri: this.redirectUri(provider),
        state,
        nonce,
        codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      })
      .catch(providerUnavailable);
    await this.deps.db.deleteFrom('oauth_flows').where('expires_at', '<=', now).execute();
    await this.deps.db
      .insertInto('oauth_flows')
      .values({
        state_hash: hashToken(state),
        provider,
        purpose,
        user_id: userId,
        code_verifier: codeVerifier,
        nonce,
        browser_hash: hashToken(browserSecret),
        created_at: now,
        expires_at: now + FLOW_TTL_SECONDS,
        used_at: null,
      })
      .execute();
    return { url, expires_in: FLOW_TTL_SECONDS };
  }

  /**
   * Finishes a flow at the callback. The state is claimed once, by one conditional UPDATE,
   * and only from the browser that started it; then the code is exchanged and the subject
   * bound (bind) or looked up (sign-in, answered with a one-time login ticket).
   */
  async finish(
    provider: IdentityProvider,
    input: { code?: string; state?: string; error?: string },
    browserSecret: string | null,
    log: (reason: string) => void,
  ): Promise<FlowOutcome> {
    if (!input.state || !browserSecret) return failed(null, OAuthMsg.invalidState);
    const now = this.deps.clock.now();
    const flow = await this.deps.db
      .updateTable('oauth_flows')
      .set({ used_at: now })
      .where('state_hash', '=', hashToken(input.state))
      .where('provider', '=', provider)
      .where('browser_hash', '=', hashToken(browserSecret))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['purpose', 'user_id', 'code_verifier', 'nonce'])
      .executeTakeFirst();
    if (!flow) return failed(null, OAuthMsg.invalidState);
    if (input.error || !input.code) return failed(flow.purpose, OAuthMsg.cancelled);

    let subject: string;
    try {
      subject = await this.client(provider).subjectFromCode({
        code: input.code,
        codeVerifier: flow.code_verifier,
        redirectUri: this.redirectUri(provider),
        nonce: flow.nonce,
        now,
      });
    } catch (error) {
      // Unreachable provider (TypeError from fetch), timeout, or an answer that did not verify.
      if (!(
        error instanceof ProviderError ||
        error instanceof TypeError ||
        (error instanceof Error && error.name === 'TimeoutError')
      ))
        throw error;
      log(error instanceof ProviderError ? error.message : error.name);
      return failed(flow.purpose, OAuthMsg.providerRejected);
    }

    if (flow.purpose === 'bind') {
      if (flow.user_id === null) return failed(flow.purpose, OAuthMsg.invalidState);
      const msg = await bindIdentity(this.deps, flow.user_id, provider, subject);
      return msg === ServerMsg.ok ? { purpose: 'bind', status: 'success', msg } : failed('bind', msg);
    }
    const identity = await this.deps.db
      .selectFrom('identities')
      .innerJoin('users', 'users.id', 'identities.user_id')
      .select('identities.user_id')
      .where('identities.provider', '=', provider)
      .where('identities.subject', '=', subject)
      .where('users.closed_at', 'is', null)
      .executeTakeFirst();
    if (!identity) return failed('sign-in', OAuthMsg.identityNotBound);
    const { ticket } = await createTicket(this.deps, identity.user_id);
    return { purpose: 'sign-in', status: 'success', msg: ServerMsg.ok, ticket };
  }

  /**
   * Closes the caller's account on a fresh OIDC sign-in (spec 01 §7): the ID token must verify,
   * be at most 10 minutes old, name an identity bound to the caller, and be used once — its
   * hash is recorded as a used flow in the closing transaction.
   */
  async closeByIdToken(actor: Actor, provider: IdentityProvider, idToken: string) {
    const client = this.client(provider);
    if (client.config.kind !== 'oidc') throw badRequest(OAuthMsg.providerRejected);
    const now = this.deps.clock.now();
    const claims = await client.verifyIdToken(idToken, now).catch((error: unknown) => {
      if (error instanceof ProviderError) throw badRequest(OAuthMsg.providerRejected);
      throw error;
    });
    if (typeof claims.iat !== 'number' || claims.iat < now - CLOSE_ID_TOKEN_MAX_AGE) {
      throw badRequest(OAuthMsg.providerRejected);
    }
    const bound = await this.deps.db
      .selectFrom('identities')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject', '=', claims.sub)
      .executeTakeFirst();
    if (bound?.user_id !== actor.userId) throw badRequest(AccountMsg.notBound);
    await eraseAccount(this.deps, actor, async (trx, at) => {
      // The primary key refuses a second use of the same token.
      await trx
        .insertInto('oauth_flows')
        .values({
          state_hash: hashToken(`id_token:${idToken}`),
          provider,
          purpose: 'sign-in',
          user_id: null,
          code_verifier: '',
          nonce: '',
          browser_hash: '',
          created_at: at,
          expires_at: at + CLOSE_ID_TOKEN_MAX_AGE,
          used_at: at,
        })
        .execute();
      await insertAuditEvent(
        trx,
        {
          userId: actor.userId,
          kind: 'account.close_by_identity',
          ip: actor.client.ip,
          userAgent: actor.client.userAgent,
          detail: { provider },
        },
        at,
      );
    });
  }
}

/**
 * Binds the subject to the user under the account's row lock (as every change of a sign-in
 * method). The primary key (provider, subject) and the unique (user, provider) decide; a
 * conflict changes nothing. Binding what the account already has is a success.
 */
async function bindIdentity(deps: AuthDeps, userId: number, provider: IdentityProvider, subject: string) {
  return deps.db.transaction().execute(async (trx: Db) => {
    const now = deps.clock.now();
    if (!(await lockOpenUser(trx, userId, now))) return OAuthMsg.invalidState;
    const inserted = await trx
      .insertInto('identities')
      .values({ provider, subject, user_id: userId, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('subject')
      .executeTakeFirst();
    if (inserted) {
      await insertAuditEvent(
        trx,
        { userId, kind: 'identity.bind', ip: null, userAgent: null, detail: { provider } },
        now,
      );
      return ServerMsg.ok;
    }
    const owner = await trx
      .selectFrom('identities')
      .select(['user_id', 'subject'])
      .where('provider', '=', provider)
      .where((eb) => eb.or([eb('subject', '=', subject), eb('user_id', '=', userId)]))
      .execute();
    if (owner.some((row) => row.subject === subject && row.user_id === userId)) return ServerMsg.ok;
    if (owner.some((row) => row.subject === subject)) return OAuthMsg.identityInUse;
    return AccountMsg.alreadyBound;
  });
}

function failed(purpose: FlowPurpose | null, msg: string): FlowOutcome {
  return { purpose, status: 'error', msg };
}

function providerUnavailable(error: unknown): never {
  if (error instanceof ProviderError || (error instanceof Error && error.name === 'TimeoutError')) {
    throw new AppError(503, ServerMsg.unavailable);
  }
  if (error instanceof TypeError) throw new AppError(503, ServerMsg.unavailable);
  throw error;
}
