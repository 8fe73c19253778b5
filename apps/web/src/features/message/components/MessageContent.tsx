import { Typography } from '@mantine/core';
import { type MouseEvent, useMemo } from 'react';
import { useBuildContext } from '../../../lib/build-context';
import { openExternal } from '../../../lib/host-bridge';
import { sanitiseMessage } from '../sanitise';

/**
 * A message's content, sanitised again here before it is shown. Its links open in a new tab in
 * a browser; in the desktop client or a frame the host opens them (`openOutsideUrl`).
 */
export function MessageContent({ html }: { html: string }) {
  const { hostMode } = useBuildContext();
  const clean = useMemo(() => sanitiseMessage(html), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a[href]');
    if (!link || hostMode === 'browser') return;
    event.preventDefault();
    void openExternal(link.getAttribute('href') ?? '', hostMode);
  };
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {/* Sanitised just above, and by the server before it was stored. */}
      <div onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
