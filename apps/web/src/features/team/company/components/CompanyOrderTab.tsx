import { CompanyType, isCompanyExpired } from '@account-centre/contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../../components/LoadFailed';
import { Loading } from '../../../../components/Loading';
import { RecordTable } from '../../../../components/RecordTable';
import { formatCurrency, formatDate, formatNumber, useLanguage } from '../../../../lib/i18n';
import type { Company } from '../api/get-companies';
import { type CompanyOrder, companyOrdersQueryOptions } from '../api/get-company-orders';
import { companyPurchases } from '../company-rules';
import { CompanyFact } from './CompanyFacts';
import { BuyButton } from '../../../../components/BuyButton';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Order info (spec 02 §2, §4): the account type, the expiry — red and marked when it has passed,
 * "lifelong" for a lifelong company —, the seats taken, the creator's links to buy more time or
 * seats on the purchase screen, and the company's payments.
 */
export function CompanyOrderTab({ userId, company }: { userId: number; company: Company }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const now = nowSeconds();
  const lifelong = company.type === CompanyType.lifelong;
  const expired = isCompanyExpired(company, now);
  const purchases = companyPurchases(company, now);
  const cid = String(company.id);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <CompanyFact label={t('team:company.order.type')}>
              {t(lifelong ? 'team:company.order.lifelongType' : 'team:company.order.timeLimited')}
            </CompanyFact>
            <CompanyFact label={t('team:company.order.expiry')}>
              {lifelong || company.exp === null ? (
                t('team:company.order.never')
              ) : expired ? (
                <Group gap="xs">
                  <Text span c="red" fw={500}>
                    {t('team:company.order.expiredOn', { date: formatDate(company.exp, 'date', language) })}
                  </Text>
                  <Badge color="red" variant="light">
                    {t('team:company.order.expired')}
                  </Badge>
                </Group>
              ) : (
                formatDate(company.exp, 'date', language)
              )}
            </CompanyFact>
            <CompanyFact label={t('team:company.order.seats')}>
              {t('team:company.order.seatsUsed', {
                used: formatNumber(company.used_num, language),
                num: formatNumber(company.num, language),
              })}
            </CompanyFact>
          </SimpleGrid>
          {(purchases.time || purchases.seats) && (
            <Group gap="sm">
              {purchases.time && (
                <BuyButton choice={{ company: cid, change: 'time' }}>{t('team:company.order.addTime')}</BuyButton>
              )}
              {purchases.seats && (
                <BuyButton choice={{ company: cid, change: 'seats' }} variant="light">
                  {t('team:company.order.addSeats')}
                </BuyButton>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      <CompanyOrders userId={userId} companyId={company.id} />
    </Stack>
  );
}

function CompanyOrders({ userId, companyId }: { userId: number; companyId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const orders = useQuery(companyOrdersQueryOptions(userId, companyId));
  const titleId = useId();

  const content = (order: CompanyOrder) =>
    order.kind === 'seats'
      ? t('team:company.order.kinds.seats', { count: formatNumber(order.quantity, language) })
      : t(`team:company.order.kinds.${order.kind}`);
  const amount = (order: CompanyOrder) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap" component="span">
      {order.refunded && (
        <Badge color="gray" variant="light">
          {t('team:company.order.refunded')}
        </Badge>
      )}
      <span>{formatCurrency(order.price, language, order.currency)}</span>
    </Group>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('team:company.order.orders')}
      </Title>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <LoadFailed message={t('team:company.order.loadFailed')} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <Text size="sm">{t('team:company.order.empty')}</Text>
      ) : (
        <RecordTable
          rows={orders.data}
          rowKey={(order) => order.order_id}
          labelledBy={titleId}
          columns={[
            { header: t('team:company.order.id'), cell: (order) => order.order_id },
            { header: t('team:company.order.time'), cell: (order) => formatDate(order.date, 'dateTime', language) },
            { header: t('team:company.order.content'), cell: content },
            { header: t('team:company.order.amount'), cell: amount, numeric: true },
          ]}
        />
      )}
    </Stack>
  );
}
