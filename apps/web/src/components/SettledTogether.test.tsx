import { cleanup, screen, waitFor } from '@testing-library/react';
import { queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLanguage, resetLanguage } from '../testing/render';
import { SettledTogether } from './SettledTogether';

/** A query whose answer comes when the test says, or fails. */
function heldQuery(key: string) {
  let answer: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const answered = new Promise<string>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  const options = queryOptions({ queryKey: ['held', key], queryFn: () => answered, retry: false });
  return { options, answer: (value: string) => answer(value), fail: (error: Error) => fail(error) };
}

describe('SettledTogether', () => {
  afterEach(async () => {
    cleanup();
    await resetLanguage();
  });

  it('shows the sections once every first answer has come or failed, not one by one', async () => {
    const devices = heldQuery('devices');
    const history = heldQuery('history');
    await renderInLanguage(
      <SettledTogether queries={[devices.options, history.options]}>
        <p>sections</p>
      </SettledTogether>,
    );
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    devices.answer('two devices');
    // One answer is not enough: the other section would still push this one down when it came.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('sections')).toBeNull();
    // A failure settles too: the section shows its own error view.
    history.fail(new Error('offline'));
    await waitFor(() => expect(screen.getByText('sections')).toBeTruthy());
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });

  it('keeps the sections once shown, when a query changes to one still loading (another tab)', async () => {
    const first = heldQuery('first tab');
    const second = heldQuery('second tab');
    const view = await renderInLanguage(
      <SettledTogether queries={[first.options]}>
        <p>sections</p>
      </SettledTogether>,
    );
    first.answer('devices');
    await waitFor(() => expect(screen.getByText('sections')).toBeTruthy());
    view.rerender(
      <SettledTogether queries={[second.options]}>
        <p>sections</p>
      </SettledTogether>,
    );
    expect(screen.getByText('sections')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });
});
