// What the session needs once someone has signed in: their profile read, created and watched,
// and the session user built from it. It loads with the signed-in chunk, so a signed-out
// visitor's first page never downloads it (nor the profile mapping and checks behind it).
export { ensureProfile, ownProfileChannel as profileDocChannel, readOwnProfile as readProfile } from '../profile';
export { mergeRefreshedProfile, toSessionUser } from './sessionUser';
