import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../components/icons';
import { notify } from '../components/notify';
import { runningButtonProps } from '../components/StepScreen/StepScreen';
import { errorMessage } from '../i18n/errorMessage';
import { queryKeys } from '../queries/keys';
import { saveFile } from '../steps/export/saveFile';
import { makeReport, type ReportSources } from './makeReport';

/** "Download report" (steps 9 and 10): the whole run as one HTML file in the interface's language. */
export function DownloadReportButton(sources: ReportSources) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  // the best model explained for the report is explained on the screens too
  const onExplained = (evaluation: ReportSources['evaluation']) => {
    if (evaluation !== sources.evaluation) queryClient.setQueryData(queryKeys.evaluation, evaluation);
  };
  const making = useMutation({
    mutationFn: () => makeReport({ ...sources, onExplained }, t, i18n.language),
    onSuccess: (file) => {
      saveFile(file);
      notify.success(t('report.saved', { file: file.fileName }));
    },
    onError: (error) => notify.error(t('report.failed'), errorMessage(error, t)),
  });
  const busy = making.isPending;
  return (
    <button type="button" className="button button--ghost" {...runningButtonProps(busy, false, () => making.mutate())}>
      <DownloadIcon />
      {busy ? t('report.preparing') : t('report.download')}
    </button>
  );
}
