export type FriendOperation = 'send' | 'accept' | 'decline' | 'cancel' | 'remove';

/** How the viewer relates to another person; drives the one relationship button. */
export type Relationship = 'self' | 'none' | 'requestSent' | 'requestReceived' | 'friends';
