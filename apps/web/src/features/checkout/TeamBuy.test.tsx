import {
  TeamErrors,
  checkoutEventsRoute,
  createCheckoutRoute,
  getCheckoutCatalogueRoute,
  getTeamRoute,
} from '@account-centre/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failWith, rawAnswer, stubApi } from '../../testing/api';
import { testCatalogue, testCheckout, testEventStream } from '../../testing/checkout';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import type { TeamToGrow } from './api/get-team';
import { BuyScreen } from './BuyScreen';

signedInForEachTest(7);

/** A full diagram team of three, its one plan, the caller an admin of it. */
const studio = (overrides: Partial<TeamToGrow> = {}): TeamToGrow => ({
  id: 40,
  name: 'Studio',
  user_id: 1,
  nick_name: 'Olivia Owner',
  role: 2,
  member_num: 3,
  member_limit: 3,
  plan: [{ id: 5, type: 61, expire: null, max_num: 3, plan_num: 3, is_expired: false }],
  plan_ids: [],
  ...overrides,
});

/** The server of the team mode: the caller's team of the product, the overseas catalogue, the checkout and its stream. */
function server(team: TeamToGrow | null) {
  const streams: ReturnType<typeof testEventStream>[] = [];
  const api = stubApi()
    .answer(getTeamRoute, { data: team })
    .answer(getCheckoutCatalogueRoute, { data: testCatalogue('overseas') })
    .answer(createCheckoutRoute, ({ body }) => ({
      data: testCheckout({
        item: body.item,
        kind: 'business',
        product: null,
        quantity: body.quantity ?? 1,
        method: 'card',
        currency: 'USD',
        list_amount: 5900 * (body.quantity ?? 1),
        amount: 5900 * (body.quantity ?? 1),
        team_id: body.team_id ?? null,
        qr_svg: null,
        pay_url: 'http://account.example.com/api/sandbox/pay/sandbox-1',
      }),
    }))
    .answer(checkoutEventsRoute, () => {
      const stream = testEventStream();
      streams.push(stream);
      return rawAnswer(stream.body, 'text/event-stream');
    });
  return { api, latestStream: () => streams.at(-1)! };
}

const renderBuy = (path: string) => renderInLanguage(<BuyScreen />, { path, build: { region: 'overseas' } });

describe('the purchase screen for a team’s seats (the upgrade)', () => {
  it('sells the team plan terms by the seat, names the team, and pays for the team with team_id', async () => {
    const { api, latestStream } = server(studio());
    await renderBuy('/buy?team=max&lang=en');

    expect(await screen.findByRole('heading', { name: 'More seats for Studio' })).toBeTruthy();
    expect(screen.getByText('Members: 3 of 3 places')).toBeTruthy();
    expect(api.callsTo(getTeamRoute).map((call) => call.params)).toEqual([{ userId: 7, product: 'max' }]);
    // No tabs: business terms a team plan has, and nothing else.
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getAllByRole('radio', { name: /year|Lifetime/ }).map((radio) => radio.textContent)).toEqual([
      expect.stringContaining('Lifetime'),
      expect.stringContaining('1 year'),
    ]);

    fireEvent.click(screen.getByRole('radio', { name: /^1 year/ }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Seats' }), { target: { value: '2' } });
    const order = screen.getByRole('region', { name: 'Your order' });
    expect(within(order).getByText('Team plan for Studio, 1 year, seats: 2')).toBeTruthy();
    fireEvent.click(within(order).getByRole('button', { name: 'Pay $118.00' }));

    await screen.findByRole('heading', { name: 'Pay for your order' });
    const [opened] = api.callsTo(createCheckoutRoute);
    expect(opened?.body).toEqual({ item: 'business.oneYear', quantity: 2, method: 'card', team_id: 40 });
    expect(opened?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);

    latestStream().send(
      testCheckout({ state: 'fulfilled', kind: 'business', product: null, quantity: 2, team_id: 40 }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Thank you! Your purchase has been added to your account: Team plan for Studio, 1 year, seats: 2.',
    );
    // Back to the team page, the build's query kept and the purchase's choice left behind.
    expect(screen.getByRole('link', { name: 'Back to your team' }).getAttribute('href')).toBe('/team?lang=en');
  });

  it.each([
    ['someone in no team of the product', '/buy?team=max', null, 'You are not in a team of this product.'],
    ['a product without teams', '/buy?team=mind', studio(), 'You are not in a team of this product.'],
    [
      'a plain member',
      '/buy?team=proj',
      studio({ role: 3 }),
      "Only the team's owner or an admin can buy seats for it.",
    ],
  ] as const)('refuses %s before anything is priced', async (_, path, team, text) => {
    const { api } = server(team);
    await renderBuy(path);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: 'Back to your team' }).getAttribute('href')).toBe('/team');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(api.callsTo(createCheckoutRoute)).toEqual([]);
  });

  it('says so in its own words when the server refuses the payment to someone who lost their role meanwhile', async () => {
    const { api } = server(studio());
    api.answer(createCheckoutRoute, failWith(TeamErrors.notAllowed));
    await renderBuy('/buy?team=max&lang=en');
    fireEvent.click(await screen.findByRole('button', { name: /^Pay / }));
    await waitFor(() =>
      expect(screen.getByText("Only the team's owner or an admin can buy seats for it.")).toBeTruthy(),
    );
  });
});
