import { screen } from '@testing-library/react';

import { createStoreWithoutSagas, renderWithProviders } from '../../test/renderWithProviders';
import { UpdateNotice } from './UpdateNotice';
import type { UpdateNoticeStatus } from './updateNoticeSlice';

function renderNotice(status: UpdateNoticeStatus) {
  const store = createStoreWithoutSagas({ updateNotice: { status } });
  const { user } = renderWithProviders(<UpdateNotice />, { store });
  return { store, user };
}

test('shows nothing while the app is current', () => {
  renderNotice('current');
  expect(screen.queryByRole('region', { name: 'App update' })).not.toBeInTheDocument();
});

test('offers the new version without blocking the page; Update accepts it', async () => {
  const { store, user } = renderNotice('available');
  expect(screen.getByRole('status')).toHaveTextContent('A new version of DevTribe is available.');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Update' }));

  expect(store.getState().updateNotice.status).toBe('accepted');
  expect(screen.getByRole('button', { name: 'Updating…' })).toBeDisabled();
});
