import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LiveRegion } from '../components/LiveRegion/LiveRegion';
import { ToastHost } from '../components/ToastHost';
import { PipelineView } from './PipelineView';
import { clearSavedState, restoreState, saveSession, saveView, type AppState } from './savedState';
import { emptySession, type Session } from './session';
import { WelcomeView } from './WelcomeView';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The two views of SPEC §2, with the view and session kept in localStorage (§3–4). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [state, setState] = useState<AppState>(restoreState);

  useEffect(() => {
    if (state.view === 'pipeline') saveSession(state.session);
  }, [state]);

  const getStarted = () => {
    saveView('pipeline');
    setState((current) => ({ ...current, view: 'pipeline' }));
  };

  const goBack = () => {
    clearSavedState();
    setState({ view: 'welcome', session: emptySession() });
  };

  const changeSession = (update: (session: Session) => Session) =>
    setState((current) => ({ ...current, session: update(current.session) }));

  return (
    <QueryClientProvider client={queryClient}>
      {state.view === 'welcome' ? (
        <WelcomeView onGetStarted={getStarted} />
      ) : (
        <PipelineView session={state.session} onSessionChange={changeSession} onBack={goBack} />
      )}
      <ToastHost />
      <LiveRegion />
    </QueryClientProvider>
  );
}
