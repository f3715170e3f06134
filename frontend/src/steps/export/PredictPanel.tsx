import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { predictFile } from '../../api/models';
import { CheckboxField } from '../../components/fields/CheckboxField';
import { SelectField } from '../../components/fields/SelectField';
import { ScatterIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { TaskProgress } from '../../components/TaskProgress/TaskProgress';
import { errorMessage } from '../../i18n/errorMessage';
import { DropZone } from '../upload/DropZone';
import { findVariant, variantChoices, variantKey, type ModelVariant } from './modelVariants';
import { saveFile } from './saveFile';

/** The files the server reads (as at upload, plus tab-separated text). */
const ACCEPTED_FILES = '.csv,.tsv,.xlsx,.xls,.parquet';

interface PredictPanelProps {
  variants: readonly ModelVariant[];
  initial: ModelVariant | undefined;
}

/** Predicts the rows of a new raw file with a chosen model and downloads them as CSV. */
export function PredictPanel({ variants, initial }: PredictPanelProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => variantKey(initial ?? variants[0] ?? { model: '', optimized: false }));
  const [file, setFile] = useState<File | null>(null);
  const [explain, setExplain] = useState(false);
  const variant = findVariant(variants, chosen);

  const predicting = useMutation({
    mutationFn: predictFile,
    onSuccess: (predictions) => {
      saveFile(predictions);
      notify.success(t('predict.downloaded'));
    },
    onError: (error) => notify.error(t('predict.failed'), errorMessage(error, t)),
  });

  return (
    <SectionCard title={t('predict.title')} icon={<ScatterIcon />}>
      <div className="card-stack">
        <CardNote>{t('predict.description')}</CardNote>
        <div className="settings-grid">
          <SelectField
            label={t('export.model')}
            value={chosen}
            choices={variantChoices(variants, t)}
            disabled={predicting.isPending}
            onChange={setChosen}
          />
        </div>
        <DropZone
          accept={ACCEPTED_FILES}
          label={t('predict.file')}
          prompt={file === null ? t('predict.prompt') : t('predict.chosen', { name: file.name })}
          hint={t('predict.fileHint')}
          disabled={predicting.isPending}
          onFile={setFile}
        />
        <CheckboxField
          label={t('predict.explain')}
          hint={t('predict.explainHint')}
          checked={explain}
          disabled={predicting.isPending}
          onChange={setExplain}
        />
        {predicting.isPending && <TaskProgress label={t('predict.inProgress')} />}
        <div className="settings-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={predicting.isPending || file === null || variant === undefined}
            aria-busy={predicting.isPending}
            onClick={() => file && variant && predicting.mutate({ file, model: variant.model, optimized: variant.optimized, explain })}
          >
            {predicting.isPending ? t('predict.predicting') : t('predict.run')}
          </button>
        </div>
      </div>
    </SectionCard>
  );
}
