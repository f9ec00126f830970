/**
 * The workflow clock as a workflow reads it, for the test harness's clock check (bundled by that test only, never
 * registered on the platform worker).
 */
export async function clockFixture(): Promise<string> {
  return new Date().toISOString();
}
