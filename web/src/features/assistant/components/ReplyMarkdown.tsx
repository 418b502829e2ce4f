import { memo } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { AI_CHAT_TEXT } from '../texts';
import styles from './ReplyMarkdown.module.css';

/**
 * A model's reply is text nobody reviewed, so it gets less than an article: raw HTML is dropped
 * outright (no rehype-raw), and what markdown builds passes GitHub's sanitising schema, as the
 * blog's (no script, on* attributes, javascript: URLs, frames or styles).
 */
const REHYPE_PLUGINS: Options['rehypePlugins'] = [[rehypeSanitize, defaultSchema]];
const REMARK_PLUGINS: Options['remarkPlugins'] = [remarkGfm];

/**
 * Links open beside the chat, and pictures become links: loading an address a model made up
 * would tell its server who is reading.
 */
const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
      {children}
    </a>
  ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src !== '' ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow ugc">
        {AI_CHAT_TEXT.linkImage(alt ?? '')}
      </a>
    ) : null,
};

/** Renders a reply's markdown; re-rendered on every streamed piece, so only its own text changes it. */
export const ReplyMarkdown = memo(function ReplyMarkdown({ content }: { content: string }) {
  return (
    <div className={styles.markdown}>
      <Markdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS} components={COMPONENTS} skipHtml>
        {content}
      </Markdown>
    </div>
  );
});
