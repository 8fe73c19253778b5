import { ActionIcon, Group, Text } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PencilIcon } from './icons';

const loadEditor = () => import('./NicknameEditor');
const NicknameEditor = lazy(() => loadEditor().then((module) => ({ default: module.NicknameEditor })));
/** Starts the editor's download when the pointer or focus reaches the edit button. */
const preloadEditor = () => void loadEditor().catch(() => {});

/** The nickname and its edit button; editing happens in NicknameEditor (spec 01 §4). */
export function NicknameField({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);

  const view = (
    <Group gap="xs" wrap="nowrap" miw={0}>
      {/* Wraps rather than truncates: a long name is shown whole on a narrow screen. */}
      <Text fw={600} size="lg" miw={0} style={{ overflowWrap: 'anywhere' }} data-testid="nickname">
        {name}
      </Text>
      <ActionIcon
        variant="subtle"
        aria-label={t('account:profile.editNickname')}
        onClick={() => setEditing(true)}
        onPointerEnter={preloadEditor}
        onFocus={preloadEditor}
        disabled={editing}
      >
        <PencilIcon />
      </ActionIcon>
    </Group>
  );
  if (!editing) return view;
  return (
    // Until the editor's code has arrived the name stays in view.
    <Suspense fallback={view}>
      <NicknameEditor userId={userId} name={name} onDone={() => setEditing(false)} />
    </Suspense>
  );
}
