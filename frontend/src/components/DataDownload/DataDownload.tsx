import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../icons';
import { InfoTip } from '../InfoTip/InfoTip';
import { DATA_FORMATS, dataDownloadUrl } from './dataDownload';
import './DataDownload.css';

/** "Download data": links to the current frame as CSV and as Parquet, every row. */
export function DataDownload() {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="data-download" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="muted-label">
        <DownloadIcon />
        {t('dataDownload.label')}
      </span>
      {DATA_FORMATS.map((format) => (
        <a
          key={format}
          className="button button--ghost button--small"
          href={dataDownloadUrl(format)}
          download
          aria-label={t(`dataDownload.as.${format}`)}
        >
          {t(`dataDownload.formats.${format}`)}
        </a>
      ))}
      <InfoTip>{t('dataDownload.info')}</InfoTip>
    </div>
  );
}
