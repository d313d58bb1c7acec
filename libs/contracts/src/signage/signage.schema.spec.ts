import { isFrameOrigin, isMediaOrigin, SegmentInput, videoOriginOf } from './signage.schema.js';

const issues = (input: Record<string, unknown>) => {
  const parsed = SegmentInput.safeParse({ name: 'Clip', durationSeconds: 10, ...input });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('signage segments: video URLs (issue 20)', () => {
  it('takes an absolute http(s) URL or a path of this origin (an upload) for a video', () => {
    for (const url of [
      'https://videos.example.at/a.mp4',
      'http://127.0.0.1:8099/b.webm?v=2',
      '/upload/abc123/7-1.mp4',
      '/upload/abc123/preview/7-1.jpg#t=3',
    ])
      expect([url, issues({ type: 'video', url })]).toEqual([url, []]);
    for (const url of ['//cdn.example.at/a.mp4', 'upload/a.mp4', 'ftp://cdn.example.at/a.mp4', '/a b.mp4', '/\\evil'])
      expect([url, issues({ type: 'video', url })]).toEqual([url, ['url: validation.url']]);
  });

  it('takes no path for a web page: it is framed by its origin', () => {
    expect(issues({ type: 'web', url: '/upload/abc123/seite.html' })).toEqual(['url: validation.url']);
  });

  it("names the origin a video plays from, for the player's CSP media-src: none for a path of this origin", () => {
    expect(videoOriginOf('https://Videos.Example.at:443/clips/a.mp4?v=2')).toBe('https://videos.example.at');
    expect(videoOriginOf('http://127.0.0.1:8099/b.webm')).toBe('http://127.0.0.1:8099');
    expect(videoOriginOf('/upload/abc123/7-1.mp4')).toBeNull();
    expect(videoOriginOf(null)).toBeNull();
    expect(isMediaOrigin('https://videos.example.at')).toBe(true);
    expect(isMediaOrigin('http://[::1]:8080')).toBe(true);
    // a URL's host may hold `;` or `'`: in a CSP they would end the directive or start a keyword
    for (const bad of [
      "https://a.at 'unsafe-inline'",
      'https://a.at/',
      'https://a.at;',
      'https://a.at;sandbox',
      "https://a.at'self'",
      'data:',
      'ftp://a.at',
      '*',
    ]) {
      expect([bad, isMediaOrigin(bad)]).toEqual([bad, false]);
      expect([bad, isFrameOrigin(bad)]).toEqual([bad, false]);
    }
    expect(videoOriginOf('https://a.at;sandbox/clip.mp4')).toBeNull();
  });
});
