// The profile page over the real store, root saga and local backend (fake-indexeddb).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { AppStore } from '../../app/store';
import type { LocalBackend } from '../../backend/local/createLocalBackend';
import { docRef } from '../../backend/port';
import { PHOTO_MAX_BYTES } from '../../domain/profileTypes';
import { createTribe } from '../../test/featureInternals';
import { tribeInput } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { setupTestStore } from '../../test/setupTestStore';
import type { TestStore } from '../../test/setupTestStore';
import {
  createTestBackend,
  createTestClock,
  openPolicy,
  signUpWithProfile,
  uniqueDbName,
} from '../../test/testBackend';
import ProfilePage from './ProfilePage';

let backend: LocalBackend;
let testStore: TestStore;
let store: AppStore;
let adaId: string;
let bobId: string;
let dbName: string;

beforeEach(async () => {
  dbName = uniqueDbName('profile-page');
  // joinDate is the server's time at creation: a fixed clock keeps 'Joined January 2026'
  const clock = createTestClock(Date.UTC(2026, 0, 15, 12));
  backend = await createTestBackend({ dbName, clock });
  bobId = await signUpWithProfile(backend, 'Bob');
  await backend.db.update(docRef('users', bobId), { skills: ['Rust', 'react', 'Go'], bio: 'Systems person.' });
  // postCount moves only with a post in the same write (the access policy): arranged past it
  const admin = await createTestBackend({ dbName, policy: openPolicy });
  await admin.db.update(docRef('users', bobId), { postCount: 1 });
  await admin.local.close();
  adaId = await signUpWithProfile(backend, 'Ada');
  await backend.db.update(docRef('users', adaId), { skills: ['React', 'Go', 'TypeScript'] });
  testStore = await setupTestStore({ backend, clock });
  store = testStore.store;
  await testStore.waitFor((state) => state.session.status === 'signedIn');
});

afterEach(() => testStore.close());

function renderProfile(route: string) {
  return renderWithProviders(<ProfilePage />, { store, route, path: ['/profile', '/profile/:userId/*'] });
}

describe('ProfilePage', () => {
  it("shows another developer's profile with shared skills and the relationship button", async () => {
    renderProfile(`/profile/${bobId}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob' })).toBeInTheDocument();
    expect(screen.getByText('Joined January 2026')).toBeInTheDocument();
    expect(screen.getByText('1 post')).toBeInTheDocument();
    expect(screen.getByText('0 friends')).toBeInTheDocument();
    expect(screen.getByText('Systems person.')).toBeInTheDocument();

    const skills = screen.getByRole('list', { name: 'Skills of Bob' });
    const chips = within(skills).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Rust', 'react (shared)', 'Go (shared)']);
    expect(chips[1]).toHaveClass('chip--shared');
    expect(chips[0]).not.toHaveClass('chip--shared');

    expect(screen.getByRole('button', { name: 'Add friend' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it('says so for an unknown user id', async () => {
    renderProfile('/profile/nobody-here');
    expect(await screen.findByRole('heading', { name: "We couldn't find that developer" })).toBeInTheDocument();
  });

  it('edits the own profile and the session follows', async () => {
    const user = userEvent.setup();
    renderProfile('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add friend' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const name = screen.getByLabelText('Display name');
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.paste('Ada Lovelace');
    await user.click(screen.getByLabelText('Bio'));
    await user.paste('First programmer.');
    expect(screen.getByText('17 / 500 characters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove TypeScript' }));
    await user.type(screen.getByLabelText('Add a skill'), 'react{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('React is already in your skills.');
    await user.clear(screen.getByLabelText('Add a skill'));
    await user.paste('Analytical Engines');
    await user.click(screen.getByRole('button', { name: 'Add skill' }));

    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Your profile was saved.')).toBeInTheDocument();
    expect(screen.getByText('First programmer.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.user?.profile.displayName).toBe('Ada Lovelace'));
    expect(store.getState().session.user?.profile.skills).toEqual(['React', 'Go', 'Analytical Engines']);
  });

  it('refuses a huge bio with a clear message and saves nothing', async () => {
    const user = userEvent.setup();
    renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.click(screen.getByLabelText('Bio'));
    await user.paste('b'.repeat(600));
    expect(screen.getByText('Bio must be 500 characters or fewer (it has 600).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByLabelText('Bio')).toHaveFocus();
    const saved = await backend.db.get(docRef('users', adaId));
    expect(saved.data?.bio).toBe('');
  });

  it('shows the error of a failed save and keeps the form', async () => {
    const user = userEvent.setup();
    renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    backend.local.faults.failWrites({ collection: 'users', id: adaId }, 'unavailable', 'The service is offline.');
    await user.type(screen.getByLabelText('Display name'), ' L.');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile could not be saved. The service is offline.')).toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveValue('Ada L.');
    expect((await backend.db.get(docRef('users', adaId))).data?.displayName).toBe('Ada');
  });

  it('keeps what was typed while a save was on its way, and saves it next', async () => {
    // Once holding, every write waits until the test lets it through, so the save is on its way while Ada types.
    const release: (() => void)[] = [];
    let holding = false;
    const gate = () => (holding ? new Promise<void>((resolve) => release.push(resolve)) : Promise.resolve());
    const { db } = backend;
    const held = { ...backend, db: { ...db } } as LocalBackend;
    held.db.update = async (...args) => (await gate(), db.update(...args));
    held.db.set = async (...args) => (await gate(), db.set(...args));
    held.db.commit = async (...args) => (await gate(), db.commit(...args));
    held.db.runTransaction = async (work) => (await gate(), db.runTransaction(work));
    store.sagaTask.cancel();
    testStore = await setupTestStore({ backend: held, clock: testStore.clock });
    store = testStore.store;
    await testStore.waitFor((state) => state.session.status === 'signedIn');
    const user = userEvent.setup();
    renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.click(screen.getByLabelText('Bio'));
    await user.paste('First draft.');
    holding = true;
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(release).toHaveLength(1));
    await user.click(screen.getByLabelText('Bio'));
    await user.paste(' Second thought.');
    release.shift()!();

    // The first save is done; the editor stays open with the newer text, not saved yet.
    expect(
      await screen.findByText('Your profile was saved. The changes you made since are not saved yet.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveValue('First draft. Second thought.');
    await waitFor(async () => expect((await db.get(docRef('users', adaId))).data?.bio).toBe('First draft.'));

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(release).toHaveLength(1));
    release.shift()!();
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Bio')).not.toBeInTheDocument();
    expect((await db.get(docRef('users', adaId))).data?.bio).toBe('First draft. Second thought.');
  });

  it('lists the tribes a developer is in, each linked, and says when there are none', async () => {
    await createTribe(
      backend.db,
      { uid: adaId, displayName: 'Ada', photoURL: null },
      tribeInput({ name: 'Rustaceans' }),
    );
    await createTribe(
      backend.db,
      { uid: adaId, displayName: 'Ada', photoURL: null },
      tribeInput({ name: 'Gophers', topics: ['Go'] }),
    );
    const hidden = await createTribe(
      backend.db,
      { uid: adaId, displayName: 'Ada', photoURL: null },
      tribeInput({ name: 'Spam Palace', topics: ['Go'] }),
    );
    // A tribe a moderator hid is not shown on a profile.
    const admin = await createTestBackend({ dbName, policy: openPolicy });
    await admin.db.update(docRef('tribes', hidden.tribeId!), { hidden: true });
    await admin.local.close();
    const own = renderProfile('/profile');
    const tribes = await screen.findByRole('list', { name: 'Tribes of Ada' });
    expect(
      within(tribes)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Gophers', 'Rustaceans']);
    expect(within(tribes).getByRole('link', { name: 'Rustaceans' }).getAttribute('href')).toMatch(/^\/tribes\/.+/);
    expect(within(tribes).getAllByText('1 member')).toHaveLength(2);
    own.unmount();

    renderProfile(`/profile/${bobId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob' })).toBeInTheDocument();
    expect(await screen.findByText('Not in any tribe yet.')).toBeInTheDocument();
  });

  it('says when the tribes could not be loaded, and tries again', async () => {
    jest.spyOn(backend.db, 'query').mockRejectedValueOnce(new Error('The network is down.'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderProfile('/profile');
    const section = await screen.findByRole('region', { name: 'Tribes' });
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent('The tribes could not be loaded.'),
    );
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(within(section).getByRole('heading', { name: 'Tribes' })).toHaveFocus();
    expect(await within(section).findByText(/You have not joined a tribe yet/)).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('');
  });

  it('checks a photo before uploading and uploads a valid one', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const input = screen.getByLabelText('Profile photo');

    await user.upload(input, new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Choose an image file (PNG, JPEG, WebP or GIF).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload photo' })).not.toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByText('The photo must be 2 MB or smaller.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload photo' })).not.toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('Your photo was updated.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.user?.photoURL).toMatch(/^data:image\/png;base64,/));
    // The page's avatar follows the live profile document.
    await waitFor(() =>
      expect(document.querySelector('.profile__header img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/),
    );
  });

  it('Save profile also uploads a chosen photo that was not uploaded yet', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.upload(
      screen.getByLabelText('Profile photo'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'New bio.');

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Bio')).not.toBeInTheDocument();
    const stored = (await backend.db.get(docRef('users', adaId))).data;
    expect(stored?.bio).toBe('New bio.');
    expect(stored?.photoURL).toMatch(/^data:image\/png;base64,/);
  });

  /** Opens the editor, chooses a photo the storage will refuse, writes `bio` and saves; returns once both answers are in. */
  async function saveWithRefusedPhoto(bio: string) {
    const user = userEvent.setup({ applyAccept: false });
    jest.spyOn(backend.storage, 'uploadUserPhoto').mockRejectedValueOnce(new Error('Storage is full.'));
    renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await user.upload(
      screen.getByLabelText('Profile photo'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), bio);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your photo could not be uploaded. Storage is full.')).toBeInTheDocument();
    // Both answers are in: Save is ready again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save profile' })).toBeEnabled());
    return user;
  }

  it('keeps the editor open with the reason when the photo sent with Save is refused', async () => {
    const user = await saveWithRefusedPhoto('Kept bio.');
    // The text is saved; the photo waits for another try.
    await waitFor(async () => expect((await backend.db.get(docRef('users', adaId))).data?.bio).toBe('Kept bio.'));
    expect(screen.getByLabelText('Bio')).toHaveValue('Kept bio.');
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect((await backend.db.get(docRef('users', adaId))).data?.photoURL).toMatch(/^data:image\/png;base64,/);
  });

  it('after a refused photo, Discard keeps the editor open and Cancel says the text was saved', async () => {
    const user = await saveWithRefusedPhoto('Saved anyway.');
    await user.click(screen.getByRole('button', { name: 'Discard photo' }));
    expect(screen.getByLabelText('Bio')).toHaveValue('Saved anyway.');
    expect(screen.queryByRole('button', { name: 'Upload photo' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect((await backend.db.get(docRef('users', adaId))).data?.bio).toBe('Saved anyway.');
  });
});
