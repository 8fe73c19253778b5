import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { useBuildContext } from '../lib/build-context';
import { openExternal } from '../lib/host-bridge';

/**
 * A link to the company site shown as a button. In a browser it is a plain link to a new tab;
 * in the desktop client or a frame the host opens it, signed in (spec 01 §6).
 */
export function ExternalButton({ href, children, ...props }: ButtonProps & { href: string; children: ReactNode }) {
  const { hostMode } = useBuildContext();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (hostMode === 'browser') return;
    event.preventDefault();
    void openExternal(href, hostMode);
  };
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
      {children}
    </Button>
  );
}
