/** The smallest workflow there is: the floor a packet send's workflow starts are measured against. */
export async function trivialWorkflow(): Promise<void> {
  // Nothing: one workflow task that completes the run.
}
