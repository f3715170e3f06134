import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeIcon, DownloadIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { ExportDialog, exportName, type ExportSettings } from './ExportDialog';
import { variantKey, type ModelVariant } from './modelVariants';
import { PredictPanel } from './PredictPanel';
import { UsageCodeDialog } from './UsageCodeDialog';
import './ExportAndPredict.css';

interface ExportAndPredictProps {
  /** The models to choose from. */
  variants: readonly ModelVariant[];
  /** The one chosen at first. */
  initial: ModelVariant | undefined;
}

/** The ways out of the pipeline (steps 9 and 10): export a model, the code that uses it, and predictions on a new file. */
export function ExportAndPredict({ variants, initial }: ExportAndPredictProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'export' | 'usage' | null>(null);
  const [settings, setSettings] = useState<ExportSettings>(() => ({
    variant: initial ? variantKey(initial) : '',
    name: null,
    format: 'joblib',
  }));
  const close = () => setOpen(null);

  return (
    <>
      <SectionCard title={t('export.cardTitle')} icon={<DownloadIcon />}>
        <div className="card-stack">
          <CardNote>{t('export.cardText')}</CardNote>
          <div className="export-actions">
            <button type="button" className="button button--primary" onClick={() => setOpen('export')}>
              <DownloadIcon />
              {t('export.open')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setOpen('usage')}>
              <CodeIcon />
              {t('usageCode.open')}
            </button>
          </div>
        </div>
      </SectionCard>
      <PredictPanel variants={variants} initial={initial} />
      {open === 'export' && <ExportDialog variants={variants} settings={settings} onSettingsChange={setSettings} onClose={close} />}
      {open === 'usage' && <UsageCodeDialog modelName={exportName(settings, variants)} format={settings.format} onClose={close} />}
    </>
  );
}
