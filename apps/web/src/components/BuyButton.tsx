import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { type BuyChoice, buyHref } from '../lib/buy-link';
import { NavLink, useLocation } from '../lib/router';
import { ExternalButton } from './ExternalButton';

interface BuyButtonProps extends ButtonProps {
  /** What the purchase screen opens on; null where this build does not sell it. */
  choice: BuyChoice | null;
  /** Where a choice this build does not sell is bought instead: the company site's shop. */
  elsewhere?: string;
  /** Runs as the button leads to the purchase screen (a prompt closing as it leads away). */
  onClick?: () => void;
  children: ReactNode;
}

/**
 * A button to the purchase screen with `choice` preselected, keeping the rest of the address (a
 * frame's or a desktop client's launch parameters), or to the company site's shop where the
 * purchase screen does not sell it.
 */
export function BuyButton({ choice, elsewhere, onClick, children, ...button }: BuyButtonProps) {
  const { search } = useLocation();
  if (choice === null)
    return elsewhere === undefined ? null : (
      <ExternalButton href={elsewhere} {...button}>
        {children}
      </ExternalButton>
    );
  return (
    <Button component={NavLink} to={buyHref(search, choice)} onClick={onClick} {...button}>
      {children}
    </Button>
  );
}
