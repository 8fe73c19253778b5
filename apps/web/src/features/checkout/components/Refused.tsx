import { Button, Paper, Stack, Text } from '@mantine/core';
import { screenLink } from '../../../lib/buy-link';
import { NavLink, useLocation } from '../../../lib/router';

/** The team page, where the enterprise page's add buttons and the team's upgrade prompt are. */
export const TEAM_PATH = '/team';

/**
 * Why nothing can be bought here for a company or a team, and the way back to the team page
 * (`back` names it as the buyer knows it).
 */
export function Refused({ text, back }: { text: string; back: string }) {
  const { search } = useLocation();
  return (
    <Paper withBorder p="md" radius="md" maw={640} style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="sm" align="flex-start">
        <Text c="red.8" fw={500} role="alert">
          {text}
        </Text>
        <Button component={NavLink} to={screenLink(TEAM_PATH, search)} variant="light">
          {back}
        </Button>
      </Stack>
    </Paper>
  );
}
