import type { QueryClient } from '@tanstack/react-query';
import { teamKeys } from '../../api/keys';
import type { Company } from './get-companies';

/**
 * Query keys of the enterprise page, each defined once. Everything shown of a company sits under
 * the list of companies, so refreshing the list after a change refreshes what the page shows of
 * them too (spec 02 §4: a member change reloads the members and the seat count).
 */
export const companyKeys = {
  /** The companies the user is in (GET coop/cmember), with the user's role in each. */
  list: (userId: number) => teamKeys.company(userId),
  one: (userId: number, companyId: number) => [...companyKeys.list(userId), companyId] as const,
  members: (userId: number, companyId: number) => [...companyKeys.one(userId, companyId), 'members'] as const,
  orders: (userId: number, companyId: number) => [...companyKeys.one(userId, companyId), 'orders'] as const,
  settings: (userId: number, companyId: number) => [...companyKeys.one(userId, companyId), 'settings'] as const,
  inviteLink: (userId: number, companyId: number) => [...companyKeys.one(userId, companyId), 'invite-link'] as const,
  /** What an invitation link offers; apart from the list, which joining it changes. */
  invitation: (userId: number, invite: string) => [...teamKeys.all(userId), 'company-invitation', invite] as const,
};

/**
 * After a change to the user's companies: the list and everything shown of them are read again,
 * and, when the change can make or name the shell's team entry (creating, joining, renaming), the
 * shell's summary too. Resolves once the active queries have their new answers.
 */
export function companiesChanged(
  queryClient: QueryClient,
  userId: number,
  { shell = false }: { shell?: boolean } = {},
): Promise<void> {
  const keys = [companyKeys.list(userId), ...(shell ? [teamKeys.shell(userId)] : [])];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/**
 * A company the user has just come into (created or joined): it goes into the list at once, so the
 * page can select it before the list is read again, and the list and the shell are refreshed.
 */
export function companyArrived(queryClient: QueryClient, userId: number, company: Company): Promise<void> {
  queryClient.setQueryData(companyKeys.list(userId), (companies: Company[] | undefined) => [
    ...(companies ?? []).filter((known) => known.id !== company.id),
    company,
  ]);
  return companiesChanged(queryClient, userId, { shell: true });
}
