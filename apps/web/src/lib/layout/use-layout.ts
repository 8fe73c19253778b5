import { useMediaQuery } from '@mantine/hooks';

/** Spec 01 §9: narrow layout (and table layouts) below 1024 px. */
export const NARROW_QUERY = '(max-width: 1023.98px)';
/** Spec 01 §2: mobile means a mobile user agent and a width under 860 px. */
export const MOBILE_WIDTH_QUERY = '(max-width: 859.98px)';

export function isMobileUserAgent(userAgent: string = navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony/i.test(userAgent);
}

export interface LayoutMode {
  /** Below 1024 px: the menu becomes a tab strip, tables become cards. */
  narrow: boolean;
  /** A phone: a mobile user agent under 860 px. */
  mobile: boolean;
}

/** The layout for the window's current size; screens use it for their own layouts too. */
export function useLayoutMode(): LayoutMode {
  // Read on the first render (no flash of the wide layout on a phone).
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const smallWidth = useMediaQuery(MOBILE_WIDTH_QUERY, false, { getInitialValueInEffect: false });
  return { narrow, mobile: smallWidth && isMobileUserAgent() };
}
