import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../icons';
import './StepBar.css';

export type StepStatus = 'completed' | 'active' | 'pending';

export interface StepItem {
  id: number;
  name: string;
  status: StepStatus;
  clickable: boolean;
}

interface StepBarProps {
  steps: StepItem[];
  onSelect: (stepId: number) => void;
}

/** The numbered pipeline progress bar; only clickable steps can be opened. */
export function StepBar({ steps, onSelect }: StepBarProps) {
  const { t } = useTranslation();
  return (
    <nav className="step-bar" aria-label={t('stepBar.label')}>
      <ol className="step-bar__list">
        {steps.map((step) => (
          <li key={step.id} className={`step-bar__item step-bar__item--${step.status}`}>
            <button
              type="button"
              className="step-bar__button"
              disabled={!step.clickable}
              aria-current={step.status === 'active' ? 'step' : undefined}
              onClick={() => onSelect(step.id)}
            >
              {/* the accessible name is the visible "3 Missing values", then the status unseen */}
              <span className="step-bar__marker">
                {step.status === 'completed' ? (
                  <>
                    <CheckIcon />
                    <span className="visually-hidden">{step.id}</span>
                  </>
                ) : (
                  step.id
                )}
              </span>{' '}
              <span className="step-bar__name">{step.name}</span>{' '}
              <span className="visually-hidden">({t(`stepBar.status.${step.status}`)})</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
