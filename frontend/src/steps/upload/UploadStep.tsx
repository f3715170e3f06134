import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { uploadDataset, type UploadResult } from '../../api/dataset';
import type { Session, UploadedFile } from '../../session/session';
import { DataTable } from '../../components/DataTable/DataTable';
import { CloseIcon, FileIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { StepHeader } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { formatInteger } from '../../i18n/format';
import { DropZone } from './DropZone';
import { formatMegabytes } from '../../i18n/format';
import './UploadStep.css';
import { stepId } from '../stepKeys';
import { savedUploadNotes, uploadNotes } from './readNotes';

interface UploadStepProps {
  session: Session;
  onUploaded: (result: UploadResult, file: UploadedFile) => void;
  onRemove: () => void;
  onContinue: () => void;
}

/** "“data.csv” uploaded: 3,201 rows, 14 columns.", each count with its plural form. */
export function uploadedMessage(filename: string, rows: number, columns: number, t: TFunction): string {
  return t('upload.succeeded', {
    filename,
    rows: t('upload.rowCount', { count: rows, shown: formatInteger(rows) }),
    columns: t('upload.columnCount', { count: columns, shown: formatInteger(columns) }),
  });
}

/** Step 1: choose a file, upload it, and preview what was read. */
export function UploadStep({ session, onUploaded, onRemove, onContinue }: UploadStepProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<UploadedFile | null>(null);

  const upload = useMutation({
    mutationFn: uploadDataset,
    onSuccess: (result, file) => {
      notify.success(uploadedMessage(result.filename, result.shape[0] ?? 0, result.shape[1] ?? 0, t));
      uploadNotes(result, t).forEach((note) => notify.warning(note));
      onUploaded(result, { name: file.name, size: file.size });
    },
    onError: (error) => notify.error(errorMessage(error, t, t('upload.failed'))),
    onSettled: () => setChosen(null),
  });

  const file = chosen ?? session.uploadedFile;
  const notes = savedUploadNotes(session, t);

  return (
    <div className="step-screen">
      <StepHeader title={t('upload.title')} description={t('upload.description')} />

      {file === null ? (
        <DropZone
          onFile={(picked) => {
            setChosen({ name: picked.name, size: picked.size });
            upload.mutate(picked);
          }}
        />
      ) : (
        <div className="file-card">
          <span className="file-card__icon">
            <FileIcon />
          </span>
          <span className="file-card__details">
            <span className="file-card__name">{file.name}</span>
            <span className="file-card__size">
              {upload.isPending ? t('upload.uploading') : t('upload.fileSize', { size: formatMegabytes(file.size) })}
            </span>
          </span>
          {upload.isPending ? (
            <span className="file-card__progress" aria-hidden="true" />
          ) : (
            <button type="button" className="icon-button" aria-label={t('upload.remove')} onClick={onRemove}>
              <CloseIcon />
            </button>
          )}
        </div>
      )}

      {session.sessionId !== null && !upload.isPending && (
        <>
          {notes.length > 0 && (
            <section className="read-notes" aria-labelledby="read-notes-title">
              <h2 id="read-notes-title" className="read-notes__title">
                {t('upload.readNotes')}
              </h2>
              <ul className="read-notes__list">
                {notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </section>
          )}
          <DataTable stepId={stepId('upload')} title={t('preview.title')} info={t('preview.info')} />
          <div className="step-screen__actions">
            <button type="button" className="button button--primary" onClick={onContinue}>
              {t('upload.continue')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
