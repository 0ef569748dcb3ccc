// The Firebase build on the Firestore and Auth emulators, with Cloud Storage unreachable (no
// Storage emulator is installed here, and every storage request is refused the way a dead host
// refuses it): a profile photo upload gives up within its bound (PHOTO_UPLOAD_TIMEOUT_MS, 30 s)
// with the editor's message, and the editor works again, instead of "Uploading photo..." with no
// end. The build needs a storage bucket (DEVTRIBE_FIREBASE_STORAGE_BUCKET); its storage host
// (DEVTRIBE_STORAGE_EMULATOR or the real one) does not matter, every request to it fails.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { expectVisible, heading, newUser, signUp, useBrowser } from '../helpers.mjs';
import { SKIP_REASON, useEmulators, withUsers } from './emulators.mjs';

const env = useBrowser();
useEmulators();

/** src/domain/profileValidation.ts */
const PHOTO_UPLOAD_TIMEOUT_MS = 30_000;
const TIMEOUT_MESSAGE =
  'Your photo could not be uploaded: it did not finish within 30 seconds. Check your connection and try again.';
/** Cloud Storage's upload and metadata requests, on the emulator or the real host: /v0/b/{bucket}/o... */
const STORAGE_REQUEST = /\/v0\/b\/[^/]+\/o(\/|\?|$)/;
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const UNREACHABLE_STORAGE = {
  // Each refused attempt is a failed request in Chromium's console.
  allowErrors: [/^console\.error: Failed to load resource: net::ERR_CONNECTION_REFUSED/],
};

test(
  `Firebase build: a photo upload that cannot reach storage says so within ${PHOTO_UPLOAD_TIMEOUT_MS / 1000} s`,
  { skip: SKIP_REASON },
  withUsers(
    env,
    1,
    async ({ pages: [page] }) => {
      const user = newUser('fb-photo');
      const attempts = [];
      await page.route(STORAGE_REQUEST, (route) => {
        attempts.push(Date.now());
        return route.abort('connectionrefused');
      });
      await signUp(page, user);
      await page
        .getByRole('banner')
        .getByRole('link', { name: /, your profile$/ })
        .click();
      await expectVisible(heading(page, user.name));
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });

      const started = Date.now();
      await page.getByRole('button', { name: 'Upload photo', exact: true }).click();
      await expectVisible(page.getByRole('button', { name: 'Uploading photo…' }));
      const message = page.getByRole('alert').filter({ hasText: TIMEOUT_MESSAGE });
      await message.waitFor({ state: 'visible', timeout: PHOTO_UPLOAD_TIMEOUT_MS + 15_000 });
      const took = Date.now() - started;
      assert.ok(
        attempts.length > 0,
        'the upload never asked storage (does the build have DEVTRIBE_FIREBASE_STORAGE_BUCKET?)',
      );
      assert.ok(took >= PHOTO_UPLOAD_TIMEOUT_MS - 1_000, `the message came after ${took} ms, before the bound`);

      // The editor works again: the photo can be sent again, and Save is enabled.
      await expectVisible(page.getByRole('button', { name: 'Upload photo', exact: true }));
      assert.equal(await page.getByRole('button', { name: 'Save profile' }).isEnabled(), true, 'Save stays disabled');
    },
    UNREACHABLE_STORAGE,
  ),
);
