import { Group, Tabs } from '@mantine/core';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalButton } from '../../components/ExternalButton';
import { NoteList } from '../../components/NoteList';
import { ScreenLayout } from '../../components/ScreenLayout';
import { Section } from '../../components/Section';
import { SettledTogether } from '../../components/SettledTogether';
import { aiPointsOptions } from './api/get-ai-points';
import { lazyWithTexts, useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { type BuyChoice } from '../../lib/buy-link';
import { aiPointPages } from '../../lib/site-links';
import { AcquisitionHistory } from './components/AcquisitionHistory';
import { PointBalance } from './components/PointBalance';
import { Loading } from '../../components/Loading';
import { BuyButton } from '../../components/BuyButton';

/** The parts that name features load those names (146 of them, 12 languages) with their code. */
const FEATURES_NAMESPACE = 'aipointFeatures';
const UsageChart = lazyWithTexts(() => import('./components/UsageChart').then((m) => m.UsageChart), FEATURES_NAMESPACE);
const UsageHistory = lazyWithTexts(
  () => import('./components/UsageHistory').then((m) => m.UsageHistory),
  FEATURES_NAMESPACE,
);

const notices = ['shared', 'unlimited', 'expiry'] as const;
/**
 * The ways to get points that are bought here (the purchase screen): top-ups and packages are
 * the points packages, unlimited use its own offers. Earning them is told on the company site.
 */
const boughtWays: { way: 'topUp' | 'package' | 'unlimited'; choice: BuyChoice }[] = [
  { way: 'topUp', choice: { kind: 'ai_points' } },
  { way: 'package', choice: { kind: 'ai_points' } },
  { way: 'unlimited', choice: { kind: 'ai_unlimited' } },
];

/**
 * /aipoint (spec 01 §2 "AI points screen"): the balance, what expires when, unlimited use, the
 * ways to get points, the three notices, the last 30 days' use as a chart (issue 13), and the
 * usage and acquisition histories as two tabs.
 */
export function AiPointScreen() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useSession();
  const tabsId = useId();
  if (!session) return null;
  const pages = aiPointPages(language);
  const loading = <Loading />;

  return (
    <ScreenLayout title={t('shell:screens.aipoint')}>
      {/* The balance before the rest: arriving, it would push the buttons below it down under a
          tap. The chart and the histories further down keep their own loading states. */}
      <SettledTogether queries={[aiPointsOptions(session.userId)]}>
        <PointBalance userId={session.userId} />
        <Section title={t('aipoint:actions.title')} headingId={`${tabsId}-ways`} gap="xs">
          <Group gap="sm">
            {boughtWays.map(({ way, choice }) => (
              <BuyButton key={way} choice={choice} variant="light">
                {t(`aipoint:actions.${way}`)}
              </BuyButton>
            ))}
            <ExternalButton href={pages.earn} variant="light">
              {t('aipoint:actions.earn')}
            </ExternalButton>
          </Group>
        </Section>
        <Section title={t('aipoint:notices.title')} headingId={`${tabsId}-notices`} gap="xs">
          <NoteList ordered items={notices.map((notice) => t(`aipoint:notices.${notice}`))} />
        </Section>
        <Suspense fallback={loading}>
          <UsageChart userId={session.userId} />
        </Suspense>
        <Tabs defaultValue="usage" keepMounted={false}>
          <Tabs.List aria-label={t('aipoint:tabs.label')}>
            <Tabs.Tab value="usage" id={`${tabsId}-usage`}>
              {t('aipoint:tabs.usage')}
            </Tabs.Tab>
            <Tabs.Tab value="acquisition" id={`${tabsId}-acquisition`}>
              {t('aipoint:tabs.acquisition')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="usage" pt="md">
            <Suspense fallback={loading}>
              <UsageHistory userId={session.userId} labelledBy={`${tabsId}-usage`} />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="acquisition" pt="md">
            <AcquisitionHistory userId={session.userId} labelledBy={`${tabsId}-acquisition`} />
          </Tabs.Panel>
        </Tabs>
      </SettledTogether>
    </ScreenLayout>
  );
}
