import { type ContactKind, contactKind, type RouteBody, type screenTeamContactsRoute } from '@account-centre/contract';

type ContactLists = Pick<RouteBody<typeof screenTeamContactsRoute>, 'emails' | 'mobiles' | 'user_ids'>;

/** Contacts of one kind as the member filter and the add call take them. */
export function contactLists(kind: ContactKind, values: readonly string[]): ContactLists {
  if (kind === 'email') return { emails: [...values] };
  if (kind === 'mobile') return { mobiles: [...values] };
  return { user_ids: values.map(Number) };
}

/**
 * The hint under the add dialog's contact while it is not one yet (spec 02 §5: emailWarn,
 * phoneWarn, userIdWarn), by what it looks like it is meant to be: digits are a user id — or,
 * in the domestic build, a mobile number once they are long enough to be one —, anything else
 * an e-mail address. Null while empty or valid.
 */
export function contactHint(value: string, mobilesOffered: boolean): 'emailWarn' | 'phoneWarn' | 'userIdWarn' | null {
  const contact = value.trim();
  if (contact === '' || contactKind(contact, mobilesOffered) !== null) return null;
  if (/^\+?[\d\s-]+$/.test(contact))
    return mobilesOffered && contact.replace(/\D/g, '').length >= 11 ? 'phoneWarn' : 'userIdWarn';
  return 'emailWarn';
}
