// A file of its own: here the renderer's chunk fails to load, as it would offline.
import { render, screen, waitFor } from '@testing-library/react';

import { Markdown } from './Markdown';

jest.mock('./MarkdownRenderer', () => {
  throw new Error('Loading chunk markdown failed.');
});

test('a renderer that cannot load leaves the source readable as plain text, and reports it', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<Markdown source={'**still** readable\nline two'} />);
  await waitFor(() =>
    expect(warn).toHaveBeenCalledWith(
      'Markdown could not be rendered',
      expect.objectContaining({ message: 'Loading chunk markdown failed.' }),
      expect.anything(),
    ),
  );
  expect(screen.getByText(/still\*\* readable/).textContent).toBe('**still** readable\nline two');
  error.mockRestore();
});
