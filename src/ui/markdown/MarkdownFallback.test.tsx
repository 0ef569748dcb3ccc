// A file of its own: the renderer's chunk must not have loaded yet in this module registry.
import { render, waitFor } from '@testing-library/react';

import { Markdown } from './Markdown';

test('until the renderer is there, the source shows as plain text with its line breaks, then renders', async () => {
  const { container } = render(<Markdown source={'*first* line\nsecond line'} />);
  expect(container.querySelector('.markdown__plain')?.textContent).toBe('*first* line\nsecond line');
  await waitFor(() => expect(container.querySelector('em')).toHaveTextContent('first'));
  expect(container.querySelector('.markdown__plain')).not.toBeInTheDocument();
});
