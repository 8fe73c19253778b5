import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useBuildContext } from '../../../lib/build-context';
import { host, hostTransport } from '../../../lib/host-bridge';

/**
 * The payment provider's page (the hosted card page, the page a QR code opens). In a browser, a
 * new tab; in the desktop client or the tablet frame the host opens it in the system browser.
 * Unlike the company site's links (ExternalButton) it carries no sign-in ticket: the page is the
 * provider's, and needs none.
 */
export function PayPageButton({ url, children, ...props }: ButtonProps & { url: string; children: ReactNode }) {
  const { hostMode } = useBuildContext();
  const href = new URL(url, window.location.href).toString();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (hostMode === 'browser' || !hostTransport()) return;
    event.preventDefault();
    host.openOutsideUrl(href);
  };
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
      {children}
    </Button>
  );
}
