import type { ErrorInfo, ReactNode } from 'react';
import { Component, lazy, Suspense } from 'react';

import { reportError } from '../../platform/errorReporting';
import { isPlainText, PlainParagraphs } from './plainText';

// Its own chunk ("markdown": react-markdown, remark, the highlighter's core), fetched the first
// time a post or a preview is on screen; each language's grammar comes later, when a block uses it.
const loadRenderer = () => import(/* webpackChunkName: "markdown" */ './MarkdownRenderer');
const MarkdownRenderer = lazy(loadRenderer);

/** Starts fetching the renderer early (e.g. when a page that will show posts opens). */
export const preloadMarkdown = (): void => void loadRenderer().catch(() => undefined);

/** The source as typed, line breaks kept: what shows until the renderer is there, or if it cannot load. */
function PlainSource({ source }: { source: string }) {
  return (
    <p className="markdown__plain" dir="auto">
      {source}
    </p>
  );
}

interface RendererBoundaryProps {
  source: string;
  children: ReactNode;
}

/** A renderer that cannot load (offline, a new deploy) leaves the text readable, unformatted. */
class RendererBoundary extends Component<RendererBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, {
      description: 'Markdown could not be rendered',
      level: 'warning',
      componentStack: info.componentStack ?? undefined,
    });
  }

  override render() {
    return this.state.failed ? <PlainSource source={this.props.source} /> : this.props.children;
  }
}

export interface MarkdownProps {
  /** The Markdown source, as stored. */
  source: string;
  /** Classes for the wrapping element, e.g. `post__body`. */
  className?: string;
}

/**
 * A post's or comment's Markdown: paragraphs, emphasis, lists, quotes, links (new tab,
 * `rel="nofollow ugc noopener noreferrer"`, http(s) and mailto only), inline code, fenced code
 * with highlighting and Copy code, GFM tables, strikethrough and task lists. Raw HTML shows as
 * text; images show as links. README "Markdown in posts and comments" has the whole subset.
 */
export function Markdown({ source, className }: MarkdownProps) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'} dir="auto">
      {isPlainText(source) ? (
        <PlainParagraphs source={source} />
      ) : (
        <RendererBoundary source={source}>
          <Suspense fallback={<PlainSource source={source} />}>
            <MarkdownRenderer source={source} />
          </Suspense>
        </RendererBoundary>
      )}
    </div>
  );
}
