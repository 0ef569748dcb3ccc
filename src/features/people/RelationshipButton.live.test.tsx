// Two "tabs" (two stores, two local backends on one database, a shared broadcast hub): the
// buttons on both sides follow every step of a friendship live, through the real sagas.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { AppStore } from '../../app/store';
import type { LocalBackend } from '../../backend/local/createLocalBackend';
import { createMemoryBroadcastHub } from '../../backend/local/memoryBroadcastHub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { setupTestStore } from '../../test/setupTestStore';
import { createTestBackend, signUpWithProfile, uniqueDbName } from '../../test/testBackend';
import { RelationshipButton } from './RelationshipButton';

let backends: LocalBackend[] = [];
let stores: AppStore[] = [];

afterEach(async () => {
  stores.forEach((store) => store.sagaTask.cancel());
  await Promise.all(backends.map((backend) => backend.local.close()));
  backends = [];
  stores = [];
});

async function openTab(dbName: string, broadcast: ReturnType<typeof createMemoryBroadcastHub>, name: string) {
  const backend = await createTestBackend({ dbName, broadcast });
  const uid = await signUpWithProfile(backend, name);
  backends.push(backend);
  return { backend, uid };
}

function show(store: AppStore, userId: string, name: string) {
  const { container } = renderWithProviders(<RelationshipButton userId={userId} name={name} />, { store });
  return {
    view: within(container),
    names: () =>
      within(container)
        .queryAllByRole('button')
        .map((button) => button.textContent),
  };
}

it('Add friend -> Cancel request / Accept -> Remove friend, live on both sides', async () => {
  const dbName = uniqueDbName('live');
  const hub = createMemoryBroadcastHub();
  const ada = await openTab(dbName, hub, 'Ada');
  const bob = await openTab(dbName, hub, 'Bob');
  const adaTab = await setupTestStore({ backend: ada.backend });
  const bobTab = await setupTestStore({ backend: bob.backend });
  const [adaStore, bobStore] = [adaTab.store, bobTab.store];
  stores.push(adaStore, bobStore);
  await adaTab.waitFor((state) => state.session.user?.uid === ada.uid);
  await bobTab.waitFor((state) => state.session.user?.uid === bob.uid);

  const user = userEvent.setup();
  const adaSees = show(adaStore, bob.uid, 'Bob');
  const bobSees = show(bobStore, ada.uid, 'Ada');
  expect(adaSees.names()).toEqual(['Add friend']);
  expect(bobSees.names()).toEqual(['Add friend']);

  await user.click(adaSees.view.getByRole('button', { name: 'Add friend' }));
  await waitFor(() => expect(adaSees.names()).toEqual(['Cancel request']));
  await waitFor(() => expect(bobSees.names()).toEqual(['Accept', 'Decline']));

  await user.click(bobSees.view.getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(bobSees.names()).toEqual(['Remove friend']));
  await waitFor(() => expect(adaSees.names()).toEqual(['Remove friend']));

  await user.click(adaSees.view.getByRole('button', { name: 'Remove friend' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove Bob from your friends?' });
  await user.click(within(dialog).getByRole('button', { name: 'Remove friend' }));
  await waitFor(() => expect(adaSees.names()).toEqual(['Add friend']));
  await waitFor(() => expect(bobSees.names()).toEqual(['Add friend']));
}, 20_000);
