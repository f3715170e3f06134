import type { SessionData } from '../api/dataset';
import type { RecipeStepSettings } from '../api/recipe';
import type { UsageCode } from '../api/models';
import type { Evaluation } from '../api/training';
import type { StoredAnalysis } from '../steps/analyze/analysisRun';
import type { OptimizedModel } from '../steps/optimization/optimizationRules';

/** A chart of the report, drawn as inline SVG. */
export interface ReportChart {
  title: string;
  svg: string;
  /** What the reader should know to read it, shown under it. */
  note?: string | null;
}

/** Everything the report shows, gathered from what the screens read. */
export interface ReportContent {
  /** The uploaded file's name. */
  fileName: string;
  /** When the report was made. */
  madeAt: Date;
  /** The file as uploaded, before any step. */
  uploaded: SessionData['uploaded'];
  /** The current frame's [rows, columns]: what the recipe made of the upload. */
  resultShape: number[];
  /** The analysis of the current frame. */
  analysis: StoredAnalysis | null;
  recipe: RecipeStepSettings[];
  evaluation: Evaluation;
  charts: ReportChart[];
  /** The model optimized last, when there is one. */
  optimization: { model: string; result: OptimizedModel } | null;
  usageCode: UsageCode | null;
}

/** `<upload stem>_report.html`. */
export function reportFileName(uploadName: string): string {
  const dot = uploadName.lastIndexOf('.');
  const stem = dot > 0 ? uploadName.slice(0, dot) : uploadName;
  return `${stem || 'lathe'}_report.html`;
}
