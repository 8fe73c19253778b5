import { NOTICE_TAGS } from '@account-centre/contract';
import DOMPurify from 'dompurify';

/** An instance of our own, so its hook touches no other use of the library. */
const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  // Every link opens in a new tab, without telling the page it leaves where it came from.
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/**
 * A message's content made safe again in the browser before it is shown (issue 15; the server
 * sanitised it when it was written): paragraphs, bold, line breaks and links to http(s)
 * addresses only. Scripts and styles go with their text; any other tag leaves its text.
 */
export function sanitiseMessage(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...NOTICE_TAGS],
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // Only absolute http(s) addresses: not javascript:, data:, a protocol-relative //host.
    ALLOWED_URI_REGEXP: /^https?:\/\/[^/]/i,
  });
}
