/** Runs tasks one at a time, in call order; a failing task does not block the next. */
export function createSerialMutex(): <R>(task: () => Promise<R>) => Promise<R> {
  let tail: Promise<unknown> = Promise.resolve();
  return <R>(task: () => Promise<R>) => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
