import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getUsageCode, type ExportFormat } from '../../api/models';
import { Dialog } from '../../components/Dialog/Dialog';
import { notify } from '../../components/notify';
import { BusyNote, CardNote } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { queryKeys } from '../../queries/keys';

interface UsageCodeDialogProps {
  /** The exported file's name without its extension. */
  modelName: string;
  format: ExportFormat;
  onClose: () => void;
}

/** Selects the element's text, so it can be copied by hand. */
function selectText(element: HTMLElement): void {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** The Python that loads the exported file and predicts the rows of a new CSV, with a copy button. */
export function UsageCodeDialog({ modelName, format, onClose }: UsageCodeDialogProps) {
  const { t } = useTranslation();
  const codeRef = useRef<HTMLElement>(null);
  const usage = useQuery({
    queryKey: queryKeys.usageCode(modelName, format),
    queryFn: () => getUsageCode(modelName, format),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const copy = async (code: string) => {
    try {
      // navigator.clipboard is missing outside secure contexts: the call then throws too
      await navigator.clipboard.writeText(code);
      notify.success(t('usageCode.copied'));
    } catch {
      if (codeRef.current) selectText(codeRef.current);
      notify.info(t('usageCode.copyUnavailable'));
    }
  };

  let body;
  if (usage.data) {
    body = (
      <>
        <p className="usage-code__file">{t('usageCode.forFile', { file: usage.data.file_name })}</p>
        {/* wider than a phone: a keyboard scrolls it once it has focus, so it takes focus and a name */}
        <pre className="usage-code" tabIndex={0} role="region" aria-label={t('usageCode.codeLabel')}>
          <code ref={codeRef}>{usage.data.code}</code>
        </pre>
      </>
    );
  } else if (usage.isError) {
    body = <CardNote tone="warn">{errorMessage(usage.error, t)}</CardNote>;
  } else {
    body = <BusyNote>{t('usageCode.loading')}</BusyNote>;
  }

  return (
    <Dialog
      title={t('usageCode.title')}
      description={t('usageCode.description')}
      wide
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common.close')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!usage.data}
            onClick={() => usage.data && void copy(usage.data.code)}
          >
            {t('usageCode.copy')}
          </button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}
