// The small readers the safety operations share: stored fields as plain values, names as the
// rules take them, and a failure's detail for the message.
import { toSerializedError } from '../../backend/port';
import { PERSON_NAME_MAX } from '../../domain/safetyTypes';

export const detailOf = (error: unknown) => toSerializedError(error).message;

export const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

export const ms = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) || 0 : 0;

/** Names as the rules take them: 1-50 characters. */
export const personName = (name: string) => (name.trim() || 'Someone').slice(0, PERSON_NAME_MAX);
