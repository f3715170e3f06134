import { useTranslation } from 'react-i18next';
import type { RequestedProblemType } from '../../api/training';
import { SelectField } from '../../components/fields/SelectField';
import { TargetIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { useNumberFormat } from '../../i18n/format';
import { TargetField } from '../common/TargetField';
import { PROBLEM_TYPES, type ProblemTypeSuggestion } from './trainingRules';

interface ProblemCardProps {
  problemType: RequestedProblemType;
  target: string;
  columns: string[];
  /** The type auto-detect finds for the target, when it differs from the chosen one. */
  suggestion: ProblemTypeSuggestion | null;
  /** The detected type the shown type was set to, which the person can overrule. */
  detectedNote: ProblemTypeSuggestion | null;
  noTarget: boolean;
  busy: boolean;
  onProblemTypeChange: (problemType: RequestedProblemType) => void;
  onTargetChange: (target: string) => void;
}

/** The problem type and the target column (none for clustering), with the type auto-detect suggests. */
export function ProblemCard({
  problemType,
  target,
  columns,
  suggestion,
  detectedNote,
  noTarget,
  busy,
  onProblemTypeChange,
  onTargetChange,
}: ProblemCardProps) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  return (
    <SectionCard title={t('training.problem.title')} icon={<TargetIcon />}>
      <div className="card-stack">
        <div className="settings-grid">
          <SelectField
            label={t('training.problem.type')}
            info={t('training.problem.typeInfo')}
            value={problemType}
            disabled={busy}
            choices={PROBLEM_TYPES.map((value) => ({ value, label: t(`training.problemTypes.${value}`) }))}
            onChange={onProblemTypeChange}
          />
          {problemType === 'clustering' ? (
            <CardNote>{t('training.problem.noTargetForClustering')}</CardNote>
          ) : (
            <TargetField columns={columns} value={target} info={t('training.problem.targetInfo')} onChange={onTargetChange} />
          )}
        </div>
        {noTarget && <CardNote tone="warn">{t('training.noTarget')}</CardNote>}
        {detectedNote !== null && (
          <CardNote>
            {t('training.problem.detected', {
              type: t(`training.problemTypes.${detectedNote.problemType}`),
              column: detectedNote.target,
              values: number(detectedNote.distinctValues),
            })}
          </CardNote>
        )}
        {suggestion !== null && (
          <div className="card-note card-note--warn training__suggestion">
            <span>
              {t(`training.suggestion.${suggestion.problemType}`, { column: suggestion.target, values: number(suggestion.distinctValues) })}
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy}
              onClick={() => onProblemTypeChange(suggestion.problemType)}
            >
              {t(suggestion.problemType === 'regression' ? 'training.suggestion.useRegression' : 'training.suggestion.useClassification')}
            </button>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
