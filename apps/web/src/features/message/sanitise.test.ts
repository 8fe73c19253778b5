// @vitest-environment jsdom
// DOMPurify needs a real HTML parser: happy-dom, the suite's usual window, parses differently.
import { describe, expect, it } from 'vitest';
import { sanitiseMessage } from './sanitise';

describe('a message’s content in the browser', () => {
  it('keeps paragraphs, bold, line breaks and http(s) links, each opening in a new tab', () => {
    expect(
      sanitiseMessage('<p>Hello <b>you</b><br><strong>!</strong> <a href="https://example.com/x">here</a></p>'),
    ).toBe(
      '<p>Hello <b>you</b><br><strong>!</strong> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">here</a></p>',
    );
    expect(sanitiseMessage('<a href="http://example.com">plain</a>')).toContain('href="http://example.com"');
  });

  it.each([
    ['a script, with its text', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['an event handler', '<p onclick="alert(1)">a</p>', '<p>a</p>'],
    ['an image that runs code when it fails', '<img src=x onerror="alert(1)">a', 'a'],
    ['a style element and attribute', '<style>p{display:none}</style><p style="position:fixed">a</p>', '<p>a</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>a', 'a'],
    ['an SVG with a script', '<svg><script>alert(1)</script></svg>a', 'a'],
    ['a tag it does not allow, whose text stays', '<h1>Title</h1>', 'Title'],
  ])('drops %s', (_, html, expected) => {
    expect(sanitiseMessage(html)).toBe(expected);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)'],
    ['an escaped javascript:', 'jav&#x09;ascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a protocol-relative address', '//evil.example/x'],
    ['a relative path', '/account'],
  ])('keeps a link to %s but not where it leads', (_, href) => {
    const clean = sanitiseMessage(`<a href="${href}">x</a>`);
    expect(clean).not.toContain('href');
    expect(clean).toContain('>x</a>');
  });
});
