import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './article-html.ts';

describe('sanitizeArticleHtml', () => {
  it('keeps the allowed structure', () => {
    const html =
      '<h2>Gold</h2><p><strong>Up</strong> and <em>away</em><br></p><ul><li>a</li></ul><ol><li>b</li></ol>' +
      '<blockquote>q</blockquote><h3>x</h3><h4>y</h4>';
    expect(sanitizeArticleHtml(html)).toBe(
      '<h2>Gold</h2><p><strong>Up</strong> and <em>away</em><br /></p><ul><li>a</li></ul><ol><li>b</li></ol>' +
        '<blockquote>q</blockquote><h3>x</h3><h4>y</h4>',
    );
  });

  it('removes scripts, styles and frames with their content', () => {
    expect(
      sanitizeArticleHtml(
        '<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.test">f</iframe><svg><script>1</script></svg>',
      ),
    ).toBe('<p>a</p>');
  });

  it('removes event handlers, styles and classes', () => {
    expect(sanitizeArticleHtml('<p onclick="x()" style="color:red" class="c">a</p>')).toBe('<p>a</p>');
    expect(sanitizeArticleHtml('<img src="/media/a.png" onerror="alert(1)">')).toBe(
      '<img src="/media/a.png" />',
    );
  });

  it('keeps http(s) links only, opening in a new tab without an opener', () => {
    expect(sanitizeArticleHtml('<a href="https://example.com/x" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="/relative">x</a>')).toBe('<a>x</a>');
  });

  it('keeps images from this server or https, drops the rest', () => {
    expect(sanitizeArticleHtml('<img src="https://cdn.example.com/a.png" alt="A">')).toBe(
      '<img src="https://cdn.example.com/a.png" alt="A" />',
    );
    expect(sanitizeArticleHtml('<img src="http://plain.example.com/a.png">')).toBe('');
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeArticleHtml('<img src="//evil.example.com/a.png">')).toBe('');
    expect(sanitizeArticleHtml('<img src="javascript:alert(1)">')).toBe('');
  });
});
