import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../components/icons';

export const ACCEPTED_FILE_TYPES = '.csv,.xlsx,.xls';

interface DropZoneProps {
  onFile: (file: File) => void;
}

/** The file drop zone: a single file, dropped or chosen through the file dialog. */
export function DropZone({ onFile }: DropZoneProps) {
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
        accept={ACCEPTED_FILE_TYPES}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <span className="drop-zone__icon">
        <UploadIcon />
      </span>
      <span className="drop-zone__prompt">{dragging ? t('upload.dragging') : t('upload.prompt')}</span>
      <span className="drop-zone__browse">{t('upload.browse')}</span>
      <span className="drop-zone__hint">{t('upload.hint')}</span>
    </label>
  );
}
