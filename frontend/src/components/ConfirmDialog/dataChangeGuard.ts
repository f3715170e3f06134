import { createContext, useContext } from 'react';

/** Asks, before a change of the data is sent, whether what later steps computed from it may go; true goes ahead. */
export type ConfirmDataChange = () => Promise<boolean>;

/** The pipeline provides the question; with nothing to lose (or no pipeline) a change goes ahead at once. */
export const DataChangeGuard = createContext<ConfirmDataChange>(() => Promise.resolve(true));

export function useConfirmDataChange(): ConfirmDataChange {
  return useContext(DataChangeGuard);
}
