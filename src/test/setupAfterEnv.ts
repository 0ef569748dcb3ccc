import '@testing-library/jest-dom';

import { configure } from '@testing-library/react';

// CI has two busy cores and PBKDF2 to run: wait longer for async UI before calling it a failure.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);
