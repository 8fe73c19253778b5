import { Text, Textarea } from '@mantine/core';
import { PROFILE_MAX_LENGTH } from '@account-centre/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from './FormActions';

/** Spec 01 §2 "change introduction" modal (overseas). */
export function IntroductionModal({
  initial,
  busy,
  onClose,
  onSave,
}: {
  initial: string;
  busy: boolean;
  onClose: () => void;
  onSave: (profile: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  return (
    <FormDialog
      title={t('account:profile.editIntroduction')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(text.trim());
      }}
      busy={busy}
    >
      <Textarea
        aria-label={t('account:profile.introduction')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={PROFILE_MAX_LENGTH}
        autosize
        minRows={4}
        data-autofocus
      />
      <Text size="xs" c="dimmed" ta="right">
        {text.length}/{PROFILE_MAX_LENGTH}
      </Text>
    </FormDialog>
  );
}
