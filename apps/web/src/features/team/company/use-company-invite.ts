import { COMPANY_INVITE_PARAM } from '@account-centre/contract';
import { useCallback } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';

/**
 * The invitation an address brings (`/team?company_invite=…`, the link the server makes), and a
 * way to take it out of the address once it has been answered — joined, or set aside — keeping
 * the rest of the query string (it carries the build).
 */
export function useCompanyInvite(): { invite: string | null; clear: () => void } {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const invite = new URLSearchParams(search).get(COMPANY_INVITE_PARAM)?.trim() || null;
  const clear = useCallback(() => {
    const query = new URLSearchParams(search);
    query.delete(COMPANY_INVITE_PARAM);
    const rest = query.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [navigate, pathname, search]);
  return { invite, clear };
}
