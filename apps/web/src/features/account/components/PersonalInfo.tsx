import { AccountErrors } from '@account-centre/contract';
import { Button, Group, Input, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Language } from '@account-centre/contract';
import { Suspense, lazy, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { showToast, showErrorToast } from '../../../components/toast';
import { useBuildContext } from '../../../lib/build-context';
import { languageNames, languageTags, languages, useLanguage } from '../../../lib/i18n';
import { type ProfileChanges, updateProfile } from '../api/update-profile';
import { countryOptions } from '../countries';
import { type BirthdayParts, daysInMonth, formatBirthday, missingBirthdayParts, parseBirthday } from '../profile-rules';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { useStoreUser } from '../use-user-cache';

const EARLIEST_YEAR = 1900;

// Modals load on first use: the account screen is the app's first route (docs/bundle-budget.md).
const IntroductionModal = lazy(() =>
  import('./IntroductionModal').then((module) => ({ default: module.IntroductionModal })),
);

const numberOptions = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

function isLanguage(value: string | null): value is Language {
  return languages.includes(value as Language);
}

/** Spec 01 §2: introduction (overseas), gender, birthday, country or region, language. */
export function PersonalInfo({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const build = useBuildContext();
  const [language, setLanguage] = useLanguage();
  const storeUser = useStoreUser();
  const [busy, run] = useSingleFlight();
  const [parts, setParts] = useState<Partial<BirthdayParts>>(() => parseBirthday(user.birthday) ?? {});
  const [introOpen, setIntroOpen] = useState(false);
  const birthdayLabel = useId();

  const save = (changes: ProfileChanges, onSaved?: () => void) =>
    run(async () => {
      try {
        storeUser(await updateProfile(user.user_id, changes));
        showToast(t('account:toast.submitSuccess'), 'success');
        onSaved?.();
      } catch (error) {
        showErrorToast(error, { domains: [AccountErrors] });
      }
    });

  const changeBirthday = (next: Partial<BirthdayParts>) => {
    const merged = { ...parts, ...next };
    // A day past the month's end (31 after choosing February) moves to the last valid day.
    if (merged.year && merged.month && merged.day)
      merged.day = Math.min(merged.day, daysInMonth(merged.year, merged.month));
    setParts(merged);
    const birthday = formatBirthday(merged);
    if (birthday && birthday !== user.birthday) void save({ birthday });
  };

  const missing = missingBirthdayParts(parts);
  const missingText =
    missing.length > 0
      ? t('account:profile.birthdayIncomplete', {
          missing: new Intl.ListFormat(languageTags[language], { type: 'conjunction' }).format(
            missing.map((part) => t(`account:profile.${part}`)),
          ),
        })
      : undefined;

  const thisYear = new Date().getFullYear();
  const years = useMemo(() => numberOptions(EARLIEST_YEAR, thisYear).reverse(), [thisYear]);
  const months = numberOptions(1, 12);
  const days = numberOptions(1, parts.year && parts.month ? daysInMonth(parts.year, parts.month) : 31);
  // The year is the widest: four digits.
  const birthdaySelects = [
    { part: 'year', options: years, flex: 3 },
    { part: 'month', options: months, flex: 2 },
    { part: 'day', options: days, flex: 2 },
  ] as const;
  const countries = useMemo(() => countryOptions(language), [language]);

  return (
    <Stack gap="md">
      {build.region === 'overseas' && (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={500}>{t('account:profile.introduction')}</Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setIntroOpen(true)}>
              {t('account:profile.editIntroduction')}
            </Button>
          </Group>
          {/* Plain text: React escapes it, so markup in an introduction shows as typed. */}
          <Text c={user.profile ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {user.profile || t('account:profile.noIntroduction')}
          </Text>
          {introOpen && (
            <Suspense fallback={null}>
              <IntroductionModal
                initial={user.profile ?? ''}
                busy={busy}
                onClose={() => setIntroOpen(false)}
                onSave={(profile) => void save({ profile: profile || null }, () => setIntroOpen(false))}
              />
            </Suspense>
          )}
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label={t('account:profile.gender')}
          data={[
            { value: '', label: t('account:profile.notSet'), disabled: true },
            { value: 'male', label: t('account:profile.male') },
            { value: 'female', label: t('account:profile.female') },
          ]}
          value={user.sex ?? ''}
          onChange={({ currentTarget: { value } }) =>
            (value === 'male' || value === 'female') && void save({ sex: value })
          }
          disabled={busy}
        />
        <NativeSelect
          label={t('account:profile.country')}
          data={[{ value: '', label: t('account:profile.notSet'), disabled: true }, ...countries]}
          value={user.country ?? ''}
          onChange={({ currentTarget: { value } }) => value && void save({ country: value })}
          disabled={busy}
        />
        <Input.Wrapper
          label={t('account:profile.birthday')}
          labelElement="div"
          id={birthdayLabel}
          error={missingText}
          errorProps={{ role: 'status' }}
        >
          <Group gap="xs" wrap="nowrap" role="group" aria-labelledby={`${birthdayLabel}-label`}>
            {birthdaySelects.map(({ part, options, flex }) => (
              <NativeSelect
                key={part}
                aria-label={t(`account:profile.${part}`)}
                data={[{ value: '', label: t(`account:profile.${part}`), disabled: true }, ...options]}
                value={parts[part] ? String(parts[part]) : ''}
                onChange={({ currentTarget: { value } }) => value && changeBirthday({ [part]: Number(value) })}
                disabled={busy}
                flex={flex}
                miw={0}
              />
            ))}
          </Group>
        </Input.Wrapper>
        <NativeSelect
          label={t('account:profile.language')}
          data={languages.map((code) => ({ value: code, label: languageNames[code] }))}
          value={user.language ?? language}
          onChange={({ currentTarget: { value } }) => {
            if (!isLanguage(value)) return;
            setLanguage(value);
            void save({ language: value });
          }}
          disabled={busy}
        />
      </SimpleGrid>
    </Stack>
  );
}
