import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useBuildContext } from '../lib/build-context';
import { host, openExternal } from '../lib/host-bridge';

interface ExternalButtonProps extends ButtonProps {
  href: string;
  children: ReactNode;
  /**
   * Whether the page opened by the host starts signed in (a one-time ticket in its address): yes
   * for the company site, no for a page that is not ours, such as a payment provider's.
   */
  signedIn?: boolean;
}

/**
 * A link to the company site shown as a button. In a browser it is a plain link to a new tab;
 * in the desktop client or a frame the host opens it, signed in (spec 01 §6).
 */
export function ExternalButton({ href, children, signedIn = true, ...props }: ExternalButtonProps) {
  const { hostMode } = useBuildContext();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (hostMode === 'browser') return;
    event.preventDefault();
    if (signedIn) void openExternal(href, hostMode);
    else host.openOutsideUrl(new URL(href, window.location.href).toString());
  };
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
      {children}
    </Button>
  );
}
