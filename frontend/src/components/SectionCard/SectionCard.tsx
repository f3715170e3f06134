import { useId, useState, type ReactNode } from 'react';
import './SectionCard.css';

interface SectionCardProps {
  title: string;
  icon?: ReactNode;
  /** Content shown at the right of the header, outside the toggle. */
  aside?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A collapsible card: title, optional icon and right-side content, and an expand toggle. */
export function SectionCard({ title, icon, aside, defaultOpen = true, children }: SectionCardProps) {
  const bodyId = useId();
  const [open, setOpen] = useState(defaultOpen);

  return (
    <section className={`section-card${open ? ' section-card--open' : ''}`}>
      <header className="section-card__header">
        <h2 className="section-card__heading">
          <button
            type="button"
            className="section-card__toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((value) => !value)}
          >
            <svg className="section-card__chevron" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            {icon && <span className="section-card__icon">{icon}</span>}
            <span className="section-card__title">{title}</span>
          </button>
        </h2>
        {aside && <div className="section-card__aside">{aside}</div>}
      </header>
      <div id={bodyId} className="section-card__body" inert={!open}>
        <div className="section-card__content">
          <div className="section-card__inner">{children}</div>
        </div>
      </div>
    </section>
  );
}
