import { Activity, Suspense, useState } from 'react';
import { ScreenLoading } from '../shell/ScreenLoading';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { lazyScreens } from './load-screen';
import type { ScreenName } from './screens';

function Screen({ name }: { name: ScreenName }) {
  const Lazy = lazyScreens[name].Component;
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<ScreenLoading />}>
        <Lazy />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/**
 * The content area. A screen is loaded the first time it is opened and then stays mounted,
 * hidden while another one shows (React's Activity keeps its state, spec 01 §2 "a content
 * area that keeps screens alive"). With no active screen, all are hidden.
 */
export function ScreenHost({ active }: { active: ScreenName | null }) {
  const [visited, setVisited] = useState<ScreenName[]>(active ? [active] : []);
  // Adjusting state while rendering (not in an effect) so the new screen mounts in this render.
  if (active && !visited.includes(active)) setVisited([...visited, active]);

  return visited.map((name) => (
    <Activity key={name} mode={name === active ? 'visible' : 'hidden'} name={name}>
      <Screen name={name} />
    </Activity>
  ));
}
