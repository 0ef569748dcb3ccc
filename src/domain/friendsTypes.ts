/** Every friends operation answers `{ success, message }` with the spec's messages (section 8). */
export interface OperationResult {
  success: boolean;
  message: string;
}

export type FriendOperation = 'send' | 'accept' | 'decline' | 'cancel' | 'remove';

/** How the viewer relates to another person; drives the one relationship button. */
export type Relationship = 'self' | 'none' | 'requestSent' | 'requestReceived' | 'friends';
