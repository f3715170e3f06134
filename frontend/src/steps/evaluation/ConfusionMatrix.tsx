import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { matrixMax } from './evaluationCharts';

interface ConfusionMatrixProps {
  labels: (string | number | boolean)[];
  matrix: number[][];
}

const labelText = (label: string | number | boolean) => String(label);

/** Actual classes down the side, predicted along the top; cells shaded by their count. */
export function ConfusionMatrix({ labels, matrix }: ConfusionMatrixProps) {
  const { t } = useTranslation();
  const max = matrixMax(matrix);
  return (
    <div className="confusion">
      <table className="confusion__table" aria-label={t('evaluation.charts.confusion')}>
        <thead>
          <tr>
            <th scope="col" className="confusion__corner">
              {t('evaluation.charts.actualPredicted')}
            </th>
            {labels.map((label) => (
              <th key={labelText(label)} scope="col">
                {labelText(label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.map((row, rowIndex) => (
            <tr key={labelText(labels[rowIndex] ?? rowIndex)}>
              <th scope="row">{labelText(labels[rowIndex] ?? rowIndex)}</th>
              {row.map((count, column) => (
                <td
                  key={labelText(labels[column] ?? column)}
                  className={rowIndex === column ? 'confusion__cell confusion__cell--hit' : 'confusion__cell'}
                  style={{ '--share': max > 0 ? count / max : 0 } as CSSProperties}
                >
                  {count}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
