// The port's write sentinels as Firestore FieldValues (mapping.ts maps, this file supplies).
import { arrayRemove, arrayUnion, deleteField, increment, serverTimestamp } from 'firebase/firestore';

import type { SentinelFactory } from './mapping';

export const firestoreSentinels: SentinelFactory = { serverTimestamp, increment, arrayUnion, arrayRemove, deleteField };
