import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelCharts as Charts, ProblemType } from '../../api/training';
import { BarChart } from '../../components/charts/BarChart';
import { Chart } from '../../components/charts/Chart';
import { CHART_COLORS } from '../../components/charts/chartTheme';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { ConfusionMatrix } from './ConfusionMatrix';
import { ModelPicker } from './ModelPicker';
import { curveFigure, predictedFigure, prCurves, residualFigure, rocCurves, topImportances, type Figure } from './evaluationCharts';
import { formatDecimal } from '../../i18n/format';

interface ModelChartsProps {
  /** The models that trained, to choose from. */
  models: string[];
  model: string;
  onModelChange: (model: string) => void;
  charts: Charts;
  problemType: ProblemType;
  /** The importances come with the model's explanation, still to be computed. */
  importancesPending?: boolean;
}

export function FigureChart({ label, figure }: { label: string; figure: Figure }) {
  return <Chart label={label} data={figure.data} layout={figure.layout} height={figure.height} />;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="model-charts__panel">
      <h3 className="model-charts__title">{title}</h3>
      {children}
    </div>
  );
}

/** The chosen model's confusion matrix, ROC and PR curves, residuals, importances or cluster sizes. */
export function ModelCharts({ models, model, onModelChange, charts, problemType, importancesPending = false }: ModelChartsProps) {
  const { t } = useTranslation();
  const importances = topImportances(charts);
  const sample = charts.prediction_sample;
  const importanceMethod = charts.feature_importances?.method;

  return (
    <div className="card-stack">
      <ModelPicker models={models} model={model} onChange={onModelChange} />
      <div className="model-charts">
        {charts.confusion_matrix && (
          <Panel title={t('evaluation.charts.confusion')}>
            <ConfusionMatrix labels={charts.confusion_matrix.labels} matrix={charts.confusion_matrix.matrix} />
          </Panel>
        )}
        {charts.roc_curves.length > 0 && (
          <Panel title={t('evaluation.charts.roc')}>
            <FigureChart
              label={t('evaluation.charts.rocLabel', { model })}
              figure={curveFigure(rocCurves(charts), { x: t('evaluation.charts.fpr'), y: t('evaluation.charts.tpr') }, 'diagonal')}
            />
          </Panel>
        )}
        {charts.pr_curves.length > 0 && (
          <Panel title={t('evaluation.charts.pr')}>
            <FigureChart
              label={t('evaluation.charts.prLabel', { model })}
              figure={curveFigure(prCurves(charts), { x: t('evaluation.charts.recall'), y: t('evaluation.charts.precision') }, null)}
            />
          </Panel>
        )}
        {sample && (
          <>
            <Panel title={t('evaluation.charts.predicted')}>
              <FigureChart
                label={t('evaluation.charts.predictedLabel', { model })}
                figure={predictedFigure(sample, { x: t('evaluation.charts.actual'), y: t('evaluation.charts.prediction') })}
              />
            </Panel>
            <Panel title={t('evaluation.charts.residuals')}>
              <FigureChart
                label={t('evaluation.charts.residualsLabel', { model })}
                figure={residualFigure(sample, { x: t('evaluation.charts.prediction'), y: t('evaluation.charts.residual') })}
              />
            </Panel>
          </>
        )}
        {problemType === 'clustering' && charts.cluster_sizes.length > 0 && (
          <Panel title={t('evaluation.charts.clusterSizes')}>
            <BarChart
              label={t('evaluation.charts.clusterSizesLabel', { model })}
              orientation="v"
              counts
              valueTitle={t('evaluation.charts.rows')}
              bars={charts.cluster_sizes.map((cluster) => ({
                name: cluster.cluster < 0 ? t('evaluation.charts.noise') : t('evaluation.charts.cluster', { cluster: cluster.cluster }),
                value: cluster.size,
                color: cluster.cluster < 0 ? CHART_COLORS.neutral : CHART_COLORS.accent,
              }))}
            />
          </Panel>
        )}
        {importances.length > 0 && (
          <Panel title={t('evaluation.charts.importance')}>
            <BarChart
              label={t('evaluation.charts.importanceLabel', { model })}
              orientation="h"
              valueTitle={importanceMethod === 'permutation' ? t('evaluation.charts.permutation') : t('evaluation.charts.native')}
              bars={importances.map((item) => ({ name: item.feature, value: item.importance, text: formatDecimal(item.importance, 4) }))}
            />
          </Panel>
        )}
        {importancesPending && importances.length === 0 && (
          <Panel title={t('evaluation.charts.importance')}>
            <CardNote>{t('evaluation.charts.importancePending', { model })}</CardNote>
          </Panel>
        )}
      </div>
      {!charts.confusion_matrix &&
        charts.roc_curves.length === 0 &&
        !sample &&
        importances.length === 0 &&
        !importancesPending &&
        charts.cluster_sizes.length === 0 && <CardNote>{t('evaluation.charts.none')}</CardNote>}
    </div>
  );
}
