import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LiveRegion } from '../components/LiveRegion/LiveRegion';
import { ToastHost } from '../components/ToastHost';
import { restoredEvaluation } from '../queries/results';
import { forgetSession, seedSessionData, useSessionData } from '../queries/sessionData';
import { PipelineView } from './PipelineView';
import { clearSavedState, restoreState, saveSession, saveView, type AppState } from './savedState';
import { emptySession, type Session } from '../session/session';
import { hasTrainedModels } from '../steps/training/trainingRecord';
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
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
      <ToastHost />
      <LiveRegion />
    </QueryClientProvider>
  );
}

/**
 * The one place the saved session is read and written: on load it seeds the query cache
 * with the saved frame; after every change the session, with the frame the cache holds,
 * is saved again.
 */
function Shell() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AppState>(() => {
    const { table, ...restored } = restoreState();
    seedSessionData(queryClient, table);
    if (hasTrainedModels(restored.session)) restoredEvaluation(queryClient);
    return restored;
  });
  const { columns, preview } = useSessionData({ read: false });

  useEffect(() => {
    if (state.view === 'pipeline') saveSession(state.session, { columns, data: preview });
  }, [state, columns, preview]);

  const getStarted = () => {
    saveView('pipeline');
    setState((current) => ({ ...current, view: 'pipeline' }));
  };

  const goBack = () => {
    clearSavedState();
    forgetSession(queryClient);
    setState({ view: 'welcome', session: emptySession() });
  };

  const changeSession = (update: (session: Session) => Session) =>
    setState((current) => ({ ...current, session: update(current.session) }));

  return state.view === 'welcome' ? (
    <WelcomeView onGetStarted={getStarted} />
  ) : (
    <PipelineView session={state.session} onSessionChange={changeSession} onBack={goBack} />
  );
}
