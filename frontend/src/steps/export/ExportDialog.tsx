import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportModel, type ExportFormat } from '../../api/models';
import { Dialog } from '../../components/Dialog/Dialog';
import { SelectField } from '../../components/fields/SelectField';
import { TextField } from '../../components/fields/TextField';
import { notify } from '../../components/notify';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { defaultFileStem, findVariant, variantChoices, type ModelVariant } from './modelVariants';
import { saveFile } from './saveFile';

/** SPEC §9: the export formats. */
export const EXPORT_FORMATS: readonly ExportFormat[] = ['joblib', 'pkl', 'onnx'];

/** What the export dialog has chosen; the usage code follows the same file. */
export interface ExportSettings {
  /** The chosen variant's key, '' for none. */
  variant: string;
  /** The file name without its extension; null keeps the default, the model's name. */
  name: string | null;
  format: ExportFormat;
}

/** The name the file is exported under. */
export function exportName(settings: ExportSettings, variants: readonly ModelVariant[]): string {
  return settings.name ?? defaultFileStem(findVariant(variants, settings.variant));
}

interface ExportDialogProps {
  variants: readonly ModelVariant[];
  settings: ExportSettings;
  onSettingsChange: (settings: ExportSettings) => void;
  onClose: () => void;
}

/** Downloads a model's whole fitted pipeline as joblib, pickle or ONNX. */
export function ExportDialog({ variants, settings, onSettingsChange, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const [noModel, setNoModel] = useState(false);
  const variant = findVariant(variants, settings.variant);

  const exporting = useMutation({
    mutationFn: exportModel,
    onSuccess: (file) => {
      saveFile(file);
      notify.success(t('export.downloaded'));
      onClose();
    },
    onError: (error) => notify.error(errorMessage(error, t, t('export.failed'))),
  });

  const start = () => {
    if (variant === undefined) {
      setNoModel(true);
      return;
    }
    exporting.mutate({
      selected_model: variant.model,
      model_name: exportName(settings, variants),
      format: settings.format,
      optimized: variant.optimized,
    });
  };

  return (
    <Dialog
      title={t('export.title')}
      description={t('export.description')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={exporting.isPending}
            aria-busy={exporting.isPending}
            onClick={start}
          >
            {exporting.isPending ? t('export.exporting') : t('export.download')}
          </button>
        </>
      }
    >
      <SelectField
        label={t('export.model')}
        value={settings.variant}
        choices={[{ value: '', label: t('export.chooseModel') }, ...variantChoices(variants, t)]}
        error={noModel && variant === undefined ? t('export.selectModel') : null}
        disabled={exporting.isPending}
        onChange={(key) => onSettingsChange({ ...settings, variant: key })}
      />
      <TextField
        label={t('export.name')}
        value={exportName(settings, variants)}
        hint={t('export.nameHint')}
        disabled={exporting.isPending}
        onChange={(name) => onSettingsChange({ ...settings, name })}
      />
      <SelectField
        label={t('export.format')}
        value={settings.format}
        choices={EXPORT_FORMATS.map((format) => ({ value: format, label: t(`export.formats.${format}`) }))}
        disabled={exporting.isPending}
        onChange={(format) => onSettingsChange({ ...settings, format })}
      />
      {settings.format === 'onnx' && <CardNote tone="warn">{t('export.onnxCaveat')}</CardNote>}
    </Dialog>
  );
}
