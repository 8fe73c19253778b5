import { exchangeTicketRoute } from '@account-centre/contract';
import { saveSession } from '../session';
import { apiCall } from './client';

/**
 * Exchanges a one-time login ticket (60 s) for a session and saves it, which signs this page in:
 * the `custom` credential a desktop client hands over (spec 01 §4) and a third-party sign-in's
 * popup (docs/decisions/008) both bring one, so that no token ever travels in an address.
 */
export async function signInWithTicket(ticket: string): Promise<void> {
  const reply = await apiCall(exchangeTicketRoute, { body: { ticket } });
  saveSession(reply.data);
}
