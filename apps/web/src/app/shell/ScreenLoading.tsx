import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown in the content area while a screen's code loads. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('shell:loading')}>
      <Loader />
    </Center>
  );
}
