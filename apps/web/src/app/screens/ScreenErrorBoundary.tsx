import { Button } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNotice } from '../../components/EmptyNotice';
import { ChunkLoadError } from './load-screen';

function reloadPage() {
  window.location.reload();
}

/** What a screen shows when its code could not be loaded, or when it failed while rendering. */
export function ScreenFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  return (
    <EmptyNotice
      role="alert"
      py="xl"
      title={chunk ? t('shell:chunkError.title') : t('shell:screenError.title')}
      description={chunk ? t('shell:chunkError.description') : t('shell:screenError.description')}
      actions={<Button onClick={reloadPage}>{t('shell:reload')}</Button>}
    />
  );
}

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
}

/**
 * Keeps a failing screen to itself: the menu and the other screens go on working. React only
 * offers error boundaries as class components.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A chunk that did not load is expected on a bad connection; anything else is a defect.
    if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ScreenFailure error={this.state.error} /> : this.props.children;
  }
}
