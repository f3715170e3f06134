import { useTranslation } from 'react-i18next';
import type { EncodingStrategy } from '../../api/transforms';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { useRecipe } from '../../queries/recipe';

/**
 * The columns the recipe's global encodings left to the auto rule, with the encoding each got:
 * read from the server's recipe when the screen opens and after each change of the data (an
 * apply, an undo), so they stay named after a reload or a visit to another step.
 */
function useEncodedByAuto(): [string, string][] {
  return useRecipe().flatMap((step) => Object.entries(step.encoded_by_auto ?? {}));
}

/**
 * The lasting note that a global strategy did not apply to some columns and which encoding the
 * auto rule gave each. It is the screen's only word on it (no toast besides): the status region
 * stays in place, so a note that appears after an apply is announced once.
 */
export function EncodedByAutoNote() {
  const { t } = useTranslation();
  const byAuto = useEncodedByAuto();
  const names = byAuto.map(([column, strategy]) => `${column} (${t(`encoding.strategies.${strategy as EncodingStrategy}`)})`).join(', ');
  return <div role="status">{byAuto.length > 0 && <CardNote>{t('encoding.encodedByAuto', { names })}</CardNote>}</div>;
}
