// The highlighter's worker: long code blocks are highlighted here and long texts parsed here, off
// the main thread (workerTasks.ts), and come back as plain data (hast nodes: a block already cut
// into lines, a text's tree). Started by highlightOffThread.ts.
import type { WorkerAnswer, WorkerRequest } from './workerTasks';
import { answerRequest } from './workerTasks';

// The app's TypeScript setup knows the DOM's globals, not a worker's: this is the one call used.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (answer: WorkerAnswer) => void;
};

scope.onmessage = (event) => {
  void answerRequest(event.data).then((answer) => {
    try {
      scope.postMessage(answer);
    } catch (error) {
      // An answer that cannot be copied (a DataCloneError) must still answer: the page then does the work.
      scope.postMessage({ id: answer.id, error: String(error) });
    }
  });
};
