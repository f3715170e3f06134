import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createQueryClient } from '../app/App';
import { ToastHost } from '../components/ToastHost';

/** Renders a component with the providers the app gives it: query client (returned too) and toasts. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
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
