import { describe, expect, it } from 'vitest';
import { svgImageSource } from './svg-image';

describe('an SVG shown as an image', () => {
  it('is a data address of the whole markup, which an <img> shows without running it', () => {
    expect(svgImageSource('<svg a="b"/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%22b%22%2F%3E');
  });
});
