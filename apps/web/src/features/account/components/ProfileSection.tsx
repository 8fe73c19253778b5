import { ActionIcon, Box, CopyButton, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { Region } from '@account-centre/contract';
import { useBuildContext } from '../../../lib/build-context';
import type { UserInfo } from '../../../lib/user/current-user';
import { showToast } from '../../../components/toast';
import { AvatarPicker } from './AvatarPicker';
import { CopyIcon } from './icons';
import { NicknameField } from './NicknameField';

const COPY_SUCCESS_MS = 1500;

/**
 * The personal details (pickers and selects) follow the first paint in a chunk of their own:
 * the avatar, name, ID and security items show first (docs/bundle-budget.md). Its download
 * starts as soon as this screen's code runs, beside the screen's data, rather than after the
 * section has rendered.
 */
const personalInfo = import('./PersonalInfo');
const PersonalInfo = lazy(() => personalInfo.then((module) => ({ default: module.PersonalInfo })));
/**
 * The details' height, held while their code loads so that nothing below moves when they arrive
 * (a tap aimed at the security items or the close link would land elsewhere). Measured in
 * Chromium: a field (label and input) is 3.8rem and fields are 1rem apart, in one column below
 * the `sm` breakpoint and two from it, as PersonalInfo lays them out; overseas the introduction
 * (one line) and its gap come first. account.spec.ts checks that nothing moves.
 */
const FIELD_REM = 3.8;
const GAP_REM = 1;
const INTRODUCTION_REM = 3.425 + GAP_REM;
const fieldsHeight = (rows: number) => rows * FIELD_REM + (rows - 1) * GAP_REM;

function personalInfoHeight(region: Region) {
  const introduction = region === 'overseas' ? INTRODUCTION_REM : 0;
  return { base: `${fieldsHeight(4) + introduction}rem`, sm: `${fieldsHeight(2) + introduction}rem` };
}

/** Avatar, nickname, user ID with copy (spec 01 §2 "Account screen"), then personal details. */
export function ProfileSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { region } = useBuildContext();
  const id = String(user.user_id);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="md">
        {t('account:profile.title')}
      </Title>
      <Group align="center" gap="lg" wrap="wrap">
        <AvatarPicker userId={user.user_id} name={user.nick_name} url={user.avatar_url} />
        <Stack gap={6} miw={0} style={{ flex: '1 1 14rem' }}>
          <NicknameField key={user.nick_name} userId={user.user_id} name={user.nick_name} />
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('account:profile.userId')}
            </Text>
            <Text size="sm" data-testid="user-id">
              {id}
            </Text>
            <CopyButton value={id}>
              {({ copy }) => (
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('account:profile.copyId')}
                  title={t('account:profile.copyId')}
                  onClick={() => {
                    copy();
                    showToast(t('account:toast.copySuccess'), 'success', COPY_SUCCESS_MS);
                  }}
                >
                  <CopyIcon />
                </ActionIcon>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Group>
      <Divider my="md" />
      <Suspense fallback={<Box mih={personalInfoHeight(region)} aria-busy />}>
        <PersonalInfo user={user} />
      </Suspense>
    </Paper>
  );
}
