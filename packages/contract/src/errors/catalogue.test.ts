import { describe, expect, it } from 'vitest';
import { AccountErrorCode } from '../rules/account-errors.js';
import { type ErrorEntry, defineErrors, errorCatalogue, isFailure } from './index.js';

/**
 * What every failure answers on the wire: `[status, code, msg]`, written out rather than read
 * from the catalogue, so changing a msg that desktop clients match on (or a status or code)
 * fails here first. A new entry is added here too.
 */
const wire: Record<string, Record<string, [number, number, string]>> = {
  common: {
    invalidRequest: [400, 0, 'invalid request'],
    unauthorized: [401, 0, 'unauthorized'],
    tokenExpired: [401, 0, 'token expired'],
    forbidden: [403, 0, 'forbidden'],
    notFound: [404, 0, 'not found'],
    conflict: [409, 0, 'conflict'],
    tooFrequent: [429, 5, 'too frequent'],
    payloadTooLarge: [413, 0, 'payload too large'],
    unsupportedMediaType: [415, 0, 'unsupported media type'],
    internal: [500, 20, 'internal error'],
    unavailable: [503, 0, 'service unavailable'],
    regionNotAllowed: [400, 0, 'not available in this region'],
  },
  auth: {
    invalidAccount: [400, 1, 'invalid request'],
    accountNotFound: [400, 1, 'not exists'],
    invalidCredentials: [400, 2, 'account or password incorrect'],
    weakPassword: [400, 2, 'weak password'],
    samePassword: [400, 6, 'same password'],
    invalidCode: [400, 3, 'invalid code'],
    codeExpired: [400, 4, 'expired'],
    codeUsed: [400, 4, 'only once'],
    codeCountLimit: [429, 10, 'code count limit'],
    loginLimit: [429, 16, 'login limit'],
    phoneUsed: [409, 7, 'account exists'],
    emailUsed: [409, 8, 'account exists'],
    invalidRefreshToken: [401, 0, 'invalid refresh token'],
    ticketInvalid: [401, 15, 'unauthorized'],
    ticketUsed: [401, 15, 'only once'],
    ticketExpired: [401, 4, 'expired'],
  },
  accessToken: {
    tokenInAddress: [401, 0, 'token in address'],
  },
  account: {
    sensitive: [400, 2, 'sensitive'],
    nameFormat: [400, 0, 'name format'],
    onlyBind: [409, 0, 'only bind'],
    notBound: [400, 0, 'not bound'],
    alreadyBound: [409, 0, 'already bound'],
    passwordRequired: [400, 2, 'password required'],
    currentPasswordWrong: [400, 2, 'current password incorrect'],
    imageType: [415, 0, 'image type'],
    imageTooLarge: [413, 0, 'image too large'],
    imageDimensions: [400, 0, 'image dimensions'],
    imageInvalid: [400, 0, 'image invalid'],
    noExchangeCode: [404, 0, 'no exchange code'],
  },
  phoneBind: {
    ownNumber: [400, 0, 'own number'],
    alreadyBound: [409, 0, 'already bound'],
    linkInvalid: [404, 0, 'link invalid'],
    linkExpired: [400, 0, 'link expired'],
    linkUsed: [409, 0, 'link used'],
  },
  oauth: {
    bindFromPc: [400, 0, 'bind from pc'],
    notConfigured: [404, 0, 'provider not configured'],
    invalidState: [400, 0, 'invalid state'],
    providerRejected: [400, 0, 'provider rejected'],
    identityInUse: [409, 0, 'identity in use'],
    alreadyBound: [409, 0, 'already bound'],
    notBound: [400, 0, 'not bound'],
    identityNotBound: [404, 0, 'identity not bound'],
    cancelled: [400, 0, 'cancelled'],
  },
  order: {
    orderNotFound: [404, 0, 'not exists'],
    invoiceWindowClosed: [400, 0, 'only within 30 days'],
    selfServiceUnavailable: [400, 0, 'self-service unavailable'],
    invoiceInfoWrong: [400, 0, 'wrong invoice information'],
    nothingToInvoice: [400, 0, 'nothing to invoice'],
    orderRefunded: [409, 0, 'order refunded'],
    invoiceExists: [409, 0, 'only once'],
    receiptNotIssued: [409, 0, 'receipt not issued'],
    receiptExpired: [403, 0, 'ER101'],
    receiptLinkInvalid: [403, 0, 'invalid link'],
    invoiceNotPending: [409, 0, 'not pending'],
    cancelUnavailable: [409, 0, 'cancel unavailable'],
  },
  devices: {
    limitReached: [409, 0, 'device limit'],
    passwordResetRequired: [403, 1001, 'password reset required'],
  },
  team: {
    memberLimit: [409, 0, 'group num limit'],
    userNotFound: [404, 0, 'user not exists'],
    teamNotFound: [404, 0, 'team not exists'],
    alreadyMember: [409, 0, 'member already exist'],
    otherTeam: [409, 0, 'member already exist other team'],
    ownerStays: [409, 0, 'owner cannot be removed'],
    notMember: [404, 0, 'not a member'],
    planNotFound: [404, 0, 'plan not exists'],
    planExpired: [409, 0, 'plan expired'],
    alreadyAuthorized: [409, 0, 'plan already authorized'],
    notAuthorized: [409, 0, 'plan not authorized'],
    noTeam: [404, 0, 'no team'],
    notAllowed: [403, 0, 'team permission denied'],
    ownerFixed: [409, 0, 'owner cannot be edited'],
    planRequired: [400, 0, 'plan required'],
    nameInvalid: [400, 0, 'invalid team name'],
    lifetimeHolder: [409, 0, 'member has lifetime subscription'],
    transferNotOffered: [400, 0, 'transfer not offered'],
  },
  company: {
    alreadyMember: [409, 0, 'member already exist'],
    otherCompany: [409, 0, 'member already exist other company'],
    userNotFound: [404, 0, 'user not exists'],
    companyNotFound: [404, 0, 'company not exists'],
    seatsFull: [409, 0, 'company seats full'],
    creatorStays: [409, 0, 'creator cannot be removed'],
    notMember: [404, 0, 'not a member'],
    codeInvalid: [400, 0, 'activation code invalid or already used'],
    createNotOffered: [400, 0, 'company create not offered'],
    notAllowed: [403, 0, 'company permission denied'],
    cannotManage: [409, 0, 'member cannot be managed'],
    inviteInvalid: [400, 0, 'invitation invalid or expired'],
    nameInvalid: [400, 0, 'invalid company name'],
    expired: [409, 0, 'company expired'],
    lifelong: [409, 0, 'company is lifelong'],
  },
  idempotency: {
    idempotencyKeyInUse: [409, 0, 'idempotency key in use'],
    idempotencyKeyReused: [409, 0, 'idempotency key reused'],
    idempotencyKeyApplied: [409, 0, 'idempotency key applied'],
  },
  grants: {
    overLimit: [409, 0, 'Exceeded usage limit.'],
    grantNotFound: [404, 0, 'grant not exists'],
    alreadyRevoked: [409, 0, 'grant already revoked'],
  },
  codes: {
    overLimit: [409, 0, 'Exceeded usage limit.'],
    expired: [410, 0, 'expired'],
    used: [409, 0, 'only once'],
    notExists: [404, 0, 'not exists'],
    wrongKind: [400, 0, 'wrong code kind'],
    notYetValid: [409, 0, 'not yet valid'],
    nothingToReplace: [409, 0, 'no licence to replace'],
    couponHeld: [409, 0, 'only one coupon'],
    teamOwnerOnly: [409, 0, 'team owner only'],
  },
  coupons: {
    invalidCode: [404, 0, 'invalid code'],
    held: [409, 0, 'only one coupon'],
    used: [409, 0, 'only once'],
    overLimit: [409, 0, 'Exceeded usage limit.'],
    expired: [410, 0, 'expired'],
  },
  points: {
    overLimit: [409, 0, 'Exceeded usage limit.'],
    unknownFeature: [400, 0, 'unknown feature'],
  },
  income: {
    paymentAccount: [400, 0, 'invalid payment account'],
    identityCard: [400, 0, 'invalid identity card'],
    name: [400, 0, 'name required'],
    mobile: [400, 0, 'invalid mobile'],
    overAvailable: [400, 0, 'amount exceeds available income'],
    notMultiple: [400, 0, 'amount not a multiple of 10'],
    belowMinimum: [400, 0, 'amount below minimum'],
    ongoing: [409, 0, 'There is an ongoing withdrawal currently'],
    unknownIncome: [404, 0, 'no such income'],
    alreadyReversed: [409, 0, 'already refunded'],
    cashbackUnlocked: [409, 0, 'cashback unlocked'],
  },
  checkout: {
    notSoldHere: [400, 0, 'not sold here'],
    methodUnavailable: [400, 0, 'payment method unavailable'],
    quantityInvalid: [400, 0, 'invalid quantity'],
    productInvalid: [400, 0, 'invalid product'],
    couponNotApplicable: [409, 0, 'coupon not applicable'],
    alreadyOwned: [409, 0, 'already owned'],
    alreadyRenews: [409, 0, 'already renews'],
    notForTeams: [400, 0, 'not sold for teams'],
    checkoutNotFound: [404, 0, 'checkout not exists'],
    providerUnavailable: [503, 0, 'payment unavailable'],
  },
};

const entries = Object.entries(errorCatalogue).flatMap(([domain, failures]) =>
  Object.entries(failures as Record<string, ErrorEntry>).map(([name, entry]) => ({ domain, name, entry })),
);

describe('error catalogue', () => {
  it('answers exactly the status, code and msg each failure always had', () => {
    const actual = Object.fromEntries(
      Object.entries(errorCatalogue).map(([domain, failures]) => [
        domain,
        Object.fromEntries(
          Object.entries(failures as Record<string, ErrorEntry>).map(([name, e]) => [name, [e.status, e.code, e.msg]]),
        ),
      ]),
    );
    expect(actual).toEqual(wire);
  });

  it('keeps the spec messages word for word (spec 01 §8, spec 02 §8)', () => {
    expect(errorCatalogue.auth.codeExpired.msg).toBe('expired');
    expect(errorCatalogue.auth.codeUsed.msg).toBe('only once');
    expect(errorCatalogue.auth.accountNotFound.msg).toBe('not exists');
    expect(errorCatalogue.team.memberLimit.msg).toBe('group num limit');
    expect(errorCatalogue.company.otherCompany.msg).toBe('member already exist other company');
    expect(errorCatalogue.order.receiptExpired.msg).toBe('ER101');
    expect(errorCatalogue.income.ongoing.msg).toBe('There is an ongoing withdrawal currently');
  });

  it('uses only the spec’s numeric codes and failure statuses', () => {
    const codes = new Set<number>(Object.values(AccountErrorCode));
    for (const { domain, name, entry } of entries) {
      expect(codes.has(entry.code), `${domain}.${name} code ${entry.code}`).toBe(true);
      expect(entry.status >= 400 && entry.status < 600, `${domain}.${name} status`).toBe(true);
    }
  });

  it('names a namespaced translation key for every failure', () => {
    for (const { domain, name, entry } of entries) {
      expect(entry.key, `${domain}.${name}`).toMatch(/^[a-z][A-Za-z]*:[A-Za-z]+(\.[A-Za-z]+)*$/);
    }
  });

  it('words failures a client cannot tell apart the same within a domain', () => {
    // The web app matches an answer by msg and code; two entries of one domain that share both
    // must read the same, or the text would depend on which one the lookup met first.
    const byWire = new Map<string, string>();
    for (const { domain, entry } of entries) {
      const id = `${domain} ${entry.code} ${entry.msg}`;
      expect(byWire.get(id) ?? entry.key, id).toBe(entry.key);
      byWire.set(id, entry.key);
    }
  });
});

describe('defineErrors', () => {
  it('keys each entry by prefix and name unless it names its own text, with code 0 by default', () => {
    const domain = defineErrors('ns:errors.', {
      plain: { msg: 'plain', status: 400 },
      coded: { msg: 'coded', status: 429, code: 5, key: 'errors:account.tooFrequent' },
    });
    expect(domain.plain).toEqual({ msg: 'plain', status: 400, code: 0, key: 'ns:errors.plain' });
    expect(domain.coded).toEqual({ msg: 'coded', status: 429, code: 5, key: 'errors:account.tooFrequent' });
    expect(Object.isFrozen(domain.plain)).toBe(true);
  });
});

describe('isFailure', () => {
  const { codeExpired, ticketExpired, codeUsed } = errorCatalogue.auth;

  it('matches an answer of the same msg and code, whatever its status', () => {
    expect(isFailure({ status: 'error', code: 4, msg: 'expired' }, codeExpired)).toBe(true);
    expect(isFailure({ code: 4, msg: 'expired' }, ticketExpired)).toBe(true);
  });

  it('tells failures with the same msg and another code apart', () => {
    expect(isFailure({ code: 4, msg: 'only once' }, codeUsed)).toBe(true);
    expect(isFailure({ code: 0, msg: 'only once' }, codeUsed)).toBe(false);
    expect(isFailure({ code: 0, msg: 'only once' }, errorCatalogue.order.invoiceExists)).toBe(true);
  });

  it('reads a missing code as 0, and anything else as no match', () => {
    expect(isFailure({ msg: 'cancelled' }, errorCatalogue.oauth.cancelled)).toBe(true);
    expect(isFailure({ msg: 'expired' }, codeExpired)).toBe(false);
    expect(isFailure(null, codeExpired)).toBe(false);
    expect(isFailure('expired', codeExpired)).toBe(false);
  });
});
