// The one answer every operation gives: success and a message for the user (the spec's
// friends operations answer exactly this, section 8). Extra fields ride along, e.g. the new id.
export interface OperationResult {
  success: boolean;
  message: string;
}

export function ok(message: string): OperationResult;
export function ok<E extends object>(message: string, extra: E): OperationResult & E;
export function ok(message: string, extra: object = {}) {
  return { success: true, message, ...extra };
}

export function fail(message: string): OperationResult;
export function fail<E extends object>(message: string, extra: E): OperationResult & E;
export function fail(message: string, extra: object = {}) {
  return { success: false, message, ...extra };
}
