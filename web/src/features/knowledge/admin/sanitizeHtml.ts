import DOMPurify from 'dompurify';

/**
 * The point editor's PREVIEW cleaner (DOMPurify): the server cleans the content again (ammonia,
 * crates/knowledge html.rs) before storing it, and that stored copy is what learners get. The
 * settings follow the server's: no script, style, frame or event handler; links only to web and
 * mail addresses, opened beside the editor.
 */
const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
});

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}
