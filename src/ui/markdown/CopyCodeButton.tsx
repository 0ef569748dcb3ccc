import { useEffect, useState } from 'react';

/** How long the button says "Copied" before it offers to copy again. */
export const COPIED_MESSAGE_MS = 2000;

export const COPY_FAILED_MESSAGE =
  'Could not copy: the browser did not allow access to the clipboard. Select the code and copy it yourself.';

type CopyState = { kind: 'idle' } | { kind: 'copied'; at: number } | { kind: 'failed' };

/** Copies a code block's text; says "Copied" (announced politely) or why it could not. */
export function CopyCodeButton({ text }: { text: string }) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });

  useEffect(() => {
    if (state.kind !== 'copied') return undefined;
    const timer = window.setTimeout(() => setState({ kind: 'idle' }), COPIED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      // Missing outside secure contexts (plain http on another host).
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      // A new object each time: copying again restarts the two seconds.
      setState({ kind: 'copied', at: Date.now() });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  return (
    <>
      {/* Always in the page, so screen readers hear what is put into it. */}
      <span role="status" className={state.kind === 'failed' ? 'code-block__status' : 'visually-hidden'}>
        {state.kind === 'copied' ? 'Copied' : state.kind === 'failed' ? COPY_FAILED_MESSAGE : ''}
      </span>
      <button type="button" className="button button--ghost code-block__copy" onClick={() => void copy()}>
        {state.kind === 'copied' ? 'Copied' : 'Copy code'}
      </button>
    </>
  );
}
