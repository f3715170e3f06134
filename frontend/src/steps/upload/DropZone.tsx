import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../components/icons';

export const ACCEPTED_FILE_TYPES = '.csv,.xlsx,.xls,.parquet';

interface DropZoneProps {
  onFile: (file: File) => void;
  /** The file types offered by the file dialog. */
  accept?: string;
  /** The zone's own texts (the upload's by default), and the file input's name when it has one. */
  prompt?: string;
  hint?: string;
  label?: string;
  disabled?: boolean;
}

/** The file drop zone: a single file, dropped or chosen through the file dialog (upload and prediction). */
export function DropZone({ onFile, accept = ACCEPTED_FILE_TYPES, prompt, hint, label, disabled = false }: DropZoneProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDragLeave = (event: DragEvent<HTMLLabelElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <label
      className={`drop-zone${dragging ? ' drop-zone--dragging' : ''}`}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <input
        type="file"
        className="visually-hidden"
        accept={accept}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <span className="drop-zone__icon">
        <UploadIcon />
      </span>
      <span className="drop-zone__prompt">{dragging ? t('upload.dragging') : (prompt ?? t('upload.prompt'))}</span>
      <span className="drop-zone__browse">{t('upload.browse')}</span>
      <span className="drop-zone__hint">{hint ?? t('upload.hint')}</span>
    </label>
  );
}
