import { useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../components/Spinner/Spinner';
import { initI18n } from '../i18n/i18n';

/** Shows a spinner until the saved interface language is loaded (SPEC §1). */
export function LanguageGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let active = true;
    void initI18n().then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);

  return ready ? children : <Spinner />;
}
