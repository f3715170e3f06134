import { useTranslation } from 'react-i18next';

/** Whole numbers written as the interface language writes them (1,200 or 1.200). */
export function useNumberFormat(): (value: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (value) => format.format(value);
}
