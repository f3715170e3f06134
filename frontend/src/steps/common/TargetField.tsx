import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/fields/SelectField';

interface TargetFieldProps {
  /** The columns that may be the target. */
  columns: readonly string[];
  /** '' for none. */
  value: string;
  onChange: (target: string) => void;
  info?: string;
  /** Offer 'None' (the default); without it the first column stands in while none is chosen. */
  allowNone?: boolean;
}

/** The target column choice of the encoding, correlation and scaling screens. */
export function TargetField({ columns, value, onChange, info, allowNone = true }: TargetFieldProps) {
  const { t } = useTranslation();
  const choices = columns.map((column) => ({ value: column, label: column }));
  return (
    <SelectField
      label={t('common.targetColumn')}
      info={info}
      value={value}
      choices={allowNone ? [{ value: '', label: t('common.noTarget') }, ...choices] : choices}
      onChange={onChange}
    />
  );
}
