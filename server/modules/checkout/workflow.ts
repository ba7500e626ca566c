/**
 * A multi-step write as a list of steps, each with an optional undo. When a step fails, the
 * steps that already ran are undone in reverse order, so a failure half-way leaves nothing
 * half-done; then the original error is thrown again.
 */
export interface WorkflowStep<C> {
  name: string;
  run(context: C): Promise<void>;
  compensate?(context: C): Promise<void>;
}

export interface WorkflowLog {
  error(obj: object, msg: string): void;
}

export async function runWorkflow<C>(
  name: string,
  steps: WorkflowStep<C>[],
  context: C,
  log: WorkflowLog,
): Promise<C> {
  const done: WorkflowStep<C>[] = [];
  try {
    for (const step of steps) {
      await step.run(context);
      done.push(step);
    }
    return context;
  } catch (error) {
    for (const step of done.reverse()) {
      if (!step.compensate) continue;
      try {
        await step.compensate(context);
      } catch (undoError) {
        log.error({ err: undoError, workflow: name, step: step.name }, "workflow compensation failed");
      }
    }
    throw error;
  }
}
