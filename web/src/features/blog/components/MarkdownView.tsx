import 'highlight.js/styles/github.css';
import Markdown, { type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import './markdown.css';

/**
 * Article HTML passes GitHub's sanitising schema: raw HTML in the markdown is parsed (so authors may use
 * <br>, <details>, <img>), then everything that can run script (<script>, on* attributes, javascript: URLs,
 * <iframe>, <style>) is removed. Highlighting runs after the sanitiser so its classes survive it.
 */
const REHYPE_PLUGINS: Options['rehypePlugins'] = [
  rehypeRaw,
  [rehypeSanitize, defaultSchema],
  [rehypeHighlight, { detect: false }],
];

const REMARK_PLUGINS: Options['remarkPlugins'] = [remarkGfm];

/** Renders an article's markdown; the only way article content reaches the page. */
export function MarkdownView({ content }: { content: string }) {
  return (
    <div className="xq-markdown">
      <Markdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS}>
        {content}
      </Markdown>
    </div>
  );
}
