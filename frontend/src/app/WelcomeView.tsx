import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../components/LanguagePicker/LanguagePicker';
import { Logo } from '../components/Logo/Logo';
import './WelcomeView.css';

const features = [
  {
    key: 'noCode',
    icon: 'M4 7h16M4 12h10M4 17h6m8-3 3 3-3 3',
  },
  {
    key: 'fast',
    icon: 'M13 2 4 14h7l-1 8 9-12h-7l1-8Z',
  },
  {
    key: 'production',
    icon: 'M12 3 4 7v5c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V7l-8-4Zm-3.5 9 2.5 2.5 4.5-5',
  },
] as const;

export function WelcomeView({ onGetStarted }: { onGetStarted: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="welcome">
      <header className="welcome__bar">
        <Logo />
        <LanguagePicker />
      </header>
      <main className="welcome__main">
        <section className="welcome__hero">
          <h1 className="welcome__title">{t('welcome.title')}</h1>
          <p className="welcome__subtitle">{t('welcome.subtitle')}</p>
          <button type="button" className="button button--primary button--large" onClick={onGetStarted}>
            {t('welcome.getStarted')}
            <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path
                d="M3 8h10m-4-4 4 4-4 4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </section>
        <ul className="welcome__features">
          {features.map((feature) => (
            <li key={feature.key} className="welcome__feature">
              <span className="welcome__feature-icon">
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={feature.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
              <h2 className="welcome__feature-title">{t(`welcome.features.${feature.key}.title`)}</h2>
              <p className="welcome__feature-text">{t(`welcome.features.${feature.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
