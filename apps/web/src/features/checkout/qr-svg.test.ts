// @vitest-environment jsdom
// DOMPurify needs a real HTML parser: happy-dom, the suite's usual window, parses differently.
import { describe, expect, it } from 'vitest';
import { sanitiseQrSvg } from './qr-svg';

describe('the QR code of a payment', () => {
  it('keeps the code’s shapes', () => {
    const code =
      '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="0 0 41 41" preserveAspectRatio="xMinYMin meet"><rect width="100%" height="100%" fill="white" cx="0" cy="0"></rect><path d="M16,16l4,0 0,4 -4,0Z" stroke="transparent" fill="black"></path></svg>';
    expect(sanitiseQrSvg(code)).toBe(code);
  });

  it('drops scripts, handlers, links and anything fetched from elsewhere', () => {
    const svg = sanitiseQrSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script>' +
        '<a href="javascript:alert(3)"><path d="M0,0h1v1z"/></a><image href="https://evil.example/x.png"/>' +
        '<use href="https://evil.example/s.svg#x"/><foreignObject><p>hi</p></foreignObject></svg>' +
        '<img src="x" onerror="alert(4)">',
    );
    // A link goes, the shape inside it stays.
    expect(svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0,0h1v1z"></path></svg>');
  });
});
