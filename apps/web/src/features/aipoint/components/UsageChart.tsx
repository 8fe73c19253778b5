import { Box, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group as SvgGroup } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { formatDate, formatNumber, useLanguage } from '../../../lib/i18n';
import { useAiPointDailyUse } from '../api/get-ai-point-daily-use';
import { featureLabel } from '../labels';
import { type ChartSplit, type SeriesKey, type UsageSeries, usageSeries } from '../usage-series';
import { Loading } from '../../../components/Loading';

const HEIGHT = 220;
const MARGIN = { top: 8, right: 8, bottom: 28, left: 44 };
/** Mantine palette shades dark enough to stand apart on white (and from each other). */
const COLOURS = ['blue.7', 'teal.7', 'orange.8', 'grape.7', 'gray.6'] as const;
const cssColour = (colour: string) => `var(--mantine-color-${colour.replace('.', '-')})`;

function seriesLabel(t: TFunction, key: SeriesKey): string {
  if (key === 'diagram') return t('aipoint:products.diagram');
  if (key === 'mindMap') return t('aipoint:products.mindMap');
  if (key === 'other') return t('aipoint:chart.other');
  return featureLabel(t, Number(key.slice('feature:'.length)));
}

/**
 * Points used per day over the last 30 days, each day's bar split by product or by the features
 * that took most (issue 13), drawn with visx (docs/decisions/032). The figures are also a
 * table, behind a button, for screen readers and for anyone who wants the numbers.
 */
export function UsageChart({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [split, setSplit] = useState<ChartSplit>('product');
  const daily = useAiPointDailyUse(userId);
  const series = useMemo(() => (daily.data ? usageSeries(daily.data, split) : null), [daily.data, split]);
  const headingId = useId();

  let body;
  if (daily.isPending) body = <Loading />;
  else if (daily.isError || series === null)
    body = <LoadFailed message={t('aipoint:chart.loadFailed')} onRetry={() => void daily.refetch()} />;
  else if (series.total === 0) body = <Text c="dimmed">{t('aipoint:chart.empty')}</Text>;
  else body = <ChartWithTable series={series} />;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {t('aipoint:chart.title')}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t('aipoint:chart.split')}
            value={split}
            onChange={(value) => setSplit(value as ChartSplit)}
            data={[
              { value: 'product', label: t('aipoint:chart.byProduct') },
              { value: 'feature', label: t('aipoint:chart.byFeature') },
            ]}
          />
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}

function ChartWithTable({ series }: { series: UsageSeries }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [tableShown, setTableShown] = useState(false);
  const summaryId = useId();
  const tableId = useId();
  const summary = t('aipoint:chart.summary', {
    total: formatNumber(series.total, language),
    most: formatNumber(series.most, language),
  });
  return (
    <Stack gap="sm">
      <Text size="sm" id={summaryId}>
        {summary}
      </Text>
      <Bars series={series} labelledBy={summaryId} />
      <Group gap="md" wrap="wrap" aria-hidden>
        {series.keys.map((key, index) => (
          <Group key={key} gap={6} wrap="nowrap">
            <Box w={12} h={12} style={{ borderRadius: 2, background: cssColour(COLOURS[index] ?? 'gray.6') }} />
            <Text size="sm">{seriesLabel(t, key)}</Text>
          </Group>
        ))}
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {tableShown ? t('aipoint:chart.hideTable') : t('aipoint:chart.showTable')}
      </Button>
      <div id={tableId} hidden={!tableShown}>
        {tableShown && <FiguresTable series={series} caption={t('aipoint:chart.title')} />}
      </div>
    </Stack>
  );
}

/** The stacked bars, as wide as their box; at 390 px each of the 30 days still gets a bar. */
function Bars({ series, labelledBy }: { series: UsageSeries; labelledBy: string }) {
  const [language] = useLanguage();
  const { ref, width } = useElementSize();
  const data = series.days.map((day, index) => ({ index: String(index), ...day.values }));
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: data.map((row) => row.index), range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, series.most)], range: [innerHeight, 0], nice: true });
  const colourOf = (key: SeriesKey) => cssColour(COLOURS[series.keys.indexOf(key)] ?? 'gray.6');
  const dayLabel = (index: string) => {
    const day = series.days[Number(index)];
    return day ? formatDate(day.start, 'monthDay', language) : '';
  };
  const axisText = { fill: 'var(--mantine-color-gray-7)', fontSize: 11 } as const;

  return (
    <div ref={ref} style={{ width: '100%' }}>
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-labelledby={labelledBy}>
          <SvgGroup left={MARGIN.left} top={MARGIN.top}>
            <BarStack data={data} keys={series.keys} x={(row) => row.index} xScale={x} yScale={y} color={colourOf}>
              {(stacks) =>
                stacks.map((stack) =>
                  stack.bars.map((bar) =>
                    bar.height > 0 ? (
                      <rect
                        key={`${stack.index}-${bar.index}`}
                        x={bar.x}
                        y={bar.y}
                        width={bar.width}
                        height={bar.height}
                        style={{ fill: bar.color }}
                      />
                    ) : null,
                  ),
                )
              }
            </BarStack>
            <AxisLeft
              scale={y}
              numTicks={4}
              tickFormat={(value) => formatNumber(Number(value), language)}
              stroke="var(--mantine-color-gray-5)"
              tickStroke="var(--mantine-color-gray-5)"
              tickLabelProps={() => ({ ...axisText, textAnchor: 'end', dx: -4, dy: 4 })}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              // A label a week apart, the last one today: they fit at 390 px in every language.
              tickValues={data.map((row) => row.index).filter((index) => (29 - Number(index)) % 7 === 0)}
              tickFormat={dayLabel}
              stroke="var(--mantine-color-gray-5)"
              tickStroke="var(--mantine-color-gray-5)"
              tickLabelProps={() => ({ ...axisText, textAnchor: 'middle' })}
            />
          </SvgGroup>
        </svg>
      )}
    </div>
  );
}

/** Every day with points used, one column per series and the day's total. */
function FiguresTable({ series, caption }: { series: UsageSeries; caption: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const end = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped fz="sm" verticalSpacing={4}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('aipoint:chart.day')}</Table.Th>
            {series.keys.map((key) => (
              <Table.Th key={key} style={end}>
                {seriesLabel(t, key)}
              </Table.Th>
            ))}
            <Table.Th style={end}>{t('aipoint:chart.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {series.days
            .filter((day) => day.total > 0)
            .map((day) => (
              <Table.Tr key={day.start}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(day.start, 'date', language)}</Table.Td>
                {series.keys.map((key) => (
                  <Table.Td key={key} style={end}>
                    {formatNumber(day.values[key] ?? 0, language)}
                  </Table.Td>
                ))}
                <Table.Td style={end}>{formatNumber(day.total, language)}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
