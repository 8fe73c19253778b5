import { type CourseProduct, type CourseSaleWay, courseSaleWays } from '@account-centre/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, useLanguage } from '../../../lib/i18n';

const saleWayKeys = {
  [courseSaleWays.free]: 'free',
  [courseSaleWays.limitedFree]: 'limitedFree',
  [courseSaleWays.memberFree]: 'memberFree',
  [courseSaleWays.paid]: 'paid',
} as const satisfies Record<CourseSaleWay, string>;

/**
 * One course as the courses screen shows it (spec 01 §2): its name, product, validity, price tag
 * and action. `footer` holds the action: watch now, or the way back to a locked course.
 */
export function CourseCard({
  name,
  product,
  saleWay,
  price,
  validity,
  footer,
}: {
  name: string;
  product: CourseProduct;
  /** 1–4 (the contract's `courseSaleWays`). */
  saleWay: number;
  /** Fen, shown on a paid course. */
  price?: number;
  validity?: 'permanent' | 'membership';
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const tag =
    saleWay === courseSaleWays.paid && price !== undefined && price > 0
      ? formatCurrency(price, language, 'CNY')
      : t(`course:saleWays.${saleWayKeys[saleWay as CourseSaleWay] ?? 'free'}`);
  return (
    <Paper component="li" withBorder radius="md" p="md" h="100%">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Badge
              variant="light"
              color={saleWay === courseSaleWays.paid ? 'orange' : 'teal'}
              style={{ flexShrink: 0 }}
            >
              {tag}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`course:products.${product}`)}
            {validity && ` · ${t(`course:validity.${validity}`)}`}
          </Text>
        </Stack>
        {footer}
      </Stack>
    </Paper>
  );
}
