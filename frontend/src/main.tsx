import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/App';
import { LanguageGate } from './app/LanguageGate';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <LanguageGate>
      <App queryClient={createQueryClient()} />
    </LanguageGate>
  </StrictMode>,
);
