import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenLayout } from '../../components/ScreenLayout';
import { useBuildContext } from '../../lib/build-context';
import { useSession } from '../../lib/session';
import type { CodeCall, Redemption } from './api/redeem-code';
import { reminderNamespaces } from './benefit-text';
import { BoundReminder } from './components/BoundReminder';
import { CodeNotes } from './components/CodeNotes';
import { RedeemForm } from './components/RedeemForm';

/**
 * The calls a screen offers (spec 01 §2): /bind — domestic licence keys (activation,
 * replacement) and gift codes, the project variant project codes and gift codes, overseas gift
 * codes only; /license — licence keys, whose call takes gift codes too, as the screen's text
 * invites (docs/decisions/055).
 */
export function useRedeemCalls(screen: 'bind' | 'license'): readonly CodeCall[] {
  const { region } = useBuildContext();
  if (screen === 'license') return ['licence'];
  return region === 'overseas' ? ['gift'] : ['licence', 'gift'];
}

/** /bind and /license: a code input, what the last code gave, and the notes. */
export function RedeemScreen({ screen }: { screen: 'bind' | 'license' }) {
  const { t } = useTranslation();
  // Loads the reminder box's other namespaces while a code is typed.
  useTranslation(reminderNamespaces);
  const session = useSession();
  const build = useBuildContext();
  const calls = useRedeemCalls(screen);
  const [redeemed, setRedeemed] = useState<Redemption | null>(null);
  if (!session) return null;
  const licenceLabel = build.tend === 'project' ? t('bind:kinds.project') : t('bind:kinds.licence');
  return (
    <ScreenLayout title={t(`shell:screens.${screen}`)}>
      <Text c="dimmed" size="sm" mt={-8}>
        {t(calls.includes('licence') ? 'bind:intro.licence' : 'bind:intro.gift')}
      </Text>
      <RedeemForm userId={session.userId} calls={calls} licenceLabel={licenceLabel} onRedeemed={setRedeemed} />
      {redeemed && <BoundReminder redemption={redeemed} />}
      <CodeNotes />
    </ScreenLayout>
  );
}
