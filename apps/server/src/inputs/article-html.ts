/**
 * The HTML an article may contain. Staff paste articles from other tools, and an article is shown
 * to every user inside the app's own page, so anything that could run or restyle the page is
 * removed: scripts, styles, frames, forms, event handlers, and every URL scheme but http(s).
 *
 * The allow-list is applied when an article is written and again when it is read: the second pass
 * costs little and protects readers from rows that reached the table some other way (an import, a
 * manual fix, an older version of this list).
 *
 *   sanitizeArticleHtml('<p onclick="x()">Hi<script>alert(1)</script></p>')  // '<p>Hi</p>'
 */
import sanitizeHtml from 'sanitize-html';

const isHttpUrl = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);
/** Our own paths ("/media/news/x.png") or https; protocol-relative "//host" is another origin. */
const isImageUrl = (url: string) =>
  (url.startsWith('/') && !url.startsWith('//')) || /^https:\/\/[^\s]+$/i.test(url);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'br'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose text must go with them, not be left behind as visible text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'head',
    'select',
    'button',
  ],
  transformTags: {
    // Links leave the app: a new tab that cannot reach back into our page (window.opener).
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      return {
        tagName,
        attribs: isHttpUrl(href) ? { href, rel: 'noopener noreferrer', target: '_blank' } : {},
      };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      return {
        tagName,
        attribs: isImageUrl(src) ? { src, ...(attribs.alt ? { alt: attribs.alt } : {}) } : {},
      };
    },
  },
  // An image without an address would be an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
