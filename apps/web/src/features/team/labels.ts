import { type TeamPlanType, teamPlanTermDays } from '@account-centre/contract';
import type { TFunction } from 'i18next';
import { formatDate, type Language } from '../../lib/i18n';

/**
 * A plan type's name in the reader's language (spec 02 §3 "Plan types"): team annual, team
 * 3-year, team lifetime, the N-day trials, the one-year team subscription (305) and the perpetual
 * licence of one version (306) of the diagram product.
 */
export function planTypeName(t: TFunction, type: TeamPlanType): string {
  switch (type) {
    case 61:
      return t('team:planTypes.annual');
    case 62:
      return t('team:planTypes.lifetime');
    case 63:
      return t('team:planTypes.threeYear');
    case 305:
      return t('team:planTypes.subscription');
    case 306:
      return t('team:planTypes.perpetual');
    default:
      return t('team:planTypes.trial', { days: teamPlanTermDays[type] });
  }
}

/** A plan's end: its date, or "never expires" for a plan without one. */
export function planExpiry(t: TFunction, expire: number | null, language: Language): string {
  return expire === null ? t('team:plans.never') : formatDate(expire, 'date', language);
}

const roleKeys = { 1: 'owner', 2: 'admin', 3: 'member' } as const;

/** A team role's name (spec 02 §6): owner, admin, member. */
export function roleName(t: TFunction, role: number): string {
  return t(`team:roles.${roleKeys[role as keyof typeof roleKeys] ?? 'member'}`);
}
