import { describe, expect, it } from 'vitest';
import { heldItems } from './use-upload-list';

describe('the references an upload field holds (heldItems)', () => {
  it("are a list's references, or a single field's one reference as a list of one", () => {
    const a = { id: 1 };
    const b = { id: 2 };
    expect(heldItems([a, b], true)).toEqual([a, b]);
    expect(heldItems(null, true)).toEqual([]);
    expect(heldItems(a, false)).toEqual([a]);
    expect(heldItems(null, false)).toEqual([]);
    expect(heldItems(undefined, false)).toEqual([]);
  });
});
