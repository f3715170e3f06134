import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { createQueryClient } from '../app/App';
import { ToastHost } from '../components/ToastHost';

/**
 * Renders a component with the providers the app gives it: query client (returned too) and
 * toasts; `prepare` fills the cache before the first render.
 */
export function renderWithProviders(ui: ReactElement, prepare?: (queryClient: QueryClient) => void) {
  const queryClient = createQueryClient();
  prepare?.(queryClient);
  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastHost />
      </QueryClientProvider>
    );
  }
  return { ...render(ui, { wrapper: Providers }), queryClient };
}
