/** SPEC §9: chart labels are cut at 14 characters. */
export const CHART_LABEL_MAX_LENGTH = 14;

/** A label for a chart axis: at most 14 characters of the name, with an ellipsis when cut. */
export function cutLabel(name: string, maxLength: number = CHART_LABEL_MAX_LENGTH): string {
  const characters = Array.from(name);
  return characters.length > maxLength ? `${characters.slice(0, maxLength).join('')}…` : name;
}
