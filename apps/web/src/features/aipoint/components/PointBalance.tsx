import { Button, Group, Paper, Popover, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExternalButton } from '../../../components/ExternalButton';
import { LoadFailed } from '../../../components/LoadFailed';
import { useBuildContext } from '../../../lib/build-context';
import { formatDate, formatNumber, useLanguage } from '../../../lib/i18n';
import { aiPointPages } from '../../../lib/site-links';
import { type AiPointBalance, useAiPoints } from '../api/get-ai-points';
import { Loading } from '../../../components/Loading';
import { BuyButton } from '../../../components/BuyButton';

/**
 * The balance with what expires when, the days of unlimited use left (a slash when none), the
 * link to more points and, in the domestic build only, the buy button (spec 01 §2), which opens
 * the purchase screen on the points packages.
 */
export function PointBalance({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { region } = useBuildContext();
  const points = useAiPoints(userId);
  const pages = aiPointPages(language);

  if (points.isError)
    return <LoadFailed message={t('aipoint:balance.loadFailed')} onRetry={() => void points.refetch()} />;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t('aipoint:balance.label')}>
      {points.isPending ? (
        <Loading />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            <Stack gap={4} align="flex-start">
              <Text size="sm" c="dimmed">
                {t('aipoint:balance.label')}
              </Text>
              <Text fz={32} fw={700} c="blue.8" lh={1.1} data-testid="ai-balance">
                {formatNumber(points.data.balance, language)}
              </Text>
              <Expiring expiring={points.data.expiring} />
            </Stack>
            <Stack gap={4} align="flex-start">
              <Text size="sm" c="dimmed">
                {t('aipoint:balance.unlimitedDays')}
              </Text>
              <Text fz={32} fw={700} lh={1.1} data-testid="ai-unlimited-days">
                {points.data.unlimited_days > 0 ? formatNumber(points.data.unlimited_days, language) : '/'}
              </Text>
              {points.data.unlimit_date !== null && (
                <Text size="sm" c="dimmed">
                  {t('aipoint:balance.unlimitedUntil', {
                    date: formatDate(points.data.unlimit_date, 'date', language),
                  })}
                </Text>
              )}
            </Stack>
          </SimpleGrid>
          <Group gap="sm">
            {region === 'domestic' && <BuyButton choice={{ kind: 'ai_points' }}>{t('aipoint:balance.buy')}</BuyButton>}
            <ExternalButton href={pages.about} variant="subtle">
              {t('aipoint:balance.getMore')}
            </ExternalButton>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

/** The points that will expire and when, behind a button (a tooltip no keyboard could open). */
function Expiring({ expiring }: { expiring: AiPointBalance['expiring'] }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Popover position="bottom-start" shadow="md" withArrow>
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" px={0}>
          {t('aipoint:balance.expiringButton')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('aipoint:balance.expiringTitle')}
          </Text>
          {expiring.length === 0 ? (
            <Text size="sm">{t('aipoint:balance.expiringNone')}</Text>
          ) : (
            <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="sm" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('aipoint:balance.expires')}</Table.Th>
                  <Table.Th style={{ textAlign: 'end' }}>{t('aipoint:balance.points')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {expiring.map((grant, index) => (
                  <Table.Tr key={`${grant.exp_time}-${index}`}>
                    <Table.Td>{formatDate(grant.exp_time, 'dateTime', language)}</Table.Td>
                    <Table.Td style={{ textAlign: 'end' }}>{formatNumber(grant.points, language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
