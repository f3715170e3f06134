import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The one way the page writes what it learnt into the cache. A read of the same entry still
 * on its way is cancelled first: it left before the change, and its older answer would
 * otherwise replace what is written here (a screen opening reads the session data again
 * while a step's change answers). `update` gets what is cached and answers what to keep;
 * undefined (nothing to build on: the cancel leaves an entry that was never read empty)
 * reads the entry again instead.
 */
export async function cancelThenWrite<Data>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (cached: Data | undefined) => Data | undefined,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  const next = update(queryClient.getQueryData<Data>(queryKey));
  if (next === undefined) await queryClient.invalidateQueries({ queryKey, exact: true });
  else queryClient.setQueryData<Data>(queryKey, next);
}
