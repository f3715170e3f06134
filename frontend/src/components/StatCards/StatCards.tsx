import type { ReactNode } from 'react';
import { InfoTip } from '../InfoTip/InfoTip';
import './StatCards.css';

/** A row of summary cards (a description list): each a label over a large value, in a div of dt and dd only. */
export function StatCards({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <dl className="stat-cards" aria-label={label}>
      {children}
    </dl>
  );
}

interface StatCardProps {
  label: string;
  value: ReactNode;
  info?: string;
  /** Extra classes, e.g. a tone the screen colours. */
  className?: string;
  /** Shown under the value (a meter, a note). */
  children?: ReactNode;
}

export function StatCard({ label, value, info, className, children }: StatCardProps) {
  return (
    <div className={className ? `stat-card ${className}` : 'stat-card'}>
      <dt>
        {label}
        {info && <InfoTip>{info}</InfoTip>}
      </dt>
      <dd>{value}</dd>
      {/* a second definition of the same term: a definition list's groups hold only dt and dd */}
      {children !== undefined && children !== null && children !== false && <dd className="stat-card__extra">{children}</dd>}
    </div>
  );
}
