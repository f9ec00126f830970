import { describe, expect, it } from 'vitest';
import { isFramed } from './frame-check';

describe('isFramed', () => {
  it('is false for a top-level window and true inside a frame', () => {
    const self = {} as Window;
    expect(isFramed({ top: self, self } as unknown as Window)).toBe(false);
    expect(isFramed({ top: {} as Window, self } as unknown as Window)).toBe(true);
  });

  it('treats an unreadable window.top as framed', () => {
    const win = {
      self: {} as Window,
      get top(): Window {
        throw new Error('cross-origin');
      },
    };
    expect(isFramed(win as unknown as Window)).toBe(true);
  });
});
