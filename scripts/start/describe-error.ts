/** One short line for an error, including the codes Node hides in AggregateError (e.g. ECONNREFUSED on ::1 and 127.0.0.1). */
export function describeError(err: unknown): string {
  if (err instanceof AggregateError && !err.message) {
    return err.errors.map(describeError).join('; ');
  }
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    const first = err.message.split('\n')[0]!.slice(0, 200);
    return first || code || err.name;
  }
  return String(err);
}
