import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The footer of the account screen's form dialogs: Cancel, then the submit button (Save, or
 * a red Unlink for a removal), showing progress while the form is being sent.
 */
export function FormActions({
  onCancel,
  busy,
  unlink = false,
}: {
  onCancel: () => void;
  busy: boolean;
  unlink?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common:actions.cancel')}
      </Button>
      <Button type="submit" color={unlink ? 'red' : undefined} loading={busy}>
        {unlink ? t('account:contact.unbind') : t('common:actions.save')}
      </Button>
    </Group>
  );
}

/**
 * A form dialog of the account screen: its fields one under the other and FormActions under
 * them. The form checks its fields itself (`noValidate`), so each problem is said in the
 * reader's language at its field rather than in the browser's bubble.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  busy,
  unlink,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  unlink?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <FormActions onCancel={onClose} busy={busy} unlink={unlink} />
        </Stack>
      </form>
    </Modal>
  );
}
