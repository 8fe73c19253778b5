import { Button, Group } from '@mantine/core';
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
