import { TeamRole } from '@account-centre/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, useLanguage } from '../../../lib/i18n';
import { useCurrentTeam } from '../team-context';
import { TeamNameEditor } from './TeamNameEditor';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed">
        {label}
      </Text>{' '}
      {value}
    </Text>
  );
}

/**
 * The team's summary (spec 02 §2): its name — renamed inline by the owner only —, its owner and,
 * for the diagram team, how many members it has of how many it may have.
 */
export function TeamHeader() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { team, ref } = useCurrentTeam();
  const [renaming, setRenaming] = useState(false);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        {renaming ? (
          <TeamNameEditor onDone={() => setRenaming(false)} />
        ) : (
          <Group gap="xs" wrap="nowrap" align="center">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {team.name}
            </Title>
            {team.role === TeamRole.owner && (
              <Button variant="subtle" size="compact-sm" onClick={() => setRenaming(true)}>
                {t('team:summary.rename')}
              </Button>
            )}
          </Group>
        )}
        <Group gap="xl" wrap="wrap">
          <Fact label={t('team:summary.owner')} value={team.nick_name} />
          {ref.product === 'max' && (
            <Fact
              label={t('team:summary.members')}
              value={t('team:summary.memberCount', {
                count: formatNumber(team.member_num, language),
                limit: formatNumber(team.member_limit, language),
              })}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
