import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';

import { UpdateNotice } from './UpdateNotice';
import type { UpdateNoticeStatus } from './updateNoticeSlice';
import updateNoticeReducer from './updateNoticeSlice';

function renderNotice(status: UpdateNoticeStatus) {
  const store = configureStore({ reducer: { updateNotice: updateNoticeReducer }, preloadedState: { updateNotice: { status } } });
  render(
    <Provider store={store}>
      <UpdateNotice />
    </Provider>,
  );
  return store;
}

test('shows nothing while the app is current', () => {
  renderNotice('current');
  expect(screen.queryByRole('region', { name: 'App update' })).not.toBeInTheDocument();
});

test('offers the new version without blocking the page; Update accepts it', async () => {
  const store = renderNotice('available');
  expect(screen.getByRole('status')).toHaveTextContent('A new version of DevTribe is available.');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));

  expect(store.getState().updateNotice.status).toBe('accepted');
  expect(screen.getByRole('button', { name: 'Updating…' })).toBeDisabled();
});
