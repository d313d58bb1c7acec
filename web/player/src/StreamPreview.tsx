import type { StreamPreview as StreamPreviewData } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { Region } from './Region';
import { TEXTS } from './texts';

const NO_BOARD_UPDATES = { pickup: 0, menu: 0 };

/**
 * The back office's preview of a stream (`/player/?preview-stream=<id>`, in an iframe): the stream's segments played
 * full screen by the player's own region, with the staff session's cookie instead of a device's key. Live boards
 * belong to a TV's branch, so the preview names them instead of showing one.
 */
export function StreamPreview({ id }: { id: number }) {
  const [stream, setStream] = useState<StreamPreviewData | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetch(`/api/digital-signage-streams/${id}/preview`, { credentials: 'same-origin', cache: 'no-store' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`preview answered ${res.status}`);
        return ((await res.json()) as { data: StreamPreviewData }).data;
      })
      .then(
        (data) => live && setStream(data),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [id]);
  if (failed)
    return (
      <p className="notice" role="alert">
        {TEXTS.previewFailed}
      </p>
    );
  if (!stream) return null;
  return (
    <main className="player" data-preview="stream" aria-label={stream.name}>
      {stream.segments.length ? (
        <Region
          region={{
            name: stream.name,
            x: 0,
            y: 0,
            width: 100,
            height: 100,
            stream: stream.id,
            segments: stream.segments,
          }}
          timeZone="Europe/Vienna"
          api={null}
          boards={NO_BOARD_UPDATES}
        />
      ) : (
        <p className="notice">{TEXTS.previewEmpty}</p>
      )}
    </main>
  );
}
