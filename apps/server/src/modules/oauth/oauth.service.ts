import { createHash } from 'node:crypto';
import {
  CommonErrors,
  type IdentityProvider,
  OAUTH_HANDOFF_PATH,
  OAuthErrors,
  type OAuthFlowPurpose,
  SUCCESS_MSG,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { AppError, appError } from '../../lib/errors.js';
import type { Caller } from '../../lib/caller.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import { insertAuditEvent } from '../audit/index.js';
import { createTicket } from '../auth/index.js';
import type { AuthDeps } from '../auth/index.js';
import type { ModuleManifest } from '../manifest.js';
import { findOpenUserById, lockOpenUserAddresses } from '../user/index.js';
import * as repo from './oauth.repository.js';
import { ProviderClient, ProviderError } from './provider-client.js';

/** A started flow lives 10 minutes: time to sign in at the provider, not to keep a state around. */
export const FLOW_TTL_SECONDS = 600;
/**
 * A handoff link (a flow to be finished in the system browser) is a credential in a URL, like
 * a `custom` login ticket: short-lived and used once. Two minutes cover a browser starting up.
 */
export const HANDOFF_TTL_SECONDS = 120;
/** Closing by third-party sign-in needs a sign-in at most this old (spec 01 §7). */
export const CLOSE_ID_TOKEN_MAX_AGE = 600;
/**
 * `browser_hash` of a flow waiting for its handoff link to be opened: no SHA-256 is empty, so
 * no callback can finish such a flow before a browser has claimed it.
 */
const AWAITING_BROWSER = '';

export type FlowPurpose = OAuthFlowPurpose;

/** The signed-in caller, as the account services take it. */
type Actor = Pick<Caller, 'userId' | 'sessionId' | 'region' | 'client'>;

/** What the providers and closing an account work with: the sign-in services and the module registry's list. */
export type OAuthDeps = AuthDeps & { modules: readonly ModuleManifest[] };

/**
 * Closes the actor's account in one transaction, after `spendProof` (what allows it) has run in
 * it: the account module's own closing, which that module hands in through this module's door
 * (`closeAccountsWith`). The account module imports this one (it deletes identities through
 * it), so this one cannot import it back (docs/decisions/061, 062).
 */
export type AccountCloser = (
  deps: OAuthDeps,
  actor: Actor,
  spendProof: (trx: Db, now: number) => Promise<unknown>,
) => Promise<void>;

let closeAccount: AccountCloser | null = null;

/** Hands in how an account is closed; the account module does this as it loads. */
export function closeAccountsWith(closer: AccountCloser) {
  closeAccount = closer;
}

/** Who started a flow and from where, as the callback sees it (no session: a provider redirect). */
export interface CallbackContext {
  publicUrl: string;
  region: Actor['region'];
  client: Actor['client'];
}

export interface FlowOutcome {
  purpose: FlowPurpose | null;
  status: 'success' | 'error';
  msg: string;
  ticket?: string;
}

/** The configured providers of this server, by the API's name. */
export class OAuthProviders {
  private readonly clients = new Map<IdentityProvider, ProviderClient>();

  constructor(readonly deps: OAuthDeps) {
    for (const provider of deps.config.oauth.providers) this.clients.set(provider.name, new ProviderClient(provider));
  }

  client(provider: IdentityProvider): ProviderClient {
    const client = this.clients.get(provider);
    if (!client) throw appError(OAuthErrors.notConfigured);
    return client;
  }

  /** The configured providers, in the order of `OAUTH_PROVIDERS`. */
  list() {
    return [...this.clients.values()].map((client) => ({
      provider: client.config.name,
      can_close: client.config.kind === 'oidc',
    }));
  }

  redirectUri(provider: IdentityProvider, publicUrl: string): string {
    return `${publicUrl}/api/auth/oauth/${provider}/callback`;
  }

  /**
   * Starts a flow: a random state (stored hashed), a PKCE verifier and a nonce stay on the
   * server for 10 minutes; the browser gets the provider's URL and `browserSecret` in a cookie.
   */
  async start(input: FlowStart, browserSecret: string) {
    const client = await this.checkStart(input);
    const state = randomToken();
    const codeVerifier = randomToken(48);
    const nonce = randomToken();
    const url = await client
      .authorizationUrl({
        redirectUri: this.redirectUri(input.provider, input.publicUrl),
        state,
        nonce,
        codeChallenge: codeChallenge(codeVerifier),
      })
      .catch(providerUnavailable);
    await this.insertFlow(input, { key: state, codeVerifier, nonce, browserHash: hashToken(browserSecret) });
    return { url, expires_in: FLOW_TTL_SECONDS };
  }

  /**
   * Starts a flow that another browser will finish (the desktop client opens it in the system
   * browser, spec 01 §6): the flow is stored under a one-time handoff secret and no browser yet.
   * The answer is our own link carrying that secret; see continueHandoff.
   */
  async startHandoff(input: FlowStart) {
    await this.checkStart(input);
    const handoff = randomToken();
    await this.insertFlow(input, {
      key: handoff,
      codeVerifier: randomToken(48),
      nonce: randomToken(),
      browserHash: AWAITING_BROWSER,
      ttl: HANDOFF_TTL_SECONDS,
    });
    const url = new URL(`${input.publicUrl}${OAUTH_HANDOFF_PATH.replace(':provider', input.provider)}`);
    url.searchParams.set('handoff', handoff);
    return { url: url.toString(), expires_in: HANDOFF_TTL_SECONDS };
  }

  /**
   * The browser that opens a handoff link claims its flow, once (one conditional UPDATE, so two
   * browsers racing for a link cannot both have it): the flow gets a fresh state and this
   * browser's secret, and the answer is the provider's URL to redirect to. Null: unknown, used or
   * expired link.
   */
  async continueHandoff(provider: IdentityProvider, handoff: string, publicUrl: string, browserSecret: string) {
    const client = this.client(provider);
    const state = randomToken();
    const now = this.deps.clock.now();
    const flow = await repo.claimHandoff(
      this.deps.db,
      { provider, handoffHash: hashToken(handoff), awaitingBrowser: AWAITING_BROWSER },
      { stateHash: hashToken(state), browserHash: hashToken(browserSecret), expiresAt: now + FLOW_TTL_SECONDS },
      now,
    );
    if (!flow) return null;
    return client
      .authorizationUrl({
        redirectUri: this.redirectUri(provider, publicUrl),
        state,
        nonce: flow.nonce,
        codeChallenge: codeChallenge(flow.code_verifier),
      })
      .catch(providerUnavailable);
  }

  /**
   * What every start checks. Closing needs an OIDC provider (its ID token is what proves the
   * owner, spec 01 §7) and an identity of it bound to the account; saying so before the user
   * signs in at the provider spares a trip that could only fail.
   */
  private async checkStart({ provider, purpose, userId }: FlowStart): Promise<ProviderClient> {
    const client = this.client(provider);
    if (purpose !== 'close') return client;
    if (client.config.kind !== 'oidc') throw appError(OAuthErrors.providerRejected);
    if (!(await repo.findIdentityOfUser(this.deps.db, userId, provider))) throw appError(OAuthErrors.notBound);
    return client;
  }

  private async insertFlow(
    { provider, purpose, userId }: FlowStart,
    flow: { key: string; codeVerifier: string; nonce: string; browserHash: string; ttl?: number },
  ) {
    const now = this.deps.clock.now();
    await repo.insertFlow(
      this.deps.db,
      {
        state_hash: hashToken(flow.key),
        provider,
        purpose,
        user_id: userId,
        code_verifier: flow.codeVerifier,
        nonce: flow.nonce,
        browser_hash: flow.browserHash,
        created_at: now,
        expires_at: now + (flow.ttl ?? FLOW_TTL_SECONDS),
        used_at: null,
      },
      now,
    );
  }

  /**
   * Finishes a flow at the callback. The state is claimed once, by one conditional UPDATE,
   * and only from the browser that started it; then the code is exchanged and the subject
   * bound (bind), looked up (sign-in, answered with a one-time login ticket), or the account
   * closed on the provider's ID token (close).
   */
  async finish(
    provider: IdentityProvider,
    input: { code?: string; state?: string; error?: string },
    browserSecret: string | null,
    context: CallbackContext,
    log: (reason: string) => void,
  ): Promise<FlowOutcome> {
    if (!input.state || !browserSecret) return failed(null, OAuthErrors.invalidState.msg);
    const now = this.deps.clock.now();
    const flow = await repo.claimFlow(
      this.deps.db,
      { provider, stateHash: hashToken(input.state), browserHash: hashToken(browserSecret) },
      now,
    );
    if (!flow) return failed(null, OAuthErrors.invalidState.msg);
    if (input.error || !input.code) return failed(flow.purpose, OAuthErrors.cancelled.msg);

    let answer: { subject: string; idToken: string | null };
    try {
      answer = await this.client(provider).exchangeCode({
        code: input.code,
        codeVerifier: flow.code_verifier,
        redirectUri: this.redirectUri(provider, context.publicUrl),
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
      return failed(flow.purpose, OAuthErrors.providerRejected.msg);
    }

    if (flow.purpose === 'bind' || flow.purpose === 'close') {
      if (flow.user_id === null) return failed(flow.purpose, OAuthErrors.invalidState.msg);
      if (flow.purpose === 'bind') {
        const msg = await bindIdentity(this.deps, flow.user_id, provider, answer.subject);
        return msg === SUCCESS_MSG ? { purpose: 'bind', status: 'success', msg } : failed('bind', msg);
      }
      if (!answer.idToken) return failed('close', OAuthErrors.providerRejected.msg);
      // No session here (the provider redirected the popup): the flow names the account, and
      // closing ends every session of it anyway.
      const actor: Actor = { userId: flow.user_id, sessionId: '', region: context.region, client: context.client };
      try {
        await this.closeByIdToken(actor, provider, answer.idToken);
      } catch (error) {
        if (error instanceof AppError) return failed('close', error.msg);
        throw error;
      }
      return { purpose: 'close', status: 'success', msg: SUCCESS_MSG };
    }
    // A closed account signs in no more, whatever it was bound to.
    const identity = await repo.findIdentityBySubject(this.deps.db, provider, answer.subject);
    if (!identity || !(await findOpenUserById(this.deps.db, identity.user_id)))
      return failed('sign-in', OAuthErrors.identityNotBound.msg);
    const { ticket } = await createTicket(this.deps, identity.user_id);
    return { purpose: 'sign-in', status: 'success', msg: SUCCESS_MSG, ticket };
  }

  /** The third-party sign-ins bound to an account, oldest first. */
  async boundIdentities(userId: number) {
    return repo.listIdentities(this.deps.db, userId);
  }

  /**
   * Closes the caller's account on a fresh OIDC sign-in (spec 01 §7): the ID token must verify,
   * be at most 10 minutes old, name an identity bound to the caller, and be used once — its
   * hash is recorded as a used flow in the closing transaction.
   */
  async closeByIdToken(actor: Actor, provider: IdentityProvider, idToken: string) {
    const client = this.client(provider);
    if (client.config.kind !== 'oidc') throw appError(OAuthErrors.providerRejected);
    const now = this.deps.clock.now();
    const claims = await client.verifyIdToken(idToken, now).catch((error: unknown) => {
      if (error instanceof ProviderError) throw appError(OAuthErrors.providerRejected);
      throw error;
    });
    if (typeof claims.iat !== 'number' || claims.iat < now - CLOSE_ID_TOKEN_MAX_AGE) {
      throw appError(OAuthErrors.providerRejected);
    }
    const bound = await repo.findIdentityBySubject(this.deps.db, provider, claims.sub);
    if (bound?.user_id !== actor.userId) throw appError(OAuthErrors.notBound);
    if (!closeAccount) throw new Error('closing an account by third-party sign-in: no account closing handed in');
    await closeAccount(this.deps, actor, async (trx, at) => {
      // The primary key refuses a second use of the same token.
      await repo.insertUsedFlow(trx, {
        state_hash: hashToken(`id_token:${idToken}`),
        provider,
        purpose: 'close',
        user_id: null,
        code_verifier: '',
        nonce: '',
        browser_hash: '',
        created_at: at,
        expires_at: at + CLOSE_ID_TOKEN_MAX_AGE,
        used_at: at,
      });
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
    if (!(await lockOpenUserAddresses(trx, userId, now))) return OAuthErrors.invalidState.msg;
    if (await repo.insertIdentity(trx, { provider, subject, userId }, now)) {
      await insertAuditEvent(
        trx,
        { userId, kind: 'identity.bind', ip: null, userAgent: null, detail: { provider } },
        now,
      );
      return SUCCESS_MSG;
    }
    const owner = await repo.findConflictingIdentities(trx, provider, subject, userId);
    if (owner.some((row) => row.subject === subject && row.user_id === userId)) return SUCCESS_MSG;
    if (owner.some((row) => row.subject === subject)) return OAuthErrors.identityInUse.msg;
    return OAuthErrors.alreadyBound.msg;
  });
}

/** The flow a user asks for: what for, with which provider, at which of our addresses. */
export interface FlowStart {
  provider: IdentityProvider;
  purpose: FlowPurpose;
  userId: number | null;
  publicUrl: string;
}

/** PKCE S256 (RFC 7636): the provider gets the hash, the code exchange proves the verifier. */
function codeChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

function failed(purpose: FlowPurpose | null, msg: string): FlowOutcome {
  return { purpose, status: 'error', msg };
}

function providerUnavailable(error: unknown): never {
  if (error instanceof ProviderError || (error instanceof Error && error.name === 'TimeoutError')) {
    throw appError(CommonErrors.unavailable);
  }
  if (error instanceof TypeError) throw appError(CommonErrors.unavailable);
  throw error;
}
