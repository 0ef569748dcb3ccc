// The tribes feature's operations: what each is about and the queue it runs in (takeOperations
// in tribesSagas.ts; the in-flight flags and outcomes in tribesSlice.ts).
import type { OperationOutcome } from '../../app/sagas';
import { operationReducers } from '../../app/sagas';

export type TribeOperation = 'join' | 'leave' | 'approve' | 'decline' | 'post' | 'deletePost';

/** What a tribe operation is about. */
export interface TribeSubject {
  tribeId: string;
  /** The applicant (approve, decline) or the post (deletePost); '' otherwise. */
  targetId: string;
  /** The submitted text, for posts: the composer clears exactly that text once it is published. */
  body?: string;
}

export type TribeOutcome = OperationOutcome<TribeOperation, TribeSubject>;

/**
 * The queue and busy flag of a tribe operation on `id` (the tribe, the applicant or the post):
 * joining and leaving one tribe share one, so they run in the order asked; each applicant has
 * one (approve and decline), each tribe's composer one (posts publish in order), each post one.
 */
export function operationKey(operation: TribeOperation, id: string): string {
  switch (operation) {
    case 'join':
    case 'leave':
      return `membership:${id}`;
    case 'approve':
    case 'decline':
      return `applicant:${id}`;
    case 'post':
      return `post:${id}`;
    case 'deletePost':
      return `deletePost:${id}`;
  }
}

export const operations = operationReducers<TribeOperation, TribeSubject>((operation, { tribeId, targetId }) =>
  operationKey(operation, targetId || tribeId),
);
