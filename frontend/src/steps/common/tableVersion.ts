const versions = new WeakMap<object, number>();
let last = 0;

/**
 * A number that changes whenever the session's rows are replaced (every change gives a new
 * array): queries that depend on the data carry it in their key instead of the rows.
 */
export function tableVersion(rows: object): number {
  let version = versions.get(rows);
  if (version === undefined) {
    last += 1;
    version = last;
    versions.set(rows, version);
  }
  return version;
}
