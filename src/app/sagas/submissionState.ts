// A create form's submission, its state half: the last submission's status, its message and its
// field errors (the project and tribe forms keep this beside the id they created).
export type SubmissionStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface SubmissionState<Errors extends object> {
  status: SubmissionStatus;
  message: string | null;
  fieldErrors: Errors;
}

/** Submitted, not answered yet: no message, no field errors. */
export const submissionPending = <Errors extends object>(): SubmissionState<Errors> => ({
  status: 'pending',
  message: null,
  fieldErrors: {} as Errors,
});

/** Accepted, with the message to show. */
export const submissionSucceeded = <Errors extends object>(message: string): SubmissionState<Errors> => ({
  status: 'succeeded',
  message,
  fieldErrors: {} as Errors,
});

/** Refused, with the message and what is wrong with each field. */
export const submissionFailed = <Errors extends object>(
  message: string,
  fieldErrors: Errors,
): SubmissionState<Errors> => ({
  status: 'failed',
  message,
  fieldErrors,
});
