import { useTranslation } from 'react-i18next';
import { SlidersIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { useRecipe } from '../../queries/recipe';
import { choiceLines, preparedAutomatically, type ChoiceScreen } from './choiceLines';
import './AutomaticChoices.css';

/** The screens where "Prepare automatically" records nothing on purpose, each with its one line of why. */
const NOTHING_ON_PURPOSE = {
  outliers: 'automatic.notes.outliers',
  correlation: 'automatic.notes.correlation',
  scaling: 'automatic.notes.scaling',
} as const;

/**
 * What "Prepare automatically" chose on this step and why, one line per column, read from the
 * server's recipe: it lasts across visits and reloads and goes when undo removes the steps. On
 * the screens where it records nothing, one line says why, while the recipe holds automatic
 * steps. Nothing shows for a recipe made by hand.
 */
export function AutomaticChoices({ screen }: { screen: ChoiceScreen }) {
  const { t } = useTranslation();
  const recipe = useRecipe();
  if (screen === 'missing' || screen === 'encoding') {
    const lines = choiceLines(recipe, screen, t);
    if (lines.length === 0) return null;
    return (
      <SectionCard title={t('automatic.title')} icon={<SlidersIcon />}>
        <ul className="automatic-choices">
          {lines.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <CardNote>{t('automatic.changeOrUndo')}</CardNote>
      </SectionCard>
    );
  }
  if (!preparedAutomatically(recipe)) return null;
  return (
    <SectionCard title={t('automatic.title')} icon={<SlidersIcon />}>
      <CardNote>{t(NOTHING_ON_PURPOSE[screen])}</CardNote>
    </SectionCard>
  );
}
