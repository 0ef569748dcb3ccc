import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { StoreSectionBoundary } from '../../app/StoreSectionBoundary';
import { sameText } from '../../domain/compareText';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../ui/Avatar';
import { ButtonLink } from '../../ui/ButtonLink';
import { OpenPanelButton } from '../../ui/OpenPanelButton';
import { Spinner } from '../../ui/Spinner';
import { RelationshipButton, SkillChips } from '../people/components';
import { PersonSafetyMenu } from '../safety/components';
import { selectOwnProfile, selectSessionUser } from '../session';
import { ProfileEditForm } from './ProfileEditForm';
import type { ProfileView } from './profileViewSlice';
import {
  editStarted,
  selectProfileTribes,
  selectProfileViewState,
  tribesRequested,
  viewClosed,
  viewRequested,
} from './profileViewSlice';

/** The store's slices the profile's sections show: a section that failed tries again when they change. */
const SECTION_SLICES = ['profileView', 'session'] as const;

const EMPTY_SKILLS: readonly string[] = [];

export function formatJoinDate(joinDate: number | null): string | null {
  if (joinDate === null) return null;
  const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date(joinDate));
  return `Joined ${monthYear}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The tribes the person is an active member of, each a link to its page. */
function ProfileTribes({ profile, isOwn }: { profile: ProfileView; isOwn: boolean }) {
  const dispatch = useAppDispatch();
  const tribes = useAppSelector(selectProfileTribes);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // One status line, always there, so each change (loading, failed) is announced.
  const status =
    tribes.status === 'failed'
      ? 'The tribes could not be loaded.'
      : tribes.status === 'ready'
        ? ''
        : 'Loading tribes...';
  const retry = () => {
    // The button goes away while loading: focus waits on the heading.
    headingRef.current?.focus();
    dispatch(tribesRequested({ userId: profile.id }));
  };
  return (
    <section className="card profile__section" aria-labelledby="profile-tribes">
      <h2 id="profile-tribes" ref={headingRef} tabIndex={-1}>
        Tribes
      </h2>
      <p className="muted profile__tribes-status" role="status">
        {status}
      </p>
      {tribes.status === 'failed' && (
        <button type="button" className="button button--secondary" onClick={retry}>
          Try again
        </button>
      )}
      {tribes.status === 'ready' &&
        (tribes.items.length > 0 ? (
          <ul className="profile__tribes" aria-label={`Tribes of ${profile.displayName}`}>
            {tribes.items.map((tribe) => (
              <li key={tribe.id}>
                <Link to={`/tribes/${encodeURIComponent(tribe.id)}`}>{tribe.name}</Link>{' '}
                <span className="muted">{plural(tribe.memberCount, 'member', 'members')}</span>
              </li>
            ))}
          </ul>
        ) : isOwn ? (
          <p className="muted">
            You have not joined a tribe yet. <Link to="/tribes">Browse tribes</Link>
          </p>
        ) : (
          <p className="muted">Not in any tribe yet.</p>
        ))}
    </section>
  );
}

function ProfileDetails({ profile, isOwn }: { profile: ProfileView; isOwn: boolean }) {
  const dispatch = useAppDispatch();
  const viewerSkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const [editing, setEditing] = useState(false);
  const [savedNotice, setSavedNotice] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const joined = formatJoinDate(profile.joinDate);
  // On one's own profile every skill is "shared": highlighting them all would say nothing.
  const sharedSkills = isOwn ? EMPTY_SKILLS : viewerSkills;
  const hasShared = !isOwn && profile.skills.some((skill) => viewerSkills.some((own) => sameText(own, skill)));

  const openEditor = () => {
    dispatch(editStarted());
    setSavedNotice(false);
    setEditing(true);
  };
  const closeEditor = (wasSaved: boolean) => {
    setEditing(false);
    setSavedNotice(wasSaved);
    // The editor unmounts; give focus back to the button that opened it.
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  return (
    <article className="profile" aria-labelledby="profile-name">
      <header className="profile__header card">
        <Avatar name={profile.displayName} photoURL={profile.photoURL} size={96} />
        <div className="profile__identity">
          <h1 id="profile-name">{profile.displayName}</h1>
          {joined && <p className="muted profile__joined">{joined}</p>}
          <ul className="profile__stats" aria-label="Activity">
            <li>{plural(profile.postCount, 'post', 'posts')}</li>
            <li>{plural(profile.friendCount, 'friend', 'friends')}</li>
          </ul>
        </div>
        <div className="profile__actions">
          {isOwn ? (
            <OpenPanelButton
              ref={editButtonRef}
              className="button button--secondary"
              open={editing}
              panelId="profile-editor"
              onClick={openEditor}
            >
              Edit profile
            </OpenPanelButton>
          ) : (
            <>
              <RelationshipButton userId={profile.id} name={profile.displayName} />
              <PersonSafetyMenu userId={profile.id} name={profile.displayName} />
            </>
          )}
        </div>
      </header>

      {savedNotice && !editing && <Alert tone="success">Your profile was saved.</Alert>}

      {editing && <ProfileEditForm profile={profile} onClose={closeEditor} />}

      <StoreSectionBoundary section="profile about" message="This section could not be shown." slices={SECTION_SLICES}>
        <section className="card profile__section" aria-labelledby="profile-about">
          <h2 id="profile-about">About</h2>
          {profile.bio ? (
            <p className="profile__bio" dir="auto">
              {profile.bio}
            </p>
          ) : (
            <p className="muted">{isOwn ? 'Add a bio so others know what you work on.' : 'No bio yet.'}</p>
          )}
        </section>
      </StoreSectionBoundary>

      <StoreSectionBoundary section="profile skills" message="This section could not be shown." slices={SECTION_SLICES}>
        <section className="card profile__section" aria-labelledby="profile-skills">
          <h2 id="profile-skills">Skills</h2>
          {profile.skills.length > 0 ? (
            <>
              <SkillChips
                skills={profile.skills}
                sharedSkills={sharedSkills}
                label={`Skills of ${profile.displayName}`}
              />
              {hasShared && <p className="muted profile__legend">Highlighted skills are ones you share.</p>}
            </>
          ) : (
            <p className="muted">
              {isOwn ? 'Add your skills so people with the same interests find you.' : 'No skills listed yet.'}
            </p>
          )}
        </section>
      </StoreSectionBoundary>

      <StoreSectionBoundary section="profile tribes" message="This section could not be shown." slices={SECTION_SLICES}>
        <ProfileTribes profile={profile} isOwn={isOwn} />
      </StoreSectionBoundary>
    </article>
  );
}

export default function ProfilePage() {
  const dispatch = useAppDispatch();
  const params = useParams<{ userId?: string }>();
  const sessionUser = useAppSelector(selectSessionUser);
  const userId = params.userId ?? sessionUser?.uid ?? null;
  const view = useAppSelector(selectProfileViewState);

  useEffect(() => {
    if (!userId) return undefined;
    dispatch(viewRequested({ userId }));
    return () => {
      dispatch(viewClosed({ userId }));
    };
  }, [dispatch, userId]);

  if (!userId) return null;
  const current = view.userId === userId ? view : null;

  if (!current || current.status === 'loading' || current.status === 'idle') {
    return <Spinner label="Loading profile..." />;
  }
  if (current.status === 'notFound') {
    return (
      <section className="page-header empty-state" aria-labelledby="profile-missing">
        <h1 id="profile-missing">We couldn't find that developer</h1>
        <p>The profile may have been removed, or the link is mistyped.</p>
        <ButtonLink to="/explore">Explore people</ButtonLink>
      </section>
    );
  }
  if (current.status === 'failed' || !current.profile) {
    return (
      <section className="page-header" aria-labelledby="profile-error">
        <h1 id="profile-error">This profile could not be loaded</h1>
        <Alert tone="error">{current.error?.message ?? 'Something went wrong while loading the profile.'}</Alert>
        <button
          type="button"
          className="button button--secondary profile__retry"
          onClick={() => dispatch(viewRequested({ userId }))}
        >
          Try again
        </button>
      </section>
    );
  }
  return (
    <StoreSectionBoundary
      section="profile"
      message="This profile could not be shown."
      resetKeys={[current.profile]}
      slices={SECTION_SLICES}
    >
      <ProfileDetails profile={current.profile} isOwn={sessionUser?.uid === userId} />
    </StoreSectionBoundary>
  );
}
