import { isAmountCoupon, type Language, planDateOf, type Region } from '@account-centre/contract';
import type { TFunction } from 'i18next';
import { formatCurrency, formatDate, formatNumber } from '../../lib/i18n';
import { licenceName, platformNames } from '../../lib/plan-names';
import type { Redemption } from './api/redeem-code';

type Benefit = Redemption['benefits'][number];

/**
 * The namespaces the reminder box reads: it names plans, platforms and coupon values with the
 * order and coupon screens' words, and a screen loads only its own namespace with its code, so
 * the bind screens ask for these two as they open (before anything is redeemed).
 */
export const reminderNamespaces = ['bind', 'order', 'coupon'] as const;

/**
 * One benefit of a redeemed code as the reminder box says it (spec 01 §4: "for a gift code a
 * reminder box names the product"), in the reader's language and the benefit's own unit: a
 * licence with its end now and before ("Diagram · 1-year plan: now until 30/11/2028 (was
 * 30/11/2027)"), a replacement with the platforms it moved the licence onto, points, credit and
 * a coupon's value in their currency, a course, team seats — each with its expiry when it has one.
 */
export function benefitText(
  t: TFunction,
  benefit: Benefit,
  context: { language: Language; region: Region; replacement: boolean },
): string {
  const { language, region } = context;
  const date = (seconds: number) => formatDate(seconds, 'date', language);
  const expiring = (text: string, expiresAt: number | null) =>
    expiresAt === null ? text : t('bind:benefits.expiring', { benefit: text, date: date(expiresAt) });
  switch (benefit.kind) {
    case 'licence': {
      const name = licenceName(
        t,
        { product: benefit.product, orderType: benefit.order_type, version: benefit.version, scope: 'personal' },
        region,
      );
      if (context.replacement)
        return t('bind:benefits.moved', { name, platforms: platformNames(t, benefit.platforms, language) });
      const until = planDateOf(benefit.until);
      if (until === 'forever' || until === null) return t('bind:benefits.licenceForever', { name });
      if (benefit.was === null || benefit.was === benefit.until)
        return t('bind:benefits.licence', { name, until: date(until) });
      return t('bind:benefits.licenceExtended', { name, until: date(until), was: date(benefit.was) });
    }
    case 'ai_points':
      return expiring(
        t('bind:benefits.aiPoints', { amount: formatNumber(benefit.amount, language) }),
        benefit.expires_at,
      );
    case 'template_credit':
      return expiring(
        t('bind:benefits.templateCredit', { amount: formatCurrency(benefit.amount, language, benefit.currency) }),
        benefit.expires_at,
      );
    case 'coupon': {
      const value = isAmountCoupon(benefit.type)
        ? t('coupon:value.amount', { amount: formatCurrency(benefit.value, language, benefit.currency) })
        : t('coupon:value.percent', { percent: benefit.value });
      return expiring(t('bind:benefits.coupon', { value }), benefit.expires_at);
    }
    case 'course':
      return t('bind:benefits.course');
    case 'seats':
      return expiring(t('bind:benefits.seats', { seats: formatNumber(benefit.seats, language) }), benefit.expires_at);
  }
}
