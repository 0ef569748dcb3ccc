// Every message a tribes operation can answer with, in one place so tests and pages agree.
import { tooLongMessage } from './operationMessages';

export { failedMessage } from './operationMessages';

export const TRIBE_MESSAGES = {
  notSignedIn: 'Log in to take part in tribes.',
  tribeNotFound: 'This tribe does not exist',
  nameTaken: 'A tribe with this name already exists',
  created: 'Your tribe was created',
  joined: 'You joined this tribe',
  requestSent: 'Your request to join was sent',
  alreadyMember: 'You are already a member of this tribe',
  alreadyRequested: 'Your request to join is already pending',
  left: 'You left this tribe',
  requestWithdrawn: 'Your join request was withdrawn',
  notMember: 'You are not a member of this tribe',
  ownerCannotLeave: 'You own this tribe: the owner cannot leave while other members remain',
  ownerOnly: 'Only the tribe owner can answer join requests',
  requestNotFound: 'This join request no longer exists',
  approved: 'Join request approved',
  blockedApplicant: 'You blocked this person. Unblock them to approve their request.',
  declined: 'Join request declined',
  membersOnly: 'Only members can post in this tribe',
  emptyPost: 'Write something before posting',
  posted: 'Your post was published',
  postNotFound: 'This post no longer exists',
  authorOnly: 'Only the author can delete this post',
  postDeleted: 'Your post was deleted',
} as const;

export const postTooLongMessage = (max: number, length: number) => tooLongMessage('A post', max, length);
