import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { type BuyChoice, buyHref } from '../lib/buy-link';
import { NavLink, useLocation } from '../lib/router';

/**
 * A button opening the purchase screen with `choice` preselected. It navigates within the app, so
 * it works the same in a browser, the desktop client and the tablet frame, keeping the address's
 * query string that carries the build.
 */
export function BuyButton({ choice, children, ...props }: ButtonProps & { choice: BuyChoice; children: ReactNode }) {
  const { search } = useLocation();
  return (
    <Button component={NavLink} to={buyHref(search, choice)} {...props}>
      {children}
    </Button>
  );
}
